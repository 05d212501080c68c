/**
 * The HTTP side of the lead service, shared by `POST /api/leads` (bearer token, for the agency's
 * own servers) and the site's same-origin form endpoint (docs/behaviour.md#leads): a small JSON
 * body, validated, then the lead service with its policy.
 */
import type { Context, Handler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from '../api/errors'
import { fieldErrors, leadSchema } from '../api/schemas'
import type { LeadChannel, LeadService } from './service'
import type { LeadSender } from './policy'

const LEAD_BODY_MAX_BYTES = 16 * 1024

/** The media type alone, lower case: `application/json; charset=utf-8` → `application/json`. */
export const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase()

export const leadBodyLimit = bodyLimit({
  maxSize: LEAD_BODY_MAX_BYTES,
  onError: (c) => apiError(c, 413, 'payload_too_large', 'La solicitud es demasiado grande.'),
})

/** Validates the body and registers the lead from `sender(c)` through `channel`. */
export function leadHandler(service: LeadService, channel: LeadChannel, sender: (c: Context) => LeadSender): Handler {
  return async (c) => {
    // Exactly JSON: `text/plain; x=application/json` is a form a page may send cross-site without a preflight.
    if (mediaType(c.req.header('content-type')) !== 'application/json') {
      return apiError(c, 415, 'unsupported_media_type', 'Envía el formulario como JSON (Content-Type: application/json).')
    }
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return apiError(c, 400, 'invalid_json', 'El cuerpo de la solicitud no es JSON válido.')
    }
    const lead = leadSchema.safeParse(body)
    if (!lead.success) return apiError(c, 400, 'invalid_request', 'La solicitud no es válida.', fieldErrors(lead.error))
    const { website: _honeypot, consent: _consent, ...fields } = lead.data
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
}
