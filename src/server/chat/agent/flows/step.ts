/**
 * The shape every flow shares: what the agent knows while answering one message (`TurnContext`),
 * what one flow adds to the answer (`Step`), and the answer being built (`Turn`). Pure.
 */
import type { Development } from '../../../../catalogue/model'
import type { AgencyValues } from '../../../../shared/agency-placeholders'
import type { Cards, Names } from '../cards'
import type { Classify } from '../classifier'
import type { Language } from '../language'
import type { Phrases } from '../phrases'
import type { AgencyChannels, AgentAppointment, AgentLead, ConversationState, HandoffOutlook, LastAsk, TeamContact } from '../types'
import type { IntentBook } from '../acts/load'
import type { AgencyCalendar } from '../schedule'
import type { KnownIntent } from '../acts/names'
import type { Lexicon, Understanding } from '../understand'

/** The catalogue, the site and the agency, fixed for the agent's lifetime (it is made again when they change). */
export interface AgentContext {
  /** The agency's name in the agent's messages. */
  agency: string
  /** The site's base URL, without a trailing slash. */
  base: string
  names: Names
  /** A property's card (made once per property, language and currency). */
  card: Cards
  developments: readonly Development[]
  lexicon: Lexicon
  channels: AgencyChannels
  /** The agency's week and closures (its profile): hours answers and visit slots. */
  calendar: AgencyCalendar
  /** The agency's team, whom a visitor may ask for by name. */
  team: readonly TeamContact[]
  /** What fills the {placeholders} of the agency's knowledge answers, per language (src/shared/agency-placeholders.ts). */
  placeholders: Record<Language, AgencyValues>
  classify: Classify
  /** The intents the agent knows and answers (acts/load.ts): the built-in entries, later an agency's own too. */
  book: IntentBook
}

/** What the agent knows while answering one message. */
export interface TurnContext extends AgentContext {
  now: Date
  /** What the agent asked at the end of its previous turn: "sí" and "no" answer it. */
  previousAsk: LastAsk
  /** The visitor's language, and everything the agent says in it. */
  language: Language
  say: Phrases
}

/** Why the visitor wants an adviser (the lead's note says it). */
export type LeadReason = 'sell' | 'handoff' | 'contact'

/** What one flow adds to the answer. Everything is optional: a flow that has nothing to do returns `{}`. */
export interface Step {
  /** The fields of the conversation memory it changes. */
  state?: Partial<ConversationState>
  /** Messages of their own: answers to questions, result intros, cards. */
  messages?: readonly string[]
  /** Sentences of the closing message: what the agent confirms or asks next. */
  dialogue?: readonly string[]
  lead?: AgentLead
  appointment?: AgentAppointment
  handoff?: true
  /** The account of the team member the visitor asked for: the conversation becomes theirs. */
  handoffTo?: string
  /** Who the visitor was told will answer (docs/console.md#routing). */
  route?: HandoffOutlook
  reason?: LeadReason
  /** It already asked for name and phone (the contact prompt need not ask again). */
  askedContact?: true
  /** The catalogue answered a search. */
  searched?: true
  /** Nothing the agent knows answered: it said it did not understand. */
  unanswered?: true
  /** A copy of the conversation goes to this address (flows/transcript.ts). */
  transcript?: string
}

/** The answer being built, step by step. */
export interface Turn {
  readonly state: ConversationState
  readonly messages: readonly string[]
  readonly dialogue: readonly string[]
  readonly lead?: AgentLead
  readonly appointment?: AgentAppointment
  readonly handoff: boolean
  readonly handoffTo?: string
  readonly route?: HandoffOutlook
  readonly reasons: readonly LeadReason[]
  readonly askedContact: boolean
  readonly searched: boolean
  readonly unanswered: boolean
  readonly transcript?: string
}

export function startTurn(state: ConversationState): Turn {
  return { state: frozen(state), messages: [], dialogue: [], handoff: false, reasons: [], askedContact: false, searched: false, unanswered: false }
}

/** The turn with one more step: its state changes applied, its messages and sentences appended. */
export function add(turn: Turn, step: Step): Turn {
  return {
    state: step.state ? frozen({ ...turn.state, ...step.state }) : turn.state,
    messages: step.messages?.length ? [...turn.messages, ...step.messages] : turn.messages,
    dialogue: step.dialogue?.length ? [...turn.dialogue, ...step.dialogue] : turn.dialogue,
    lead: step.lead ?? turn.lead,
    appointment: step.appointment ?? turn.appointment,
    handoff: turn.handoff || step.handoff === true,
    handoffTo: step.handoffTo ?? turn.handoffTo,
    route: step.route ?? turn.route,
    reasons: step.reason ? [...turn.reasons, step.reason] : turn.reasons,
    askedContact: turn.askedContact || step.askedContact === true,
    searched: turn.searched || step.searched === true,
    unanswered: turn.unanswered || step.unanswered === true,
    transcript: step.transcript ?? turn.transcript,
  }
}

/** Nothing said yet in this turn. */
export function quiet(turn: Turn): boolean {
  return !turn.messages.length && !turn.dialogue.length
}

/** Whether the message carries one of the intents the flows know by name. */
export function has(u: Understanding, intent: KnownIntent): boolean {
  return u.intents.includes(intent)
}

/** The memory is frozen while a turn is built: a flow that assigns instead of returning its change fails at once. */
function frozen<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  for (const inner of Object.values(value)) frozen(inner)
  return Object.freeze(value)
}
