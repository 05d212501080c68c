import { randomBytes, randomUUID } from 'node:crypto'
import { OUTBOX_STATUSES, type OutboxStatus } from '../../protocol/mail'
import type { Queryable } from './database'

/**
 * The e-mail outbox (docs/email.md#outbox) over `db`, the database or one transaction: rows
 * written where the reason to send is stored (a visit booked, a copy asked for), claimed by the
 * mail worker of any process with FOR UPDATE SKIP LOCKED and a lease, and marked sent, retried
 * later, failed or cancelled. Also the unsubscribed addresses (as hashes) and the key that signs
 * the unsubscribe links.
 */

// Statuses (protocol/mail.ts): pending waits for its time (send_at, then due_at after a failure);
// sending is claimed by a worker until lease_until; sent; failed: given up, the last error says
// why; cancelled: no longer to send (replaced by a newer notice, unsubscribed, its moment gone).
export type { OutboxStatus }

/** An e-mail to send: what it is (`kind`, `payload`: rendered when it goes), to whom and when. */
export interface NewMail {
  kind: string
  recipient: string
  payload: Record<string, unknown>
  /** What it is about ("visit:<id>"): a newer notice of the same topic may replace it. */
  topic?: string | null
  /** The visitor it is about: their erasure takes it along. */
  visitorId?: string | null
  /** Not before (a reminder); now by default. */
  sendAt?: Date | null
  /** Not after: past it the row is cancelled unsent (a reminder after its visit). */
  expiresAt?: Date | null
}

export interface OutboxMail {
  id: string
  kind: string
  topic: string | null
  visitorId: string | null
  recipient: string
  payload: Record<string, unknown>
  status: OutboxStatus
  sendAt: string
  dueAt: string
  expiresAt: string | null
  attempts: number
  lastError: string | null
  messageId: string | null
  createdAt: string
  updatedAt: string
  sentAt: string | null
}

interface OutboxRow {
  id: string
  kind: string
  topic: string | null
  visitor_id: string | null
  recipient: string
  payload: Record<string, unknown>
  status: OutboxStatus
  send_at: Date | string
  due_at: Date | string
  expires_at: Date | string | null
  attempts: number
  last_error: string | null
  message_id: string | null
  created_at: Date | string
  updated_at: Date | string
  sent_at: Date | string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value))

const toMail = (row: OutboxRow): OutboxMail => ({
  id: row.id,
  kind: row.kind,
  topic: row.topic,
  visitorId: row.visitor_id,
  recipient: row.recipient,
  payload: row.payload ?? {},
  status: row.status,
  sendAt: iso(row.send_at),
  dueAt: iso(row.due_at),
  expiresAt: isoOrNull(row.expires_at),
  attempts: Number(row.attempts),
  lastError: row.last_error,
  messageId: row.message_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  sentAt: isoOrNull(row.sent_at),
})

export type OutboxCounts = Record<OutboxStatus, number>

