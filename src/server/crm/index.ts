import type { Database } from '../storage/database'
import { pipelineStore } from '../storage/pipeline-store'
import type { DashboardRange } from '../../protocol/numbers'
import { dashboard } from './dashboard'
import { dataRights } from './data-rights'
import { leadPipeline } from './leads'
import { visitPipeline } from './visits'
import { widgetSettings } from './widget-settings'

export interface PipelineHooks {
  /** A change stored e-mails for the visitor (docs/email.md#visits): the outbox sends them now. */
  mailStored?: () => void
}

/**
 * The agency's side of the stored data: leads, visits, widget settings, numbers, data rights.
 * Services over the pipeline's repositories (storage/pipeline-store.ts): no SQL here.
 */
export function pipeline(db: Database, clock: () => Date = () => new Date(), hooks: PipelineHooks = {}) {
  const store = pipelineStore(db)
  return {
    leads: leadPipeline(store),
    visits: visitPipeline(store, clock, hooks.mailStored),
    settings: widgetSettings(store),
    numbers: { ...store.numbers, all: (range: DashboardRange) => dashboard(store.numbers, range) },
    rights: dataRights(store, clock),
  }
}

export type Pipeline = ReturnType<typeof pipeline>
