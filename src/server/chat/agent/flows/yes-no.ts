/**
 * A bare "sí" or "no" answers what the agent asked last (docs/behaviour.md#agent-dialogue): "no"
 * to a proposed slot asks for another, to results offers to adjust the search, to a request for
 * data lets it go. "sí" to a request for data keeps collecting it. Pure.
 */
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { givesContact } from './contact'
import { has, type Step, type TurnContext } from './step'

/** `busy`: the message was already taken as a visit or answered with results. */
export function answerYesNo(state: ConversationState, u: Understanding, t: TurnContext, busy: boolean): Step {
  if (busy) return {}
  if (has(u, 'no') && !has(u, 'yes')) {
    if (t.previousAsk === 'slot') return { state: { visit: { ...state.visit, proposed: null }, lastAsk: 'visit' }, dialogue: [t.say.visit.otherSlot] }
    if (t.previousAsk === 'after-results') return { dialogue: [t.say.adjustSearch] }
    if ((t.previousAsk === 'contact' || t.previousAsk === 'visit') && !givesContact(u)) {
      return { state: { pending: null }, dialogue: [t.say.contact.noThanks] }
    }
    return {}
  }
  if (has(u, 'yes') && t.previousAsk === 'contact' && !givesContact(u)) return { state: { pending: state.pending ?? 'contact' } }
  return {}
}
