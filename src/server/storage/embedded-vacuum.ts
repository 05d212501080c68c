/**
 * PGlite runs PostgreSQL without its autovacuum (docs/behaviour.md#chat-at-load): nothing would
 * ever reclaim the row versions a conversation leaves at each of its writes (about four per
 * visitor message), the pending turns inserted and deleted with every message, or the console's
 * read marks, nor refresh the planner's statistics as the chat's tables grow. So the embedded
 * database vacuums and analyses them itself, on a timer, as autovacuum would.
 */
import type { Database } from './database'

/** A slower autovacuum (PostgreSQL's looks every minute): one run takes a few ms per table. */
export const EMBEDDED_VACUUM_MS = 5 * 60_000
/**
 * The tables rewritten or deleted from on every message or read, and those that grow with the
 * chat (their statistics). The whole database would also vacuum PostgreSQL's own catalogues:
 * 200–350 ms of the database's thread instead of a few ms per table.
 */
const CHURNING_TABLES = ['chat_visitors', 'chat_pending_turns', 'chat_messages', 'chat_navigation', 'chat_handoffs', 'console_reads', 'console_sessions', 'leads']

/** Starts the timer; the returned stop waits for a run under way (before the database closes). */
export function vacuumEmbedded(db: Database, everyMs = EMBEDDED_VACUUM_MS): () => Promise<void> {
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    running ??= db
      .query(`VACUUM (ANALYZE) ${CHURNING_TABLES.join(', ')}`)
      .then(
        () => {},
        (error: Error) => console.error(`[db] vacuuming the embedded database failed: ${error.message}`),
      )
      .finally(() => (running = null))
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

/**
 * After an erasure (docs/behaviour.md#data-rights) the deleted values must leave the files too.
 * On the embedded database: the tables are rewritten (VACUUM FULL: the old files, with the dead
 * rows and index entries, are dropped), their statistics made again from what is left (ANALYZE
 * keeps the old most-common values of a table left empty, so they are deleted first) and the
 * statistics table itself rewritten; then the write-ahead log is moved to a new segment and a
 * checkpoint removes the old ones, which held the rows and pages as written (with wal_recycle off
 * they are deleted, not renamed for reuse with their old bytes). It holds the database's thread
 * for the rewrite (tens of ms per thousand rows), once per erasure.
 * On PostgreSQL a plain VACUUM (ANALYZE), which takes no lock the chat waits for: the values stay
 * in free space until reused, in the WAL archive and in backups until they expire (docs/operations.md,
 * Erasure, the files and backups).
 */
export async function reclaimErased(db: Database, tables: readonly string[]): Promise<void> {
  const list = tables.join(', ')
  if (db.kind === 'postgres') {
    await db.query(`VACUUM (ANALYZE) ${list}`)
    return
  }
  await db.query(`VACUUM FULL ${list}`)
  await db.query('DELETE FROM pg_statistic WHERE starelid IN (SELECT unnest($1::text[])::regclass)', [tables])
  await db.query(`ANALYZE ${list}`)
  await db.query('VACUUM FULL pg_statistic')
  await db.query('SET wal_recycle = off')
  try {
    await db.query('SELECT pg_switch_wal()')
    await db.query('CHECKPOINT')
  } finally {
    await db.query('RESET wal_recycle')
  }
}
