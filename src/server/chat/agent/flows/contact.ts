/**
 * Contact capture (docs/behaviour.md#agent-contact): the visitor's name and phone or e-mail are
 * collected across turns, invalid ones are asked again, and once complete they become one lead
 * (again only when they change). Pure.
 */
import { describeCriteria, propertyUrl } from '../cards'
import { contactWhen, formatSlot, parseIso } from '../schedule'
import type { AgentLead, ContactData, ConversationState } from '../types'
import type { Understanding } from '../understand'
import { propertyOfInterest } from './focus'
import { has, quiet, type LeadReason, type Step, type Turn, type TurnContext } from './step'

/** The strongest reason of a turn wins the lead's note: selling says more than a hand-off, which says more than "contact me". */
const REASON_ORDER: readonly LeadReason[] = ['sell', 'handoff', 'contact']

/** Whether this message brings a name, a phone or an e-mail. */
export function givesContact(u: Understanding): boolean {
  return Boolean(u.contact.name || u.contact.phone || u.contact.email)
}

/** A name and a way to reach the visitor. */
export function isComplete(contact: ContactData): boolean {
  return Boolean(contact.name && (contact.phone || contact.email))
}

/** Fingerprint of the contact data: a lead is emitted again only when it changes. */
const contactKey = (c: ContactData) => JSON.stringify([c.name, c.phone, c.email])

/** Keeps the name, phone and e-mail the message brings. */
export function rememberContact(state: ConversationState, u: Understanding): Step {
  if (!givesContact(u)) return {}
  const c = u.contact
  return { state: { contact: { name: c.name || state.contact.name, phone: c.phone || state.contact.phone, email: c.email || state.contact.email } } }
}

/** "quiero informes", "que me contacten": an adviser will, once the data is complete. */
export function offerAdviser(state: ConversationState, t: TurnContext): Step {
  const complete = isComplete(state.contact)
  if (complete && contactKey(state.contact) === state.leadKey) {
    return { reason: 'contact', dialogue: [t.say.contact.alreadyHave(state.contact.name ?? '', contactWhen(t.now, t.language, t.calendar))] }
  }
  const title = state.focus?.title
  return { reason: 'contact', state: { pending: state.pending ?? 'contact' }, dialogue: !complete && title ? [t.say.contact.adviserFor(title)] : [] }
}

/** The visitor wants to sell or rent out a property: a lead for the agency. */
export function offerToSell(state: ConversationState, t: TurnContext): Step {
  if (isComplete(state.contact)) return { reason: 'sell', state: { seller: true, leadKey: null } }
  // Heard once already («¿y cuánto vale?»): what a valuation takes, not the same offer again.
  const offer = state.seller ? t.say.contact.sellValuation : t.say.contact.sellOrList(t.agency)
  return { reason: 'sell', askedContact: true, messages: [offer], state: { pending: 'contact', lastAsk: 'contact', seller: true } }
}

/**
 * With complete contact data: the lead, when there is a reason for one and the data is new, and
 * the thanks; or a reminder that the data is already taken.
 */
export function registerLead(state: ConversationState, u: Understanding, t: TurnContext, turn: Turn): Step {
  const contact = state.contact
  const key = contactKey(contact)
  const booked = turn.appointment !== undefined
  const given = givesContact(u)
  const wanted = state.pending === 'contact' || given || booked || turn.handoff || has(u, 'contact') || has(u, 'sell')
  if (key !== state.leadKey && wanted) {
    const lead: AgentLead = {
      ...(state.seller ? { kind: 'venta' as const } : {}),
      name: contact.name ?? '',
      phone: contact.phone,
      email: contact.email,
      message: leadNote(state, t, t.say.lead.note(reasonOf(state, t, turn))),
      propertySlug: propertyOfInterest(state),
    }
    const pending = state.pending === 'contact' ? null : state.pending
    // Booked, or the visit's property is being asked: that message thanks the visitor.
    if (booked || state.lastAsk === 'which') return { lead, state: { leadKey: key, pending } }
    // A seller is not offered a visit to the agency's listings.
    const offerVisit = !state.handoff && !state.seller && !(pending === 'appointment' && !state.visit.at)
    return {
      lead,
      state: { leadKey: key, pending, lastAsk: offerVisit ? 'visit' : null },
      dialogue: [t.say.contact.thanks(contact, contactWhen(t.now, t.language, t.calendar), offerVisit)],
    }
  }
  if (key === state.leadKey && !booked && (state.pending === 'contact' || (given && quiet(turn)))) {
    return {
      state: { pending: null },
      dialogue: quiet(turn) ? [t.say.contact.alreadyHaveAnythingElse(contact.name ?? '', contactWhen(t.now, t.language, t.calendar))] : [],
    }
  }
  return {}
}

function reasonOf(state: ConversationState, t: TurnContext, turn: Turn): string {
  const visit = turn.appointment && parseIso(turn.appointment.at)
  if (visit) return t.say.lead.reason.visit(formatSlot(visit, t.now))
  const reason = REASON_ORDER.find((r) => turn.reasons.includes(r)) ?? (state.seller ? 'sell' : state.handoff ? 'handoff' : 'contact')
  return t.say.lead.reason[reason]
}

/** Asks for what is missing or invalid in the contact data, while it is being collected. */
export function askForContact(state: ConversationState, u: Understanding, t: TurnContext, turn: Turn): Step {
  const c = state.contact
  const invalidPhone = u.contact.phone ? null : u.contact.invalidPhone
  const invalidEmail = u.contact.email ? null : u.contact.invalidEmail
  const reachable = u.contact.phone !== null || u.contact.email !== null
  const holding = state.pending === 'appointment' && state.visit.at !== null
  const collecting = state.pending === 'contact' || holding || reachable || invalidPhone !== null || invalidEmail !== null
  if (!collecting) return {}
  // «ok thanks, bye»: the visitor leaves without giving it; they are said goodbye, not asked again.
  if (has(u, 'goodbye') && !reachable && !holding && invalidPhone === null && invalidEmail === null) return { state: { pending: null } }
  let text: string
  if (invalidPhone) text = t.say.contact.invalidPhone(invalidPhone)
  else if (invalidEmail) text = t.say.contact.invalidEmail(invalidEmail)
  else if (!c.name && (c.phone || c.email)) text = t.say.contact.askName
  else if (c.name && !c.phone && !c.email) text = t.say.contact.askReach(c.name)
  else text = t.say.contact.askAll
  if (holding && !invalidPhone && !invalidEmail) {
    const at = parseIso(state.visit.at)
    const slot = at ? formatSlot(at, t.now, t.language) : null
    text = !c.name && !c.phone && !c.email ? t.say.contact.holdVisit(slot) : t.say.contact.holdVisitThen(slot, text)
  }
  if (turn.askedContact && !givesContact(u)) return {} // the hand-off or selling answer already asked
  return { dialogue: [text], state: { lastAsk: 'contact' } }
}

/** The note of a lead or an appointment: what happened, the property of interest, the search. */
export function leadNote(state: ConversationState, t: TurnContext, first: string): string {
  const parts = [first]
  const slug = propertyOfInterest(state)
  if (slug) {
    const title = state.focus?.slug === slug ? state.focus.title : state.shown.find((p) => p.slug === slug)?.title
    parts.push(t.say.lead.interest(title, propertyUrl(t.base, slug)))
  }
  if (Object.keys(state.criteria).some((k) => k !== 'orden')) parts.push(t.say.lead.searching(describeCriteria(state.criteria, t.names)))
  return parts.join(' ')
}
