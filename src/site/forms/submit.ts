/**
 * Sends a lead to the lead service (README: POST /api/leads) and says what happened, in terms the
 * form can act on. The fetch is injected, so this runs in tests without a browser or a server.
 */
import type { LeadBody } from './validate'

export const LEADS_ENDPOINT = '/api/leads'
/** A request that has not answered after this long counts as a network failure. */
export const SUBMIT_TIMEOUT_MS = 20_000

export type SubmitResult =
  | { kind: 'sent'; leadId: string | null }
  /** 400 with a message per field (the server's Spanish messages). */
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'rate-limited'; retryAfterSeconds: number | null }
  /** No answer: offline, DNS, timeout, aborted. */
  | { kind: 'network' }
  /** 5xx: the service is down or failed. */
  | { kind: 'server'; status: number }
  /** Any other refusal (401 token, 413, 415, 400 without fields): not something the visitor can fix by editing. */
  | { kind: 'rejected'; status: number; code: string | null }

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
  }
}

function stringFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  if (!value || typeof value !== 'object') return fields
  for (const [key, message] of Object.entries(value)) if (typeof message === 'string' && message !== '') fields[key] = message
  return fields
}

export async function submitLead(
  body: LeadBody,
  options: { fetch: FetchLike; token: string; timeoutMs?: number; endpoint?: string },
): Promise<SubmitResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? SUBMIT_TIMEOUT_MS)
  let response: Response
  try {
    response = await options.fetch(options.endpoint ?? LEADS_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${options.token}` },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    })
  } catch {
    return { kind: 'network' }
  } finally {
    clearTimeout(timer)
  }

  if (response.status === 201 || response.ok) {
    const json = (await readJson(response)) as { lead?: { id?: unknown } } | null
    const id = json?.lead?.id
    return { kind: 'sent', leadId: typeof id === 'string' ? id : null }
  }
  if (response.status === 429) {
    const retry = Number(response.headers.get('retry-after'))
    return { kind: 'rate-limited', retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null }
  }
  if (response.status >= 500) return { kind: 'server', status: response.status }
  const error = ((await readJson(response)) as ErrorBody | null)?.error
  const code = typeof error?.code === 'string' ? error.code : null
  if (response.status === 400) {
    const fields = stringFields(error?.fields)
    if (Object.keys(fields).length) return { kind: 'invalid', fields }
  }
  return { kind: 'rejected', status: response.status, code }
}

/** What the form says after a failed submit: what went wrong and what to do, in Spanish. */
export const FAILURE_MESSAGES = {
  network: 'No pudimos enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo; lo que escribiste sigue aquí.',
  rateLimited: 'Recibimos muchas solicitudes desde tu conexión. Espera un minuto e inténtalo de nuevo.',
  rejected:
    'No pudimos enviar tu mensaje. Inténtalo de nuevo más tarde o llámanos al 998 123 4567; lo que escribiste sigue aquí.',
  invalidOther: 'No pudimos enviar tu mensaje. Revisa los datos e inténtalo de nuevo; lo que escribiste sigue aquí.',
} as const

export function failureMessage(result: Exclude<SubmitResult, { kind: 'sent' | 'invalid' }>): string {
  switch (result.kind) {
    case 'network':
    case 'server':
      return FAILURE_MESSAGES.network
    case 'rate-limited':
      return FAILURE_MESSAGES.rateLimited
    case 'rejected':
      return FAILURE_MESSAGES.rejected
  }
}
