/**
 * The HTTP side of the lead service, shared by `POST /api/leads` (bearer token, for the agency's
 * own servers) and the site's same-origin form endpoint (docs/behaviour.md#leads): a small JSON
 * body, validated, then the lead service with its policy.
 */
import type { Context, Env, Handler, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from '../api/errors'
import { leadSchema } from '../api/schemas'
import { REQUEST_INVALID, valid, type Validated } from '../validation'
import type { LeadChannel, LeadService } from './service'
import type { LeadSender } from './policy'

const LEAD_BODY_MAX_BYTES = 16 * 1024

/** The media type alone, lower case: `application/json; charset=utf-8` → `application/json`. */
export const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase()

const leadBodyLimit = bodyLimit({
  maxSize: LEAD_BODY_MAX_BYTES,
  onError: (c) => apiError(c, 413, 'payload_too_large', 'La solicitud es demasiado grande.'),
})

/**
 * Exactly JSON, and readable: `text/plain; x=application/json` is a form a page may send
 * cross-site without a preflight, and an unreadable body is told apart from an invalid lead.
 */
const jsonBody: MiddlewareHandler = async (c, next) => {
  if (mediaType(c.req.header('content-type')) !== 'application/json') {
    return apiError(c, 415, 'unsupported_media_type', 'Envía el formulario como JSON (Content-Type: application/json).')
  }
  try {
    await c.req.json() // kept by the request: the validation reads it again
  } catch {
    return apiError(c, 400, 'invalid_json', 'El cuerpo de la solicitud no es JSON válido.')
  }
  await next()
}

/** The handlers of a lead route: the body limited, JSON, validated, then registered from `sender(c)` through `channel`. */
export function leadRoute(service: LeadService, channel: LeadChannel, sender: (c: Context) => LeadSender) {
  const validLead = valid('json', leadSchema, REQUEST_INVALID)
  const register: Handler<Env, string, Validated<'json', typeof leadSchema>> = async (c) => {
    const { website: _honeypot, consent: _consent, ...fields } = c.req.valid('json')
    const result = await service.register(fields, { ...sender(c), channel })
    switch (result.kind) {
      // `review`: kept past a volume limit, for the agency to check; the sender's lead is stored all the same.
      case 'created':
        return c.json({ lead: { id: result.lead.id, createdAt: result.lead.createdAt, review: result.lead.review } }, 201)
      case 'duplicate':
        return c.json({ lead: { id: result.lead.id, createdAt: result.lead.createdAt, review: result.lead.review }, duplicate: true }, 200)
      case 'spam':
        return apiError(c, 422, 'spam', result.message)
    }
  }
  return [leadBodyLimit, jsonBody, validLead, register] as const
}
