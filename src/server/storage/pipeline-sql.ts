import { searchWords } from '../../catalogue/listing-query'
import { UNASSIGNED, type LeadChannel, type LeadReview, type LeadStatus } from '../../protocol/crm'
import { agencyDayStartSql } from '../../domain/agency-clock'
import { leadChannelSql } from '../../domain/attribution'

/**
 * SQL pieces the pipeline's repositories share: the lead list's filters as a WHERE clause, a
 * visitor's leads and the agency's calendar days. Pure: text and parameters, no I/O.
 */

/** The lead list's filters as checked by the console API (crm/lead-filter.ts validates them). */
export interface LeadListFilter {
  status?: LeadStatus
  channel?: LeadChannel
  /** An account id, or UNASSIGNED for the leads nobody has. */
  assignedTo?: string
  /** First and last calendar day (Cancún), `YYYY-MM-DD`. */
  from?: string
  to?: string
  campaign?: string
  propertySlug?: string
  /** Words the lead's search text must all contain. */
  q?: string
  review?: LeadReview
  /** One visitor's leads. */
  visitorId?: string
}

/** Form leads are every source but the chat (contact page, property page). */
const CHANNEL_SQL: Record<LeadChannel, string> = { chat: leadChannelSql('chat'), form: leadChannelSql('form') }

/** Midnight of a calendar day in the agency's time zone, as SQL over a `YYYY-MM-DD` parameter. */

/** A visitor's leads (SQL over `leads`): their own and the ones they were merged into (docs/behaviour.md#leads). */
export const visitorLeadsSql = (visitor: string) => `(visitor_id = ${visitor} OR id IN (SELECT lead_id FROM lead_visitors WHERE visitor_id = ${visitor}))`

/**
 * The WHERE clause of a filtered lead list, its values as parameters numbered from `first`.
 * Dates are whole days in Cancún, both ends included; text search needs every word.
 */
export function leadFilterSql(filter: LeadListFilter, first = 1): { where: string; params: unknown[] } {
  const conditions: string[] = []
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${first + params.length - 1}`
  }
  if (filter.status) conditions.push(`status = ${param(filter.status)}`)
  if (filter.channel) conditions.push(CHANNEL_SQL[filter.channel])
  if (filter.assignedTo === UNASSIGNED) conditions.push('assigned_to IS NULL')
  else if (filter.assignedTo) conditions.push(`assigned_to = ${param(filter.assignedTo)}`)
  if (filter.from) conditions.push(`created_at >= ${agencyDayStartSql(param(filter.from))}`)
  if (filter.to) conditions.push(`created_at < ${agencyDayStartSql(param(filter.to), 1)}`)
  if (filter.review) conditions.push(`review = ${param(filter.review)}`)
  if (filter.campaign) conditions.push(`campaign = ${param(filter.campaign)}`)
  if (filter.propertySlug) conditions.push(`property_slug = ${param(filter.propertySlug)}`)
  if (filter.visitorId) conditions.push(visitorLeadsSql(param(filter.visitorId)))
  for (const word of searchWords(filter.q)) conditions.push(`strpos(search_text, ${param(word)}) > 0`)
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params }
}
