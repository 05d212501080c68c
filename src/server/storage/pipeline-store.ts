import { dashboardRepository } from './dashboard-repo'
import { dataRightsRepository } from './data-rights-repo'
import type { Database, Queryable } from './database'
import { historyRepository } from './history-repo'
import { leadPipelineRepository } from './lead-pipeline-repo'
import { outboxRepository } from './outbox-repo'
import { settingsRepository } from './settings-repo'
import { visitsRepository } from './visits-repo'

/** The pipeline's repositories (crm/), all over one connection: the database, or one transaction. */
export function pipelineRepositories(db: Queryable) {
  return {
    history: historyRepository(db),
    leads: leadPipelineRepository(db),
    visits: visitsRepository(db),
    settings: settingsRepository(db),
    numbers: dashboardRepository(db),
    rights: dataRightsRepository(db),
    /** E-mails a change sends (a visit's notices), stored in the change's transaction (docs/email.md). */
    outbox: outboxRepository(db),
  }
}

export type PipelineRepositories = ReturnType<typeof pipelineRepositories>

/**
 * The pipeline's repositories over the database, and `inTransaction`: `work` gets the same
 * repositories over one transaction, so a service's steps (read, check, change) are all stored
 * or none, whichever storage runs them.
 */
export function pipelineStore(db: Database) {
  return {
    ...pipelineRepositories(db),
    inTransaction: <T>(work: (tx: PipelineRepositories) => Promise<T>): Promise<T> => db.transaction((tx) => work(pipelineRepositories(tx))),
  }
}

export type PipelineStore = ReturnType<typeof pipelineStore>
