import { randomUUID } from 'node:crypto'
import type { CannedReplyInput } from '../../protocol/canned'
import type { TextLanguage } from '../../shared/agency-placeholders'
import type { Queryable } from './database'

/** A stored canned reply: its author by account id (names are the caller's: console/canned-api.ts). */
export interface StoredCannedReply extends CannedReplyInput {
  id: string
  authorId: string
  updatedAt: string
}

interface ReplyRow {
  id: string
  title: string
  shortcut: string
  language: string
  body: string
  listings: unknown
  shared: boolean
  author_id: string
  updated_at: Date | string
}

const toReply = (row: ReplyRow): StoredCannedReply => ({
  id: row.id,
  title: row.title,
  shortcut: row.shortcut,
  language: row.language as TextLanguage,
  text: row.body,
  listings: Array.isArray(row.listings) ? row.listings.filter((id): id is string => typeof id === 'string') : [],
  shared: row.shared,
  authorId: row.author_id,
  updatedAt: new Date(row.updated_at).toISOString(),
})

/**
 * The team's canned replies (docs/console.md#canned-replies) over `db`. Who may see or change
 * which is the routes' rule (console/canned-api.ts); here, what one account sees: the shared
 * ones and its own.
 */
export function cannedRepliesRepository(db: Queryable) {
  return {
    /** The replies `accountId` sees: every shared one and its own personal ones, by shortcut. */
    async visibleTo(accountId: string): Promise<StoredCannedReply[]> {
      const rows = await db.query<ReplyRow>('SELECT * FROM canned_replies WHERE shared OR author_id = $1 ORDER BY shortcut, title, id', [accountId])
      return rows.map(toReply)
    },

    async byId(id: string): Promise<StoredCannedReply | null> {
      const [row] = await db.query<ReplyRow>('SELECT * FROM canned_replies WHERE id = $1', [id])
      return row ? toReply(row) : null
    },

    async count(): Promise<number> {
      const [row] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM canned_replies')
      return Number(row?.n ?? 0)
    },

    async create(input: CannedReplyInput, authorId: string): Promise<StoredCannedReply> {
      const [row] = await db.query<ReplyRow>(
        `INSERT INTO canned_replies (id, title, shortcut, language, body, listings, shared, author_id, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8) RETURNING *`,
        [randomUUID(), input.title, input.shortcut, input.language, input.text, JSON.stringify(input.listings), input.shared, authorId],
      )
      return toReply(row!)
    },

    /** The reply `id` rewritten by `by` (its author stays); null when there is none. */
    async update(id: string, input: CannedReplyInput, by: string): Promise<StoredCannedReply | null> {
      const [row] = await db.query<ReplyRow>(
        `UPDATE canned_replies SET title = $2, shortcut = $3, language = $4, body = $5, listings = $6::jsonb, shared = $7, updated_by = $8, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [id, input.title, input.shortcut, input.language, input.text, JSON.stringify(input.listings), input.shared, by],
      )
      return row ? toReply(row) : null
    },

    async remove(id: string): Promise<boolean> {
      return (await db.query('DELETE FROM canned_replies WHERE id = $1 RETURNING id', [id])).length > 0
    },
  }
}

export type CannedRepliesRepository = ReturnType<typeof cannedRepliesRepository>
