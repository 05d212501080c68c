// Fixed inputs for the agent's flows (tests/unit/agent-flows-*.test.ts): an understanding written
// by hand, the memory and the context of a turn, so each flow is tested without understand(); and
// the whole agent over the demo catalogue, with a conversation that keeps its state between turns.
import { readFileSync } from 'node:fs'
import { filterListings } from '../../src/catalogue/listing-index'
import type { ListingPage, ListingQuery } from '../../src/catalogue/listing-query'
import type { Catalogue, Property } from '../../src/catalogue/model'
import { createAgent, type AgentDeps, type AgentOutcome, type TurnInput } from '../../src/server/chat/agent'
import { createContext } from '../../src/server/chat/agent/agent'
import type { TurnContext } from '../../src/server/chat/agent/flows/step'
import type { Language } from '../../src/server/chat/agent/language'
import { phrasesFor } from '../../src/server/chat/agent/phrases-en'
import { INITIAL_STATE } from '../../src/server/chat/agent/state'
import type { ConversationState } from '../../src/server/chat/agent/types'
import type { Understanding } from '../../src/server/chat/agent/understand'
import { readAgency } from './catalogue'

export const catalogue = JSON.parse(readFileSync(new URL('../../content/catalogue.json', import.meta.url), 'utf8')) as Catalogue

/** Saturday 21 November 2026, 10:00 in Cancún. */
export const SATURDAY = new Date('2026-11-21T15:00:00Z')

/** A message that says nothing, with `over` what it says. */
export function understood(over: Partial<Understanding> = {}): Understanding {
  const language = over.language ?? 'es'
  return {
    criteria: {},
    removeAmenities: [],
    clearPrice: false,
    clearZone: false,
    otherZone: false,
    leaveOutZone: null,
    clearType: false,
    cheaper: false,
    more: false,
    newSearch: false,
    intents: [],
    contact: { name: null, phone: null, email: null, invalidPhone: null, invalidEmail: null, rest: '' },
    when: { date: null, time: null },
    impossibleDate: null,
    ordinal: null,
    demonstrative: false,
    propertySlug: null,
    english: language === 'en',
    language,
    topic: null,
    fact: null,
    pick: null,
    asksBeach: false,
    outsidePlace: null,
    unknownPlace: null,
    empty: false,
    norm: '',
    ...over,
  }
}

/** The memory of a conversation: the initial one, with `over`. */
export function memory(over: Partial<ConversationState> = {}): ConversationState {
  return { ...INITIAL_STATE, ...over }
}

/** What the agent knows of the demo agency and catalogue (createContext), as the whole turn gets it. */
export const context = createContext({
  agency: readAgency(),
  siteUrl: 'http://localhost:3000',
  zones: catalogue.zones,
  developments: catalogue.developments,
})

/** What a flow knows while answering, in `language`; the classifier is never asked. */
export function turnContext(language: Language = 'es', over: Partial<TurnContext> = {}): TurnContext {
  return {
    ...context,
    classify: async () => ({ topic: null, score: 0 }),
    now: SATURDAY,
    previousAsk: null,
    language,
    say: phrasesFor(language),
    ...over,
  }
}

/** A property of the catalogue by slug (the first of an operation when no slug is given). */
export function listing(operation: 'venta' | 'renta' | 'preventa') {
  const property = catalogue.properties.find((p) => p.operation === operation && p.status === 'disponible')
  if (!property) throw new Error(`no ${operation} in the catalogue`)
  return property
}

/** The catalogue search, in memory: the same criteria, order and pages as the storage's SQL search; each query goes to `log`. */
export function catalogueSearch(live: Catalogue = catalogue, log: ListingQuery[] = []) {
  return async (query: ListingQuery): Promise<ListingPage<Property>> => {
    log.push(query)
    return filterListings(live, query)
  }
}

/** The agent of the demo agency over `live` (the demo catalogue unless told), on SATURDAY; `over` replaces any of it. */
export function demoAgent(over: Partial<AgentDeps> = {}, live: Catalogue = catalogue) {
  return createAgent({
    search: catalogueSearch(live),
    zones: live.zones,
    developments: live.developments,
    siteUrl: 'http://localhost:3000',
    agency: readAgency(),
    now: () => SATURDAY,
    ...over,
  })
}

/**
 * A conversation with demoAgent(over, live): each reply's state goes through JSON, as the chat
 * namespace stores it; `log` holds what the catalogue search was asked (unless `over` has its own).
 */
export function conversation(over: Partial<AgentDeps> = {}, live: Catalogue = catalogue) {
  const log: ListingQuery[] = []
  const agent = demoAgent({ search: catalogueSearch(live, log), ...over }, live)
  let state: ConversationState = INITIAL_STATE
  return {
    log,
    get state() {
      return state
    },
    async say(text: string, input: TurnInput = {}): Promise<AgentOutcome> {
      const outcome = await agent.reply(text, state, input)
      state = JSON.parse(JSON.stringify(outcome.state)) as ConversationState
      return outcome
    },
  }
}
