/**
 * Sends a lead to the site's own form endpoint (same origin, no key in the page: the server calls
 * the lead service, docs/behaviour.md#site-forms) through the site's HTTP client and says what
 * happened, in terms the form can act on. A lead is sent once: no retry, whatever the
 * answer (the visitor decides whether to send again).
 */
import type { $Fetch, FetchResponse } from 'ofetch'
import { SITE_LEAD_ENDPOINT } from '../../domain/site-paths'
import { siteFetch } from '../data/fetch'
import type { LeadBody } from './validate'

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
  /** Any other refusal (403 cross-site or no session cookie, 413, 415, 400 without fields): not something the visitor can fix by editing. */
  | { kind: 'rejected'; status: number; code: string | null }

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown }
}

function stringFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  if (!value || typeof value !== 'object') return fields
  for (const [key, message] of Object.entries(value)) if (typeof message === 'string' && message !== '') fields[key] = message
  return fields
}

/** The answer's JSON body, when it has one (ofetch parsed it). */
const jsonBody = (response: FetchResponse<unknown>): Record<string, unknown> | null =>
  response._data && typeof response._data === 'object' ? (response._data as Record<string, unknown>) : null

export async function submitLead(
  body: LeadBody,
  options: { client?: $Fetch; timeoutMs?: number; endpoint?: string } = {},
): Promise<SubmitResult> {
  let response: FetchResponse<unknown>
  try {
    response = await (options.client ?? siteFetch).raw(options.endpoint ?? SITE_LEAD_ENDPOINT, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body,
      credentials: 'same-origin',
      timeout: options.timeoutMs ?? SUBMIT_TIMEOUT_MS,
      // Every answer is handled below, in the visitor's terms; none is thrown or retried.
      ignoreResponseError: true,
    })
  } catch {
    return { kind: 'network' }
  }

  if (response.ok) {
    const lead = jsonBody(response)?.lead as { id?: unknown } | undefined
    return { kind: 'sent', leadId: typeof lead?.id === 'string' ? lead.id : null }
  }
  if (response.status === 429) {
    const retry = Number(response.headers.get('retry-after'))
    return { kind: 'rate-limited', retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null }
  }
  if (response.status >= 500) return { kind: 'server', status: response.status }
  const error = (jsonBody(response) as ErrorBody | null)?.error
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
    'No pudimos enviar tu mensaje. Inténtalo de nuevo más tarde o llámanos al teléfono del pie de la página; lo que escribiste sigue aquí.',
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
