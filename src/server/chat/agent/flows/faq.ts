/**
 * Answers to common questions (docs/behaviour.md#agent-questions): every intent entry with an
 * answer (intents/*.ts, docs/agent-data.md) that the message asks, in the entries' order. The
 * entries decide what they say and when (credit not for a rental, hours and location in one
 * answer); this flow only collects them. Pure.
 */
import type { Property } from '../../../../catalogue/model'
import type { AnswerContext } from '../acts/entry'
import type { Understanding } from '../understand'
import type { TurnContext } from './step'

/** The answers to the questions a message asks, and whether they end by offering an adviser. */
export interface Answers {
  messages: string[]
  /** «¿Quieres que un asesor te ayude a calcular tu crédito?»: a «sí» then asks for the contact data. */
  offersAdviser: boolean
}

/**
 * One answer per question the message asks, in the entries' order. `property`: the one
 * discussed, if looked up; `searching`: results are on screen; `seller`: the visitor said earlier
 * they sell or rent out theirs.
 */
export function answerQuestions(u: Understanding, t: TurnContext, property: Property | null, searching: boolean, seller = false): Answers {
  const asked = new Set(u.intents)
  const c: AnswerContext = {
    u,
    asked: (intent) => asked.has(intent),
    property,
    searching,
    seller,
    agency: t.agency,
    channels: t.channels,
    calendar: t.calendar,
    placeholders: t.placeholders,
    now: t.now,
    language: t.language,
    say: t.say,
  }
  const messages: string[] = []
  let adviser = false
  let noAdviser = false
  for (const entry of t.book.answers) {
    if (!asked.has(entry.name)) continue
    const reply = t.book.answer(entry, c)
    if (reply === null) continue
    const [text, followUp] = typeof reply === 'string' ? [reply, entry.followUp] : [reply.text, reply.followUp]
    messages.push(text)
    if (followUp === 'adviser') adviser = true
    if (followUp === 'none') noAdviser = true
  }
  return { messages, offersAdviser: adviser && !noAdviser }
}
