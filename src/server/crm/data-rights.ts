import { createHash, randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../storage/database'

/**
 * A visitor's rights over their data (LFPDPPP, docs/behaviour.md#data-rights): everything stored
 * about one visitor as JSON, and erasing all of it. A visitor is their widget id; their leads are
 * the ones of that id and, from the site's forms, the ones with a phone or e-mail they gave.
 */

/** Rows of one visitor, as SQL over `$1` (visitor id), `$2` (their e-mails) and `$3` (their phones). */
const LEADS_OF_VISITOR = 'SELECT id FROM leads WHERE visitor_id = $1 OR email = ANY($2::text[]) OR phone = ANY($3::text[])'
const VISITS_OF_VISITOR = 'SELECT id FROM appointments WHERE visitor_id = $1'

/**
 * Every table that holds something about a visitor, and which rows, in the order erasure deletes
 * them (children first). A new table with visitor data is added here; the erasure test searches
 * every table of the schema for what it left behind.
 */
const VISITOR_ROWS: readonly { table: string; where: string }[] = [
  { table: 'pipeline_history', where: `(entity = 'lead' AND entity_id IN (${LEADS_OF_VISITOR})) OR (entity = 'visit' AND entity_id IN (${VISITS_OF_VISITOR}))` },
  { table: 'lead_notes', where: `lead_id IN (${LEADS_OF_VISITOR})` },
  // The visitor merged into another's lead, and anyone merged into a lead erased here.
  { table: 'lead_visitors', where: `visitor_id = $1 OR lead_id IN (${LEADS_OF_VISITOR})` },
  { table: 'leads', where: `id IN (${LEADS_OF_VISITOR})` },
  { table: 'appointments', where: 'visitor_id = $1' },
  { table: 'chat_messages', where: 'visitor_id = $1' },
  { table: 'chat_navigation', where: 'visitor_id = $1' },
  { table: 'chat_handoffs', where: 'visitor_id = $1' },
  { table: 'console_reads', where: 'visitor_id = $1' },
  { table: 'chat_visitors', where: 'id = $1' },
]

/** Each table's rows as the export shows them (columns in storage order), oldest first where it matters. */
const EXPORT_ORDER: Record<string, string> = {
  chat_messages: 'seq',
  chat_navigation: 'seq',
  chat_handoffs: 'seq',
  console_reads: 'account_id',
  pipeline_history: 'seq',
  lead_notes: 'created_at',
  lead_visitors: 'linked_at',
  leads: 'created_at',
  appointments: 'at',
  chat_visitors: 'id',
}

/** The e-mails and phones the visitor left with the chat, their visits and their linked leads. */
async function contactsOf(q: Queryable, visitorId: string): Promise<[string, string[], string[]]> {
  const rows = await q.query<{ email: string | null; phone: string | null }>(
    'SELECT email, phone FROM leads WHERE visitor_id = $1 UNION SELECT email, phone FROM appointments WHERE visitor_id = $1',
    [visitorId],
  )
  const emails = [...new Set(rows.map((r) => r.email).filter((e): e is string => !!e))]
  const phones = [...new Set(rows.map((r) => r.phone).filter((p): p is string => !!p))]
  return [visitorId, emails, phones]
}

/** The parameters a statement refers to ($1…$n): PostgreSQL refuses unused ones. */
const paramsFor = (sql: string, params: unknown[]) => params.slice(0, Math.max(...[...sql.matchAll(/\$(\d)/g)].map((m) => Number(m[1]))))

/** The log keeps a one-way fingerprint of the id, so a repeated request can be answered, and nothing else. */
export const subjectHash = (visitorId: string) => createHash('sha256').update(`visitor:${visitorId}`).digest('hex')

export interface ErasureRecord {
  id: string
  actor: string
  at: string
  /** Rows deleted per table: counts only. */
  rowsErased: Record<string, number>
}

export function dataRights(db: Database, clock: () => Date = () => new Date()) {
  return {
    /** Everything stored about the visitor, table by table; null when nothing is. */
    async exportVisitor(visitorId: string): Promise<{ visitorId: string; exportedAt: string; tables: Record<string, unknown[]> } | null> {
      const params = await contactsOf(db, visitorId)
      const tables: Record<string, unknown[]> = {}
      for (const { table, where } of VISITOR_ROWS) {
        tables[table] = await db.query(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${EXPORT_ORDER[table]}`, paramsFor(where, params))
      }
      if (Object.values(tables).every((rows) => rows.length === 0)) return null
      return { visitorId, exportedAt: clock().toISOString(), tables }
    },

    /** Deletes every row about the visitor in one transaction and logs how many, never what. */
    async eraseVisitor(visitorId: string, actor: string): Promise<ErasureRecord> {
      return db.transaction(async (tx) => {
        const params = await contactsOf(tx, visitorId)
        const rowsErased: Record<string, number> = {}
        for (const { table, where } of VISITOR_ROWS) {
          const deleted = await tx.query<{ n: number }>(`WITH gone AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`, paramsFor(where, params))
          rowsErased[table] = deleted[0]!.n
        }
        const [row] = await tx.query<{ id: string; at: Date | string }>(
          'INSERT INTO data_erasures (id, subject_hash, actor, rows_erased) VALUES ($1, $2, $3, $4) RETURNING id, at',
          [randomUUID(), subjectHash(visitorId), actor, rowsErased],
        )
        return { id: row!.id, actor, at: new Date(row!.at).toISOString(), rowsErased }
      })
    },

    /** The erasure log, newest first. */
    async erasures(limit = 100): Promise<ErasureRecord[]> {
      const rows = await db.query<{ id: string; actor: string; at: Date | string; rows_erased: Record<string, number> }>(
        'SELECT id, actor, at, rows_erased FROM data_erasures ORDER BY at DESC LIMIT $1',
        [limit],
      )
      return rows.map((r) => ({ id: r.id, actor: r.actor, at: new Date(r.at).toISOString(), rowsErased: r.rows_erased }))
    },
  }
}

export type DataRights = ReturnType<typeof dataRights>
