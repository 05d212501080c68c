import { randomUUID } from 'node:crypto'
import type { ChatRole } from '../../protocol'
import { toMessage, type MessageRow, type StoredMessage } from './chat-repo'
import type { Database } from './database'
import { personHolds } from './ownership-repo'
import { prepared } from './prepared'
import { trafficOf } from '../../domain/attribution'

/**
 * The chat's hot-path writes with group commit (docs/behaviour.md#chat-at-load): every visitor
 * message and every agent turn waiting when a commit starts goes into that one transaction, at
 * most two set-based prepared statements whatever the batch size, run together (prepared.ts:
 * one call into the embedded database; one more after it for resends). A caller's promise
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
        const settle = await writeBatch(db, batch, staleAfterMs)
        transactions++
        settle.forEach((done) => done())
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error)
        else for (const job of batch) await writeBatch(db, [job], staleAfterMs).then((settle) => settle.forEach((done) => done()), job.reject)
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
 * The turns of a batch: who holds their conversations, and the agent's memory where no person
 * does. The visitor rows stay locked until the commit, so a takeover either lands before this
 * check or waits for these replies; `held` is whole before the memory's UPDATE locks a row: every
 * process locks visitors in id order. The memory goes first, so a visitor message of the same
 * batch reads the newest.
 */
const OWN_AND_MEMORY = prepared<{ id: string }>(
  'journal_own_and_memory',
  `WITH own AS (
     SELECT v.id, ${personHolds('s.idle', 'v.')} AS person_owns
     FROM chat_visitors v JOIN unnest($1::text[], $2::float8[]) AS s(id, idle) ON v.id = s.id ORDER BY v.id FOR UPDATE OF v),
   held AS (SELECT COALESCE(array_agg(id) FILTER (WHERE person_owns), '{}') AS ids FROM own),
   memory AS (
     UPDATE chat_visitors v SET agent_state = s.state::jsonb, updated_at = now()
     FROM unnest($3::text[], $4::text[], $5::bool[]) AS s(id, state, checked), held
     WHERE v.id = s.id AND NOT (s.checked AND s.id = ANY(held.ids)))
   SELECT unnest(ids) AS id FROM held`,
  // A plan made once, on a small chat_visitors, would join the batch with it by scanning it whole.
  'each run',
)

/**
 * The rest of a batch in one statement: the visitors of the messages (created on the first one),
 * their utms (with their channel and source), and their memory, a visitor's first message marking when their conversation started
 * (docs/behaviour.md#numbers); every message in arrival order (a repeated clientMessageId is not
 * stored again), but no reply of a conversation a person holds (the same check as OWN_AND_MEMORY,
 * on the rows it locked in this transaction, so the two agree and this statement needs nothing
 * from its rows); a pending turn for every new visitor message, and none for the messages
 * answered now. Only what the database adds comes back for the messages: the contents are
 * already here (a reply may be long).
 */
const STORE = prepared<{ kind: 'visitor' | 'message'; id: string; agent_state: unknown; utms: Record<string, unknown> | null; person_owns: boolean | null; created_at: Date | string | null }>(
  'journal_store',
  `WITH s AS (SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $14::text[], $15::text[]) AS s(id, utms, idle, channel, source)),
   up AS (INSERT INTO chat_visitors (id, utms, first_message_at, traffic_channel, traffic_source) SELECT id, utms::jsonb, now(), channel, source FROM s
     ON CONFLICT (id) DO UPDATE SET utms = COALESCE(EXCLUDED.utms, chat_visitors.utms),
       traffic_channel = CASE WHEN EXCLUDED.utms IS NULL THEN chat_visitors.traffic_channel ELSE EXCLUDED.traffic_channel END,
       traffic_source = CASE WHEN EXCLUDED.utms IS NULL THEN chat_visitors.traffic_source ELSE EXCLUDED.traffic_source END,
       first_message_at = COALESCE(chat_visitors.first_message_at, EXCLUDED.first_message_at), updated_at = now()
     RETURNING id, agent_state, utms, owner_id, owner_active_at),
   m AS (INSERT INTO chat_messages (id, visitor_id, role, content, client_message_id)
     SELECT id, visitor_id, role, content, client_message_id
     FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::float8[]) WITH ORDINALITY AS s(id, visitor_id, role, content, client_message_id, idle, n)
     WHERE s.idle IS NULL OR NOT EXISTS (SELECT FROM chat_visitors v WHERE v.id = s.visitor_id AND ${personHolds('s.idle', 'v.')})
     ORDER BY n
     ON CONFLICT (visitor_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
     RETURNING id, created_at),
   pending AS (INSERT INTO chat_pending_turns (message_id, visitor_id, address)
     SELECT w.id, w.visitor_id, w.address FROM unnest($10::text[], $11::text[], $12::text[]) AS w(id, visitor_id, address) JOIN m ON m.id = w.id),
   answered AS (DELETE FROM chat_pending_turns WHERE message_id = ANY($13::text[]))
   SELECT 'visitor' AS kind, up.id, up.agent_state, up.utms, ${personHolds('s.idle', 'up.')} AS person_owns, NULL::timestamptz AS created_at
   FROM up JOIN s ON s.id = up.id
   UNION ALL SELECT 'message', m.id, NULL, NULL, NULL, m.created_at FROM m`,
)

/**
 * Resends (rare): for each message the batch did not store (its clientMessageId was stored
 * before), that earlier message, and its pending turn claimed when it never ran and nobody holds
 * it (`wake`). Run after the commit: reading a stored message and claiming its turn (one
 * conditional UPDATE) need no part of the batch's transaction, so a batch without resends is one
 * call, and a resend within its own batch finds the message stored just before.
 */
