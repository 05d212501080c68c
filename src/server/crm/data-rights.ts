import { randomUUID } from 'node:crypto'
import { phoneKey, phoneTail, phoneTailSql } from '../../domain/phone'
import { idHash } from '../storage/chat-repo'
import type { Database, Queryable } from '../storage/database'

/**
 * A visitor's rights over their data (LFPDPPP, docs/behaviour.md#data-rights): everything stored
 * about one person as JSON, and erasing all of it. A person is found from one visitor id (the
 * widget's userUUID, or the site's `cp_visitor` cookie a form lead carries) or one lead, and
 * gathers every lead and visit with the same phone (E.164, as src/domain/phone.ts reads it) or e-mail (any
 * case), the visitor ids of those, and the visitors merged into their leads, until nothing new
 * turns up.
 */

/** Who an export or an erasure is about. */
export interface Person {
  visitorIds: string[]
  leadIds: string[]
  visitIds: string[]
}

/**
 * Leads, visits and merge links that may be the person's, as SQL over `$1` (lead ids), `$2`
 * (visit ids), `$3` (visitor ids), `$4` (lower-case e-mails), `$5` (phone tails). `sure`: found by
 * id or e-mail; the others only share a phone's last digits.
 */
const CANDIDATES = `
  SELECT 'lead' AS kind, id, visitor_id, email, phone,
    (id = ANY($1::text[]) OR visitor_id = ANY($3::text[]) OR lower(email) = ANY($4::text[])
     OR id IN (SELECT lead_id FROM lead_visitors WHERE visitor_id = ANY($3::text[]))) AS sure
  FROM leads
  WHERE id = ANY($1::text[]) OR visitor_id = ANY($3::text[]) OR lower(email) = ANY($4::text[])
    OR id IN (SELECT lead_id FROM lead_visitors WHERE visitor_id = ANY($3::text[])) OR ${phoneTailSql('phone')} = ANY($5::text[])
  UNION ALL
  SELECT 'visit', id, visitor_id, email, phone, (id = ANY($2::text[]) OR visitor_id = ANY($3::text[]) OR lower(email) = ANY($4::text[]))
  FROM appointments
  WHERE id = ANY($2::text[]) OR visitor_id = ANY($3::text[]) OR lower(email) = ANY($4::text[]) OR ${phoneTailSql('phone')} = ANY($5::text[])
  UNION ALL
  SELECT 'link', lead_id, visitor_id, NULL, NULL, true FROM lead_visitors WHERE lead_id = ANY($1::text[]) OR visitor_id = ANY($3::text[])`

/** Everything that is the person's of `seed`, gathered until a round finds nothing new. */
export async function personOf(q: Queryable, seed: { visitorId: string } | { leadId: string }): Promise<Person> {
  const leads = new Set('leadId' in seed ? [seed.leadId] : [])
  const visitors = new Set('visitorId' in seed ? [seed.visitorId] : [])
  const visits = new Set<string>()
  const emails = new Set<string>()
  const phones = new Set<string>()
  const size = () => leads.size + visitors.size + visits.size + emails.size + phones.size
  for (let before = -1; before !== size(); ) {
    before = size()
    const rows = await q.query<{ kind: 'lead' | 'visit' | 'link'; id: string; visitor_id: string | null; email: string | null; phone: string | null; sure: boolean }>(
      CANDIDATES,
      [[...leads], [...visits], [...visitors], [...emails], [...phones].map(phoneTail)],
    )
    for (const row of rows) {
      if (!row.sure && !(row.phone && phones.has(phoneKey(row.phone)))) continue
      ;(row.kind === 'visit' ? visits : leads).add(row.id)
      if (row.visitor_id) visitors.add(row.visitor_id)
      if (row.email) emails.add(row.email.toLowerCase())
      if (row.phone) phones.add(phoneKey(row.phone))
    }
  }
  return { visitorIds: [...visitors], leadIds: [...leads], visitIds: [...visits] }
}

/** Rows of one person, as SQL over `$1` and the ids `of` the person it names. */
type PersonRows = { table: string; where: string; of: (person: Person) => [string[]] | [string[], string[]] }
const byVisitor: PersonRows['of'] = (p) => [p.visitorIds]

/**
 * Every table that holds something about a visitor, and which rows, in the order erasure deletes
 * them (children first). A new table with visitor data is added here; the erasure test searches
 * every table of the schema for what it left behind.
 */
