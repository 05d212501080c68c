/**
 * Hand-off (docs/behaviour.md#agent-handoff): the visitor asks for a person; the conversation is
 * marked for the agency's team, and a phone is asked for when there is none. Pure.
 */
import { PHRASES } from '../phrases'
import type { ConversationState } from '../types'
import type { Step, TurnContext } from './step'

export function handOff(state: ConversationState, t: TurnContext): Step {
  const askPhone = !state.contact.phone
  const connecting = PHRASES.handoff.connecting(t.agency, askPhone)
  if (!askPhone) return { handoff: true, reason: 'handoff', state: { handoff: true }, messages: [connecting] }
  return {
    handoff: true,
    reason: 'handoff',
    askedContact: true,
    state: { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' },
    messages: [connecting],
  }
}
