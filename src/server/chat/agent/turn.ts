/**
 * One visitor message answered (docs/behaviour.md#agent): the dialogue, top to bottom, as an
 * ordered table of steps (TURN), each a guard and a flow (docs/agent-data.md). Each flow reads
 * the conversation so far and returns what it adds (messages, memory changes, a lead, an
 * appointment, a hand-off); only the catalogue (search, one property) is awaited.
 */
import type { Property } from '../../../catalogue/model'
import type { Search } from './catalogue-search'
import { askForContact, givesContact, isComplete, offerAdviser, offerToSell, registerLead, rememberContact } from './flows/contact'
import { keepCriteria } from './flows/criteria'
import { askedCurrency, pricesIn } from './flows/currency'
import { answerAboutProperty, answerAboutShown, askedProperty, asksAboutShown, isPropertyQuestion, pricedReference } from './flows/facts'
import { answerQuestions, type Answers } from './flows/faq'
import { sayUnknownPlace } from './flows/places'
import { focusOnProperty, propertyOfInterest, withinShown } from './flows/focus'
import { acknowledgeWait, askedForMember, handOff, handOffToMember } from './flows/handoff'
import { searchCatalogue, shouldSearch, visitsOtherThanShown } from './flows/search'
import { greetFirst, smallTalk } from './flows/small-talk'
import { add, has, quiet, startTurn, type AgentContext, type Step, type Turn, type TurnContext } from './flows/step'
import { arrangeVisit, askVisitDay, confirmVisit, refuseVisit, wantsVisit } from './flows/visit'
import { answerYesNo } from './flows/yes-no'
import { sendTranscript, wantsTranscript } from './flows/transcript'
import { detectLanguage } from './language'
import { phrasesFor } from './phrases-en'
import { pageOf } from './page'
import type { AgentOutcome, ConversationState, HandoffOutlook, TeamContact, TurnInput } from './types'
import { understandActs, type Understanding } from './understand'

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
  // The acts of the message in order; only the first is answered for now (understand.ts says how several will be).
  const [act] = understandActs(text, context.lexicon, now, { expectingName, classification, language, book: context.book })
  const t: TurnContext = { ...context, now, previousAsk: stored.lastAsk, language, say: phrasesFor(language) }
  const { u: chosen, step: beyondShown } = withinShown(stored, pricedReference(stored, act), t)
  const u = sellerAsksPrice(stored, chosen) ? { ...chosen, criteria: {}, fact: null, intents: [...chosen.intents, 'sell'] } : withoutRestatedOperation(stored, chosen)
  const run: Run = {
    stored,
    u,
    t,
    catalogue,
    page: pageOf(input.page, context.developments),
    member: askedForMember(text, context.team),
    // Asked only by a step that hands off; a failure is said as the office hours say it.
    outlook: (member) => (input.routing ? input.routing(member).catch(() => null) : Promise.resolve(null)),
    turn: add(startTurn({ ...stored, turns: stored.turns + 1, lastAsk: null, lang: language }), beyondShown),
    closed: false,
    target: null,
    aboutProperty: false,
    lookedUp: null,
    letPass: false,
    visiting: false,
    elsewhere: false,
    selling: false,
    answers: { messages: [], offersAdviser: false },
  }
  for (const step of TURN) {
    if (!step.when(run)) continue
    await step.run(run)
    if (run.closed) break
  }
  return close(run.turn, t)
}

/** One turn being answered: the message understood, and what the steps so far found and said. */
export interface Run {
  readonly stored: ConversationState
  readonly u: Understanding
  readonly t: TurnContext
  readonly catalogue: CatalogueAccess
  readonly page: { property: string | null }
  /** The team member the visitor asked for by name, if any. */
  readonly member: TeamContact | null
  /** Who would answer if the visitor asked for a person now (`member`: one asked for by name); null without a console. */
  readonly outlook: (member: string | null) => Promise<HandoffOutlook | null>
  turn: Turn
  /** The answer is complete: no later step runs. */
  closed: boolean
  /** The property a question is about (askedProperty). */
  target: string | null
  /** The message asks about one property: answered from its data, never with a search. */
  aboutProperty: boolean
  /** The property discussed, looked up for a question about it, its down payment or credit. */
  lookedUp: Property | null
  /** The visitor let an offer of a person pass to ask something else: it is not repeated. */
  letPass: boolean
  visiting: boolean
  /** A visit to something other than the results shown: those are searched first. */
  elsewhere: boolean
  selling: boolean
  /** The common questions answered. */
  answers: Answers
}

/** One entry of the turn: when it applies, and the flow it runs. */
export interface TurnStep {
  name: string
  when(run: Run): boolean
  run(run: Run): void | Promise<void>
}

