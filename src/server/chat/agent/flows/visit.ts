/**
 * Visit booking (docs/behaviour.md#agent-visits): a day and a time are agreed (the nearest valid
 * slot is proposed for an impossible one), the slot is held until the contact data is complete,
 * then it becomes an appointment. Pure.
 */
import type { Property } from '../../../../catalogue/model'
import { isOffered } from '../../../../catalogue/similar'
import { cancunParts, dayKey, formatDay, formatSlot, isoCancun, parseDayKey, parseIso, resolveSlot, slotProblem, type ClosedDay } from '../schedule'
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { givesContact, leadNote } from './contact'
import { statusWord } from './facts'
import { propertyOfInterest } from './focus'
import { has, type Step, type TurnContext } from './step'

/** «la primera», «la 2», «the second one»: a choice and nothing else. */
const BARE_CHOICE = /^[\s¿¡]*(?:(?:la|el|opcion|option|the)\s+)?(?:primer[oa]?|segund[oa]|tercer[oa]?|ultim[oa]|first|second|third|last|[1-9])(?:\s+(?:one|opcion))?[\s.!?]*$/

/** Whether this message is about a visit: asked for, or a day/time answering the agent's question. */
export function wantsVisit(state: ConversationState, u: Understanding, t: TurnContext): boolean {
  const when = u.when.date !== null || u.when.time !== null || u.when.part !== undefined
  const inVisit = state.pending === 'appointment' || t.previousAsk === 'slot' || t.previousAsk === 'visit'
  if (has(u, 'handoff')) return false
  if (has(u, 'visit')) return true
  if (inVisit && (when || u.impossibleDate !== null || (t.previousAsk === 'slot' && has(u, 'yes')))) return true
  // «¿Quieres que agendemos una visita?» — «la primera»: the one to visit.
  if (t.previousAsk === 'visit' && (u.ordinal !== null || u.propertySlug !== null) && Object.keys(u.criteria).length === 0) return true
  // «¿Quieres agendar una visita a alguna o ajustamos la búsqueda?» — a bare «la segunda» (no question, no criteria): that one.
  const bare = u.topic === null || BARE_CHOICE.test(u.norm)
  if (t.previousAsk === 'after-results' && u.ordinal !== null && bare && u.fact === null && Object.keys(u.criteria).length === 0) return true
  // «ok» / «sí» to «¿Quieres agendar una visita…?»; «ok, y en Puerto Cancún?» changes the search instead.
  const refines = Object.keys(u.criteria).length > 0 || u.more || u.cheaper || u.otherZone || u.leaveOutZone !== null || u.clearZone || u.clearPrice
  if ((t.previousAsk === 'after-results' || t.previousAsk === 'visit') && has(u, 'yes') && !has(u, 'no') && !refines) return true
  // "¿el sábado a las 11?" right after seeing properties; «la primera el sábado por la tarde»: a day and a part of it count as a time.
  const timed = u.when.time !== null || (u.when.date !== null && u.when.part !== undefined)
  return timed && (state.shown.length > 0 || state.focus !== null) && Object.keys(u.criteria).length === 0
}

/**
 * Agrees on the slot: a valid one is held (confirmed once the contact data is complete), a day
 * alone asks for the time, an impossible one proposes the nearest valid slot, nothing asks when.
 */
