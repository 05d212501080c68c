import { randomUUID } from 'node:crypto'
import type { ChatRole } from '../../protocol'
import { toMessage, type MessageRow, type StoredMessage } from './chat-repo'
import type { Database, Queryable } from './database'
import { personHolds } from './ownership-repo'

/**
 * The chat's hot-path writes with group commit (docs/behaviour.md#chat-at-load): every visitor
 * message and every agent turn waiting when a commit starts goes into that one transaction,
 * two set-based statements whatever the batch size (two more for resends). A caller's promise
 * resolves only after the commit, so an ack sent then is for a durably stored message. A failed
 * batch is retried one write per transaction, so one bad write fails alone.
 */

/** A visitor message to store. */
export interface VisitorMessageWrite {
  visitorId: string
  /** The client address it came from, kept with its pending turn (a turn after a crash needs it). */
  address: string
  content: string
  clientMessageId?: string
  /** The attribution record sent with it; stored as the visitor's utms when present. */
  utms?: Record<string, unknown>
  /** With the agent console: an owner idle this long no longer holds the conversation (personOwns). */
  ownerIdleSeconds?: number
}

export interface VisitorMessageStored {
  /** The stored message; for a duplicate, the one stored earlier with that clientMessageId. */
  message: StoredMessage
  duplicate: boolean
  /**
   * A duplicate whose agent turn never ran (a crash between the ack and the reply) and which
   * this write claimed: the caller runs that turn now.
   */
  wake: boolean
  /** The agent's memory of this visitor as of this commit (null before the first turn). */
  agentState: unknown
  /** The visitor's attribution record as of this commit. */
  utms: Record<string, unknown> | null
  /** Whether a person of the agency answers this conversation as of this commit (docs/behaviour.md#console-ownership). */
  personOwns: boolean
}

/** What an agent turn leaves: its messages and memory, and the visitor message it answered. */
export interface TurnWrite {
  visitorId: string
  /** Id of the visitor message answered: its pending-turn record goes. */
  answers: string
  replies: string[]
  /** The agent's new memory; undefined keeps the stored one. */
  state?: unknown
  /**
   * With the agent console: store the replies and memory only if no person (active within this
   * many seconds) owns the conversation, checked in the commit itself, so a takeover that lands
   * while the agent was thinking wins (docs/behaviour.md#console-ownership).
   */
  ownerIdleSeconds?: number
}

/** A visitor message stored but not answered yet, claimed by this process to answer it. */
export interface PendingTurn {
  message: StoredMessage
  visitorId: string
  address: string
  agentState: unknown
  utms: Record<string, unknown> | null
}

/** Writes per transaction: bounds one commit's size and so the wait of the writes behind it. */
const MAX_BATCH = 500

type TurnJob = { kind: 'turn'; write: TurnWrite; ids: string[]; resolve(value: StoredMessage[] | null): void; reject(error: unknown): void }
type Job = { kind: 'message'; write: VisitorMessageWrite; id: string; resolve(value: VisitorMessageStored): void; reject(error: unknown): void } | TurnJob

/** Per visitor of `jobs`, the owner idle time its writes check against (writes without one check nothing). */
const idleByVisitor = (jobs: { write: { visitorId: string; ownerIdleSeconds?: number } }[]) => {
  const idle = new Map<string, number | null>()
  for (const { write } of jobs) if (write.ownerIdleSeconds !== undefined || !idle.has(write.visitorId)) idle.set(write.visitorId, write.ownerIdleSeconds ?? null)
  return idle
}

export interface JournalOptions {
  /**
   * A pending turn unclaimed for this long belongs to nobody (its process died) and may be
   * claimed; 0 on a database of one process (the embedded one), where every pending turn at
   * start was left by a crash.
   */
  staleAfterMs: number
}