const always = () => true
/** A place the agency does not cover, named in a message that is no property question. */
const outOfArea = (r: Run) => r.u.outsidePlace !== null && !r.aboutProperty
/** The message asks for a search (flows/search.ts), and no earlier step searched or answers about a property instead. */
const searches = (r: Run) => !r.aboutProperty && !r.elsewhere && shouldSearch(r.u, r.answers.messages.length > 0, r.visiting, r.t.book)
const say = (run: Run, step: Step) => {
  run.turn = add(run.turn, step)
}

/**
 * The dialogue, top to bottom (docs/agent-data.md#the-turn): each entry a guard and a flow.
 * Entries read what earlier ones found on the run (a property question is not a visit).
 */
export const TURN: readonly TurnStep[] = [
  {
    name: 'empty message',
    when: (r) => r.u.empty && !has(r.u, 'yes'),
    run(r) {
      say(r, { messages: [r.t.say.emptyMessage] })
      r.closed = true
    },
  },
  {
    // Which property the visitor means, and who they are.
    name: 'focus and contact data',
    when: always,
    run(r) {
      say(r, focusOnProperty(r.turn.state, r.u, r.page.property))
      say(r, rememberContact(r.turn.state, r.u))
      r.target = askedProperty(r.turn.state, r.u, r.page.property)
    },
  },
  {
    // «envíame la conversación», or the address the agent asked for it: the copy goes, nothing else is answered.
    name: 'a copy of the conversation',
    when: (r) => wantsTranscript(r.stored, r.u),
    run(r) {
      say(r, sendTranscript(r.turn.state, r.u, r.t))
      r.closed = true
    },
  },
  {
    // «¿y en dólares?» after results: those prices converted, nothing searched.
    name: 'prices in another currency',
    when: (r) => askedCurrency(r.turn.state, r.u) !== null,
    async run(r) {
      const currency = askedCurrency(r.turn.state, r.u) ?? 'MXN'
      say(r, pricesIn(r.turn.state, currency, r.t, await lookUpShown(r.catalogue, r.turn.state)))
      r.closed = true
    },
  },
  {
    // «¿en qué zona están?»: answered for each property shown.
    name: 'question about the results shown',
    when: (r) => asksAboutShown(r.turn.state, r.u, r.target),
    async run(r) {
      say(r, answerAboutShown(r.u, r.t, r.turn.state.shown, await lookUpShown(r.catalogue, r.turn.state)))
      r.closed = true
    },
  },
  {
    // A question about one property is answered from its data, never with a search.
    name: 'question about one property',
    when: always,
    async run(r) {
      const { u, turn } = r
      r.aboutProperty = isPropertyQuestion(u, r.target, turn.state.shown.length > 0) && !has(u, 'handoff') && !has(u, 'waiting')
      r.lookedUp = r.target && (r.aboutProperty || has(u, 'downPayment') || has(u, 'credit')) ? await lookUp(r.catalogue, r.target) : null
      if (r.aboutProperty) say(r, answerAboutProperty(u, r.t, r.lookedUp, r.target, turn.state.shown))
      // An offer of a person the visitor let pass to ask something else is not repeated under the answer.
      r.letPass = r.stored.lastAsk === 'contact' && r.stored.pending === 'contact' && !givesContact(u) && !has(u, 'yes') && !has(u, 'contact')
      if (r.aboutProperty && r.letPass && r.turn.state.pending === 'contact' && u.fact !== 'unknown') say(r, { state: { pending: null } })
    },
  },
  {
    // Waiting only makes sense once the conversation is under way ("hola" alone is a greeting).
    name: 'still waiting for a person',
    when: (r) => has(r.u, 'waiting') && !has(r.u, 'handoff') && (r.stored.handoff || r.stored.turns > 0),
    run: async (r) => say(r, acknowledgeWait(r.turn.state, r.t, await r.outlook(null))),
  },
  {
    // «quiero hablar con Mariana»: handed to her (docs/agency.md#the-team), and nothing else is answered.
    name: 'a member of the team asked for',
    when: (r) => r.member !== null,
    async run(r) {
      say(r, handOffToMember(r.turn.state, r.t, r.member!, await r.outlook(r.member!.accountId)))
      r.closed = true
    },
  },
  {
    name: 'a person asked for',
    when: (r) => has(r.u, 'handoff'),
    run: async (r) => say(r, handOff(r.turn.state, r.t, await r.outlook(null))),
  },
  {
    // What they ask for besides a person: a visit, to sell, or to be contacted (a property question is none of them).
    name: 'a visit or a sale?',
    when: always,
    run(r) {
      r.visiting = !r.aboutProperty && wantsVisit(r.turn.state, r.u, r.t)
      r.elsewhere = r.visiting && !r.page.property && visitsOtherThanShown(r.turn.state, r.u)
      r.selling = !r.visiting && has(r.u, 'sell')
    },
  },
  {
    // A visit to something other than the results shown: those are found first, then which one and when.
    name: 'a visit',
    when: (r) => r.visiting,
    async run(r) {
      if (r.elsewhere) say(r, await searchCatalogue(r.turn.state, r.u, r.t, r.catalogue.search, true))
      const refused = await refuseUnavailableVisit(r)
      say(r, refused ?? arrangeVisit(r.turn.state, r.u, r.t))
    },
  },
  {
    name: 'to be contacted',
    when: (r) => !r.visiting && !r.selling && has(r.u, 'contact') && !r.aboutProperty,
    run: (r) => say(r, offerAdviser(r.turn.state, r.t)),
  },
  {
    name: 'common questions',
    when: always,
    run(r) {
      r.answers = answerQuestions(r.u, r.t, r.lookedUp, r.turn.state.shown.length > 0, r.turn.state.seller)
      say(r, { messages: r.answers.messages, ...(r.answers.offersAdviser ? { state: { lastAsk: 'contact' as const } } : {}) })
    },
  },
  {
    // A seller's offer ends asking for their data: after the answers to what they asked («¿cuánto cobran?»).
    name: 'to sell',
    when: (r) => r.selling,
    run: (r) => say(r, offerToSell(r.turn.state, r.t)),
  },
  {
    name: 'a place the catalogue does not have',
    when: (r) => !r.aboutProperty,
    run: (r) => say(r, sayUnknownPlace(r.u, r.t)),
  },
  {
    name: 'a place outside the area',
    when: outOfArea,
    run(r) {
      say(r, { messages: [r.t.say.outOfArea(r.u.outsidePlace ?? '')] })
      say(r, keepCriteria(r.turn.state, { ...r.u, criteria: { ...r.u.criteria, zona: undefined } }, r.t))
    },
  },
  {
    name: 'the search',
    when: (r) => !outOfArea(r) && searches(r),
    async run(r) {
      say(r, await searchCatalogue(r.turn.state, r.u, r.t, r.catalogue.search))
    },
  },
  {
    // Criteria said with a visit or a request to be contacted are kept without searching.
    name: 'criteria kept',
    when: (r) => !outOfArea(r) && !searches(r) && (r.visiting || has(r.u, 'contact')),
    run: (r) => say(r, keepCriteria(r.turn.state, r.u, r.t)),
  },
  {
    // Nor under a search or another answer, unless they asked for a person or to sell (they still want one).
    name: 'an offer let pass',
    when: (r) =>
      r.letPass && !r.stored.handoff && !r.stored.seller && !r.aboutProperty && (r.turn.searched || r.answers.messages.length > 0) && r.turn.state.pending === 'contact',
    run: (r) => say(r, { state: { pending: null } }),
  },
  {
    // A bare "sí" or "no" answers what the agent asked last.
    name: 'yes or no',
    when: always,
    run: (r) => say(r, answerYesNo(r.turn.state, r.u, r.t, r.visiting || r.turn.searched || r.turn.handoff)),
  },
  {
    // Complete contact data books the held visit and registers the lead; else what is missing is asked for.
    name: 'lead, visit or contact data',
    when: always,
    async run(r) {
      if (!isComplete(r.turn.state.contact)) return say(r, askForContact(r.turn.state, r.u, r.t, r.turn))
      // The property may have been sold since the slot was held: looked up again before booking.
      const held = r.turn.state.pending === 'appointment' && r.turn.state.visit.at !== null
      const refused = held ? await refuseUnavailableVisit(r) : null
      say(r, refused ?? confirmVisit(r.turn.state, r.u, r.t))
      say(r, registerLead(r.turn.state, r.u, r.t, r.turn))
      if (!r.turn.dialogue.length) say(r, askVisitDay(r.turn.state, r.u, r.t))
    },
  },
  {
    // Nothing said yet: small talk. Otherwise a first "hola" is greeted back.
    name: 'small talk',
    when: always,
    run(r) {
      r.turn = quiet(r.turn) ? add(r.turn, smallTalk(r.turn.state, r.u, r.t)) : greetFirst(r.turn, r.u, r.t)
    },
  },
]

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

/** A visit to the property of interest refused when it is no longer offered (flows/visit.ts `refuseVisit`). */
async function refuseUnavailableVisit(r: Run): Promise<Step | null> {
  const slug = propertyOfInterest(r.turn.state)
  return slug ? refuseVisit(r.turn.state, await lookUp(r.catalogue, slug), r.t) : null
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
  if (turn.handoffTo) outcome.handoffTo = turn.handoffTo
  if (turn.route) outcome.route = turn.route
  if (turn.unanswered) outcome.unanswered = true
  if (turn.transcript) outcome.transcript = { email: turn.transcript, language: t.language }
  return outcome
}
