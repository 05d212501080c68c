import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from '../../src/server/storage/database'
import { freshEmbeddedDir } from '../support/embedded'
import { withEmbeddedStarts } from '../support/limits'

/**
 * The embedded database runs in a thread of its own (storage/database.ts,
 * docs/behaviour.md#chat-at-load): the main thread's event loop keeps turning while PGlite works,
 * rows and errors cross back as they were, and a thread that stops, or a database that cannot
 * open, fails every call with its reason instead of leaving it waiting.
 */

/** The real threads the database started in this file, kept so a test can end one as a crash would. */
const threads = vi.hoisted((): Worker[] => [])
vi.mock('node:worker_threads', async (original) => {
  const real = await original<typeof import('node:worker_threads')>()
  class KeptWorker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args)
      threads.push(this)
    }
  }
  return { ...real, Worker: KeptWorker }
})

/** A query that keeps the database busy this long (PostgreSQL's pg_sleep). */
const BUSY_S = 2
const TIMER_MS = 10

async function open(): Promise<{ db: Database; thread: Worker; remove(): void }> {
  const dir = freshEmbeddedDir()
  const db = await openDatabase({ dataDir: dir.dir })
  return { db, thread: threads.at(-1)!, remove: dir.remove }
}

describe('the embedded database in its own thread', () => {
  let opened: Awaited<ReturnType<typeof open>>
  beforeAll(async () => {
    opened = await open()
  }, withEmbeddedStarts(1))
  afterAll(async () => {
    await opened?.db.close()
    opened?.remove()
  })

  it("keeps the main thread's event loop turning while a query runs", async () => {
    const ticks: number[] = []
    const timer = setInterval(() => ticks.push(performance.now()), TIMER_MS)
    const started = performance.now()
    await opened.db.query(`SELECT pg_sleep(${BUSY_S})`)
    const ended = performance.now()
    clearInterval(timer)
    // In one thread the query would hold the event loop: no tick between its start and its end
    // (the end is recorded in a microtask, before any timer). Counted, not timed: a busy machine
    // spaces the ticks out but cannot remove them all.
    const during = ticks.filter((at) => at > started && at < ended)
    expect(ended - started).toBeGreaterThanOrEqual(BUSY_S * 1000)
    expect(opened.thread.threadId).toBeGreaterThan(0)
    expect(during.length).toBeGreaterThanOrEqual(2)
  })

  it('returns rows with their types and errors with their PostgreSQL fields, as PGlite gives them', async () => {
    const [row] = await opened.db.query(
      `SELECT 7::int8 AS big, 1.5::numeric AS exact, '{"a":[1,null]}'::jsonb AS doc, '2026-01-02T03:04:05Z'::timestamptz AS at,
        '\\x0102'::bytea AS raw, ARRAY['x','y'] AS list, NULL::text AS nothing`,
    )
    expect(row).toStrictEqual({
      big: 7,
      exact: '1.5',
      doc: { a: [1, null] },
      at: new Date('2026-01-02T03:04:05Z'),
      raw: new Uint8Array([1, 2]),
      list: ['x', 'y'],
      nothing: null,
    })
    await expect(opened.db.query('SELECT 1 / $1::int', [0])).rejects.toMatchObject({ message: 'division by zero', code: '22012', severity: 'ERROR' })
    await expect(opened.db.transaction((tx) => tx.query('INSERT INTO nowhere VALUES (1)'))).rejects.toMatchObject({ code: '42P01' })
    expect(await opened.db.query('SELECT 1 AS still')).toEqual([{ still: 1 }])
  })
})

describe('when the embedded database cannot serve', () => {
  it('fails the calls waiting for a thread that stopped, and every call after, with the reason', async () => {
    const { db, thread, remove } = await open()
    try {
      const stopped = /^The embedded database's thread stopped \(exit code 1\)\.$/
      const running = expect(db.query(`SELECT pg_sleep(${BUSY_S * 10})`)).rejects.toThrow(stopped)
      const waiting = expect(db.runTogether([])).rejects.toThrow(stopped)
      await thread.terminate()
      await running
      await waiting
      await expect(db.query('SELECT 1')).rejects.toThrow(stopped)
      await expect(db.transaction(async () => {})).rejects.toThrow(stopped)
    } finally {
      await db.close()
      remove()
    }
  }, withEmbeddedStarts(1))

  it('fails the opening with the reason when the folder is not a database, and ends its thread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'not-a-database-'))
    writeFileSync(join(dir, 'PG_VERSION'), '99\n')
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/PGlite failed to initialize/)
      expect(threads.at(-1)!.threadId).toBe(-1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, withEmbeddedStarts(1))
})
