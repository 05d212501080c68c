/**
 * The automated chat agent (docs/behaviour.md#agent): one visitor message + the conversation
 * memory in, the agent's messages + the new memory (+ a lead, an appointment, a hand-off) out.
 * No I/O of its own: the catalogue search is injected. Never throws.
 */
import type { Property } from '../../../catalogue/model'
import { agencyPhoneText } from '../../../domain/phone'
import { phoneDigits } from '../../../domain/phone-shape'
import { addressDisplay, mapUrl, whatsappUrl, type AgencyProfile } from '../../../shared/agency'
import { siteIdentity } from '../../../shared/agency-identity'
import { agencyValues } from '../../../shared/agency-placeholders'
import { agentCards, namesOf, siteBase } from './cards'
import type { Search } from './catalogue-search'
import { BUILT_IN_BOOK } from './acts/builtin'
import { classifier } from './classifier'
import type { AgentContext } from './flows/step'
import { PHRASES } from './phrases'
import { agencyCalendar, type AgencyCalendar } from './schedule'
import { normalizeState } from './state'
import { answerMessage, type CatalogueAccess } from './turn'
import type { Agent, AgencyChannels, AgentDeps, AgentOutcome, ConversationState, TurnInput } from './types'
import { createLexicon } from './understand'
import { prepareWhen } from './when'
import { faultLines, log } from '../../safe-log'

/** How the agency is reached, from its profile: what the site's footer and WhatsApp links say too (src/site/data/identity.ts). */
export function agencyChannels(profile: AgencyProfile, calendar: AgencyCalendar = agencyCalendar(profile)): AgencyChannels {
  return {
    whatsapp: whatsappUrl(phoneDigits(profile.whatsapp), 'Hola, vengo del chat del sitio y me gustaría recibir más información.'),
    phone: agencyPhoneText(profile.phone),
    email: profile.email,
    address: addressDisplay(profile),
    map: mapUrl(profile),
    hours: calendar.officeText,
  }
}

/** What the agent knows for its lifetime: the agency, the site, the catalogue's names, the classifier. */
export function createContext(deps: Pick<AgentDeps, 'zones' | 'developments' | 'siteUrl' | 'agency'>): AgentContext {
  const zones = Array.isArray(deps.zones) ? deps.zones : []
  const developments = Array.isArray(deps.developments) ? deps.developments : []
  const base = siteBase(typeof deps.siteUrl === 'string' ? deps.siteUrl : '')
  const names = namesOf(zones, developments)
  const { profile } = deps.agency
  const calendar = agencyCalendar(profile)
  const site = siteIdentity(profile)
  return {
    agency: profile.name || PHRASES.ourAgency,
    base,
    names,
    card: agentCards(base, names),
    developments,
    lexicon: createLexicon(zones, developments),
    channels: agencyChannels(profile, calendar),
    calendar,
    team: deps.agency.team,
    // The agent is made again when the profile changes (chat/responder.ts): these are the live values.
    placeholders: { es: agencyValues(site, 'es'), en: agencyValues(site, 'en') },
    // Trained once per process, on the first message (classifier.ts).
    classify: async (text, language) => (await classifier()).classify(text, language),
    // The built-in entries and the seeded knowledge; createAgent's `knowledge` replaces both with the agency's own.
    book: BUILT_IN_BOOK,
  }
}

/** Trains the intent classifier and builds the date parsers now (a few seconds), so the first visitor does not wait for them. */
export async function prepareAgent(): Promise<void> {
  await classifier()
  prepareWhen()
}

/** What the agent knows of the agency's knowledge at one moment: the book and a classifier (trained for it, or the one before while it trains). */
export type Knowing = Pick<AgentContext, 'book' | 'classify'>

/**
 * Builds the agent over a catalogue search. `knowledge`, asked once per message, is the agency's
 * knowledge as it is now (chat/knowledge-live.ts, docs/knowledge.md), so a changed entry is used
 * by the next message; without it, the built-in book (folder and seed) and its classifier.
 */
export function createAgent(deps: AgentDeps, knowledge?: () => Promise<Knowing>): Agent {
  const built = createContext(deps)
  // Called through `deps` on each search, so a broken dependency fails that search, not the agent.
  const search: Search = (query) => deps.search(query)
  const catalogue: CatalogueAccess = { search, property: (slug) => (deps.property ? deps.property(slug) : findBySearch(search, slug)) }

  return {
    async reply(text: string, stored: ConversationState, input: TurnInput = {}): Promise<AgentOutcome> {
      const now = clock(deps)
      const fresh = (): ConversationState => {
        try {
          return normalizeState(stored)
        } catch {
          return normalizeState(null)
        }
      }
      try {
        const context = knowledge ? { ...built, ...(await knowledge()) } : built
        return await answerMessage(typeof text === 'string' ? text : String(text ?? ''), fresh(), input ?? {}, now, context, catalogue)
      } catch (error) {
        // The visitor's text shaped this failure: its line is escaped and limited like every client's.
        log.error('agent-failed', `[agent] a reply failed: ${faultLines(error)}`)
        const safe = fresh()
        return { state: { ...safe, turns: safe.turns + 1 }, messages: [PHRASES.apology] }
      }
    },
  }
}

/** Without a lookup by slug: the listing search over the slug's words, and the exact match among the results. */
async function findBySearch(search: Search, slug: string): Promise<Property | null> {
  const page = await search({ q: slug.replace(/-/g, ' '), por_pagina: 48 })
  return page.items.find((p) => p.slug === slug) ?? null
}

/** The injected clock, or the system's when it fails or returns no valid date. */
function clock(deps: AgentDeps): Date {
  try {
    const now = deps.now()
    if (now instanceof Date && Number.isFinite(now.getTime())) return now
  } catch {
    // fall through to the system clock
  }
  return new Date()
}
