/**
 * One visitor message answered (docs/behaviour.md#agent): the dialogue, top to bottom. Each flow
 * reads the conversation so far and returns what it adds (messages, memory changes, a lead, an
 * appointment, a hand-off); only the catalogue (search, one property) is awaited.
 */
import type { Property } from '../../../catalogue/model'
import type { Search } from './catalogue-search'
import { askForContact, givesContact, isComplete, offerAdviser, offerToSell, registerLead, rememberContact } from './flows/contact'
import { keepCriteria } from './flows/criteria'
import { askedCurrency, pricesIn } from './flows/currency'
import { answerAboutProperty, answerAboutShown, askedProperty, asksAboutShown, isPropertyQuestion, pricedReference } from './flows/facts'
import { answerQuestions } from './flows/faq'
import { sayUnknownPlace } from './flows/places'
import { focusOnProperty, withinShown } from './flows/focus'
import { acknowledgeWait, handOff } from './flows/handoff'
import { searchCatalogue, shouldSearch, visitsOtherThanShown } from './flows/search'
import { greetFirst, smallTalk } from './flows/small-talk'
import { add, has, quiet, startTurn, type AgentContext, type Turn, type TurnContext } from './flows/step'
import { arrangeVisit, askVisitDay, confirmVisit, wantsVisit } from './flows/visit'
import { answerYesNo } from './flows/yes-no'
import { detectLanguage } from './language'
import { phrasesFor } from './phrases-en'
import { pageOf } from './page'
import type { AgentOutcome, ConversationState, TurnInput } from './types'
import { understand, type Understanding } from './understand'

/** The catalogue as the dialogue reads it: the listing search and one property by slug. */
export interface CatalogueAccess {
  search: Search
  property(slug: string): Promise<Property | null>
}

export async function answerMessage(
  text: string,
  stored: ConversationState,
  input: TurnInput,
  now: Date,
  context: AgentContext,
  catalogue: CatalogueAccess,
): Promise<AgentOutcome> {
  // A bare "Ana López" is a name when the agent is waiting for one.
  const expectingName = !stored.contact.name && (stored.pending !== null || stored.lastAsk === 'contact')
  const language = detectLanguage(text, stored.lang)
  const classification = await context.classify(text, language)
  const understood = pricedReference(stored, understand(text, context.lexicon, now, { expectingName, classification, language, book: context.book }))
  const t: TurnContext = { ...context, now, previousAsk: stored.lastAsk, language, say: phrasesFor(language) }
  const { u: chosen, step: beyondShown } = withinShown(stored, understood, t)
  const u = sellerAsksPrice(stored, chosen) ? { ...chosen, criteria: {}, fact: null, intents: [...chosen.intents, 'sell' as const] } : withoutRestatedOperation(stored, chosen)
  let turn = add(startTurn({ ...stored, turns: stored.turns + 1, lastAsk: null, lang: language }), beyondShown)
  if (u.empty && !has(u, 'yes')) return close(add(turn, { messages: [t.say.emptyMessage] }), t)
  const page = pageOf(input.page, context.developments)

  // Which property the visitor means, and who they are.
  turn = add(turn, focusOnProperty(turn.state, u, page.property))
  turn = add(turn, rememberContact(turn.state, u))

  // «¿y en dólares?» after results: those prices converted, nothing searched.
  const currency = askedCurrency(turn.state, u)
  if (currency) return close(add(turn, pricesIn(turn.state, currency, t, await lookUpShown(catalogue, turn.state))), t)

  // A question about one property is answered from its data, never with a search; «¿en qué zona están?» for each shown.
  const target = askedProperty(turn.state, u, page.property)
  if (asksAboutShown(turn.state, u, target)) return close(add(turn, answerAboutShown(u, t, turn.state.shown, await lookUpShown(catalogue, turn.state))), t)
  const aboutProperty = isPropertyQuestion(u, target, turn.state.shown.length > 0) && !has(u, 'handoff') && !has(u, 'waiting')
  const lookedUp = target && (aboutProperty || has(u, 'downPayment') || has(u, 'credit')) ? await lookUp(catalogue, target) : null
  if (aboutProperty) turn = add(turn, answerAboutProperty(u, t, lookedUp, target, turn.state.shown))
  // An offer of a person the visitor let pass to ask something else is not repeated under the answer.
  const letPass = stored.lastAsk === 'contact' && stored.pending === 'contact' && !givesContact(u) && !has(u, 'yes') && !has(u, 'contact')
  if (aboutProperty && letPass && turn.state.pending === 'contact' && u.fact !== 'unknown') turn = add(turn, { state: { pending: null } })

  // What they ask for: a person; then a visit, to sell, or to be contacted.
  // Waiting only makes sense once the conversation is under way ("hola" alone is a greeting).
  if (has(u, 'waiting') && !has(u, 'handoff') && (stored.handoff || stored.turns > 0)) turn = add(turn, acknowledgeWait(turn.state, t))
  else if (has(u, 'handoff')) turn = add(turn, handOff(turn.state, t))
  const visiting = !aboutProperty && wantsVisit(turn.state, u, t)
  // A visit to something other than the results shown: those are found first, then which one and when.
  const elsewhere = visiting && !page.property && visitsOtherThanShown(turn.state, u)
  if (elsewhere) turn = add(turn, await searchCatalogue(turn.state, u, t, catalogue.search, true))
  const selling = !visiting && has(u, 'sell')
  if (visiting) turn = add(turn, arrangeVisit(turn.state, u, t))
  else if (!selling && has(u, 'contact') && !aboutProperty) turn = add(turn, offerAdviser(turn.state, t))

  // Common questions; a place the agency does not cover; then the search, or the criteria kept without searching.
  const answers = answerQuestions(u, t, lookedUp, turn.state.shown.length > 0, turn.state.seller)
  turn = add(turn, { messages: answers.messages, ...(answers.offersAdviser ? { state: { lastAsk: 'contact' as const } } : {}) })
  // A seller's offer ends asking for their data: after the answers to what they asked («¿cuánto cobran?»).
  if (selling) turn = add(turn, offerToSell(turn.state, t))
  if (!aboutProperty) turn = add(turn, sayUnknownPlace(u, t))
  if (u.outsidePlace && !aboutProperty) {
    turn = add(turn, { messages: [t.say.outOfArea(u.outsidePlace)] })
    turn = add(turn, keepCriteria(turn.state, { ...u, criteria: { ...u.criteria, zona: undefined } }, t))
  } else if (!aboutProperty && !elsewhere && shouldSearch(u, answers.messages.length > 0, visiting, t.book)) {
    turn = add(turn, await searchCatalogue(turn.state, u, t, catalogue.search))
  } else if (visiting || has(u, 'contact')) {
    turn = add(turn, keepCriteria(turn.state, u, t))
  }

  // Nor under a search or another answer, unless they asked for a person or to sell (they still want one).
  if (letPass && !stored.handoff && !stored.seller && !aboutProperty && (turn.searched || answers.messages.length > 0) && turn.state.pending === 'contact') {
    turn = add(turn, { state: { pending: null } })
  }

  // A bare "sí" or "no" answers what the agent asked last.
  turn = add(turn, answerYesNo(turn.state, u, t, visiting || turn.searched || turn.handoff))

  // Complete contact data books the held visit and registers the lead; else ask for what is missing.
  if (isComplete(turn.state.contact)) {
    turn = add(turn, confirmVisit(turn.state, u, t))
    turn = add(turn, registerLead(turn.state, u, t, turn))
    if (!turn.dialogue.length) turn = add(turn, askVisitDay(turn.state, u, t))
  } else {
    turn = add(turn, askForContact(turn.state, u, t, turn))
  }

  // Nothing said yet: small talk. Otherwise a first "hola" is greeted back.
  turn = quiet(turn) ? add(turn, smallTalk(turn.state, u, t)) : greetFirst(turn, u, t)
  return close(turn, t)
}

