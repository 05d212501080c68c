import { attributionCampaignSql } from '../../domain/attribution'
import type { Breakdown, BreakdownName, DashboardRange, DayCount, Funnel } from '../../protocol/numbers'
import type { TrafficChannel } from '../../protocol/crm'
import type { Queryable } from './database'
import { NAVIGATION_PATH_SQL } from './leads-repo'
import { agencyDaySql, agencyDayStartSql } from '../../domain/agency-clock'

/** `$1`, `$2`: the first and last day of the range. */
const inRange = (column: string) => `${column} >= ${agencyDayStartSql('$1')} AND ${column} < ${agencyDayStartSql('$2', 1)}`
/** The Cancún calendar day of an instant, as "YYYY-MM-DD". */

/** The breakdowns by one dimension each (channel and source come together: trafficBreakdowns). */
export type DimensionName = Exclude<BreakdownName, 'channel' | 'source'>

/**
 * Each breakdown as the key of a lead (alias l, property p) and of a visit (alias a, its
 * visitor v, property p), with the label shown beside the key.
 */
const DIMENSIONS: Record<DimensionName, { lead: string; visit: string; label: string }> = {
  campaign: {
    lead: 'l.campaign',
    visit: attributionCampaignSql('v.utms'),
    label: 'key',
  },
  landingPage: {
    lead: 'l.landing_page',
    visit: `(SELECT ${NAVIGATION_PATH_SQL} FROM chat_navigation n WHERE n.visitor_id = a.visitor_id ORDER BY n.seq LIMIT 1)`,
    label: 'key',
  },
  zone: { lead: 'p.zone', visit: 'p.zone', label: "(SELECT z.data->>'name' FROM zones z WHERE z.slug = key)" },
  property: { lead: 'l.property_slug', visit: 'a.property_slug', label: "(SELECT pr.data->>'title' FROM properties pr WHERE pr.slug = key)" },
}

/** Every day of the range, so a day without activity still shows as 0. */
const DAYS_SQL = `SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date, interval '1 day') AS d`

/**
 * The dashboard's numbers (docs/behaviour.md#numbers) over whole days in Cancún: each one
 * aggregate query that both storages run on their indexes.
 */
