/**
 * One visitor message answered (docs/behaviour.md#agent): the dialogue, top to bottom. Each flow
 * reads the conversation so far and returns what it adds (messages, memory changes, a lead, an
 * appointment, a hand-off); only the catalogue search is awaited.
 */
import type { Search } from './catalogue-search'
import { askForContact, isComplete, offerAdviser, offerToSell, registerLead, rememberContact } from './flows/contact'
import { keepCriteria } from './flows/criteria'
import { answerQuestions } from './flows/faq'
import { focusOnProperty } from './flows/focus'
import { handOff } from './flows/handoff'
import { searchCatalogue, shouldSearch } from './flows/search'
import { greetFirst, smallTalk } from './flows/small-talk'
import { add, has, quiet, startTurn, type AgentContext, type Turn, type TurnContext } from './flows/step'
import { arrangeVisit, askVisitDay, confirmVisit, wantsVisit } from './flows/visit'
import { answerYesNo } from './flows/yes-no'
import { PHRASES } from './phrases'
import type { AgentOutcome, ConversationState } from './types'
import { understand } from './understand'

export async function answerMessage(text: string, stored: ConversationState, now: Date, context: AgentContext, search: Search): Promise<AgentOutcome> {
  // A bare "Ana López" is a name when the agent is waiting for one.
  const expectingName = !stored.contact.name && (stored.pending !== null || stored.lastAsk === 'contact')
  const u = understand(text, context.lexicon, now, { expectingName })
  const t: TurnContext = { ...context, now, previousAsk: stored.lastAsk }
  let turn = startTurn({ ...stored, turns: stored.turns + 1, lastAsk: null })
  if (u.empty && !has(u, 'yes')) return close(add(turn, { messages: [PHRASES.emptyMessage] }))

  // Which property the visitor means, and who they are.
  turn = add(turn, focusOnProperty(turn.state, u))
  turn = add(turn, rememberContact(turn.state, u))

  // What they ask for: a person; then a visit, to sell, or to be contacted.
  if (has(u, 'handoff')) turn = add(turn, handOff(turn.state, t))
  const visiting = wantsVisit(turn.state, u, t)
  if (visiting) turn = add(turn, arrangeVisit(turn.state, u, t))
  else if (has(u, 'sell')) turn = add(turn, offerToSell(turn.state, t))
  else if (has(u, 'contact')) turn = add(turn, offerAdviser(turn.state, t))

  // Common questions; then the search, or (for a visit or contact) the criteria kept without searching.
  const answers = answerQuestions(u, t)
  turn = add(turn, { messages: answers })
  if (shouldSearch(u, answers.length > 0, visiting)) turn = add(turn, await searchCatalogue(turn.state, u, t, search))
  else if (visiting || has(u, 'contact')) turn = add(turn, keepCriteria(turn.state, u, t))

  // A bare "sí" or "no" answers what the agent asked last.
  turn = add(turn, answerYesNo(turn.state, u, t, visiting || turn.searched))

  // Complete contact data books the held visit and registers the lead; else ask for what is missing.
  if (isComplete(turn.state.contact)) {
    turn = add(turn, confirmVisit(turn.state, t))
    turn = add(turn, registerLead(turn.state, u, t, turn))
    if (!turn.dialogue.length) turn = add(turn, askVisitDay(turn.state, u))
  } else {
    turn = add(turn, askForContact(turn.state, u, t, turn))
  }

  // Nothing said yet: small talk. Otherwise a first "hola" is greeted back.
  turn = quiet(turn) ? add(turn, smallTalk(turn.state, u, t)) : greetFirst(turn, u)
  return close(turn)
}

/** The outcome: the messages, then the dialogue's sentences as one closing message. */
function close(turn: Turn): AgentOutcome {
  const messages = turn.dialogue.length ? [...turn.messages, turn.dialogue.join(' ')] : [...turn.messages]
  const outcome: AgentOutcome = { state: turn.state, messages: messages.length ? messages : [PHRASES.notUnderstood] }
  if (turn.lead) outcome.lead = turn.lead
  if (turn.appointment) outcome.appointment = turn.appointment
  if (turn.handoff) outcome.handoff = true
  return outcome
}