/**
 * Spanish contractions where a template meets a name with its article: "de el Polígono Sur" →
 * "del Polígono Sur", "a el Centro" → "al Centro" (docs/behaviour.md#agent-language). Markdown
 * link targets are left alone.
 */
export function contract(text: string): string {
  return text.replace(/(\]\([^)]*\))|\b([Dd]e|[Aa]) el\b/g, (whole, link: string | undefined, word: string) => {
    if (link) return whole
    return word.toLowerCase() === 'de' ? `${word.charAt(0)}el` : `${word.charAt(0)}l`
  })
}

/** One property, or null when the catalogue fails (the answer says it was not found). */
async function lookUp(catalogue: CatalogueAccess, slug: string): Promise<Property | null> {
  try {
    return await catalogue.property(slug)
  } catch {
    return null
  }
}

/** What a price question says when the visitor sells or rents out their own («¿cuánto podría pedir de renta?»). */
const ASKS_PRICE = /\b(?:cuanto|precio|how much|what price|worth)\b/

/**
 * A seller asking what to ask for theirs («¿cuánto podría pedir de renta?»): a question about
 * their property, not a search of the agency's listings (docs/behaviour.md#agent-sellers).
 */
function sellerAsksPrice(state: ConversationState, u: Understanding): boolean {
  return state.seller && Object.keys(u.criteria).every((key) => key === 'operacion') && ASKS_PRICE.test(u.norm) && !has(u, 'commission')
}

/**
 * «¿qué incluye la renta?» about rentals shown: «renta» names the rent asked about, not a new
 * search for what is already searched.
 */
function withoutRestatedOperation(state: ConversationState, u: Understanding): Understanding {
  const keys = Object.keys(u.criteria)
  const restated = u.fact !== null && state.shown.length > 0 && keys.length === 1 && keys[0] === 'operacion' && u.criteria.operacion === state.criteria.operacion
  return restated ? { ...u, criteria: {} } : u
}

/** Each of the results shown, looked up, in their order. */
function lookUpShown(catalogue: CatalogueAccess, state: ConversationState): Promise<Array<Property | null>> {
  return Promise.all(state.shown.map((p) => lookUp(catalogue, p.slug)))
}

/** The outcome: the messages, then the dialogue's sentences as one closing message. */
function close(turn: Turn, t: TurnContext): AgentOutcome {
  const messages = turn.dialogue.length ? [...turn.messages, turn.dialogue.join(' ')] : [...turn.messages]
  const said = messages.length ? messages : [t.say.notUnderstood]
  const outcome: AgentOutcome = { state: turn.state, messages: t.language === 'es' ? said.map(contract) : said }
  if (turn.lead) outcome.lead = turn.lead
  if (turn.appointment) outcome.appointment = turn.appointment
  if (turn.handoff) outcome.handoff = true
  return outcome
}