export function dashboardRepository(db: Queryable) {
  const params = (range: DashboardRange) => [range.from, range.to]
  return {
    async perDay(range: DashboardRange): Promise<DayCount[]> {
      return db.query<DayCount>(
        `WITH days AS (${DAYS_SQL}),
         c AS (SELECT ${agencyDaySql('first_message_at')} AS day, count(*)::int AS n FROM chat_visitors WHERE ${inRange('first_message_at')} GROUP BY 1),
         l AS (SELECT ${agencyDaySql('created_at')} AS day, count(*)::int AS n FROM leads WHERE ${inRange('created_at')} GROUP BY 1),
         v AS (SELECT ${agencyDaySql('created_at')} AS day, count(*)::int AS n FROM appointments WHERE ${inRange('created_at')} GROUP BY 1)
         SELECT days.day, COALESCE(c.n, 0) AS conversations, COALESCE(l.n, 0) AS leads, COALESCE(v.n, 0) AS visits
         FROM days LEFT JOIN c ON c.day = days.day LEFT JOIN l ON l.day = days.day LEFT JOIN v ON v.day = days.day
         ORDER BY days.day`,
        params(range),
      )
    },

    async handoffs(range: DashboardRange): Promise<number> {
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_handoffs h WHERE ${inRange('h.requested_at')}`, params(range))
      return row!.n
    },

    /** Median seconds from a hand-off request of the range to a person's first message after it (null: none answered). */
    async medianFirstResponseSeconds(range: DashboardRange): Promise<number | null> {
      const [row] = await db.query<{ median: number | null }>(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (r.at - h.requested_at)))::float8 AS median
         FROM chat_handoffs h CROSS JOIN LATERAL (
           SELECT m.created_at AS at FROM chat_messages m
           WHERE m.visitor_id = h.visitor_id AND m.author_id IS NOT NULL AND m.created_at >= h.requested_at ORDER BY m.seq LIMIT 1
         ) r
         WHERE ${inRange('h.requested_at')}`,
        params(range),
      )
      return row?.median == null ? null : Math.round(Number(row.median))
    },

    async funnel(range: DashboardRange): Promise<Funnel> {
      const [row] = await db.query<Funnel>(
        `SELECT count(*)::int AS conversations,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM leads l WHERE l.visitor_id = s.id)
             OR EXISTS (SELECT 1 FROM appointments a WHERE a.visitor_id = s.id))::int AS "withLead",
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM appointments a WHERE a.visitor_id = s.id))::int AS "withVisit"
         FROM chat_visitors s WHERE ${inRange('s.first_message_at')}`,
        params(range),
      )
      return row!
    },

    /** Leads and visits of the range by one dimension, most leads first, `rows` at most. */
    async breakdown(range: DashboardRange, name: DimensionName, rows: number): Promise<Breakdown[]> {
      const dimension = DIMENSIONS[name]
      return db.query<Breakdown>(
        `SELECT key, ${dimension.label} AS label, sum(leads)::int AS leads, sum(visits)::int AS visits FROM (
           SELECT ${dimension.lead} AS key, 1 AS leads, 0 AS visits
             FROM leads l LEFT JOIN properties p ON p.slug = l.property_slug WHERE ${inRange('l.created_at')}
           UNION ALL
           SELECT ${dimension.visit} AS key, 0 AS leads, 1 AS visits
             FROM appointments a LEFT JOIN chat_visitors v ON v.id = a.visitor_id LEFT JOIN properties p ON p.slug = a.property_slug
             WHERE ${inRange('a.created_at')}
         ) x GROUP BY key ORDER BY sum(leads) DESC, sum(visits) DESC, key NULLS LAST LIMIT ${rows}`,
        params(range),
      )
    },

    /**
     * Leads and visits of the range by traffic channel, and by channel and source (`rows` at most
     * each, most leads first), in one pass: both groupings of the same rows. Channel and source are
     * stored with each lead and conversation (migration 71), so the rule is not run here.
     */
    async trafficBreakdowns(range: DashboardRange, rows: number): Promise<Record<'channel' | 'source', Breakdown[]>> {
      const found = await db.query<{ channel: TrafficChannel; source: string | null; by_channel: number; leads: number; visits: number }>(
        `SELECT channel, source, by_channel, leads, visits FROM (
           SELECT channel, source, GROUPING(source) AS by_channel, sum(leads)::int AS leads, sum(visits)::int AS visits,
             row_number() OVER (PARTITION BY GROUPING(source) ORDER BY sum(leads) DESC, sum(visits) DESC, source NULLS LAST, channel) AS n
           FROM (
             SELECT l.traffic_channel AS channel, l.traffic_source AS source, 1 AS leads, 0 AS visits FROM leads l WHERE ${inRange('l.created_at')}
             UNION ALL
             SELECT COALESCE(v.traffic_channel, 'direct'), v.traffic_source, 0, 1
               FROM appointments a LEFT JOIN chat_visitors v ON v.id = a.visitor_id WHERE ${inRange('a.created_at')}
           ) x GROUP BY GROUPING SETS ((channel), (channel, source))
         ) y WHERE n <= ${rows} ORDER BY by_channel, n`,
        params(range),
      )
      const grouped = (byChannel: boolean) => found.filter((row) => (row.by_channel === 1) === byChannel)
      return {
        channel: grouped(true).map(({ channel, leads, visits }) => ({ key: channel, label: null, leads, visits })),
        source: grouped(false).map(({ channel, source, leads, visits }) => ({ key: source, label: source, channel, leads, visits })),
      }
    },
  }
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>
