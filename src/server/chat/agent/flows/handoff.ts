/**
 * Hand-off (docs/behaviour.md#agent-handoff): the visitor asks for a person; the conversation is
 * marked for the agency's team, and a phone is asked for when there is none. A visitor still
 * waiting is acknowledged, given the agency's channels, and asked for a way to be reached. Pure.
 */
import type { ConversationState } from '../types'
import type { Step, TurnContext } from './step'

export function handOff(state: ConversationState, t: TurnContext): Step {
  const askPhone = !state.contact.phone
  const connecting = t.say.handoff.connecting(t.agency, askPhone)
  if (!askPhone) return { handoff: true, reason: 'handoff', state: { handoff: true }, messages: [connecting] }
  return {
    handoff: true,
    reason: 'handoff',
    askedContact: true,
    state: { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' },
    messages: [connecting],
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
