import { z } from 'zod'
import { searchWords } from '../../catalogue/listing-query'
import { LEAD_CHANNELS, LEAD_FILTER_LIMITS, LEAD_REVIEW, LEAD_STATUSES, UNASSIGNED } from '../../protocol/crm'
import { agencyDayStartSql } from '../../domain/agency-clock'
import { leadChannelSql } from '../../domain/attribution'


/** Largest page of the lead list; the console shows 25 by default. */
export const MAX_LEAD_PAGE_SIZE = 100
export const DEFAULT_LEAD_PAGE_SIZE = 25

/**
 * A calendar day of a query string (`from`, `to`, `day`): a real date, or a 400 in Spanish. The
 * database would refuse «2026-13-45» or «0000-01-01» as a 500, so the check is here, for every
 * date the console API reads.
 */
const DAY_INVALID = 'Fecha no válida: escríbela como AAAA-MM-DD, por ejemplo 2026-11-28.'
export const dayParam = z.iso.date({ error: DAY_INVALID }).refine((day) => day >= '0001-01-01', DAY_INVALID)
const text = (max: number) => z.string().trim().min(1).max(max)
/** A filter a person types: past its limit the refusal names it (not the validator's «<=200»). */
const typed = (max: number, field: string) => z.string().trim().min(1).max(max, `${field} admite hasta ${max} caracteres.`)

/** The lead list's filters as the console sends them (query string), with Spanish messages. */
export const leadFilterSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, 'Estado no válido').optional(),
    channel: z.enum(LEAD_CHANNELS, 'Origen no válido').optional(),
    assignedTo: text(100).optional(),
    from: dayParam.optional(),
    to: dayParam.optional(),
    campaign: typed(LEAD_FILTER_LIMITS.campaign, 'La campaña').optional(),
    propertySlug: typed(LEAD_FILTER_LIMITS.propertySlug, 'La propiedad').optional(),
    q: typed(LEAD_FILTER_LIMITS.q, 'La búsqueda').optional(),
    /** The leads kept past a volume limit, still to be reviewed. */
    review: z.enum([LEAD_REVIEW], 'Revisión no válida').optional(),
    /** One visitor's leads (the conversation view shows them). */
    visitorId: text(100).optional(),
  })
  .strict()

export type LeadFilter = z.infer<typeof leadFilterSchema>

/** Form leads are every source but the chat (contact page, property page). */
const CHANNEL_SQL: Record<NonNullable<LeadFilter['channel']>, string> = { chat: leadChannelSql('chat'), form: leadChannelSql('form') }

/** Midnight of a calendar day in the agency's time zone, as SQL over a `YYYY-MM-DD` parameter. */
export const agencyDayStart = agencyDayStartSql

/** A visitor's leads (SQL over `leads`): their own and the ones they were merged into (docs/behaviour.md#leads). */
export const visitorLeadsSql = (visitor: string) => `(visitor_id = ${visitor} OR id IN (SELECT lead_id FROM lead_visitors WHERE visitor_id = ${visitor}))`

/**
 * The WHERE clause of a filtered lead list, its values as parameters numbered from `first`.
 * Dates are whole days in Cancún, both ends included; text search needs every word.
 */
export function leadFilterSql(filter: LeadFilter, first = 1): { where: string; params: unknown[] } {
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
  if (filter.from) conditions.push(`created_at >= ${agencyDayStart(param(filter.from))}`)
  if (filter.to) conditions.push(`created_at < ${agencyDayStart(param(filter.to), 1)}`)
  if (filter.review) conditions.push(`review = ${param(filter.review)}`)
  if (filter.campaign) conditions.push(`campaign = ${param(filter.campaign)}`)
  if (filter.propertySlug) conditions.push(`property_slug = ${param(filter.propertySlug)}`)
  if (filter.visitorId) conditions.push(visitorLeadsSql(param(filter.visitorId)))
  for (const word of searchWords(filter.q)) conditions.push(`strpos(search_text, ${param(word)}) > 0`)
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params }
}
