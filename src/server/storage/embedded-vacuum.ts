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
