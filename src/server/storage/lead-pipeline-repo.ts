import { randomUUID } from 'node:crypto'
import type { LeadNote, LeadReview, LeadStatus, PipelineLead } from '../../protocol/crm'
import type { Queryable } from './database'
import { historyRepository } from './history-repo'
import { toLead, type LeadRow } from './leads-repo'
import { leadFilterSql, visitorLeadsSql, type LeadListFilter } from './pipeline-sql'

/** The lead fields a person changes from the console, each recorded in the history. */
export type LeadField = { status: LeadStatus; review: LeadReview | null; assigned_to: string | null }

/**
 * The agency's reads and writes on leads (docs/behaviour.md#leads) over `db`, the database or one
 * transaction: the filtered list, notes, and changes recorded in the history.
 */
export function leadPipelineRepository(db: Queryable) {
  const history = historyRepository(db)
  return {
    /** One page of the filtered list, newest first, and how many leads the filter holds. */
    async page(filter: LeadListFilter, limit: number, offset: number): Promise<{ total: number; leads: PipelineLead[] }> {
      const { where, params } = leadFilterSql(filter)
      const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads ${where}`, params)
      const rows = await db.query<LeadRow>(`SELECT * FROM leads ${where} ORDER BY created_at DESC, id LIMIT ${limit} OFFSET ${offset}`, params)
      return { total: count!.n, leads: rows.map(toLead) }
    },

    /** The first `limit` leads of the filtered list, newest first (the CSV export). */
    async first(filter: LeadListFilter, limit: number): Promise<PipelineLead[]> {
      const { where, params } = leadFilterSql(filter)
      return (await db.query<LeadRow>(`SELECT * FROM leads ${where} ORDER BY created_at DESC, id LIMIT ${limit}`, params)).map(toLead)
    },

    async byId(id: string): Promise<PipelineLead | null> {
      const [row] = await db.query<LeadRow>('SELECT * FROM leads WHERE id = $1', [id])
      return row ? toLead(row) : null
    },

    /** Whether a lead of this id is stored. */
    async exists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM leads WHERE id = $1', [id])).length > 0
    },

    /** A lead's notes, oldest first. */
    async notes(leadId: string): Promise<LeadNote[]> {
      const notes = await db.query<{ id: string; author: string; body: string; created_at: Date | string }>(
        'SELECT id, author, body, created_at FROM lead_notes WHERE lead_id = $1 ORDER BY created_at, id',
        [leadId],
      )
      return notes.map((n) => ({ id: n.id, author: n.author, body: n.body, at: new Date(n.created_at).toISOString() }))
    },

    /** Adds a note to the lead when there is one; the note, or null when no such lead. */
    async addNote(leadId: string, author: string, body: string): Promise<LeadNote | null> {
      const [row] = await db.query<{ id: string; created_at: Date | string }>(
        `INSERT INTO lead_notes (id, lead_id, author, body) SELECT $1, id, $3, $4 FROM leads WHERE id = $2 RETURNING id, created_at`,
        [randomUUID(), leadId, author, body],
      )
      return row ? { id: row.id, author, body, at: new Date(row.created_at).toISOString() } : null
    },

    /** Adds a note to a lead known to be stored (a booked visit's, in its transaction). */
    async insertNote(leadId: string, author: string, body: string): Promise<void> {
      await db.query('INSERT INTO lead_notes (id, lead_id, author, body) VALUES ($1, $2, $3, $4)', [randomUUID(), leadId, author, body])
    },

    /**
     * The visitor's newest lead: their own, or the one their contact was merged into, newest by
     * when they reached it.
     */
    async newestOfVisitor(visitorId: string): Promise<PipelineLead | null> {
      const [lead] = await db.query<LeadRow>(
        `SELECT * FROM leads WHERE ${visitorLeadsSql('$1')}
         ORDER BY COALESCE((SELECT linked_at FROM lead_visitors v WHERE v.lead_id = leads.id AND v.visitor_id = $1), created_at) DESC, id LIMIT 1`,
        [visitorId],
      )
      return lead ? toLead(lead) : null
    },

    /** Sets one field and records the change; run it in a transaction. Null when no such lead. */
    async setField<F extends keyof LeadField>(id: string, field: F, value: LeadField[F], actor: string): Promise<PipelineLead | null> {
      const row = await history.changeField<LeadRow>('lead', id, field, value, actor)
      return row && toLead(row)
    },
  }
}

export type LeadPipelineRepository = ReturnType<typeof leadPipelineRepository>
