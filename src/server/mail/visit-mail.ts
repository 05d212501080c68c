/**
 * A visit's e-mails to the visitor (docs/email.md#visits), when the visit has a valid e-mail:
 * the notice of each change (booked, confirmed, moved, cancelled) with its calendar invitation,
 * and a reminder the day before. `planVisitMail` stores them in the transaction of the change
 * (a booking is never stored without its notice); `visitRenderers` make each e-mail when it goes,
 * from the visit, the property and the agency as they are then.
 */
import { isValidEmail } from '../../domain/email'
import { propertyPath } from '../../domain/site-paths'
import type { Visit } from '../../protocol/crm'
import type { Agency } from '../../shared/agency'
import { addressDisplay } from '../../shared/agency'
import type { Catalogue } from '../../catalogue/model'
import type { OutboxMail, OutboxRepository } from '../storage/outbox-repo'
import { composeMail, type MailBlock } from './compose'
import { visitInvitation } from './ics'
import type { MailRenderer } from './outbox'
import { mailWords, visitTimeText, type MailLanguage, type VisitMailChange } from './words'

export const VISIT_MAIL_KINDS = { notice: 'visit-notice', reminder: 'visit-reminder' } as const

/** The reminder goes this long before the visit («the day before»); a visit booked later than that has none. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60_000

export const visitTopic = (visitId: string) => `visit:${visitId}`

/** A change of a visit the visitor is told of by e-mail. */
export type VisitNoticeChange = Exclude<VisitMailChange, 'reminder'>

const SUPERSEDED = 'Lo reemplazó un aviso más reciente de la misma visita.'

/**
 * Stores the e-mails a change of `visit` sends, over `outbox` (the change's transaction): its
 * notice, replacing the notices and the reminder of that visit not sent yet, and, while the visit
 * stands and is more than a day away, its new reminder. Nothing without a valid e-mail.
 */
export async function planVisitMail(outbox: OutboxRepository, change: VisitNoticeChange, visit: Visit, now: Date): Promise<boolean> {
  if (!visit.email || !isValidEmail(visit.email)) return false
  const topic = visitTopic(visit.id)
  await outbox.supersede(topic, Object.values(VISIT_MAIL_KINDS), SUPERSEDED)
  const sequence = (await outbox.highest(topic, 'sequence')) + 1
  const common = { topic, visitorId: visit.visitorId, recipient: visit.email.trim() }
  await outbox.enqueue({ ...common, kind: VISIT_MAIL_KINDS.notice, payload: { visitId: visit.id, change, at: visit.at, sequence } })
  const at = Date.parse(visit.at)
  if (change !== 'cancelled' && at - REMINDER_BEFORE_MS > now.getTime()) {
    await outbox.enqueue({ ...common, kind: VISIT_MAIL_KINDS.reminder, payload: { visitId: visit.id, at: visit.at }, sendAt: new Date(at - REMINDER_BEFORE_MS), expiresAt: new Date(at) })
  }
  return true
}

export interface VisitMailContext {
  visit: (id: string) => Promise<Visit | null>
  /** The conversation's language and the visitor's name as the chat knows them. */
  visitor: (visitorId: string) => Promise<{ language: MailLanguage; name: string | null }>
  /** The name of the person who attends it (the team member linked to the account, else the account's). */
  adviserName: (accountId: string) => Promise<string | null>
  agency: () => Agency
  catalogue: () => Catalogue
  siteUrl: () => string
  /** The sender's address, as the invitation's organizer. */
  fromAddress: () => string
  unsubscribeUrl: (address: string) => Promise<string>
}

const payloadText = (row: OutboxMail, field: string) => {
  const value = row.payload[field]
  return typeof value === 'string' ? value : null
}

