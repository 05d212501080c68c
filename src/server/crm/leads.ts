import { randomUUID } from 'node:crypto'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, MAX_NOTE_LENGTH, type LeadDetail, type LeadNote, type LeadPage, type LeadReview, type LeadStatus, type PipelineLead, type Visit } from '../../protocol/crm'
import type { Database } from '../storage/database'
import { toLead, type LeadRow } from '../storage/leads-repo'
import { toCsv } from './csv'
import { changeField, historyOf } from './history'
import { DEFAULT_LEAD_PAGE_SIZE, leadFilterSql, MAX_LEAD_PAGE_SIZE, visitorLeadsSql, type LeadFilter } from './lead-filter'
import { agencyDateTime } from '../../domain/agency-clock'
import { whenText } from '../../shared/agency-format'

/** Most rows one CSV export carries; a wider list must be narrowed with filters. */
export const MAX_EXPORT_ROWS = 50_000

const CSV_HEADER = [
  'Fecha (Cancún)', 'Nombre', 'Teléfono', 'Correo', 'Mensaje', 'Origen', 'Estado', 'Asignado a', 'Campaña', 'Fuente',
  'Página de entrada', 'Propiedad',
] as const

/** A lead still waiting for its first step: a booked visit moves it on to «Visita agendada». */
const BEFORE_VISIT: readonly LeadStatus[] = ['nuevo', 'contactado']

/** "Visita agendada para el 28 nov 2026, 11:00 (hora de Cancún): Casa en Huayacán.": the lead's note of a booking, dated as the console dates. */
export const visitNote = (visit: Pick<Visit, 'at' | 'propertyTitle'>) =>
  `${LEAD_STATUS_LABELS.visita_agendada} para el ${whenText(visit.at)} (hora de Cancún)${visit.propertyTitle ? `: ${visit.propertyTitle}` : ''}.`

/** The agency's work on leads: filtered list, status, assignment, notes, CSV (docs/behaviour.md#leads). */
export function leadPipeline(db: Database) {
  return {
    /** Newest first, `pageSize` at most MAX_LEAD_PAGE_SIZE. */
    async list(filter: LeadFilter, page = 1, pageSize = DEFAULT_LEAD_PAGE_SIZE): Promise<LeadPage> {
      const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_LEAD_PAGE_SIZE)
      const current = Math.max(1, Math.floor(page))
      const { where, params } = leadFilterSql(filter)
      const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads ${where}`, params)
      const rows = await db.query<LeadRow>(
        `SELECT * FROM leads ${where} ORDER BY created_at DESC, id LIMIT ${size} OFFSET ${(current - 1) * size}`,
        params,
      )
      const total = count!.n
      return { items: rows.map(toLead), total, page: current, pageSize: size, pages: Math.ceil(total / size) }
    },

    async get(id: string): Promise<LeadDetail | null> {
      const [row] = await db.query<LeadRow>('SELECT * FROM leads WHERE id = $1', [id])
      if (!row) return null
      const notes = await db.query<{ id: string; author: string; body: string; created_at: Date | string }>(
        'SELECT id, author, body, created_at FROM lead_notes WHERE lead_id = $1 ORDER BY created_at, id',
        [id],
      )
      return {
        lead: toLead(row),
        history: await historyOf(db, 'lead', id),
        notes: notes.map((n) => ({ id: n.id, author: n.author, body: n.body, at: new Date(n.created_at).toISOString() })),
      }
    },

    async setStatus(id: string, status: LeadStatus, actor: string): Promise<PipelineLead | null> {
      const row = await db.transaction((tx) => changeField<LeadRow>(tx, 'lead', id, 'status', status, actor))
      return row && toLead(row)
    },

    /** `null` clears the review mark of a lead kept past a volume limit («No es spam»). */
    async setReview(id: string, review: LeadReview | null, actor: string): Promise<PipelineLead | null> {
      const row = await db.transaction((tx) => changeField<LeadRow>(tx, 'lead', id, 'review', review, actor))
      return row && toLead(row)
    },

    /** `accountId` null takes the lead away from whoever had it. */
    async assign(id: string, accountId: string | null, actor: string): Promise<PipelineLead | null> {
      const row = await db.transaction((tx) => changeField<LeadRow>(tx, 'lead', id, 'assigned_to', accountId, actor))
      return row && toLead(row)
    },

    async addNote(id: string, author: string, body: string): Promise<LeadNote | null> {
      const text = body.trim().slice(0, MAX_NOTE_LENGTH)
      const [row] = await db.query<{ id: string; created_at: Date | string }>(
        `INSERT INTO lead_notes (id, lead_id, author, body) SELECT $1, id, $3, $4 FROM leads WHERE id = $2 RETURNING id, created_at`,
        [randomUUID(), id, author, text],
      )
      return row ? { id: row.id, author, body: text, at: new Date(row.created_at).toISOString() } : null
    },

    /**
     * A visit was booked for a visitor (by the automated agent or a person): their newest lead
     * (their own, or the one their contact was merged into, newest by when they reached it)
     * says so in a note, and moves to «Visita agendada» if it had not gone further
     * (docs/behaviour.md#leads). The lead when there is one.
     */
    async visitBooked(visit: Visit, actor: string): Promise<PipelineLead | null> {
      const [lead] = await db.query<LeadRow>(
        `SELECT * FROM leads WHERE ${visitorLeadsSql('$1')}
         ORDER BY COALESCE((SELECT linked_at FROM lead_visitors v WHERE v.lead_id = leads.id AND v.visitor_id = $1), created_at) DESC, id LIMIT 1`,
        [visit.visitorId],
      )
      if (!lead) return null
      const row = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO lead_notes (id, lead_id, author, body) VALUES ($1, $2, $3, $4)', [randomUUID(), lead.id, actor, visitNote(visit)])
        return BEFORE_VISIT.includes(lead.status as LeadStatus) ? changeField<LeadRow>(tx, 'lead', lead.id, 'status', 'visita_agendada', actor) : lead
      })
      return row && toLead(row)
    },

    /** The filtered list as CSV, newest first; `names` gives the people's names for their account ids. */
    async exportCsv(filter: LeadFilter, names: (accountIds: string[]) => Promise<Map<string, string>> = async () => new Map()): Promise<string> {
      const { where, params } = leadFilterSql(filter)
      const leads = (await db.query<LeadRow>(`SELECT * FROM leads ${where} ORDER BY created_at DESC, id LIMIT ${MAX_EXPORT_ROWS}`, params)).map(toLead)
      const people = await names([...new Set(leads.flatMap((lead) => (lead.assignedTo ? [lead.assignedTo] : [])))])
      const personName = (id: string) => people.get(id) ?? id
      return toCsv(
        CSV_HEADER,
        leads.map((lead) => [
          agencyDateTime(lead.createdAt),
          lead.name,
          lead.phone,
          lead.email,
          lead.message,
          LEAD_SOURCE_LABELS[lead.source],
          LEAD_STATUS_LABELS[lead.status],
          lead.assignedTo && personName(lead.assignedTo),
          lead.campaign,
          lead.trafficSource,
          lead.landingPage,
          lead.propertySlug,
        ]),
      )
    },
  }
}

export type LeadPipeline = ReturnType<typeof leadPipeline>