export function chatJournal(db: Database, { staleAfterMs }: JournalOptions) {
  let queue: Job[] = []
  let flushing = false
  let transactions = 0

  async function flush() {
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH)
      queue = queue.slice(MAX_BATCH)
      try {
        const settle = await db.transaction((tx) => writeBatch(tx, batch, staleAfterMs))
        transactions++
        settle.forEach((done) => done())
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error)
        else for (const job of batch) await db.transaction((tx) => writeBatch(tx, [job], staleAfterMs)).then((settle) => settle.forEach((done) => done()), job.reject)
      }
    }
    flushing = false
  }
  const enqueue = (job: Job) => {
    queue.push(job)
    if (flushing) return
    flushing = true
    // The writes of this turn of the event loop join the same commit.
    setImmediate(() => void flush())
  }

  return {
    /** Store a visitor message (once per clientMessageId), its pending turn and the visitor's utms. */
    storeVisitorMessage: (write: VisitorMessageWrite) =>
      new Promise<VisitorMessageStored>((resolve, reject) => enqueue({ kind: 'message', write, id: randomUUID(), resolve, reject })),
    /**
     * Store an agent turn: its replies, the agent's memory, and the end of its pending turn; null
     * when a person owns the conversation (write.ownerIdleSeconds): then only the pending turn ends.
     */
    storeTurn: (write: TurnWrite) =>
      new Promise<StoredMessage[] | null>((resolve, reject) => enqueue({ kind: 'turn', write, ids: write.replies.map(() => randomUUID()), resolve, reject })),
    /** Writes waiting for a commit. */
    queued: () => queue.length,
    /** Transactions committed so far (a test compares them with the writes: group commit). */
    transactions: () => transactions,
    /** Claim the pending turns nobody is answering (older than staleAfterMs), oldest first. */
    async claimPendingTurns(): Promise<PendingTurn[]> {
      const rows = await db.query<MessageRow & { seq: string | number; visitor_id: string; address: string; agent_state: unknown; utms: Record<string, unknown> | null }>(
        `UPDATE chat_pending_turns p SET claimed_at = now()
         FROM chat_messages m JOIN chat_visitors v ON v.id = m.visitor_id
         WHERE m.id = p.message_id AND p.claimed_at <= now() - $1 * interval '1 millisecond'
         RETURNING m.*, p.address, v.agent_state, v.utms`,
        [staleAfterMs],
      )
      return rows
        .sort((a, b) => Number(a.seq) - Number(b.seq))
        .map((row) => ({ message: toMessage(row), visitorId: row.visitor_id, address: row.address, agentState: row.agent_state, utms: row.utms }))
    },
  }
}

export type ChatJournal = ReturnType<typeof chatJournal>

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))
/** The last value per key, in first-seen key order. */
const lastBy = <T>(items: T[], key: (item: T) => string) => [...new Map(items.map((item) => [key(item), item])).values()]

/**
 * One batch in one transaction, in two statements whatever its size (a round trip costs the
 * embedded database more than the rows do); returns what to resolve once it committed.
 */
