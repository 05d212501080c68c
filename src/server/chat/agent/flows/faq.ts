/**
 * Answers to common questions (docs/behaviour.md#agent-questions): contact channels, office hours
 * and location, rental requirements and term, paying in dollars, the weather, credit (not for a rental), down payment (resale or pre-sale, by the property
 * discussed), buying as a foreigner, closing costs, commission, the pre-sale process, who the
 * agent is, what an investment returns. Pure.
 */
import type { Property } from '../../../../catalogue/model'
import type { Understanding } from '../understand'
import { has, type TurnContext } from './step'

/** The answers to the questions a message asks, and whether they end by offering an adviser. */
export interface Answers {
  messages: string[]
  /** «¿Quieres que un asesor te ayude a calcular tu crédito?»: a «sí» then asks for the contact data. */
  offersAdviser: boolean
}

/**
 * One answer per question the message asks, in a fixed order. `property`: the one discussed, if
 * looked up; `searching`: results are on screen; `seller`: the visitor said earlier they sell or rent out theirs.
 */
export function answerQuestions(u: Understanding, t: TurnContext, property: Property | null, searching: boolean, seller = false): Answers {
  const say = t.say
  const answers: string[] = []
  if (has(u, 'contactChannels')) answers.push(say.channels(t.channels))
  const hours = has(u, 'hours')
  const location = has(u, 'location')
  if (!has(u, 'contactChannels') && (hours || location)) answers.push(say.faq.hoursAndLocation({ hours, location }, t.channels))
  if (has(u, 'rentRequirements')) answers.push(say.faq.rentRequirements)
  // «depa en renta en Puerto Cancún por 6 meses» is searched in the same turn: what to look for is not asked.
  if (has(u, 'rentTerm')) answers.push(say.faq.rentTerm(u.criteria.tipo !== undefined || u.criteria.zona !== undefined ? 'searching' : searching ? 'shown' : 'ask'))
  if (has(u, 'currency')) answers.push(say.faq.currency)
  if (has(u, 'weather')) answers.push(say.faq.weather)
  if (has(u, 'room')) answers.push(say.faq.room)
  if (has(u, 'zones')) answers.push(say.faq.zones)
  // A credit buys: asked about a rental, it says so instead of the ways to buy (and offers no adviser for it).
  const creditForRental = has(u, 'credit') && property?.operation === 'renta'
  if (creditForRental) answers.push(say.faq.creditForRental(property.title))
  // A foreigner asking about credit gets the ways open to them (no Infonavit), not the general list.
  // «tengo 800 mil de crédito, ¿qué me alcanza?»: the search answers with that budget; the ways to add to it, in a line.
  else if (has(u, 'credit') && !has(u, 'foreigner') && u.criteria.precio_max !== undefined) answers.push(say.faq.creditBudget)
  else if (has(u, 'credit') || has(u, 'foreigner')) answers.push(say.faq.credit(has(u, 'foreigner')))
  if (has(u, 'downPayment')) answers.push(say.money.downPayment(property ? (property.operation === 'preventa' ? 'preventa' : 'venta') : null))
  else if (has(u, 'presale') && !(u.topic === 'presale' && u.criteria.tipo)) answers.push(say.faq.presaleProcess)
  if (has(u, 'closingCosts')) answers.push(say.money.closingCosts)
  if (has(u, 'commission')) answers.push(say.money.commission(seller || has(u, 'sell')))
  if (has(u, 'returns')) answers.push(say.money.returns)
  if (has(u, 'who')) answers.push(say.faq.whoAmI(t.agency))
  const adviser = !creditForRental && (has(u, 'credit') || has(u, 'foreigner') || has(u, 'downPayment') || has(u, 'returns'))
  return { messages: answers, offersAdviser: answers.length > 0 && adviser }
}
