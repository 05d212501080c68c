import { afterAll, describe, expect, it } from 'vitest'
import { openStorage } from '../../src/server/storage'
import { openDatabase } from '../../src/server/storage/database'
import { MIGRATIONS, migrate } from '../../src/server/storage/migrations'
import { CATALOGUE_PATH, readCatalogue } from '../support/catalogue'

/**
 * Several server processes may start together on one PostgreSQL database: the migrations (and
 * the first catalogue seed) run once, under an advisory lock, and every process comes up
 * (docs/server.md#migration-lock). Each opener has its own pool, as a process would.
 */
const url = process.env.TEST_DATABASE_URL
const schemas: string[] = []
const freshSchema = () => {
  const schema = `lock_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  schemas.push(schema)
  return schema
}

describe.skipIf(!url)('migrations on a shared PostgreSQL', () => {
  afterAll(async () => {
    const admin = await openDatabase({ url: url! })
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.close()
  })

  it('two openers migrating a fresh schema together both succeed, and each migration runs once', async () => {
    const schema = freshSchema()
    const [a, b] = await Promise.all([openDatabase({ url: url!, schema }), openDatabase({ url: url!, schema })])
    try {
      const [first, second] = await Promise.all([migrate(a), migrate(b)])
      const all = MIGRATIONS.map((m) => m.version)
      // Each version applied by exactly one of them.
      expect([...first, ...second].sort((x, y) => x - y)).toEqual(all)
      expect(first.filter((v) => second.includes(v))).toEqual([])
      const rows = await a.query<{ version: number; n: number }>('SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version ORDER BY version')
      expect(rows.map((r) => Number(r.version))).toEqual(all)
      expect(rows.every((r) => r.n === 1)).toBe(true)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('two processes starting together on a fresh schema both come up, with the catalogue seeded once', async () => {
    const schema = freshSchema()
    const storages = await Promise.all([0, 1].map(() => openStorage({ url: url!, schema, cataloguePath: CATALOGUE_PATH })))
    try {
      const [row] = await storages[0]!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
      expect(row!.n).toBe(MIGRATIONS.length)
      for (const storage of storages) expect((await storage.catalogue.zones()).length).toBe(readCatalogue().zones.length)
    } finally {
      await Promise.all(storages.map((storage) => storage.close()))
    }
  })
})
