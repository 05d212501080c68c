import { createListingIndex } from '../../catalogue/listing-index'
import type { LiveCatalogue } from '../catalogue/live'
import type { Storage } from '../storage'
import { createAgent, INITIAL_STATE, prepareAgent, type ConversationState } from './agent'
import { liveKnowledge, unmatchedQuestion } from './knowledge-live'
import type { Responder } from './namespace'
import type { Clock } from '../clock'

export interface CatalogueAgent {
  respond: Responder
  close(): Promise<void>
}

/**
 * The automated agent answering from the catalogue (docs/behaviour.md#agent). Its listing search is the
 * in-memory index (catalogue/listing-index.ts: the same criteria and order as the SQL search,
 * docs/behaviour.md#chat-at-load), built from the live catalogue and rebuilt in the moment it
 * changes (docs/live-site.md), so a turn reads nothing from the database.
 */
export async function catalogueAgent(live: LiveCatalogue, knowledgeStore: Storage['knowledge'], config: { siteUrl: () => string; clock: Clock }): Promise<CatalogueAgent> {
  const build = () => {
    // Who the agency is travels with the catalogue (docs/agency.md#the-agent): a saved profile makes the agent again, for the next message.
    const { catalogue, agency } = live.current()
    const index = createListingIndex(catalogue)
    const bySlug = new Map(catalogue.properties.map((p) => [p.slug, p]))
    return { catalogue, agency, index, bySlug, agent: undefined as ReturnType<typeof createAgent> | undefined }
  }
  let current = build()
  // The agency's knowledge base, kept current on every change (docs/knowledge.md#live).
  const knowledge = await liveKnowledge(knowledgeStore)
  // Trained in the background while the server starts listening; the first message waits for it only if it is not done yet.
  prepareAgent().catch((error: unknown) => console.error('[agent] the intent classifier could not be trained:', error))
  // Synchronous, in the live catalogue's swap: the agent searches the same catalogue the site shows.
  const unsubscribe = live.subscribe(() => (current = build()))
  return {
    respond(text, state, visitor) {
      const built = current
      // Made on the first message after each build: the site's URL is known once the server listens.
      built.agent ??= createAgent({
        search: async (query) => built.index.search(query),
        property: async (slug) => built.bySlug.get(slug) ?? null,
        zones: built.catalogue.zones,
        developments: built.catalogue.developments,
        siteUrl: config.siteUrl(),
        agency: built.agency,
        now: config.clock,
      }, knowledge.now)
      const input = { page: visitor?.page ?? null, ...(visitor?.routing ? { routing: visitor.routing } : {}) }
      return built.agent.reply(text, (state ?? INITIAL_STATE) as ConversationState, input).then((outcome) => {
        // What nothing answered is counted for the agency, without who asked it (docs/knowledge.md#unmatched).
        const question = outcome.unanswered ? unmatchedQuestion(text) : null
        if (question) knowledgeStore.recordUnmatched(question).catch((error: unknown) => console.error('[chat] an unmatched question was not stored:', error))
        return outcome
      })
    },
    async close() {
      unsubscribe()
      knowledge.close()
    },
  }
}
