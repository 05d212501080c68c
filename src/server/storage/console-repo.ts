import { randomUUID } from 'node:crypto'
import type { ConversationOffer, InboxFilter, InboxItem } from '../../protocol/console'
import type { ChatRole } from '../../protocol'
import type { TrafficChannel } from '../../protocol/crm'
import type { Queryable } from './database'

/**
 * A stored message with who wrote it: a visitor, the automated agent (no author) or a person
 * (author id); or a notice of the conversation (a person joined or left), which has no author.
 */
export interface AuthoredMessage {
  id: string
  seq: number
  visitorId: string
  role: ChatRole
  content: string
  authorId: string | null
  notice: boolean
  at: string
}

interface AuthoredRow {
  id: string
  seq: string | number
  visitor_id: string
  role: ChatRole
  content: string
  author_id: string | null
  notice: boolean
  created_at: Date | string
}

const toMessage = (row: AuthoredRow): AuthoredMessage => ({
  id: row.id,
  seq: Number(row.seq),
  visitorId: row.visitor_id,
  role: row.role,
  content: row.content,
  authorId: row.author_id,
  notice: row.notice,
  at: new Date(row.created_at).toISOString(),
})

interface InboxRow {
  id: string
  last_seq: string | number
  last_at: Date | string | null
  last_role: string | null
  last_text: string | null
  needs_human: boolean
  closed_at: Date | string | null
  owner_id: string | null
  owner_since: Date | string | null
  owner_name: string | null
  name: string | null
  unread: string | number
  traffic_channel: TrafficChannel
  traffic_source: string | null
  offer_stage: ConversationOffer['stage'] | null
  offer_to: string | null
  offer_to_name: string | null
  offer_since: Date | string | null
  offer_until: Date | string | null
}

/** A conversation's routing (chat_routing, docs/console.md#routing) as the console shows it; null when it waits for nobody. */
export function offerOf(row: Pick<InboxRow, 'offer_stage' | 'offer_to' | 'offer_to_name' | 'offer_since' | 'offer_until'>): ConversationOffer | null {
  if (!row.offer_stage || !row.offer_since) return null
  return {
    stage: row.offer_stage,
    to: row.offer_to ? { accountId: row.offer_to, name: row.offer_to_name ?? '' } : null,
    since: new Date(row.offer_since).toISOString(),
    until: row.offer_until ? new Date(row.offer_until).toISOString() : null,
  }
}

/** Which conversations each inbox filter shows ($1 is the agent's account id). */
const FILTERS: Record<InboxFilter, string> = {
  all: 'true',
  needs: 'v.needs_human AND v.owner_id IS NULL AND v.closed_at IS NULL',
  auto: 'NOT v.needs_human AND v.owner_id IS NULL AND v.closed_at IS NULL',
  mine: 'v.owner_id = $1',
  closed: 'v.closed_at IS NOT NULL',
}

/** What counts in the agent's tab title: unread conversations they own, or waiting for a person. */
const ALERTING = `(v.owner_id = $1 OR (${FILTERS.needs})) AND v.last_user_seq > coalesce(r.last_seq, 0)`

/**
 * A visitor's name as the console shows it (inbox, live list, notifications): the one the
 * conversation learnt, which is also the name of the leads it made; else the name of their newest
 * lead (one a person saved from a conversation the automated agent did not hear). `v` is chat_visitors.
 */
const VISITOR_NAME = `COALESCE(v.agent_state->'contact'->>'name',
  (SELECT l.name FROM leads l WHERE l.visitor_id = v.id OR l.id IN (SELECT lv.lead_id FROM lead_visitors lv WHERE lv.visitor_id = v.id) ORDER BY l.created_at DESC LIMIT 1))`

/** `text` as a literal ILIKE pattern (its % and _ match themselves). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Agent messages' client ids are kept apart from the visitor's, which share the unique index. */
const agentClientId = (accountId: string, clientMessageId: string) => `agent:${accountId}:${clientMessageId}`

