import type { Database } from '../storage/database'
import type { DashboardRange } from '../../protocol/numbers'
import { dashboard, dashboardQueries } from './dashboard'
import { dataRights } from './data-rights'
import { leadPipeline } from './leads'
import { visitPipeline } from './visits'
import { widgetSettings } from './widget-settings'

/** The agency's side of the stored data: leads, visits, widget settings, numbers, data rights. */
export function pipeline(db: Database, clock: () => Date = () => new Date()) {
  return {
    leads: leadPipeline(db),
    visits: visitPipeline(db, clock),
    settings: widgetSettings(db),
    numbers: { ...dashboardQueries(db), all: (range: DashboardRange) => dashboard(db, range) },
    rights: dataRights(db, clock),
  }
}

export type Pipeline = ReturnType<typeof pipeline>
