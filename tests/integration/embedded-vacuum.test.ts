import { afterAll, expect, it } from 'vitest'
import { openStorage, type Storage } from '../../src/server/storage'
import { freshEmbeddedDir } from '../support/embedded'

/**
 * The embedded database has no autovacuum (storage/embedded-vacuum.ts, docs/behaviour.md#chat-at-load):
 * the storage vacuums and analyses the chat's churning tables itself, and closing waits for it.
 */
const dir = freshEmbeddedDir()
let storage: Storage | undefined
afterAll(() => dir.remove())

it('vacuums and analyses the chat tables of the embedded database on its timer, and closes cleanly', async () => {
  storage = await openStorage({ dataDir: dir.dir, vacuumEveryMs: 100 })
  const db = storage.db
  // A conversation's row rewritten as at every message, leaving versions only a vacuum reclaims.
  await db.query("INSERT INTO chat_visitors (id) VALUES ('v-1')")
  for (let i = 0; i < 20; i++) await db.query("UPDATE chat_visitors SET updated_at = now() WHERE id = 'v-1'")
  const vacuumed = async () =>
    db.query<{ relname: string }>(
      "SELECT relname FROM pg_stat_user_tables WHERE relname IN ('chat_visitors', 'chat_pending_turns', 'chat_messages') AND last_vacuum IS NOT NULL AND last_analyze IS NOT NULL",
    )
  for (let waited = 0; (await vacuumed()).length < 3 && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100))
  expect((await vacuumed()).map((r) => r.relname).sort()).toEqual(['chat_messages', 'chat_pending_turns', 'chat_visitors'])
  const errors: unknown[] = []
  const log = console.error
  console.error = (...args: unknown[]) => void errors.push(args)
  try {
    await storage.close() // a run under way ends before the database closes: no error
  } finally {
    console.error = log
  }
  expect(errors).toEqual([])
})
