import { describe, expect, it } from 'vitest'
import { prepared, PREPARED } from '../../src/server/storage/prepared'
import { sharedStorage, STORAGES } from './databases'

/**
 * Prepared statements run together (storage/prepared.ts, docs/behaviour.md#chat-at-load), on every
 * storage: one transaction whose rows come back per statement, typed as query() types them; a
 * statement is parsed once on its connection and runs again after a failed run; a failure rolls
 * back every statement run with it and leaves the connection ready; a statement planned once
 * reads its tables by index, even planned on a database of one conversation.
 */
const UPSERT = prepared<{ id: string; utms: Record<string, unknown> | null; updated_at: Date; owned: boolean }>(
  'test_prepared_upsert',
  `INSERT INTO chat_visitors (id, utms) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET utms = EXCLUDED.utms
   RETURNING id, utms, updated_at, owner_id IS NOT NULL AS owned`,
)
const DIVIDE = prepared<{ n: number }>('test_prepared_divide', 'SELECT 12 / $1::int AS n')
/** What the connection that runs it has prepared, with how often each ran. */
const PREPARED_HERE = prepared<{ name: string; runs: number }>(
  'test_prepared_here',
  `SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE name LIKE 'test_prepared_%' ORDER BY name`,
)

/** How the upsert's runs were planned on the connection that runs it. */
const UPSERT_PLANS = prepared<{ generic_plans: number; custom_plans: number }>(
  'test_prepared_plans',
  `SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = 'test_prepared_upsert'`,
)

describe.each(STORAGES)('prepared statements on $name', ({ open }) => {
  const storage = sharedStorage(open)
  let count = 0
  const visitor = () => `prepared-${Date.now()}-${++count}`
  const visitorRows = async (id: string) => storage().db.query('SELECT utms FROM chat_visitors WHERE id = $1', [id])

  it("runs statements together and returns each one's rows, typed, null for a step left out", async () => {
    const v = visitor()
    const [upserted, left, divided] = await storage().db.runTogether([[UPSERT, [v, { source: 'prueba' }]], null, [DIVIDE, [4]]])
    expect(upserted).toEqual([{ id: v, utms: { source: 'prueba' }, updated_at: expect.any(Date), owned: false }])
    expect(left).toBeNull()
    expect(divided).toEqual([{ n: 3 }])
    expect(await storage().db.query(UPSERT, [v, null])).toMatchObject([{ id: v, utms: null }])
  })

  it('parses a statement once on its connection and runs it again after a failed run, which left nothing behind', async () => {
    const v = visitor()
    await expect(storage().db.runTogether([[UPSERT, [v, { n: 1 }]], [DIVIDE, [0]]])).rejects.toThrow(/division by zero/)
    expect(await visitorRows(v)).toEqual([])
    const [, , here] = await storage().db.runTogether([[UPSERT, [v, { n: 2 }]], [DIVIDE, [2]], [PREPARED_HERE, []]])
    expect(await visitorRows(v)).toEqual([{ utms: { n: 2 } }])
    expect(here!.map((s) => s.name)).toEqual(['test_prepared_divide', 'test_prepared_here', 'test_prepared_upsert'])
    // One connection holds every statement of the embedded database: each ran there, parsed once.
    if (storage().db.kind === 'embedded') expect(here!.find((s) => s.name === 'test_prepared_upsert')!.runs).toBeGreaterThanOrEqual(3)
  })

  it('keeps the generic plan of a statement planned once (embedded), and leaves every other query to plans made with its values', async () => {
    const v = visitor()
    for (let run = 0; run < 7; run++) await storage().db.runTogether([[UPSERT, [v, { run }]]])
    await expect(storage().db.runTogether([[UPSERT, [v, null]], [DIVIDE, [0]]])).rejects.toThrow(/division by zero/)
    // Neither a batch that committed nor one rolled back leaves the setting on for other queries.
    expect(await storage().db.query('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }])
    if (storage().db.kind !== 'embedded') return
    const [plans] = await storage().db.runTogether([[UPSERT_PLANS, []]])
    expect(plans[0]!.custom_plans).toBe(0)
    expect(plans[0]!.generic_plans).toBeGreaterThanOrEqual(7)
  })

  it('refuses a second statement under a name already prepared', async () => {
    const impostor = prepared('test_prepared_upsert', 'SELECT 1')
    await expect(storage().db.runTogether([[UPSERT, [visitor(), null]], [impostor, []]])).rejects.toThrow(/test_prepared_upsert/)
  })

  it('plans once only statements that read every table through an index, even planned on a database of one conversation', async () => {
    const v = visitor()
    const first = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'hola', clientMessageId: 'c1' })
    await storage().journal.storeTurn({ visitorId: v, answers: first.message.id, replies: ['¡Hola!'], state: { turns: 1 } })
    const once = PREPARED.filter((statement) => statement.plan === 'once' && !statement.name.startsWith('test_'))
    expect(once.map((statement) => statement.name)).toEqual(expect.arrayContaining(['journal_store', 'chat_history']))
    for (const { name, text } of once) {
      const parameters = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])))
      // The generic plan (the one the embedded database keeps, and PostgreSQL's choice once it costs no more) is the one EXPLAIN EXECUTE shows, whatever the values.
      const plan = await storage().db.transaction(async (tx) => {
        await tx.query('SET LOCAL plan_cache_mode = force_generic_plan')
        await tx.query(`PREPARE test_plan AS ${text}`)
        const lines = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) EXECUTE test_plan(${Array(parameters).fill('NULL').join(', ')})`)
        await tx.query('DEALLOCATE test_plan')
        return lines.map((line) => line['QUERY PLAN']).join('\n')
      })
      expect(plan, name).not.toMatch(/Seq Scan/)
    }
  })
})
