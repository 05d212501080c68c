// Fixed inputs for the agent's flows (tests/unit/agent-flows-*.test.ts): an understanding written
// by hand, the memory and the context of a turn, so each flow is tested without understand().
import { readFileSync } from 'node:fs'
import type { Catalogue } from '../../src/catalogue/model'
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

const context = createContext({
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
