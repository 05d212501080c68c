import type { Queryable } from './database'

/** Who answers a conversation, as stored on the visitor's row (null: the automated agent). */
export interface StoredOwner {
  accountId: string
  since: string
  activeAt: string
}

interface OwnerRow {
  owner_id: string | null
  owner_since: Date | string | null
  owner_active_at: Date | string | null
}

const toOwner = (row: OwnerRow | undefined): StoredOwner | null =>
  row?.owner_id
    ? { accountId: row.owner_id, since: new Date(row.owner_since!).toISOString(), activeAt: new Date(row.owner_active_at!).toISOString() }
    : null

const UPSERT_VISITOR = 'INSERT INTO chat_visitors (id) VALUES ($1) ON CONFLICT (id) DO NOTHING'

/**
 * The one definition of "a person holds the conversation" (docs/behaviour.md#console-ownership):
 * a chat_visitors row (`row`, e.g. 'v.') has an owner who answered within `idleSeconds` (an SQL
 * expression: a parameter or a column) by the database's clock. The ownership changes below and
 * the chat journal's commits all ask it, so they cannot disagree about who answers.
 */
export const personHolds = (idleSeconds: string, row = '') =>
  `(${row}owner_id IS NOT NULL AND ${row}owner_active_at > now() - make_interval(secs => ${idleSeconds}))`

/**
 * The stored owner of each conversation (docs/behaviour.md#console-ownership). Every change is one
 * conditional UPDATE, so two processes taking the same conversation cannot both win.
 */
export function ownershipRepository(db: Queryable) {
  return {
    /** The current owner, or null when it is free or its owner has been idle `idleSeconds`. */
    async owner(visitorId: string, idleSeconds: number): Promise<StoredOwner | null> {
      const [row] = await db.query<OwnerRow>(
        `SELECT owner_id, owner_since, owner_active_at FROM chat_visitors WHERE id = $1 AND ${personHolds('$2')}`,
        [visitorId, idleSeconds],
      )
      return toOwner(row)
    },
    /**
     * Take the conversation for `accountId` when it is free, already theirs, or its owner is idle.
     * Returns whether it is now theirs and who owns it after the attempt.
     */
    async take(visitorId: string, accountId: string, idleSeconds: number): Promise<{ taken: boolean; owner: StoredOwner | null }> {
      await db.query(UPSERT_VISITOR, [visitorId])
      const [row] = await db.query<OwnerRow>(
        `UPDATE chat_visitors SET owner_id = $2, owner_active_at = now(), updated_at = now(),
           owner_since = CASE WHEN owner_id = $2 THEN owner_since ELSE now() END, closed_at = NULL, needs_human = false, owner_gone_at = NULL
         WHERE id = $1 AND (owner_id = $2 OR NOT ${personHolds('$3')})
         RETURNING owner_id, owner_since, owner_active_at`,
        [visitorId, accountId, idleSeconds],
      )
      if (row) return { taken: true, owner: toOwner(row) }
      return { taken: false, owner: await this.owner(visitorId, idleSeconds) }
    },
    /** Give it back to the automated agent if `accountId` owns it; whether it did. */
    async release(visitorId: string, accountId: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE chat_visitors SET owner_id = NULL, owner_since = NULL, owner_active_at = NULL, owner_gone_at = NULL, updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING id',
        [visitorId, accountId],
      )
      return rows.length > 0
    },
    /** Release every conversation `accountId` owns (sign-out); the visitor ids. */
    async releaseAll(accountId: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        'UPDATE chat_visitors SET owner_id = NULL, owner_since = NULL, owner_active_at = NULL, owner_gone_at = NULL, updated_at = now() WHERE owner_id = $1 RETURNING id',
        [accountId],
      )
      return rows.map((r) => r.id)
    },
    /** Release conversations whose owner has been idle `idleSeconds`; the visitor ids and their former owners. */
    async releaseIdle(idleSeconds: number): Promise<{ visitorId: string; accountId: string }[]> {
      const rows = await db.query<{ id: string; former: string }>(
        `UPDATE chat_visitors v SET owner_id = NULL, owner_since = NULL, owner_active_at = NULL, owner_gone_at = NULL, updated_at = now()
         FROM (SELECT id, owner_id AS former FROM chat_visitors WHERE owner_id IS NOT NULL AND NOT ${personHolds('$1')} FOR UPDATE) o
         WHERE v.id = o.id AND v.owner_id = o.former RETURNING v.id, o.former`,
        [idleSeconds],
      )
      return rows.map((r) => ({ visitorId: r.id, accountId: r.former }))
    },
    /** The owner answered: the idle clock starts again. Whether `accountId` still owns it. */
    async touch(visitorId: string, accountId: string): Promise<boolean> {
      const rows = await db.query('UPDATE chat_visitors SET owner_active_at = now() WHERE id = $1 AND owner_id = $2 RETURNING id', [visitorId, accountId])
      return rows.length > 0
    },
  }
}

export type OwnershipStore = ReturnType<typeof ownershipRepository>
