/**
 * Hand-off (docs/behaviour.md#agent-handoff): the visitor asks for a person; the conversation is
 * marked for the agency's team, and a phone is asked for when there is none. A visitor still
 * waiting is acknowledged, given the agency's channels, and asked for a way to be reached. Pure.
 */
import { contactWhen, officeOpen } from '../schedule'
import type { ConversationState } from '../types'
import type { Step, TurnContext } from './step'

export function handOff(state: ConversationState, t: TurnContext): Step {
  // Out of office hours (the agency's week and closures) nobody answers «en breve»: it says when someone will.
  const later = officeOpen(t.now, t.calendar) ? undefined : contactWhen(t.now, t.language, t.calendar)
  if (state.contact.phone) return { handoff: true, reason: 'handoff', state: { handoff: true }, messages: [t.say.handoff.connecting(t.agency, false, later)] }
  // «…, me llamo Rosa»: the contact question that follows thanks her by name and asks only for a
  // phone or e-mail, instead of this message asking for the name she just gave.
  const named = state.contact.name !== null
  return {
    handoff: true,
    reason: 'handoff',
    ...(named ? {} : { askedContact: true }),
    state: { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' },
    messages: [t.say.handoff.connecting(t.agency, !named, later)],
  }
}

/** "Nadie me contesta": an apology, the channels, and the contact data asked for when missing. */
export function acknowledgeWait(state: ConversationState, t: TurnContext): Step {
  const askContact = !state.contact.phone && !state.contact.email
  return {
    handoff: true,
    reason: 'handoff',
    askedContact: true,
    messages: [t.say.waiting(t.channels, askContact)],
    state: askContact ? { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' } : { handoff: true },
  }
}
