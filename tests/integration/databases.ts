import { afterAll, beforeAll, inject } from 'vitest'
import { openStorage, type Storage } from '../../src/server/storage'
import { openDatabase } from '../../src/server/storage/database'
import { CATALOGUE_PATH } from '../support/catalogue'
import { freshEmbeddedDir } from '../support/embedded'
import { dropDatabase, POSTGRES_TEMPLATE_SCHEMA, withDatabase } from '../support/postgres-template'
import { withEmbeddedStarts } from '../support/limits'

/**
 * The storages every storage test runs against: the embedded default always, PostgreSQL when
 * TEST_DATABASE_URL is set (.ci/run sets it after making sure the server runs). Outside CI a
 * missing URL skips the PostgreSQL half with a printed reason; in CI it is a failure.
 */
const postgresUrl = process.env.TEST_DATABASE_URL
if (!postgresUrl) {
  const reason = 'TEST_DATABASE_URL is not set: the PostgreSQL half of the storage tests is skipped.'
  if (process.env.CI) throw new Error(`${reason} .ci/run must provide it.`)
  console.warn(reason)
}

/** `open(place)`: a fresh storage, or, given the same place again, the one opened before. */
export const STORAGES: { name: string; open: (place?: string) => Promise<Storage & { drop(): Promise<void> }> }[] = [
  {
    name: 'embedded (PGlite)',
    // A fresh storage is a copy of the run's migrated and seeded template (support/embedded.ts), deleted by drop().
    open: async (dataDir?: string) => {
      const own = dataDir ? undefined : freshEmbeddedDir()
      try {
        const storage = await openStorage({ dataDir: dataDir ?? own!.dir, cataloguePath: CATALOGUE_PATH })
        return { ...storage, drop: async () => own?.remove() }
      } catch (error) {
        own?.remove()
        throw error
      }
    },
  },
  ...(postgresUrl
    ? [
        {
          name: 'PostgreSQL',
          // A database of its own per opened storage, cloned from the run's template (support/postgres-template.ts)
          // and dropped afterwards, so runs never see each other's data; without a template, a schema of its own.
          open: async (place = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`) => {
            const template = inject('postgresTemplate')
            if (!template) return openPostgresSchema(postgresUrl, place)
            const admin = await openDatabase({ url: postgresUrl })
            try {
              const [found] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [place])
              if (!found) await admin.query(`CREATE DATABASE ${place} TEMPLATE ${template}`)
            } finally {
              await admin.close()
            }
            const storage = await openStorage({ url: withDatabase(postgresUrl, place), schema: POSTGRES_TEMPLATE_SCHEMA, cataloguePath: CATALOGUE_PATH })
            return { ...storage, drop: () => dropDatabase(postgresUrl, place) }
          },
        },
      ]
    : []),
]

/** A storage in schema `schema` of the test database, migrated and seeded there; drop() drops the schema. */
async function openPostgresSchema(url: string, schema: string) {
  const storage = await openStorage({ url, schema, cataloguePath: CATALOGUE_PATH })
  return {
    ...storage,
    drop: async () => {
      const admin = await openDatabase({ url })
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.close()
    },
  }
}

export type TestStorage = Awaited<ReturnType<(typeof STORAGES)[number]['open']>>

/**
 * The storage the tests of one `describe.each(STORAGES)` block share: opened before them (within
 * one embedded start-up), closed and dropped after them. Read it through the returned getter.
 */
export function sharedStorage(open: (typeof STORAGES)[number]['open']): () => TestStorage {
  let storage: TestStorage | undefined
  beforeAll(async () => {
    storage = await open()
  }, withEmbeddedStarts(1))
  afterAll(async () => {
    await storage?.close()
    await storage?.drop()
  })
  return () => storage!
}

/** The visitor messages whose agent turn is still pending: the journal's record of work to finish. */
export async function pendingTurns(storage: Storage, visitorId: string): Promise<string[]> {
  const rows = await storage.db.query<{ message_id: string }>('SELECT message_id FROM chat_pending_turns WHERE visitor_id = $1', [visitorId])
  return rows.map((row) => row.message_id)
}
