/**
 * Answers to common questions (docs/behaviour.md#agent-questions): office hours and location,
 * rental requirements, credit, buying as a foreigner, the pre-sale process, who the agent is. Pure.
 */
import { PHRASES } from '../phrases'
import type { Understanding } from '../understand'
import { has, type TurnContext } from './step'

/** One answer per question the message asks, in a fixed order. */
export function answerQuestions(u: Understanding, t: TurnContext): string[] {
  const answers: string[] = []
  const hours = has(u, 'hours')
  const location = has(u, 'location')
  if (hours || location) answers.push(PHRASES.faq.hoursAndLocation({ hours, location }))
  if (has(u, 'rentRequirements')) answers.push(PHRASES.faq.rentRequirements)
  if (has(u, 'credit') || has(u, 'foreigner')) answers.push(PHRASES.faq.credit(has(u, 'foreigner') && !has(u, 'credit')))
  if (has(u, 'presale')) answers.push(PHRASES.faq.presaleProcess)
  if (has(u, 'who')) answers.push(PHRASES.faq.whoAmI(t.agency))
  return answers
}
