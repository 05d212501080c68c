/**
 * The lead service: every lead, from any channel, is checked by the one lead policy, de-duplicated
 * and then stored (docs/behaviour.md#leads). Refusals are logged and carry a Spanish message the
 * channel shows as it is.
 */
import type { Lead } from '../../catalogue/model'
import type { Storage } from '../storage'
import type { NewLead } from '../storage/leads-repo'
import { createLeadPolicy, DEFAULT_LEAD_LIMITS, type LeadLimiterFactory, type LeadLimitReason, type LeadLimits, type LeadSender } from './policy'

/** `console`: a signed-in person saving what a visitor told them in the chat (not rate-limited; the visitor's lead). */
export type LeadChannel = 'chat' | 'form' | 'api' | 'console'

/**
 * What the visitor reads when a lead is refused (chat message, form notice, API error). A lead
 * already known needs no notice: the contact the visitor was promised is on its way.
 */
export const LEAD_NOTICES = {
  tooMany:
    'Recibimos demasiadas solicitudes de contacto desde tu conexión, así que no registramos estos datos. Intenta de nuevo más tarde o llámanos al 998 123 4567.',
} as const

export type LeadResult =
  | { kind: 'created'; lead: Lead }
  /** The same phone or e-mail about the same property within the window: nothing new is stored. */
  | { kind: 'duplicate'; lead: Lead }
  | { kind: 'refused'; reason: LeadLimitReason; retryAfterSeconds: number; message: string }

/** Untrusted values in a log line: quoted and escaped, so they cannot forge lines. */
const quoted = (value: string | null) => JSON.stringify(value)

export function createLeadService(options: { storage: Storage; limits?: Partial<LeadLimits>; limiter?: LeadLimiterFactory }) {
  const limits = { ...DEFAULT_LEAD_LIMITS, ...options.limits }
  const policy = createLeadPolicy(limits, options.limiter)
  const { leads } = options.storage

  return {
    limits,
    async register(lead: NewLead, sender: LeadSender & { channel: LeadChannel }): Promise<LeadResult> {
      const since = new Date(Date.now() - limits.duplicateWindowMinutes * 60_000)
      const duplicate = await leads.findDuplicate(lead, since)
      if (duplicate) {
        // A visitor of their own (the widget's, or the site's cookie of a form) is merged into the
        // lead: a chat visitor's booked visits are noted there, and erasing either finds it.
        if (sender.visitorId && duplicate.visitorId !== sender.visitorId) await leads.linkVisitor(duplicate.id, sender.visitorId)
        return { kind: 'duplicate', lead: duplicate }
      }
      const verdict = sender.channel === 'console' ? ({ ok: true } as const) : await policy.admit(sender)
      if (!verdict.ok) {
        console.warn(
          `[leads] refused a ${sender.channel} lead from ${quoted(sender.address)} (visitor ${quoted(sender.visitorId)}): ${verdict.reason} limit`,
        )
        return { kind: 'refused', reason: verdict.reason, retryAfterSeconds: Math.ceil(verdict.retryAfterMs / 1000), message: LEAD_NOTICES.tooMany }
      }
      // A lead belongs to its visitor: the widget's (a chat lead, or one a person saved from the chat)
      // or the site's `cp_visitor` cookie (a form), so erasing that visitor erases it (docs/behaviour.md#data-rights).
      return { kind: 'created', lead: await leads.insert({ ...lead, visitorId: sender.visitorId }) }
    },
  }
}

export type LeadService = ReturnType<typeof createLeadService>
