/**
 * Small talk (docs/behaviour.md#agent-dialogue): when no flow had anything to say, a greeting,
 * thanks, goodbye, help, a note for English speakers or "no te entendí"; and a first answer that
 * greets back. Pure.
 */
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { givesContact } from './contact'
import { has, type Step, type Turn, type TurnContext } from './step'

export function smallTalk(state: ConversationState, u: Understanding, t: TurnContext): Step {
  const say = (text: string): Step => ({ messages: [text] })
  const talk = t.say.smallTalk
  if (givesContact(u) && state.contact.name && !has(u, 'goodbye')) return say(talk.niceToMeet(state.contact.name))
  if (has(u, 'greeting')) return say(talk.greeting(t.agency))
  if (has(u, 'goodbye')) return say(talk.goodbye(t.agency))
  if (has(u, 'thanks')) return say(talk.thanks)
  if (has(u, 'help')) return say(talk.help)
  if (has(u, 'browsing')) return say(talk.browsing)
  if (state.pending === 'appointment') return { messages: [t.say.visit.notUnderstood(t.calendar.visitText[t.language])], state: { lastAsk: 'visit' } }
  // A bare «ok» opening the chat is greeted; later, when nothing was asked, the conversation goes on.
  if (has(u, 'yes') && t.previousAsk === null) return say(state.turns > 1 ? talk.goOn : talk.greeting(t.agency))
  // Counted for the agency (docs/knowledge.md#unmatched): a question its knowledge may lack.
  return { messages: [u.topic === null && !Object.keys(u.criteria).length ? t.say.unclear : t.say.notUnderstood], unanswered: true }
}

/** "Hola, busco…" on the first turn: the first answer greets back. */
export function greetFirst(turn: Turn, u: Understanding, t: TurnContext): Turn {
  const [first, ...rest] = turn.messages
  if (!has(u, 'greeting') || turn.state.turns !== 1 || first === undefined) return turn
  return { ...turn, messages: [t.say.smallTalk.withHello(first, u.contact.name), ...rest] }
}
