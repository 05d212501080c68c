/**
 * A live event's record applied to the list on screen (docs/behaviour.md#leads, #visits), in the
 * server's order and under the screen's filters, so a change shows without asking for the list
 * again. Null: this list cannot tell where the record goes (another page, a text search, a full
 * list); the screen then asks the server.
 */
import type { LeadPage, PipelineLead, Visit, VisitStatus, VisitWeek } from '../protocol/crm'
import { UNASSIGNED, VISIT_LIST_MAX } from '../protocol/crm'
import { agencyDay } from '../domain/agency-clock'
import type { LeadFilters } from './leads'
import { leadChannel } from '../domain/attribution'

/** `items` with `record` (replacing its old version) where `before` puts it; without it when `keep` is false. */
function placed<T extends { id: string }>(items: readonly T[], record: T, keep: boolean, before: (a: T, b: T) => boolean): T[] {
  const others = items.filter((item) => item.id !== record.id)
  if (!keep) return others
  const at = others.findIndex((item) => before(record, item))
  return at < 0 ? [...others, record] : [...others.slice(0, at), record, ...others.slice(at)]
}

/** The server's lead order: newest first, then by id. */
const leadBefore = (a: PipelineLead, b: PipelineLead) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)
/** The server's visit order: soonest first, then by id. */
const visitBefore = (a: Visit, b: Visit) => a.at < b.at || (a.at === b.at && a.id < b.id)

/** The filters on what a person changes (status, assignee, the review mark). */
function workedMatches(lead: PipelineLead, filters: LeadFilters): boolean {
  if (filters.status && lead.status !== filters.status) return false
  if (filters.review && lead.review !== filters.review) return false
  if (filters.assignedTo === UNASSIGNED) return lead.assignedTo === null
  return !filters.assignedTo || lead.assignedTo === filters.assignedTo
}

/** The filters on what a lead came with; null when a text search is set (matched by the server). */
function originMatches(lead: PipelineLead, filters: LeadFilters): boolean | null {
  if (filters.q.trim()) return null
  const day = agencyDay(new Date(lead.createdAt))
  return (
    (!filters.channel || leadChannel(lead.source) === filters.channel) &&
    (!filters.from || day >= filters.from) &&
    (!filters.to || day <= filters.to) &&
    (!filters.campaign.trim() || lead.campaign === filters.campaign.trim()) &&
    (!filters.propertySlug.trim() || lead.propertySlug === filters.propertySlug.trim())
  )
}

const paged = (list: LeadPage, items: PipelineLead[], total: number): LeadPage => ({ ...list, items, total, pages: Math.ceil(total / list.pageSize) })

/**
 * The lead page with `lead`: one just stored (`arrived`), or one whose status or assignee changed
 * (nothing else of a lead changes, so its place in the order stays).
 */
export function leadPageWith(list: LeadPage, lead: PipelineLead, filters: LeadFilters, arrived: boolean): LeadPage | null {
  const shown = list.items.some((item) => item.id === lead.id)
  const worked = workedMatches(lead, filters)
  if (shown) {
    if (worked) return { ...list, items: list.items.map((item) => (item.id === lead.id ? lead : item)) }
    // It leaves the list: a later page's first lead would take its place.
    if (list.page < list.pages || (list.page > 1 && list.items.length === 1)) return null
    return paged(list, list.items.filter((item) => item.id !== lead.id), list.total - 1)
  }
  if (!arrived) {
    // Without filters on status or assignee it is where it was, on another page.
    if (!filters.status && !filters.assignedTo && !filters.review) return list
    // On another page it may have left or joined the filtered list: this page's leads shift.
    if (list.pages > 1) return null
  }
  if (!worked) return list
  const matches = originMatches(lead, filters)
  if (matches === null) return null
  if (!matches) return list
  // A lead joining the list shifts the pages after its place; only the first page knows them all.
  if (list.page > 1) return null
  return paged(list, placed(list.items, lead, true, leadBefore).slice(0, list.pageSize), list.total + 1)
}

/** The week's agenda with `visit` (booked, moved, or its status changed): every visit of the week is on it. */
export function weekWith(week: VisitWeek, visit: Visit): VisitWeek {
  return { ...week, visits: placed(week.visits, visit, week.days.includes(agencyDay(new Date(visit.at))), visitBefore) }
}

/**
 * The list of visits from `today` on, of one status or all, with `visit`. A full list may leave
 * out later visits the server would bring in.
 */
export function visitListWith(items: readonly Visit[], visit: Visit, status: VisitStatus | '', today: string): Visit[] | null {
  if (items.length >= VISIT_LIST_MAX) return null
  const keep = (!status || visit.status === status) && agencyDay(new Date(visit.at)) >= today
  return placed(items, visit, keep, visitBefore)
}
