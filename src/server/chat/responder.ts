import { createListingIndex } from '../../catalogue/listing-index'
import type { ServerConfig } from '../config'
import type { Storage } from '../storage'
import { createAgent, INITIAL_STATE, prepareAgent, type ConversationState } from './agent'
import { liveKnowledge, unmatchedQuestion } from './knowledge-live'
import type { Responder } from './namespace'

/**
 * How often the catalogue is checked for changes (one digest query): a listing edited in the
 * database, by this process or another, reaches the agent within this time.
 */
const CATALOGUE_CHECK_MS = 30_000

export interface CatalogueAgent {
  respond: Responder
  /** Rebuild the index now if the catalogue changed; true when it did. */
  refresh(): Promise<boolean>
  close(): Promise<void>
}

/**
 * The automated agent answering from the catalogue (docs/behaviour.md#agent). Its listing search is the
 * in-memory index (catalogue/listing-index.ts: the same criteria and order as the SQL search,
 * docs/behaviour.md#chat-at-load), built from the storage and rebuilt when the catalogue changes,
 * so a turn reads nothing from the database.
 */
export async function catalogueAgent(storage: Storage, config: Pick<ServerConfig, 'agencyName'> & { siteUrl: () => string }): Promise<CatalogueAgent> {
  const build = async () => {
    const fingerprint = await storage.catalogue.fingerprint()
    const catalogue = await storage.catalogue.listingCatalogue()
    const index = createListingIndex(catalogue)
    const bySlug = new Map(catalogue.properties.map((p) => [p.slug, p]))
    return { fingerprint, catalogue, index, bySlug, agent: undefined as ReturnType<typeof createAgent> | undefined }
  }
  let current = await build()
  // The agency's knowledge base, kept current on every change (docs/knowledge.md#live).
  const knowledge = await liveKnowledge(storage.knowledge)
  // Trained in the background while the server starts listening; the first message waits for it only if it is not done yet.
  prepareAgent().catch((error: unknown) => console.error('[agent] the intent classifier could not be trained:', error))
  const refresh = async () => {
    if ((await storage.catalogue.fingerprint()) === current.fingerprint) return false
    current = await build()
    return true
  }
  /** The timer's check under way: closing waits for it, so it never reads a closed database. */
  let checking: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    checking = refresh().catch((error: unknown) => console.error('[chat] catalogue refresh failed:', error))
  }, CATALOGUE_CHECK_MS).unref()
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
        agencyName: config.agencyName,
        now: () => new Date(),
      }, knowledge.now)
      return built.agent.reply(text, (state ?? INITIAL_STATE) as ConversationState, { page: visitor?.page ?? null }).then((outcome) => {
        // What nothing answered is counted for the agency, without who asked it (docs/knowledge.md#unmatched).
        const question = outcome.unanswered ? unmatchedQuestion(text) : null
        if (question) storage.knowledge.recordUnmatched(question).catch((error: unknown) => console.error('[chat] an unmatched question was not stored:', error))
        return outcome
      })
    },
    refresh,
    async close() {
      clearInterval(timer)
      knowledge.close()
      await checking
    },
  }
}