const EARLIER = prepared<MessageRow & { asked: string; wake: boolean }>(
  'journal_earlier',
  `WITH earlier AS (
     SELECT k.id AS asked, m.id, m.role, m.content, m.client_message_id, m.created_at
     FROM unnest($1::text[], $2::text[], $3::text[]) AS k(id, visitor_id, client_message_id)
     JOIN chat_messages m ON m.visitor_id = k.visitor_id AND m.client_message_id = k.client_message_id),
   woken AS (UPDATE chat_pending_turns p SET claimed_at = now() FROM earlier e
     WHERE p.message_id = e.id AND p.claimed_at <= now() - $4 * interval '1 millisecond' RETURNING p.message_id)
   SELECT e.*, EXISTS (SELECT FROM woken w WHERE w.message_id = e.id) AS wake FROM earlier e`,
  // As OWN_AND_MEMORY's, with chat_messages.
  'each run',
)

/**
 * One batch in one transaction of at most two statements whatever its size, run together (one
 * call into the embedded database: a round trip costs it more than the rows do); returns what to
 * resolve once it committed.
 */
async function writeBatch(db: Database, batch: Job[], staleAfterMs: number): Promise<(() => void)[]> {
  const messages = batch.filter((job) => job.kind === 'message')
  const turns = batch.filter((job): job is TurnJob => job.kind === 'turn')

  // Turns of conversations a person owns store nothing (OWN_AND_MEMORY, STORE).
  const checked = turns.filter((job) => job.write.ownerIdleSeconds !== undefined)
  const states = lastBy(turns.filter((t) => t.write.state !== undefined), (t) => t.write.visitorId)
  const checkedIdle = idleByVisitor(checked)

  const latest = new Map<string, Record<string, unknown> | undefined>()
  for (const job of messages) if (job.write.utms || !latest.has(job.write.visitorId)) latest.set(job.write.visitorId, job.write.utms)
  const idle = idleByVisitor(messages)
  // Each record's channel and source are written beside it (migration 71 says why).
  const traffic = [...latest.values()].map(trafficOf)
  const ids: string[] = []
  const visitorIds: string[] = []
  const roles: ChatRole[] = []
  const contents: string[] = []
  const clientIds: (string | null)[] = []
  const unlessHeld: (number | null)[] = []
  for (const job of batch) {
    if (job.kind === 'message') {
      ids.push(job.id)
      visitorIds.push(job.write.visitorId)
      roles.push('user')
      contents.push(job.write.content)
      clientIds.push(job.write.clientMessageId ?? null)
      unlessHeld.push(null)
    } else {
      const ownerIdle = job.write.ownerIdleSeconds === undefined ? null : checkedIdle.get(job.write.visitorId)!
      job.write.replies.forEach((content, i) => {
        ids.push(job.ids[i]!)
        visitorIds.push(job.write.visitorId)
        roles.push('agent')
        contents.push(content)
        clientIds.push(null)
        unlessHeld.push(ownerIdle)
      })
    }
  }
  const [heldRows, rows] = await db.runTogether([
    checked.length || states.length
      ? [
          OWN_AND_MEMORY,
          [
            [...checkedIdle.keys()],
            [...checkedIdle.values()],
            states.map((t) => t.write.visitorId),
            states.map((t) => json(t.write.state ?? null)),
            states.map((t) => t.write.ownerIdleSeconds !== undefined),
          ],
        ]
      : null,
    [
      STORE,
      [
        [...latest.keys()],
        [...latest.values()].map(json),
        [...latest.keys()].map((id) => idle.get(id) ?? null),
        ids,
        visitorIds,
        roles,
        contents,
        clientIds,
        unlessHeld,
        messages.map((job) => job.id),
        messages.map((job) => job.write.visitorId),
        messages.map((job) => job.write.address),
        turns.map((t) => t.write.answers),
        traffic.map((t) => t.channel),
        traffic.map((t) => t.source),
      ],
    ],
  ] as const)

  const held = new Set((heldRows ?? []).map((row) => row.id))
  const overruled = new Set<Job>(checked.filter((job) => held.has(job.write.visitorId)))
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
  // Resends: the messages stored before them are read once the batch committed (EARLIER).
  const duplicates = messages.filter((job) => !stored.has(job.id))
  let earlier: Promise<Map<string, { message: StoredMessage; wake: boolean }>> | undefined
  const findEarlier = () =>
    (earlier ??= db
      .query(EARLIER, [duplicates.map((job) => job.id), duplicates.map((job) => job.write.visitorId), duplicates.map((job) => job.write.clientMessageId ?? null), staleAfterMs])
      .then((found) => new Map(found.map((row) => [row.asked, { message: toMessage(row), wake: row.wake }]))))

  return batch.map((job) => {
    if (job.kind === 'turn') {
      if (overruled.has(job)) return () => job.resolve(null)
      const replies = job.ids.map((id) => stored.get(id)!)
      return () => job.resolve(replies)
    }
    const visitor = visitors.get(job.write.visitorId) ?? { agentState: null, utms: null, personOwns: false }
    const answer = (message: StoredMessage, previous?: { wake: boolean }) =>
      job.resolve({
        message,
        duplicate: previous !== undefined,
        wake: previous?.wake ?? false,
        agentState: visitor.agentState,
        utms: visitor.utms,
        personOwns: job.write.ownerIdleSeconds !== undefined && visitor.personOwns,
      })
    const own = stored.get(job.id)
    if (own) return () => answer(own)
    return () =>
      void findEarlier().then((found) => {
        const previous = found.get(job.id)
        if (previous) answer(previous.message, previous)
        else job.reject(new Error(`message ${job.id} of ${job.write.visitorId} was neither stored nor found`))
      }, job.reject)
  })
}
