import { readFile } from 'node:fs/promises'
import type { Catalogue } from '../../catalogue/model'
import { agencyRepository } from './agency-repo'
import { cannedRepliesRepository } from './canned-replies-repo'
import { catalogueRepository, seedCatalogue } from './catalogue-repo'
import { catalogueEditRepository } from './catalogue-edit-repo'
import { chatJournal } from './chat-journal'
import { accountsRepository, databaseDevices, databaseSessions } from './accounts-repo'
import { chatRepository } from './chat-repo'
import { consoleRepository } from './console-repo'
import { openDatabase, type DatabaseOptions } from './database'
import { vacuumEmbedded } from './embedded-vacuum'
import { knowledgeRepository } from './knowledge-repo'
import { leadsRepository } from './leads-repo'
import { migrate, underMigrationLock } from './migrations'
import { ownershipRepository } from './ownership-repo'
import { outboxRepository } from './outbox-repo'
import { routingRepository } from './routing-repo'
import { settingsRepository } from './settings-repo'

/**
 * On PostgreSQL several processes share the pending turns: one unclaimed this long was left by a
 * process that died (a live one finishes a turn in about the typing pause).
 */
export const PENDING_TURN_STALE_MS = 30_000

export interface StorageOptions extends DatabaseOptions {
  /** The demo catalogue loaded into an empty database on first start. */
  cataloguePath?: string
  /** How often the embedded database is vacuumed (embedded-vacuum.ts; tests shorten it). */
  vacuumEveryMs?: number
}

/** Open the database, bring its schema up to date and seed the catalogue on first start. */
export async function openStorage(options: StorageOptions) {
  const db = await openDatabase(options)
  try {
    await migrate(db)
    const cataloguePath = options.cataloguePath
    // Under the same lock: two processes starting on an empty database would both seed it.
    if (cataloguePath) await underMigrationLock(db, async () => seedCatalogue(db, await readCatalogue(cataloguePath)))
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
  const stopVacuum = db.kind === 'embedded' ? vacuumEmbedded(db, options.vacuumEveryMs) : async () => {}
  return {
    db,
    catalogue: catalogueRepository(db),
    /** The console's side of the catalogue: drafts included, saves, history, redirects (docs/catalogue.md). */
    catalogueEdits: catalogueEditRepository(db),
    leads: leadsRepository(db),
    chat: chatRepository(db),
    // One process owns the embedded database: a pending turn found there was left by a crash.
    journal: chatJournal(db, { staleAfterMs: db.kind === 'embedded' ? 0 : PENDING_TURN_STALE_MS }),
    accounts: accountsRepository(db),
    sessions: databaseSessions(db),
    devices: databaseDevices(db),
    ownership: ownershipRepository(db),
    /** Who a conversation that needs a person is offered to, and each person's presence (docs/console.md#routing). */
    routing: routingRepository(db),
    console: consoleRepository(db),
    knowledge: knowledgeRepository(db),
    /** The team's canned replies (docs/console.md#canned-replies). */
    cannedReplies: cannedRepliesRepository(db),
    /** Who the agency is: profile and team (docs/agency.md). */
    agency: agencyRepository(db),
    /** The e-mails to send and sent, the unsubscribed addresses (docs/email.md). */
    outbox: outboxRepository(db),
    /**
     * Writes about who the agency is, in one transaction (all stored, or none): the first-run
     * setup's admin and documents (console/first-run.ts), a profile save and the widget settings
     * that follow the agency's name (console/agency-api.ts).
     */
    /** Writes that send e-mails, with those e-mails, in one transaction: the automated agent's booking and its confirmation (docs/email.md#visits). */
    withOutbox: <T>(work: (tx: { chat: ReturnType<typeof chatRepository>; outbox: ReturnType<typeof outboxRepository> }) => Promise<T>) =>
      db.transaction((tx) => work({ chat: chatRepository(tx), outbox: outboxRepository(tx) })),
    agencyTransaction: <T>(work: (tx: AgencyWrites) => Promise<T>) =>
      db.transaction((tx) => work({ accounts: accountsRepository(tx), agency: agencyRepository(tx), settings: settingsRepository(tx) })),
    close: async () => {
      await stopVacuum()
      await db.close()
    },
  }
}

export type Storage = Awaited<ReturnType<typeof openStorage>>

/** The repositories an agency transaction writes through (Storage['agencyTransaction']). */
export interface AgencyWrites {
  accounts: ReturnType<typeof accountsRepository>
  agency: ReturnType<typeof agencyRepository>
  settings: ReturnType<typeof settingsRepository>
}

async function readCatalogue(path: string): Promise<Catalogue> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Catalogue
  } catch (error) {
    throw new Error(`Could not read the catalogue to seed from ${path}: ${(error as Error).message}`)
  }
}
