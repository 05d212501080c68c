/**
 * What routing stores (docs/console.md#routing): each person's presence (refreshed by every
 * process that holds one of their consoles, by the database's clock), status and duty hours; one
 * row per conversation that waits for a person, with its stage and deadline (the server clock's,
 * src/server/clock.ts); when a conversation's owner was first seen gone. Every change of a stage
 * is one conditional statement on the row's version, so of several processes sweeping at once one
 * moves it, and its message to the visitor is written in the same transaction: it is told once.
 */
import type { Availability, ConversationOffer, WeekHours } from '../../protocol/console'
import type { StoredMessage } from './chat-repo'
import { chatRepository } from './chat-repo'
import type { Database, Queryable } from './database'

export type RoutingStage = ConversationOffer['stage']

/** A conversation waiting for a person, as stored. */
export interface RoutingRow {
  visitorId: string
  stage: RoutingStage
  offeredTo: string | null
  /** The name of the person it is offered to (null when nobody, or their account is gone). */
  offeredName: string | null
  since: string
  deadline: string | null
  version: number
  /** The conversation's language («es», «en»: the agent's memory), for what the visitor is told. */
  language: string
}

/** A stored routing row as the console shows it. */
export const offerFrom = (row: RoutingRow): ConversationOffer => ({
  stage: row.stage,
  to: row.offeredTo ? { accountId: row.offeredTo, name: row.offeredName ?? '' } : null,
  since: row.since,
  until: row.stage === 'offered' ? row.deadline : null,
})

/** A stage to move a conversation to. */
export interface RoutingChange {
  stage: RoutingStage
  offeredTo: string | null
  since: Date
  deadline: Date | null
}

/** A person as routing chooses among them (routing-choice.ts). */
export interface StaffRow {
  id: string
  name: string
  availability: Availability
  dutyHours: WeekHours | null
  /** A console of theirs is open now (seen within the presence time, by the database's clock). */
  present: boolean
  /** Seconds since their last console closed (null: present, or never seen). */
  absentSeconds: number | null
  lastOfferedAt: string | null
  /** Conversations they own that are not closed, and those offered to them alone. */
  open: number
}

/** A conversation a person owns, as the sweep for owners gone reads it. */
export interface OwnedRow {
  visitorId: string
  ownerId: string
  goneAt: string | null
  /** The last message is the visitor's: they wait for an answer. */
  visitorWaiting: boolean
}