/** The console's reads and writes on conversations (docs/behaviour.md#console-inbox). */
export function consoleRepository(db: Queryable) {
  return {
    /** One page of the inbox, newest activity first; `before` is the previous page's last `seq`. */
    async inbox(options: { accountId: string; filter: InboxFilter; search?: string; before?: number; limit: number }) {
      const params: unknown[] = [options.accountId, options.limit + 1]
      const where = ['v.last_seq IS NOT NULL', FILTERS[options.filter]]
      if (options.before !== undefined) {
        params.push(options.before)
        where.push(`v.last_seq < $${params.length}`)
      }
      if (options.search?.trim()) {
        params.push(containing(options.search.trim()))
        const p = `$${params.length}`
        where.push(`((v.agent_state->'contact')::text ILIKE ${p} OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.visitor_id = v.id AND m.content ILIKE ${p}))`)
      }
      const rows = await db.query<InboxRow>(
        `SELECT v.id, v.last_seq, v.last_at, v.last_role, v.last_text, v.needs_human, v.closed_at, v.owner_id, v.owner_since, v.traffic_channel, v.traffic_source,
           a.name AS owner_name, ${VISITOR_NAME} AS name,
           o.stage AS offer_stage, o.offered_to AS offer_to, oa.name AS offer_to_name, o.since AS offer_since, o.deadline AS offer_until,
           (SELECT count(*) FROM chat_messages m WHERE m.visitor_id = v.id AND m.role = 'user' AND m.seq > coalesce(r.last_seq, 0)) AS unread
         FROM chat_visitors v
         LEFT JOIN console_reads r ON r.visitor_id = v.id AND r.account_id = $1
         LEFT JOIN console_accounts a ON a.id = v.owner_id
         LEFT JOIN chat_routing o ON o.visitor_id = v.id
         LEFT JOIN console_accounts oa ON oa.id = o.offered_to
         WHERE ${where.join(' AND ')}
         ORDER BY v.last_seq DESC LIMIT $2`,
        params,
      )
      const more = rows.length > options.limit
      const page = rows.slice(0, options.limit)
      const items: InboxItem[] = page.map((row) => ({
        visitorId: row.id,
        name: row.name,
        lastAt: row.last_at ? new Date(row.last_at).toISOString() : null,
        lastText: row.last_text,
        lastRole: row.last_role,
        needsHuman: row.needs_human,
        closed: row.closed_at !== null,
        owner: row.owner_id ? { accountId: row.owner_id, name: row.owner_name ?? '', since: new Date(row.owner_since!).toISOString() } : null,
        offer: offerOf(row),
        unread: Number(row.unread),
        channel: row.traffic_channel,
        source: row.traffic_source,
      }))
      return { items, next: more ? String(page[page.length - 1]!.last_seq) : null }
    },
    /** The visitor's name, or null while it is not known. */
    async visitorName(visitorId: string): Promise<string | null> {
      const [row] = await db.query<{ name: string | null }>(`SELECT ${VISITOR_NAME} AS name FROM chat_visitors v WHERE v.id = $1`, [visitorId])
      return row?.name || null
    },
    async alertingCount(accountId: string): Promise<number> {
      const [row] = await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM chat_visitors v LEFT JOIN console_reads r ON r.visitor_id = v.id AND r.account_id = $1 WHERE ${ALERTING}`,
        [accountId],
      )
      return Number(row?.n ?? 0)
    },
    async messages(visitorId: string): Promise<AuthoredMessage[]> {
      return (await db.query<AuthoredRow>('SELECT * FROM chat_messages WHERE visitor_id = $1 ORDER BY seq', [visitorId])).map(toMessage)
    },
    async message(id: string): Promise<AuthoredMessage | undefined> {
      const [row] = await db.query<AuthoredRow>('SELECT * FROM chat_messages WHERE id = $1', [id])
      return row ? toMessage(row) : undefined
    },
    /** A person's message, stored once per client id however often it is resent; `created` tells a new one. */
    async appendAgentMessage(visitorId: string, accountId: string, content: string, clientMessageId: string) {
      await db.query('INSERT INTO chat_visitors (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [visitorId])
      const clientId = agentClientId(accountId, clientMessageId)
      const [row] = await db.query<AuthoredRow>(
        `INSERT INTO chat_messages (id, visitor_id, role, content, client_message_id, author_id) VALUES ($1, $2, 'agent', $3, $4, $5)
         ON CONFLICT (visitor_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING RETURNING *`,
        [randomUUID(), visitorId, content, clientId, accountId],
      )
      if (row) return { message: toMessage(row), created: true }
      return { message: (await this.findAgentMessage(visitorId, accountId, clientMessageId))!, created: false }
    },
    async findAgentMessage(visitorId: string, accountId: string, clientMessageId: string): Promise<AuthoredMessage | undefined> {
      const [row] = await db.query<AuthoredRow>('SELECT * FROM chat_messages WHERE visitor_id = $1 AND client_message_id = $2', [
        visitorId,
        agentClientId(accountId, clientMessageId),
      ])
      return row ? toMessage(row) : undefined
    },
    /** A notice to the visitor from the console (a person joined or left): an automated-agent message. */
    async appendNotice(visitorId: string, content: string): Promise<AuthoredMessage> {
      await db.query('INSERT INTO chat_visitors (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [visitorId])
      const [row] = await db.query<AuthoredRow>(
        `INSERT INTO chat_messages (id, visitor_id, role, content, notice) VALUES ($1, $2, 'agent', $3, true) RETURNING *`,
        [randomUUID(), visitorId, content],
      )
      return toMessage(row!)
    },
    async markRead(accountId: string, visitorId: string) {
      await db.query(
        `INSERT INTO console_reads (account_id, visitor_id, last_seq)
         SELECT $1, $2, coalesce(max(seq), 0) FROM chat_messages WHERE visitor_id = $2
         ON CONFLICT (account_id, visitor_id) DO UPDATE SET last_seq = EXCLUDED.last_seq`,
        [accountId, visitorId],
      )
    },
    async close(visitorId: string) {
      await db.query('UPDATE chat_visitors SET closed_at = now(), needs_human = false, updated_at = now() WHERE id = $1', [visitorId])
    },
    /** `language`: the conversation's so far, as the automated agent detected it (Spanish until it saw English). */
    async flags(visitorId: string): Promise<{ needsHuman: boolean; closed: boolean; contact: Record<string, unknown> | null; language: 'es' | 'en' }> {
      const [row] = await db.query<{ needs_human: boolean; closed_at: unknown; contact: Record<string, unknown> | null; lang: string | null }>(
        `SELECT needs_human, closed_at, agent_state->'contact' AS contact, agent_state->>'lang' AS lang FROM chat_visitors WHERE id = $1`,
        [visitorId],
      )
      return {
        needsHuman: row?.needs_human ?? false,
        closed: row ? row.closed_at !== null : false,
        contact: row?.contact ?? null,
        language: row?.lang === 'en' ? 'en' : 'es',
      }
    },
  }
}

export type ConsoleStore = ReturnType<typeof consoleRepository>
