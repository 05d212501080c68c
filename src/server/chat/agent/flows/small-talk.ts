/**
 * Small talk (docs/behaviour.md#agent-dialogue): when no flow had anything to say, a greeting,
 * thanks, goodbye, help, a note for English speakers or "no te entendí"; and a first answer that
 * greets back. Pure.
 */
import { PHRASES } from '../phrases'
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { givesContact } from './contact'
import { has, type Step, type Turn, type TurnContext } from './step'

export function smallTalk(state: ConversationState, u: Understanding, t: TurnContext): Step {
  const say = (text: string): Step => ({ messages: [text] })
  const talk = PHRASES.smallTalk
  if (givesContact(u) && state.contact.name && !has(u, 'goodbye')) return say(talk.niceToMeet(state.contact.name))
  if (u.english && !has(u, 'thanks') && !has(u, 'goodbye')) return say(has(u, 'greeting') ? talk.withHello(talk.englishNote) : talk.englishNote)
  if (has(u, 'greeting')) return say(talk.greeting(t.agency))
  if (has(u, 'goodbye')) return say(talk.goodbye(t.agency))
  if (has(u, 'thanks')) return say(talk.thanks)
  if (has(u, 'help')) return say(talk.help)
  if (state.pending === 'appointment') return { messages: [PHRASES.visit.notUnderstood], state: { lastAsk: 'visit' } }
  if (has(u, 'yes') && t.previousAsk === null) return say(talk.greeting(t.agency))
  return say(PHRASES.notUnderstood)
}

/** "Hola, busco…" on the first turn: the first answer greets back. */
export function greetFirst(turn: Turn, u: Understanding): Turn {
  const [first, ...rest] = turn.messages
  if (!has(u, 'greeting') || turn.state.turns !== 1 || first === undefined) return turn
  return { ...turn, messages: [PHRASES.smallTalk.withHello(first), ...rest] }
}