const VISITOR_ROWS: readonly PersonRows[] = [
  { table: 'pipeline_history', where: "(entity = 'lead' AND entity_id = ANY($1::text[])) OR (entity = 'visit' AND entity_id = ANY($2::text[]))", of: (p) => [p.leadIds, p.visitIds] },
  { table: 'lead_notes', where: 'lead_id = ANY($1::text[])', of: (p) => [p.leadIds] },
  // The visitors merged into the person's leads, and the person merged into others'.
  { table: 'lead_visitors', where: 'visitor_id = ANY($1::text[]) OR lead_id = ANY($2::text[])', of: (p) => [p.visitorIds, p.leadIds] },
  { table: 'leads', where: 'id = ANY($1::text[])', of: (p) => [p.leadIds] },
  { table: 'appointments', where: 'id = ANY($1::text[])', of: (p) => [p.visitIds] },
  { table: 'chat_pending_turns', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_messages', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_navigation', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_handoffs', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'console_reads', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_visitors', where: 'id = ANY($1::text[])', of: byVisitor },
]
/** The tables an erasure deletes from: their files are rewritten after it (storage/embedded-vacuum.ts). */
export const ERASED_TABLES = VISITOR_ROWS.map((rows) => rows.table)

/** Each table's rows as the export shows them (columns in storage order), oldest first where it matters. */
const EXPORT_ORDER: Record<string, string> = {
  chat_pending_turns: 'claimed_at',
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

/** The log keeps a one-way fingerprint of the id, so a repeated request can be answered, and nothing else. */
export const subjectHash = (visitorId: string) => idHash('visitor', visitorId)

export interface ErasureRecord {
  id: string
  actor: string
  at: string
  /** Rows deleted per table: counts only. */
  rowsErased: Record<string, number>
}

/** What an erasure did: the log's record, and whom it erased (for the open widgets and consoles, never logged). */
export interface Erasure {
  record: ErasureRecord
  person: Person
}

export function dataRights(db: Database, clock: () => Date = () => new Date()) {
  /** Deletes every row about the person of `seed` in one transaction and logs how many, never what. */
  const erase = (seed: { visitorId: string } | { leadId: string }, actor: string): Promise<Erasure> =>
    db.transaction(async (tx) => {
      const person = await personOf(tx, seed)
      const rowsErased: Record<string, number> = {}
      for (const { table, where, of } of VISITOR_ROWS) {
        const deleted = await tx.query<{ n: number }>(`WITH gone AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`, of(person))
        rowsErased[table] = deleted[0]!.n
      }
      // Their ids are revoked: a widget still open with one starts over as a new visitor (chat-repo.ts CLAIM_TOKEN).
      await tx.query('INSERT INTO erased_visitors (id_hash) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [person.visitorIds.map((id) => idHash('visitor', id))])
      const subject = 'visitorId' in seed ? idHash('visitor', seed.visitorId) : idHash('lead', seed.leadId)
      const [row] = await tx.query<{ id: string; at: Date | string }>(
        'INSERT INTO data_erasures (id, subject_hash, actor, rows_erased) VALUES ($1, $2, $3, $4) RETURNING id, at',
        [randomUUID(), subject, actor, rowsErased],
      )
      return { record: { id: row!.id, actor, at: new Date(row!.at).toISOString(), rowsErased }, person }
    })

  return {
    /** Everything stored about the visitor and the person they are, table by table; null when nothing is. */
    async exportVisitor(visitorId: string): Promise<{ visitorId: string; exportedAt: string; tables: Record<string, unknown[]> } | null> {
      const person = await personOf(db, { visitorId })
      const tables: Record<string, unknown[]> = {}
      for (const { table, where, of } of VISITOR_ROWS) {
        tables[table] = await db.query(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${EXPORT_ORDER[table]}`, of(person))
      }
      if (Object.values(tables).every((rows) => rows.length === 0)) return null
      return { visitorId, exportedAt: clock().toISOString(), tables }
    },

    /** Erases the visitor (a widget's userUUID or a form's `cp_visitor`) and the person they are. */
    eraseVisitor: (visitorId: string, actor: string) => erase({ visitorId }, actor),
    /** Erases the person of a lead, with or without a chat (a lead from the API has no visitor id); null when no such lead. */
    async eraseLead(leadId: string, actor: string): Promise<Erasure | null> {
      const [known] = await db.query('SELECT 1 FROM leads WHERE id = $1', [leadId])
      return known ? erase({ leadId }, actor) : null
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
