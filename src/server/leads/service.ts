/**
 * The lead service: every lead, from any channel, is de-duplicated, checked by the one lead
 * policy and then stored (docs/behaviour.md#leads). A lead past a volume limit is stored marked
 * for review, never refused; only certain spam is dropped, counted in the log, with a Spanish
 * message the channel shows as it is.
 */
import { LEAD_REVIEW, type PipelineLead } from '../../protocol/crm'
import type { Storage } from '../storage'
import type { NewLead } from '../storage/leads-repo'
import { log, untrusted } from '../safe-log'
import { createLeadPolicy, DEFAULT_LEAD_LIMITS, type LeadLimiterFactory, type LeadLimits, type LeadSender, type SpamReason } from './policy'

/** `console`: a signed-in person saving what a visitor told them in the chat (not rate-limited; the visitor's lead). */
export type LeadChannel = 'chat' | 'form' | 'api' | 'console'

/**
 * What the sender reads when their lead is dropped as certain spam (chat message, form notice,
 * API error): the truth, once, with a way for a person to reach the agency anyway.
 */
export const LEAD_NOTICES = {
  spam: 'Estos datos parecen enviados de forma automática, así que no los registramos. Si eres una persona, llámanos o escríbenos por WhatsApp: los datos están al pie de la página.',
} as const

export type LeadResult =
  /** Stored; `lead.review` is set when it went past a volume limit. */
  | { kind: 'created'; lead: PipelineLead }
  /** The same phone or e-mail about the same property within the window: nothing new is stored. */
  | { kind: 'duplicate'; lead: PipelineLead }
  /** Certain spam: nothing stored. */
  | { kind: 'spam'; reason: SpamReason; message: string }

export function createLeadService(options: { storage: Storage; limits?: Partial<LeadLimits>; limiter?: LeadLimiterFactory }) {
  const limits = { ...DEFAULT_LEAD_LIMITS, ...options.limits }
  const policy = createLeadPolicy(limits, options.limiter)
  const { leads } = options.storage
  const from = (sender: LeadSender & { channel: LeadChannel }) =>
    `a lead (${sender.channel}) from ${untrusted(sender.address)} (visitor ${untrusted(sender.visitorId)})`

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
      const verdict = sender.channel === 'console' ? ({ kind: 'keep', review: null } as const) : await policy.admit(lead, sender)
      if (verdict.kind === 'spam') {
        log.warn('lead-spam', `[leads] dropped ${from(sender)}: ${verdict.reason}`)
        return { kind: 'spam', reason: verdict.reason, message: LEAD_NOTICES.spam }
      }
      if (verdict.review) log.warn('lead-review', `[leads] kept ${from(sender)} for review: past the ${verdict.review} limit`)
      // A lead belongs to its visitor: the widget's (a chat lead, or one a person saved from the chat)
      // or the site's `cp_visitor` cookie (a form), so erasing that visitor erases it (docs/behaviour.md#data-rights).
      const stored = await leads.insert({ ...lead, visitorId: sender.visitorId, review: verdict.review ? LEAD_REVIEW : null })
      return { kind: 'created', lead: stored }
    },
  }
}

export type LeadService = ReturnType<typeof createLeadService>