export function outboxRepository(db: Queryable) {
  return {
    /** Stores one e-mail to send; returns its id. */
    async enqueue(mail: NewMail): Promise<string> {
      const id = randomUUID()
      const sendAt = mail.sendAt ?? null
      await db.query(
        `INSERT INTO outbox (id, kind, topic, visitor_id, recipient, payload, send_at, due_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), coalesce($7::timestamptz, now()), $8)`,
        [id, mail.kind, mail.topic ?? null, mail.visitorId ?? null, mail.recipient, mail.payload, sendAt, mail.expiresAt ?? null],
      )
      return id
    },

    /** Cancels the rows of `topic` of these kinds not claimed yet, saying why; how many. */
    async supersede(topic: string, kinds: readonly string[], reason: string): Promise<number> {
      const rows = await db.query<{ id: string }>(
        `UPDATE outbox SET status = 'cancelled', last_error = $3, updated_at = now()
         WHERE topic = $1 AND kind = ANY($2::text[]) AND status = 'pending' RETURNING id`,
        [topic, kinds, reason],
      )
      return rows.length
    },

    /** The highest number a payload field holds among a topic's rows (a calendar invitation's SEQUENCE); -1 when none. */
    async highest(topic: string, field: string): Promise<number> {
      const [row] = await db.query<{ n: number | null }>(
        `SELECT max((payload->>$2)::int) AS n FROM outbox WHERE topic = $1`,
        [topic, field],
      )
      return row?.n === null || row?.n === undefined ? -1 : Number(row.n)
    },

    /**
     * Claims up to `limit` rows that are due (and rows whose worker's lease ran out: its process
     * died mid-send), for `leaseMs`. Rows another process is claiming are skipped, never waited
     * for, and never claimed twice: FOR UPDATE SKIP LOCKED, then the status changes in the same
     * statement. Each claim counts as an attempt.
     */
    async claim(limit: number, leaseMs: number): Promise<OutboxMail[]> {
      const rows = await db.query<OutboxRow>(
        `UPDATE outbox SET status = 'sending', attempts = attempts + 1, lease_until = now() + $2::float8 * interval '1 millisecond', updated_at = now()
         WHERE id IN (
           SELECT id FROM outbox
           WHERE (status = 'pending' AND due_at <= now()) OR (status = 'sending' AND lease_until < now())
           ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED
         ) RETURNING *`,
        [limit, leaseMs],
      )
      return rows.map(toMail).sort((a, b) => a.dueAt.localeCompare(b.dueAt))
    },

    /**
     * Rows a worker of this database held when its process stopped: waiting again at once. Only
     * where one process owns the database (the embedded one); on PostgreSQL the lease ends them.
     */
    async releaseAll(): Promise<number> {
      return (await db.query<{ id: string }>(`UPDATE outbox SET status = 'pending', lease_until = NULL, updated_at = now() WHERE status = 'sending' RETURNING id`)).length
    },

    /** The SMTP server took it. False when the row was not this worker's any more. */
    async sent(id: string, messageId: string | null): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE outbox SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL, message_id = $2, updated_at = now()
         WHERE id = $1 AND status = 'sending' RETURNING id`,
        [id, messageId],
      )
      return rows.length > 0
    },

    /** A failed attempt: tried again after `delayMs`, or given up (`failed`), with the error people read. */
    async attemptFailed(id: string, error: string, next: { delayMs: number } | 'give-up'): Promise<void> {
      await db.query(
        `UPDATE outbox SET status = $2::text, last_error = $3, lease_until = NULL, updated_at = now(),
           due_at = CASE WHEN $2::text = 'pending' THEN now() + $4::float8 * interval '1 millisecond' ELSE due_at END
         WHERE id = $1 AND status = 'sending'`,
        [id, next === 'give-up' ? 'failed' : 'pending', error, next === 'give-up' ? 0 : next.delayMs],
      )
    },

    /** Not to be sent (nothing to send any more, unsubscribed, its moment gone), saying why. */
    async cancel(id: string, reason: string): Promise<void> {
      await db.query(`UPDATE outbox SET status = 'cancelled', last_error = $2, lease_until = NULL, updated_at = now() WHERE id = $1 AND status IN ('pending', 'sending')`, [id, reason])
    },

    /** A failed or waiting row tried again now, its count of attempts from zero (the console's «Reintentar»). */
    async retryNow(id: string): Promise<OutboxMail | null> {
      const [row] = await db.query<OutboxRow>(
        `UPDATE outbox SET status = 'pending', due_at = now(), attempts = 0, updated_at = now()
         WHERE id = $1 AND status IN ('pending', 'failed') RETURNING *`,
        [id],
      )
      return row ? toMail(row) : null
    },

    /** Rows of `kind` stored since `sinceMs` ago for this visitor and for this address (as compared: lower case). */
    async recent(kind: string, visitorId: string, recipient: string, sinceMs: number): Promise<{ visitor: number; recipient: number }> {
      const [row] = await db.query<{ visitor: number; recipient: number }>(
        `SELECT count(*) FILTER (WHERE visitor_id = $2)::int AS visitor, count(*) FILTER (WHERE lower(recipient) = lower($3))::int AS recipient
         FROM outbox WHERE kind = $1 AND created_at > now() - $4::float8 * interval '1 millisecond' AND (visitor_id = $2 OR lower(recipient) = lower($3))`,
        [kind, visitorId, recipient.trim(), sinceMs],
      )
      return { visitor: Number(row?.visitor ?? 0), recipient: Number(row?.recipient ?? 0) }
    },

    /** When the next waiting row is due; null when none waits. */
    async nextDue(): Promise<Date | null> {
      const [row] = await db.query<{ at: Date | string | null }>(`SELECT min(due_at) AS at FROM outbox WHERE status = 'pending'`)
      return row?.at ? new Date(row.at) : null
    },

    async counts(): Promise<OutboxCounts> {
      const rows = await db.query<{ status: OutboxStatus; n: number }>('SELECT status, count(*)::int AS n FROM outbox GROUP BY status')
      const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as OutboxCounts
      for (const row of rows) counts[row.status] = Number(row.n)
      return counts
    },

    /** Rows of these statuses, the most recently changed first. */
    async list(statuses: readonly OutboxStatus[], limit: number): Promise<OutboxMail[]> {
      const rows = await db.query<OutboxRow>(`SELECT * FROM outbox WHERE status = ANY($1::text[]) ORDER BY updated_at DESC, id LIMIT $2`, [statuses, limit])
      return rows.map(toMail)
    },

    async byId(id: string): Promise<OutboxMail | null> {
      const [row] = await db.query<OutboxRow>('SELECT * FROM outbox WHERE id = $1', [id])
      return row ? toMail(row) : null
    },

    /** An address (as its hash) that asked for no more e-mails. */
    async unsubscribe(addressHash: string): Promise<void> {
      await db.query('INSERT INTO mail_unsubscribes (address_hash) VALUES ($1) ON CONFLICT (address_hash) DO NOTHING', [addressHash])
    },

    async unsubscribed(addressHash: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM mail_unsubscribes WHERE address_hash = $1', [addressHash])).length > 0
    },

    /** A secret of the database, made once by whichever process asks first and the same for all. */
    async key(name: string): Promise<string> {
      await db.query('INSERT INTO mail_keys (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32).toString('base64url')])
      const [row] = await db.query<{ secret: string }>('SELECT secret FROM mail_keys WHERE name = $1', [name])
      return row!.secret
    },
  }
}

export type OutboxRepository = ReturnType<typeof outboxRepository>
