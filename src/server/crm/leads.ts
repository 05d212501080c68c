import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, MAX_NOTE_LENGTH, TRAFFIC_CHANNEL_LABELS, type LeadDetail, type LeadNote, type LeadPage, type LeadReview, type LeadStatus, type PipelineLead, type Visit } from '../../protocol/crm'
import type { PipelineStore } from '../storage/pipeline-store'
import { toCsv } from './csv'
import { DEFAULT_LEAD_PAGE_SIZE, MAX_LEAD_PAGE_SIZE, type LeadFilter } from './lead-filter'
import { agencyDateTime } from '../../domain/agency-clock'
import { whenText } from '../../shared/agency-format'

/** Most rows one CSV export carries; a wider list must be narrowed with filters. */
export const MAX_EXPORT_ROWS = 50_000

const CSV_HEADER = [
  'Fecha (Cancún)', 'Nombre', 'Teléfono', 'Correo', 'Mensaje', 'Origen', 'Estado', 'Asignado a', 'Campaña', 'Canal', 'Fuente',
  'Página de entrada', 'Propiedad',
] as const

/** A lead still waiting for its first step: a booked visit moves it on to «Visita agendada». */
const BEFORE_VISIT: readonly LeadStatus[] = ['nuevo', 'contactado']

/** "Visita agendada para el 28 nov 2026, 11:00 (hora de Cancún): Casa en Huayacán.": the lead's note of a booking, dated as the console dates. */
export const visitNote = (visit: Pick<Visit, 'at' | 'propertyTitle'>) =>
  `${LEAD_STATUS_LABELS.visita_agendada} para el ${whenText(visit.at)} (hora de Cancún)${visit.propertyTitle ? `: ${visit.propertyTitle}` : ''}.`

/** The agency's work on leads: filtered list, status, assignment, notes, CSV (docs/behaviour.md#leads). */
export function leadPipeline(store: PipelineStore) {
  const { leads } = store
  return {
    /** Newest first, `pageSize` at most MAX_LEAD_PAGE_SIZE. */
    async list(filter: LeadFilter, page = 1, pageSize = DEFAULT_LEAD_PAGE_SIZE): Promise<LeadPage> {
      const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_LEAD_PAGE_SIZE)
      const current = Math.max(1, Math.floor(page))
      const { total, leads: items } = await leads.page(filter, size, (current - 1) * size)
      return { items, total, page: current, pageSize: size, pages: Math.ceil(total / size) }
    },

    async get(id: string): Promise<LeadDetail | null> {
      const lead = await leads.byId(id)
      if (!lead) return null
      const notes = await leads.notes(id)
      return { lead, history: await store.history.of('lead', id), notes }
    },

    setStatus(id: string, status: LeadStatus, actor: string): Promise<PipelineLead | null> {
      return store.inTransaction((tx) => tx.leads.setField(id, 'status', status, actor))
    },

    /** `null` clears the review mark of a lead kept past a volume limit («No es spam»). */
    setReview(id: string, review: LeadReview | null, actor: string): Promise<PipelineLead | null> {
      return store.inTransaction((tx) => tx.leads.setField(id, 'review', review, actor))
    },

    /** `accountId` null takes the lead away from whoever had it. */
    assign(id: string, accountId: string | null, actor: string): Promise<PipelineLead | null> {
      return store.inTransaction((tx) => tx.leads.setField(id, 'assigned_to', accountId, actor))
    },

    addNote(id: string, author: string, body: string): Promise<LeadNote | null> {
      return leads.addNote(id, author, body.trim().slice(0, MAX_NOTE_LENGTH))
    },

    /**
     * A visit was booked for a visitor (by the automated agent or a person): their newest lead
     * (their own, or the one their contact was merged into, newest by when they reached it)
     * says so in a note, and moves to «Visita agendada» if it had not gone further
     * (docs/behaviour.md#leads). The lead when there is one.
     */
    async visitBooked(visit: Visit, actor: string): Promise<PipelineLead | null> {
      const lead = await leads.newestOfVisitor(visit.visitorId)
      if (!lead) return null
      return store.inTransaction(async (tx) => {
        await tx.leads.insertNote(lead.id, actor, visitNote(visit))
        return BEFORE_VISIT.includes(lead.status) ? tx.leads.setField(lead.id, 'status', 'visita_agendada', actor) : lead
      })
    },

    /** The filtered list as CSV, newest first; `names` gives the people's names for their account ids. */
    async exportCsv(filter: LeadFilter, names: (accountIds: string[]) => Promise<Map<string, string>> = async () => new Map()): Promise<string> {
      const rows = await leads.first(filter, MAX_EXPORT_ROWS)
      const people = await names([...new Set(rows.flatMap((lead) => (lead.assignedTo ? [lead.assignedTo] : [])))])
      const personName = (id: string) => people.get(id) ?? id
      return toCsv(
        CSV_HEADER,
        rows.map((lead) => [
          agencyDateTime(lead.createdAt),
          lead.name,
          lead.phone,
          lead.email,
          lead.message,
          LEAD_SOURCE_LABELS[lead.source],
          LEAD_STATUS_LABELS[lead.status],
          lead.assignedTo && personName(lead.assignedTo),
          lead.campaign,
          TRAFFIC_CHANNEL_LABELS[lead.trafficChannel],
          lead.trafficSource,
          lead.landingPage,
          lead.propertySlug,
        ]),
      )
    },
  }
}

export type LeadPipeline = ReturnType<typeof leadPipeline>
