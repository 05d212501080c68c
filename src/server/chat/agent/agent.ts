/**
 * The automated chat agent (docs/behaviour.md#agent): one visitor message + the conversation
 * memory in, the agent's messages + the new memory (+ a lead, an appointment, a hand-off) out.
 * No I/O of its own: the catalogue search is injected. Never throws.
 */
import { namesOf, siteBase } from './cards'
import type { Search } from './catalogue-search'
import type { AgentContext } from './flows/step'
import { PHRASES } from './phrases'
import { normalizeState } from './state'
import { answerMessage } from './turn'
import type { Agent, AgentDeps, AgentOutcome, ConversationState } from './types'
import { createLexicon } from './understand'

/** Builds the agent over a catalogue search. */
export function createAgent(deps: AgentDeps): Agent {
  const zones = Array.isArray(deps.zones) ? deps.zones : []
  const developments = Array.isArray(deps.developments) ? deps.developments : []
  const context: AgentContext = {
    agency: deps.agencyName || PHRASES.ourAgency,
    base: siteBase(typeof deps.siteUrl === 'string' ? deps.siteUrl : ''),
    names: namesOf(zones, developments),
    developments,
    lexicon: createLexicon(zones, developments),
  }
  // Called through `deps` on each search, so a broken dependency fails that search, not the agent.
  const search: Search = (query) => deps.search(query)

  return {
    async reply(text: string, stored: ConversationState): Promise<AgentOutcome> {
      const now = clock(deps)
      const fresh = (): ConversationState => {
        try {
          return normalizeState(stored)
        } catch {
          return normalizeState(null)
        }
      }
      try {
        return await answerMessage(typeof text === 'string' ? text : String(text ?? ''), fresh(), now, context, search)
      } catch (error) {
        console.error('[agent]', error)
        const safe = fresh()
        return { state: { ...safe, turns: safe.turns + 1 }, messages: [PHRASES.apology] }
      }
    },
  }
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
