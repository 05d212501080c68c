import type { ServerConfig } from '../config'
import type { Storage } from '../storage'
import type { Responder } from './namespace'
import { automatedReply } from './reply'

/** The automated agent answering from the catalogue. */
export async function catalogueAgent(_storage: Storage, config: Pick<ServerConfig, 'agencyName' | 'publicUrl'>): Promise<Responder> {
  return async (text) => ({ state: null, messages: [automatedReply(text, config.agencyName)] })
}