interface RoutingDbRow {
  visitor_id: string
  stage: RoutingStage
  offered_to: string | null
  offered_name: string | null
  since: Date | string
  deadline: Date | string | null
  version: number
  language: string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()
const toRow = (row: RoutingDbRow): RoutingRow => ({
  visitorId: row.visitor_id,
  stage: row.stage,
  offeredTo: row.offered_to,
  offeredName: row.offered_name,
  since: iso(row.since),
  deadline: row.deadline ? iso(row.deadline) : null,
  version: Number(row.version),
  language: row.language === 'en' ? 'en' : 'es',
})

/** A routing row with the offered person's name and the conversation's language; `r` is chat_routing. */
const SELECT_ROWS = `SELECT r.*, a.name AS offered_name, v.agent_state->>'lang' AS language
  FROM chat_routing r LEFT JOIN console_accounts a ON a.id = r.offered_to LEFT JOIN chat_visitors v ON v.id = r.visitor_id`

/** The round-robin's turn moves to whom a conversation was offered. */
const OFFERED = 'UPDATE console_accounts SET last_offered_at = $2 WHERE id = $1'

export function routingRepository(db: Database) {
  /** `change` as the row's columns, after `visitorId`: $2 stage, $3 offered_to, $4 since, $5 deadline. */
  const columns = (change: RoutingChange) => [change.stage, change.offeredTo, change.since.toISOString(), change.deadline?.toISOString() ?? null]
  const byVisitor = async (q: Queryable, visitorId: string) => {
    const [row] = await q.query<RoutingDbRow>(`${SELECT_ROWS} WHERE r.visitor_id = $1`, [visitorId])
    return row ? toRow(row) : null
  }
  /** An agent message from the automated agent (no author), in `q`'s transaction. */
  const tell = (q: Queryable, visitorId: string, content: string) => chatRepository(q).append(visitorId, { role: 'agent', content })

  return {
    /** These accounts have a console open in this process: present for `ttlSeconds` more. */
    async beat(accountIds: string[], ttlSeconds: number) {
      if (!accountIds.length) return
      await db.query('UPDATE console_accounts SET present_until = now() + make_interval(secs => $2) WHERE id = ANY($1) AND removed_at IS NULL', [accountIds, ttlSeconds])
    },
    /** The account's last console closed, in every process: absent from now. */
    async leave(accountId: string) {
      await db.query('UPDATE console_accounts SET present_until = now() WHERE id = $1', [accountId])
    },
    /** Every active account, with what the choice reads. */
    async staff(): Promise<StaffRow[]> {
      const rows = await db.query<{
        id: string
        name: string
        availability: Availability
        duty_hours: WeekHours | null
        present: boolean
        absent_seconds: string | number | null
        last_offered_at: Date | string | null
        open: string | number
      }>(
        `SELECT a.id, a.name, a.availability, a.duty_hours, coalesce(a.present_until > now(), false) AS present, a.last_offered_at,
           CASE WHEN a.present_until <= now() THEN extract(epoch FROM now() - a.present_until) END AS absent_seconds,
           (SELECT count(*) FROM chat_visitors v WHERE v.owner_id = a.id AND v.closed_at IS NULL)
             + (SELECT count(*) FROM chat_routing r WHERE r.offered_to = a.id) AS open
         FROM console_accounts a WHERE a.removed_at IS NULL ORDER BY a.created_at`,
      )
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        availability: row.availability,
        dutyHours: row.duty_hours,
        present: row.present === true,
        absentSeconds: row.absent_seconds === null ? null : Number(row.absent_seconds),
        lastOfferedAt: row.last_offered_at ? iso(row.last_offered_at) : null,
        open: Number(row.open),
      }))
    },
    get: (visitorId: string) => byVisitor(db, visitorId),
    /** The conversations in these stages, oldest first. */
    async inStages(stages: RoutingStage[], limit = 500): Promise<RoutingRow[]> {
      return (await db.query<RoutingDbRow>(`${SELECT_ROWS} WHERE r.stage = ANY($1) ORDER BY r.since LIMIT $2`, [stages, limit])).map(toRow)
    },
    /** Start routing a conversation; null when it already is (its row is kept). */
    async start(visitorId: string, change: RoutingChange): Promise<RoutingRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx.query('INSERT INTO chat_routing (visitor_id, stage, offered_to, since, deadline) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (visitor_id) DO NOTHING RETURNING visitor_id', [
          visitorId,
          ...columns(change),
        ])
        if (!rows.length) return null
        if (change.offeredTo) await tx.query(OFFERED, [change.offeredTo, change.since.toISOString()])
        return byVisitor(tx, visitorId)
      })
    },
    /**
     * Move a conversation from the stage read at `version` to `change`, with `message` to the
     * visitor, in one transaction; null when someone moved or ended it since (nothing written).
     */
    async move(from: Pick<RoutingRow, 'visitorId' | 'version'>, change: RoutingChange, message: string | null): Promise<{ row: RoutingRow; message: StoredMessage | null } | null> {
      return db.transaction(async (tx) => {
        const moved = await tx.query(
          'UPDATE chat_routing SET stage = $2, offered_to = $3, since = $4, deadline = $5, version = version + 1 WHERE visitor_id = $1 AND version = $6 RETURNING visitor_id',
          [from.visitorId, ...columns(change), from.version],
        )
        if (!moved.length) return null
        if (change.offeredTo) await tx.query(OFFERED, [change.offeredTo, change.since.toISOString()])
        const told = message ? await tell(tx, from.visitorId, message) : null
        return { row: (await byVisitor(tx, from.visitorId))!, message: told }
      })
    },
    /** The conversation no longer waits (a person took it, it closed): whether it did. */
    async end(visitorId: string): Promise<boolean> {
      return (await db.query('DELETE FROM chat_routing WHERE visitor_id = $1 RETURNING visitor_id', [visitorId])).length > 0
    },
    /** Conversations people own and that are not closed. */
    async owned(): Promise<OwnedRow[]> {
      const rows = await db.query<{ id: string; owner_id: string; owner_gone_at: Date | string | null; last_role: string | null }>(
        'SELECT id, owner_id, owner_gone_at, last_role FROM chat_visitors WHERE owner_id IS NOT NULL AND closed_at IS NULL',
      )
      return rows.map((row) => ({ visitorId: row.id, ownerId: row.owner_id, goneAt: row.owner_gone_at ? iso(row.owner_gone_at) : null, visitorWaiting: row.last_role === 'user' }))
    },
    /** The owners of these conversations were seen gone at `at` (kept when already seen); the others are back. */
    async markGone(gone: string[], back: string[], at: Date) {
      if (gone.length) await db.query('UPDATE chat_visitors SET owner_gone_at = $2 WHERE id = ANY($1) AND owner_gone_at IS NULL', [gone, at.toISOString()])
      if (back.length) await db.query('UPDATE chat_visitors SET owner_gone_at = NULL WHERE id = ANY($1)', [back])
    },
    /**
     * The conversation goes back to the queue if `ownerId` still owns it and was seen gone at or
     * before `goneBy`: released (the automated agent answers meanwhile), marked as needing a
     * person, routed by `next` and the visitor told `message`, in one transaction. Null when
     * another process did it, or the owner came back.
     */
    async requeue(visitorId: string, ownerId: string, goneBy: Date, next: RoutingChange, message: string): Promise<{ row: RoutingRow; message: StoredMessage } | null> {
      return db.transaction(async (tx) => {
        const released = await tx.query(
          `UPDATE chat_visitors SET owner_id = NULL, owner_since = NULL, owner_active_at = NULL, owner_gone_at = NULL, needs_human = true, updated_at = now()
           WHERE id = $1 AND owner_id = $2 AND owner_gone_at <= $3 RETURNING id`,
          [visitorId, ownerId, goneBy.toISOString()],
        )
        if (!released.length) return null
        await tx.query(
          `INSERT INTO chat_routing (visitor_id, stage, offered_to, since, deadline) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (visitor_id) DO UPDATE SET stage = $2, offered_to = $3, since = $4, deadline = $5, version = chat_routing.version + 1`,
          [visitorId, ...columns(next)],
        )
        if (next.offeredTo) await tx.query(OFFERED, [next.offeredTo, next.since.toISOString()])
        const told = await tell(tx, visitorId, message)
        return { row: (await byVisitor(tx, visitorId))!, message: told }
      })
    },
    /**
     * A conversation whose owner left it (signed out) goes back to the queue: routed by `next`
     * and the visitor told `message`, unless someone routes or owns it already.
     */
    async reroute(visitorId: string, next: RoutingChange, message: string): Promise<{ row: RoutingRow; message: StoredMessage } | null> {
      return db.transaction(async (tx) => {
        const started = await tx.query(
          `INSERT INTO chat_routing (visitor_id, stage, offered_to, since, deadline)
           SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM chat_visitors WHERE id = $1 AND (owner_id IS NOT NULL OR closed_at IS NOT NULL))
           ON CONFLICT (visitor_id) DO NOTHING RETURNING visitor_id`,
          [visitorId, ...columns(next)],
        )
        if (!started.length) return null
        await tx.query('UPDATE chat_visitors SET needs_human = true, updated_at = now() WHERE id = $1', [visitorId])
        if (next.offeredTo) await tx.query(OFFERED, [next.offeredTo, next.since.toISOString()])
        const told = await tell(tx, visitorId, message)
        return { row: (await byVisitor(tx, visitorId))!, message: told }
      })
    },
    /** The language of a conversation («es» unless the agent's memory says «en»). */
    async language(visitorId: string): Promise<string> {
      const [row] = await db.query<{ lang: string | null }>("SELECT agent_state->>'lang' AS lang FROM chat_visitors WHERE id = $1", [visitorId])
      return row?.lang === 'en' ? 'en' : 'es'
    },
  }
}

export type RoutingStore = ReturnType<typeof routingRepository>
