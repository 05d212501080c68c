import { randomUUID } from 'node:crypto'
import { idHash } from './chat-repo'
import type { Queryable } from './database'
import { phoneTail, phoneTailSql } from '../../domain/phone'

/**
 * The rows of a visitor's data rights (LFPDPPP, docs/behaviour.md#data-rights) over `db`, the
 * database or one transaction: finding what may be one person's, reading it all, erasing it all,
 * and the erasure log. Whom the rows belong to is decided by crm/data-rights.ts.
 */

/** Who an export or an erasure is about. */
export interface Person {
  visitorIds: string[]
  leadIds: string[]
  visitIds: string[]
}

/** What the person is known by so far; `phones` as phoneKey reads them. */
export interface PersonKeys extends Person {
  emails: string[]
  phones: string[]
}

/** A lead, visit or merge link that may be the person's. */
export interface Candidate {
  kind: 'lead' | 'visit' | 'link'
  id: string
  visitor_id: string | null
  email: string | null
  phone: string | null
  /** Found by id or e-mail; the others only share a phone's last digits. */
  sure: boolean
}

// SQL narrows the candidates by a phone's last digits (phoneTailSql, src/domain/phone.ts); phoneKey decides.

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
  // The e-mails about the visitor, sent or waiting: their address and what they were about.
  { table: 'outbox', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_pending_turns', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_messages', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_navigation', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_handoffs', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'console_reads', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_routing', where: 'visitor_id = ANY($1::text[])', of: byVisitor },
  { table: 'chat_visitors', where: 'id = ANY($1::text[])', of: byVisitor },
]
/** The tables an erasure deletes from: their files are rewritten after it (storage/embedded-vacuum.ts). */
export const ERASED_TABLES = VISITOR_ROWS.map((rows) => rows.table)

/** Each table's rows as the export shows them (columns in storage order), oldest first where it matters. */
const EXPORT_ORDER: Record<string, string> = {
  outbox: 'created_at',
  chat_pending_turns: 'claimed_at',
  chat_messages: 'seq',
  chat_navigation: 'seq',
  chat_handoffs: 'seq',
  console_reads: 'account_id',
  chat_routing: 'since',
  pipeline_history: 'seq',
  lead_notes: 'created_at',
  lead_visitors: 'linked_at',
  leads: 'created_at',
  appointments: 'at',
  chat_visitors: 'id',
}

export interface ErasureRecord {
  id: string
  actor: string
  at: string
  /** Rows deleted per table: counts only. */
  rowsErased: Record<string, number>
}

export function dataRightsRepository(db: Queryable) {
  return {
    /** Leads, visits and merge links that may be the person's of `keys`: by id, e-mail, or a phone's last digits. */
    candidates(keys: PersonKeys): Promise<Candidate[]> {
      return db.query<Candidate>(CANDIDATES, [
        keys.leadIds,
        keys.visitIds,
        keys.visitorIds,
        keys.emails,
        keys.phones.map(phoneTail),
      ])
    },

    /** Every row about the person, table by table (ERASED_TABLES), each in its export order. */
    async rowsOf(person: Person): Promise<Record<string, unknown[]>> {
      const tables: Record<string, unknown[]> = {}
      for (const { table, where, of } of VISITOR_ROWS) {
        tables[table] = await db.query(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${EXPORT_ORDER[table]}`, of(person))
      }
      return tables
    },

    /**
     * Deletes every row about the person, revokes their visitor ids (a widget still open with
     * one starts over as a new visitor: chat-repo.ts CLAIM_TOKEN) and logs how many rows, never
     * what, under `subjectHash`. Run it in a transaction.
     */
    async erase(person: Person, subjectHash: string, actor: string): Promise<ErasureRecord> {
      const rowsErased: Record<string, number> = {}
      for (const { table, where, of } of VISITOR_ROWS) {
        const deleted = await db.query<{ n: number }>(`WITH gone AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`, of(person))
        rowsErased[table] = deleted[0]!.n
      }
      await db.query('INSERT INTO erased_visitors (id_hash) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [person.visitorIds.map((id) => idHash('visitor', id))])
      const [row] = await db.query<{ id: string; at: Date | string }>(
        'INSERT INTO data_erasures (id, subject_hash, actor, rows_erased) VALUES ($1, $2, $3, $4) RETURNING id, at',
        [randomUUID(), subjectHash, actor, rowsErased],
      )
      return { id: row!.id, actor, at: new Date(row!.at).toISOString(), rowsErased }
    },

    /** The erasure log, newest first. */
    async erasures(limit: number): Promise<ErasureRecord[]> {
      const rows = await db.query<{ id: string; actor: string; at: Date | string; rows_erased: Record<string, number> }>(
        'SELECT id, actor, at, rows_erased FROM data_erasures ORDER BY at DESC LIMIT $1',
        [limit],
      )
      return rows.map((r) => ({ id: r.id, actor: r.actor, at: new Date(r.at).toISOString(), rowsErased: r.rows_erased }))
    },
  }
}

export type DataRightsRepository = ReturnType<typeof dataRightsRepository>
