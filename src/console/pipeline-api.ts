/** The pipeline's routes of the console's JSON API (docs/behaviour.md#leads, #visits). */
import { CONSOLE_API_PATH } from '../protocol/console'
import type { Colleague, LeadDetail, LeadNote, LeadPage, LeadReview, LeadStatus, NewVisit, PipelineLead, Visit, VisitStatus, VisitWeek } from '../protocol/crm'
import { request } from './api'
import { leadQuery, type LeadQuery } from './leads'

/** A visit to book, for one visitor. */
export type VisitBooking = NewVisit & { visitorId: string }

const enc = encodeURIComponent

export const pipelineApi = {
  people: () => request<{ items: Colleague[] }>('/people'),
  leads: (filters: LeadQuery, page = 1) => request<LeadPage>(`/leads?${leadQuery(filters, page)}`),
  /** The CSV of the current filters: a plain link, so the browser downloads it with the session cookie. */
  leadsCsvUrl: (filters: LeadQuery) => `${CONSOLE_API_PATH}/leads/export.csv?${leadQuery(filters)}`,
  lead: (id: string) => request<LeadDetail>(`/leads/${enc(id)}`),
  setLeadStatus: (id: string, status: LeadStatus) => request<{ lead: PipelineLead }>(`/leads/${enc(id)}/status`, { method: 'PUT', body: { status } }),
  /** `null`: «No es spam». */
  setLeadReview: (id: string, review: LeadReview | null) => request<{ lead: PipelineLead }>(`/leads/${enc(id)}/review`, { method: 'PUT', body: { review } }),
  assignLead: (id: string, accountId: string | null) => request<{ lead: PipelineLead }>(`/leads/${enc(id)}/assignee`, { method: 'PUT', body: { accountId } }),
  addChatLead: (visitorId: string, fields: { name: string; phone: string; email: string; message: string }) =>
    request<{ lead: PipelineLead; created: boolean }>(`/visitors/${enc(visitorId)}/leads`, { method: 'POST', body: fields }),
  addNote: (id: string, body: string) => request<{ note: LeadNote }>(`/leads/${enc(id)}/notes`, { method: 'POST', body: { body } }),
  week: (day?: string) => request<VisitWeek>(`/visits/week${day ? `?${new URLSearchParams({ day })}` : ''}`),
  visits: (status?: VisitStatus) => request<{ items: Visit[] }>(`/visits${status ? `?${new URLSearchParams({ status })}` : ''}`),
  visitsOf: (visitorId: string) => request<{ items: Visit[] }>(`/visitors/${enc(visitorId)}/visits`),
  book: (booking: VisitBooking) => request<{ visit: Visit }>('/visits', { method: 'POST', body: booking }),
  moveVisit: (id: string, at: string) => request<{ visit: Visit }>(`/visits/${enc(id)}`, { method: 'PATCH', body: { at } }),
  setVisitStatus: (id: string, status: VisitStatus) => request<{ visit: Visit }>(`/visits/${enc(id)}`, { method: 'PATCH', body: { status } }),
  assignVisit: (id: string, accountId: string | null) => request<{ visit: Visit }>(`/visits/${enc(id)}/assignee`, { method: 'PUT', body: { accountId } }),
}
