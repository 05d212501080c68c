/**
 * The lead list's pure side (docs/behaviour.md#leads): its filters as a query string, the
 * contact links of a stored phone, and a recorded change as a sentence people read.
 */
import {
  AUTOMATED_AGENT_ACTOR,
  LEAD_REVIEW_LABEL,
  LEAD_STATUS_LABELS,
  VISIT_STATUS_LABELS,
  type HistoryEntry,
  type LeadChannel,
  type LeadReview,
  type LeadStatus,
  type PipelineLead,
  type VisitStatus,
} from '../protocol/crm'
import { agencyDateTime } from '../domain/agency-clock'
import { propertySlugInText } from '../domain/site-paths'

/** The list's filters as the form holds them: an empty string is "any". */
export interface LeadFilters {
  q: string
  status: LeadStatus | ''
  channel: LeadChannel | ''
  /** An account id, `sin-asignar`, or any. */
  assignedTo: string
  /** Cancún calendar days, both included. */
  from: string
  to: string
  campaign: string
  propertySlug: string
  /** Only the leads kept past a volume limit, still to review. */
  review: LeadReview | ''
}

export const NO_FILTERS: LeadFilters = { q: '', status: '', channel: '', assignedTo: '', from: '', to: '', campaign: '', propertySlug: '', review: '' }

/** What the lead list can be asked for: the form's filters, or one visitor's leads (the conversation view). */
export type LeadQuery = Partial<LeadFilters> & { visitorId?: string }

/**
 * Whether a lead has a conversation to open: a chat lead's visitor is the widget's; a form lead's
 * is the site's cookie (docs/behaviour.md#data-rights), which has none.
 */
export const hasChat = (lead: PipelineLead): lead is PipelineLead & { visitorId: string } => lead.source === 'chat' && lead.visitorId !== null

/**
 * The property filter takes the slug, or a link to the property's page pasted from the site
 * («https://…/propiedad/casa-en-huayacan?x=1» → «casa-en-huayacan»): agents have links, not slugs.
 */
export const propertySlugOf = (text: string): string => propertySlugInText(text) ?? text.trim()

/** The filters that are set, as the API's query string (with the page when past the first). */
export function leadQuery(filters: LeadQuery, page = 1): string {
  const set = Object.entries(filters).flatMap(([key, value]) => (typeof value === 'string' && value.trim() ? [[key, value.trim()]] : []))
  if (page > 1) set.push(['pagina', String(page)])
  return new URLSearchParams(set).toString()
}

/** Who made a change: a colleague's name, the automated agent, or an account that no longer exists. */
export function actorName(actor: string, people: ReadonlyMap<string, string>): string {
  if (actor === AUTOMATED_AGENT_ACTOR) return 'Asistente automático'
  return people.get(actor) ?? 'Cuenta eliminada'
}

const statusLabel = (value: string | null) =>
  value === null ? '—' : (LEAD_STATUS_LABELS[value as LeadStatus] ?? VISIT_STATUS_LABELS[value as VisitStatus] ?? value)

/** "Estado: Nuevo → Contactado": one recorded change of a lead or a visit, in Spanish. */
export function changeText(entry: HistoryEntry, people: ReadonlyMap<string, string>): string {
  switch (entry.field) {
    case 'status':
      return entry.from === null ? `Estado: ${statusLabel(entry.to)}` : `Estado: ${statusLabel(entry.from)} → ${statusLabel(entry.to)}`
    case 'assigned_to':
      return entry.to ? `Asignado a ${actorName(entry.to, people)}` : 'Sin asignar'
    case 'review':
      return entry.to ? LEAD_REVIEW_LABEL : 'Marcado como «No es spam»'
    case 'at':
      return `Fecha: ${entry.from ? agencyDateTime(entry.from) : '—'} → ${entry.to ? agencyDateTime(entry.to) : '—'}`
    default:
      return `${entry.field}: ${entry.to ?? '—'}`
  }
}
