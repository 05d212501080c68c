import { z } from 'zod'
import { LEAD_CHANNELS, LEAD_FILTER_LIMITS, LEAD_REVIEW, LEAD_STATUSES } from '../../protocol/crm'
import type { LeadListFilter } from '../storage/pipeline-sql'

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
  .strict() satisfies z.ZodType<LeadListFilter>

/** Checked filters are what the lead repository (storage/pipeline-sql.ts) turns into SQL. */
export type LeadFilter = z.infer<typeof leadFilterSchema>