/** The e-mail of a visit's notice or reminder, as the visit stands when it goes. */
export function visitRenderers(context: VisitMailContext): Record<string, MailRenderer> {
  async function render(row: OutboxMail, change: VisitMailChange) {
    const visitId = payloadText(row, 'visitId')
    const visit = visitId ? await context.visit(visitId) : null
    if (!visit) return { skip: 'La visita ya no existe.' }
    // The time the notice is about (a later move replaced it unless it was already going out).
    const at = payloadText(row, 'at') ?? visit.at
    if (change === 'reminder' && (visit.status !== 'por_confirmar' && visit.status !== 'confirmada')) return { skip: 'La visita ya no está agendada.' }
    if (change === 'reminder' && Date.parse(at) !== Date.parse(visit.at)) return { skip: 'La visita cambió de hora.' }
    const agency = context.agency()
    const { language, name } = await context.visitor(visit.visitorId)
    const words = mailWords(language)
    const site = context.siteUrl().replace(/\/$/, '')
    const property = visit.propertySlug ? context.catalogue().properties.find((p) => p.slug === visit.propertySlug) ?? null : null
    const title = property?.title ?? visit.propertyTitle
    const location = property?.address || addressDisplay(agency.profile)
    const adviser = visit.assignedTo ? await context.adviserName(visit.assignedTo) : null
    const when = `${visitTimeText(at, language)} (${words.timeZone})`
    const confirmed = visit.status === 'confirmada'
    const where = words.visit.to(title)
    const lead =
      change === 'booked' ? words.visit.lead.booked(where, confirmed)
      : change === 'confirmed' ? words.visit.lead.confirmed(where)
      : change === 'moved' ? words.visit.lead.moved(where)
      : change === 'cancelled' ? words.visit.lead.cancelled(where)
      : words.visit.lead.reminder(where)
    const subject =
      change === 'booked' ? words.visit.subject.booked(visitTimeText(at, language), confirmed)
      : words.visit.subject[change](visitTimeText(at, language))
    const facts: Array<[string, string]> = [
      ...(title ? [[words.facts.property, title] as [string, string]] : []),
      [words.facts.address, property?.address ? location : `${words.office}: ${location}`],
      [words.facts.when, when],
      ...(adviser ? [[words.facts.adviser, adviser] as [string, string]] : []),
    ]
    const propertyUrl = visit.propertySlug ? `${site}${propertyPath(visit.propertySlug)}` : null
    const invitation = change !== 'reminder'
    const blocks: MailBlock[] = [
      { kind: 'text', text: lead },
      { kind: 'facts', facts },
      ...(propertyUrl && change !== 'cancelled' ? [{ kind: 'link' as const, text: words.propertyLink, url: propertyUrl }] : []),
      ...(invitation ? [{ kind: 'text' as const, text: change === 'cancelled' ? words.visit.cancelInvitation : words.invitation }] : []),
      ...(change !== 'cancelled' ? [{ kind: 'text' as const, text: words.change }] : []),
    ]
    // The confirmation, a move and a cancellation go to an unsubscribed address too (docs/email.md#unsubscribe): the link is for reminders and copies.
    const honorsUnsubscribe = change === 'reminder'
    const composed = composeMail({
      agency,
      siteUrl: site,
      language,
      subject,
      greeting: words.greeting(visit.name ?? name),
      blocks,
      unsubscribeUrl: await context.unsubscribeUrl(row.recipient),
    })
    const ics = invitation
      ? visitInvitation({
          visitId: visit.id,
          host: new URL(site).hostname,
          at,
          sequence: Number(row.payload.sequence ?? 0),
          method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
          status: change === 'cancelled' ? 'CANCELLED' : confirmed ? 'CONFIRMED' : 'TENTATIVE',
          title: words.visit.eventTitle(title, agency.profile.name),
          description: words.visit.eventDescription(agency.profile.name, adviser),
          location,
          url: propertyUrl,
          organizer: { name: agency.profile.name, email: context.fromAddress() },
          attendee: { name: visit.name ?? name, email: row.recipient },
        })
      : null
    return {
      honorsUnsubscribe,
      mail: {
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        ...(ics ? { icalEvent: { filename: 'visita.ics', method: change === 'cancelled' ? 'CANCEL' : 'REQUEST', content: ics } } : {}),
      },
    }
  }
  return {
    [VISIT_MAIL_KINDS.notice]: async (row) => {
      const change = payloadText(row, 'change') as VisitNoticeChange | null
      if (!change || !['booked', 'confirmed', 'moved', 'cancelled'].includes(change)) return { skip: 'Aviso de visita sin cambio conocido.' }
      return render(row, change)
    },
    [VISIT_MAIL_KINDS.reminder]: (row) => render(row, 'reminder'),
  }
}

export type { MailLanguage }