async function writeBatch(tx: Queryable, batch: Job[], staleAfterMs: number): Promise<(() => void)[]> {
  const messages = batch.filter((job) => job.kind === 'message')
  const turns = batch.filter((job): job is TurnJob => job.kind === 'turn')

  // 1. The turns: who holds their conversations, and the agent's memory where no person does.
  // Turns of conversations a person owns store nothing; the visitor rows stay locked until the
  // commit, so a takeover either lands before this check or waits for these replies. The memory
  // goes first, so a visitor message in this batch reads the newest.
  const overruled = new Set<Job>()
  const checked = turns.filter((job) => job.write.ownerIdleSeconds !== undefined)
  const states = lastBy(turns.filter((t) => t.write.state !== undefined), (t) => t.write.visitorId)
  if (checked.length || states.length) {
    const idle = idleByVisitor(checked)
    // `held` is whole before the memory's UPDATE locks a row: every process locks visitors in id order.
    const rows = await tx.query<{ id: string }>(
      `WITH own AS (
         SELECT v.id, ${personHolds('s.idle', 'v.')} AS person_owns
         FROM chat_visitors v JOIN unnest($1::text[], $2::float8[]) AS s(id, idle) ON v.id = s.id ORDER BY v.id FOR UPDATE OF v),
       held AS (SELECT COALESCE(array_agg(id) FILTER (WHERE person_owns), '{}') AS ids FROM own),
       memory AS (
         UPDATE chat_visitors v SET agent_state = s.state::jsonb, updated_at = now()
         FROM unnest($3::text[], $4::text[], $5::bool[]) AS s(id, state, checked), held
         WHERE v.id = s.id AND NOT (s.checked AND s.id = ANY(held.ids)))
       SELECT unnest(ids) AS id FROM held`,
      [
        [...idle.keys()],
        [...idle.values()],
        states.map((t) => t.write.visitorId),
        states.map((t) => json(t.write.state ?? null)),
        states.map((t) => t.write.ownerIdleSeconds !== undefined),
      ],
    )
    const held = new Set(rows.map((row) => row.id))
    for (const job of checked) if (held.has(job.write.visitorId)) overruled.add(job)
  }

  // 2. The rest in one statement: the visitors of the messages (created on the first one), their
  // utms, and their memory, a visitor's first message marking when their conversation started
  // (docs/behaviour.md#numbers); every message of the batch in arrival order (a repeated
  // clientMessageId is not stored again); a pending turn for every new visitor message, and none
  // for the messages answered now.
  const latest = new Map<string, Record<string, unknown> | undefined>()
  for (const job of messages) if (job.write.utms || !latest.has(job.write.visitorId)) latest.set(job.write.visitorId, job.write.utms)
  const idle = idleByVisitor(messages)
  const ids: string[] = []
  const visitorIds: string[] = []
  const roles: ChatRole[] = []
  const contents: string[] = []
  const clientIds: (string | null)[] = []
  for (const job of batch) {
    if (job.kind === 'message') {
      ids.push(job.id)
      visitorIds.push(job.write.visitorId)
      roles.push('user')
      contents.push(job.write.content)
      clientIds.push(job.write.clientMessageId ?? null)
    } else if (!overruled.has(job)) {
      job.write.replies.forEach((content, i) => {
        ids.push(job.ids[i]!)
        visitorIds.push(job.write.visitorId)
        roles.push('agent')
        contents.push(content)
        clientIds.push(null)
      })
    }
  }
  // Only what the database adds comes back for the messages: the contents are already here (a reply may be long).
  const rows = await tx.query<{ kind: 'visitor' | 'message'; id: string; agent_state: unknown; utms: Record<string, unknown> | null; person_owns: boolean | null; created_at: Date | string | null }>(
    `WITH s AS (SELECT * FROM unnest($1::text[], $2::text[], $3::float8[]) AS s(id, utms, idle)),
     up AS (INSERT INTO chat_visitors (id, utms, first_message_at) SELECT id, utms::jsonb, now() FROM s
       ON CONFLICT (id) DO UPDATE SET utms = COALESCE(EXCLUDED.utms, chat_visitors.utms),
         first_message_at = COALESCE(chat_visitors.first_message_at, EXCLUDED.first_message_at), updated_at = now()
       RETURNING id, agent_state, utms, owner_id, owner_active_at),
     m AS (INSERT INTO chat_messages (id, visitor_id, role, content, client_message_id)
       SELECT id, visitor_id, role, content, client_message_id
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS s(id, visitor_id, role, content, client_message_id, n)
       ORDER BY n
       ON CONFLICT (visitor_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
       RETURNING id, created_at),
     pending AS (INSERT INTO chat_pending_turns (message_id, visitor_id, address)
       SELECT w.id, w.visitor_id, w.address FROM unnest($9::text[], $10::text[], $11::text[]) AS w(id, visitor_id, address) JOIN m ON m.id = w.id),
     answered AS (DELETE FROM chat_pending_turns WHERE message_id = ANY($12::text[]))
     SELECT 'visitor' AS kind, up.id, up.agent_state, up.utms, ${personHolds('s.idle', 'up.')} AS person_owns, NULL::timestamptz AS created_at
     FROM up JOIN s ON s.id = up.id
     UNION ALL SELECT 'message', m.id, NULL, NULL, NULL, m.created_at FROM m`,
    [
      [...latest.keys()],
      [...latest.values()].map(json),
      [...latest.keys()].map((id) => idle.get(id) ?? null),
      ids,
      visitorIds,
      roles,
      contents,
      clientIds,
      messages.map((job) => job.id),
      messages.map((job) => job.write.visitorId),
      messages.map((job) => job.write.address),
      turns.map((t) => t.write.answers),
    ],
  )
  const visitors = new Map<string, { agentState: unknown; utms: Record<string, unknown> | null; personOwns: boolean }>()
  const stored = new Map<string, StoredMessage>()
  const position = new Map(ids.map((id, i) => [id, i]))
  for (const row of rows) {
    if (row.kind === 'visitor') {
      visitors.set(row.id, { agentState: row.agent_state, utms: row.utms, personOwns: row.person_owns === true })
      continue
    }
    const i = position.get(row.id)!
    stored.set(row.id, toMessage({ id: row.id, role: roles[i]!, content: contents[i]!, client_message_id: clientIds[i]!, created_at: row.created_at! }))
  }

  // 3. Duplicates (rare): the message stored earlier, and its turn if it never ran and nobody holds it.
  const duplicates = messages.filter((job) => !stored.has(job.id))
  const earlier = new Map<string, { message: StoredMessage; pending: boolean }>()
  const woken = new Set<string>()
  if (duplicates.length) {
    const rows = await tx.query<MessageRow & { visitor_id: string; pending: boolean }>(
      `SELECT m.*, p.message_id IS NOT NULL AS pending
       FROM unnest($1::text[], $2::text[]) AS k(visitor_id, client_message_id)
       JOIN chat_messages m ON m.visitor_id = k.visitor_id AND m.client_message_id = k.client_message_id
       LEFT JOIN chat_pending_turns p ON p.message_id = m.id`,
      [duplicates.map((job) => job.write.visitorId), duplicates.map((job) => job.write.clientMessageId ?? null)],
    )
    for (const row of rows) earlier.set(`${row.visitor_id}\n${row.client_message_id}`, { message: toMessage(row), pending: row.pending })
    const pending = [...earlier.values()].filter((e) => e.pending).map((e) => e.message.id)
    if (pending.length) {
      const claimed = await tx.query<{ message_id: string }>(
        `UPDATE chat_pending_turns SET claimed_at = now()
         WHERE message_id = ANY($1::text[]) AND claimed_at <= now() - $2 * interval '1 millisecond' RETURNING message_id`,
        [pending, staleAfterMs],
      )
      for (const row of claimed) woken.add(row.message_id)
    }
  }

  return batch.map((job) => {
    if (job.kind === 'turn') {
      if (overruled.has(job)) return () => job.resolve(null)
      const replies = job.ids.map((id) => stored.get(id)!)
      return () => job.resolve(replies)
    }
    const visitor = visitors.get(job.write.visitorId) ?? { agentState: null, utms: null, personOwns: false }
    const own = stored.get(job.id)
    const previous = own ? undefined : earlier.get(`${job.write.visitorId}\n${job.write.clientMessageId}`)
    if (!own && !previous) return () => job.reject(new Error(`message ${job.id} of ${job.write.visitorId} was neither stored nor found`))
    return () =>
      job.resolve({
        message: own ?? previous!.message,
        duplicate: !own,
        wake: previous ? woken.has(previous.message.id) : false,
        agentState: visitor.agentState,
        utms: visitor.utms,
        personOwns: job.write.ownerIdleSeconds !== undefined && visitor.personOwns,
      })
  })
}