export function arrangeVisit(state: ConversationState, u: Understanding, t: TurnContext): Step {
  const pending = 'appointment'
  const whenGiven = u.when.date !== null || u.when.time !== null || u.when.part !== undefined
  let slot: Date | null = null
  // «el 31 de febrero»: that day does not exist; another is asked for.
  if (u.impossibleDate) return { state: { pending, lastAsk: 'visit' }, dialogue: [t.say.visit.noSuchDay(u.impossibleDate, t.calendar.visitText[t.language])] }
  if (!whenGiven && t.previousAsk === 'slot' && has(u, 'yes') && state.visit.proposed) {
    slot = parseIso(state.visit.proposed)
  } else if (whenGiven) {
    const resolution = resolveSlot(u.when, parseDayKey(state.visit.date), t.now, t.calendar)
    if (resolution.kind === 'ok') slot = resolution.at
    else if (resolution.kind === 'propose') {
      // «mañana temprano»: an hour in that part of the day, confirmed by the visitor before it is held.
      return {
        // The day stays chosen: «a las 11» instead of «sí» is that day at 11.
        state: { pending, visit: { ...state.visit, proposed: isoCancun(resolution.at), date: dayKey(cancunParts(resolution.at)) }, lastAsk: 'slot' },
        dialogue: [t.say.visit.proposeInPart(formatSlot(resolution.at, t.now, t.language), closedWords(resolution.closed, t), t.calendar.visitText[t.language])],
      }
    }
    else if (resolution.kind === 'need-time') {
      return {
        state: { pending, visit: { ...state.visit, date: dayKey(resolution.date), proposed: null }, lastAsk: 'visit' },
        dialogue: [t.say.visit.askTime(formatDay(resolution.date, t.now, t.language), closedWords(resolution.closed, t), t.calendar.visitText[t.language])],
      }
    } else if (resolution.kind === 'invalid') {
      return {
        state: { pending, visit: { ...state.visit, proposed: isoCancun(resolution.proposal), date: null }, lastAsk: 'slot' },
        dialogue: [t.say.visit.refused(resolution.problem, formatSlot(resolution.requested, t.now, t.language), formatSlot(resolution.proposal, t.now, t.language), closedWords(resolution.closed, t), t.calendar.visitText[t.language])],
      }
    }
  } else if (state.visit.at) {
    slot = parseIso(state.visit.at)
  }
  if (slot && slotProblem(slot, t.now, t.calendar) === null) {
    return { state: { pending, visit: { ...state.visit, at: isoCancun(slot), proposed: null, date: null } } }
  }
  const choices = !state.focus && state.shown.length > 1 ? state.shown.length : 0
  return { state: { pending, lastAsk: 'visit' }, dialogue: [t.say.visit.askWhen(state.focus?.title ?? null, choices, t.calendar.visitText[t.language])] }
}

/** Why the day asked for has no visits, as the visitor reads it («Los domingos no agendamos visitas.»); '' when it has. */
function closedWords(closed: ClosedDay | undefined, t: TurnContext): string {
  if (!closed) return ''
  if ('weekday' in closed) return t.say.visit.closedWeekday(closed.weekday)
  const day = parseDayKey(closed.day)
  return t.say.visit.closedOn(day ? formatDay(day, t.now, t.language) : closed.day, closed.closure.label)
}

/** With complete contact data: the held slot becomes an appointment (if it is still possible). */
export function confirmVisit(state: ConversationState, u: Understanding, t: TurnContext): Step {
  const held = state.visit.at
  if (state.pending !== 'appointment' || !held || held === state.visit.booked) return {}
  const at = parseIso(held)
  if (!at || slotProblem(at, t.now, t.calendar) !== null) return { state: { visit: { ...state.visit, at: null } } }
  const slot = formatSlot(at, t.now, t.language)
  // «quiero visitarla el sábado» with several results shown and none chosen: asked once which one.
  if (!propertyOfInterest(state) && state.shown.length > 1 && t.previousAsk !== 'which') {
    const thanked = givesContact(u) ? state.contact.name : null
    return { state: { lastAsk: 'which' }, dialogue: [t.say.visit.askWhich(thanked, slot, state.shown.length)] }
  }
  return {
    appointment: {
      at: held,
      name: state.contact.name,
      phone: state.contact.phone,
      email: state.contact.email,
      propertySlug: propertyOfInterest(state),
      note: leadNote(state, t, t.say.visit.note(formatSlot(at, t.now))),
      adviser: state.adviser,
    },
    state: { visit: { ...state.visit, booked: held, at: null }, pending: null },
    dialogue: [t.say.visit.booked(state.contact, state.focus?.title ?? null, slot)],
  }
}

/** The visitor gave their data while a visit has no slot yet: ask for one. */
export function askVisitDay(state: ConversationState, u: Understanding, t: TurnContext): Step {
  if (state.pending !== 'appointment' || state.visit.at || !givesContact(u)) return {}
  return { dialogue: [t.say.visit.askDay], state: { lastAsk: 'visit' } }
}

/**
 * A visit to a property no longer offered (sold, rented, reserved: catalogue/similar.ts
 * `isOffered`) is refused, whether asked now or held while the contact data was collected and
 * the property sold meanwhile: the slot is let go and nothing is booked. `property`: the
 * property of interest, looked up now (turn.ts); null when none is known or it is not found.
 */
export function refuseVisit(state: ConversationState, property: Property | null, t: TurnContext): Step | null {
  if (!property || isOffered(property)) return null
  return {
    state: { pending: null, visit: { ...state.visit, at: null, proposed: null, date: null }, lastAsk: null },
    dialogue: [t.say.visit.unavailable(property.title, statusWord(property, t))],
  }
}
