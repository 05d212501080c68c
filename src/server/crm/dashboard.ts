import { z } from 'zod'
import type { DashboardRepository, DimensionName } from '../storage/dashboard-repo'
import { dayParam } from './lead-filter'
import { BREAKDOWNS, RANGE_REVERSED, type Breakdown, type Dashboard, type DashboardRange } from '../../protocol/numbers'

/**
 * The numbers of the agency's dashboard (docs/behaviour.md#numbers) over whole days in Cancún:
 * each one aggregate query of the repository (storage/dashboard-repo.ts); JavaScript only
 * reshapes the few rows that come back.
 */

/** The breakdowns by one dimension each; channel and source come from one query. */
const DIMENSIONS = BREAKDOWNS.filter((name): name is DimensionName => name !== 'channel' && name !== 'source')

/** Longest range the dashboard answers (a year and a day covers "the last 12 months"). */
export const MAX_RANGE_DAYS = 366
/** Rows per breakdown: the long tail of campaigns and pages adds nothing readable. */
export const BREAKDOWN_ROWS = 20

export const dashboardRangeSchema = z
  .object({ from: dayParam, to: dayParam })
  .strict()
  .refine((r) => r.from <= r.to, { message: RANGE_REVERSED, path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `Elige un periodo de hasta ${MAX_RANGE_DAYS} días.`,
    path: ['from'],
  }) satisfies z.ZodType<DashboardRange>

/** The whole dashboard for a checked range; PostgreSQL runs the queries side by side. */
export async function dashboard(queries: DashboardRepository, range: DashboardRange): Promise<Dashboard> {
  const [perDay, handoffs, medianFirstResponseSeconds, funnel, traffic, ...tables] = await Promise.all([
    queries.perDay(range),
    queries.handoffs(range),
    queries.medianFirstResponseSeconds(range),
    queries.funnel(range),
    queries.trafficBreakdowns(range, BREAKDOWN_ROWS),
    ...DIMENSIONS.map((name) => queries.breakdown(range, name, BREAKDOWN_ROWS)),
  ])
  const sum = (key: 'conversations' | 'leads' | 'visits') => perDay.reduce((total, d) => total + d[key], 0)
  return {
    range,
    totals: { conversations: sum('conversations'), handoffs, leads: sum('leads'), visits: sum('visits') },
    medianFirstResponseSeconds,
    perDay,
    funnel,
    breakdowns: { ...traffic, ...(Object.fromEntries(DIMENSIONS.map((name, i) => [name, tables[i]!])) as Record<DimensionName, Breakdown[]>) },
  }
}
