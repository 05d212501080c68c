import type { ServerConfig } from '../config'
import type { Storage } from '../storage'
import { createAgent, INITIAL_STATE, type ConversationState } from './agent'
import type { Responder } from './namespace'

/**
 * The automated agent answering from the catalogue (design.md §5), over the real storage.
 * Zones and developments are read once here; the listing search goes to the database each turn.
 */
export async function catalogueAgent(storage: Storage, config: Pick<ServerConfig, 'agencyName'> & { siteUrl: () => string }): Promise<Responder> {
  const zones = await storage.catalogue.zones()
  const developments = await storage.catalogue.developments()
  // Made on the first message: the site's URL is known once the server listens.
  let agent: ReturnType<typeof createAgent> | undefined
  return (text, state) => {
    agent ??= createAgent({
      search: (query) => storage.catalogue.searchProperties(query),
      zones,
      developments,
      siteUrl: config.siteUrl(),
      agencyName: config.agencyName,
      now: () => new Date(),
    })
    return agent.reply(text, (state ?? INITIAL_STATE) as ConversationState)
  }
}
