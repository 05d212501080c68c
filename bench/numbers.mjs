// Part `numbers` (issue 15): the console dashboard's aggregate queries over 100,000 stored
// messages and 10,000 leads, on the embedded database and on PostgreSQL.
//
// The storage and the dashboard are bundled from src/ with esbuild (the same queries the server
// runs), the data is generated in SQL (generate_series) over 90 days: 10,000 visitors with 10
// messages and 3 page views each, 10,000 leads over 20 campaigns, 4 sources, 30 landing pages and
// the catalogue's properties, 2,000 visits and 1,000 hand-off requests. The figure is the whole
// dashboard (per day, hand-offs, funnel, six breakdowns in five queries) for the last 30 days, ROUNDS times after
// one warm-up; the reference is the same for the whole 90 days.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { percentile } from './browser.mjs'
import { loadServerModules } from './server-modules.mjs'

const ROUNDS = 20
const VISITORS = 10_000
const MESSAGES_PER_VISITOR = 10
const LEADS = 10_000
const VISITS = 2_000
const HANDOFFS = 1_000
const DAYS = 90
/** The seeded period ends here, so the ranges are fixed whatever day the bench runs. */
const LAST_DAY = '2026-10-31'

const loadModules = () =>
  loadServerModules('numbers', {
    openStorage: 'src/server/storage/index.ts',
    dashboard: 'src/server/crm/dashboard.ts',
    dashboardRepository: 'src/server/storage/dashboard-repo.ts',
  })

/** 100,000 messages, 10,000 leads and the rest, written by the database itself. */
async function seed(db) {
  const start = `('${LAST_DAY}'::date - ${DAYS - 1})::timestamptz + interval '15 hours'`
  // Visitor i is active on day i % DAYS; ids are text like the widget's.
  // A conversation's channel and source are written with its record (migration 71): as the store would.
  await db.query(`INSERT INTO chat_visitors (id, utms, first_message_at, traffic_channel, traffic_source)
    SELECT 'v' || i, jsonb_build_object('utm_source', (ARRAY['Google','Google Ads','Facebook','Instagram'])[1 + i % 4], 'utm_campaign', 'campana-' || (i % 20)),
      ${start} + (i % ${DAYS}) * interval '1 day',
      (ARRAY['direct','paid_search','organic_social','organic_social'])[1 + i % 4], (ARRAY[NULL,'google ads','facebook','instagram'])[1 + i % 4]
    FROM generate_series(1, ${VISITORS}) AS i`)
  await db.query(`INSERT INTO chat_navigation (visitor_id, url_path, at)
    SELECT 'v' || i, '/pagina-' || ((i + k) % 30) || '?utm_source=x', ${start} + (i % ${DAYS}) * interval '1 day' + k * interval '1 minute'
    FROM generate_series(1, ${VISITORS}) AS i, generate_series(0, 2) AS k`)
  await db.query(`INSERT INTO chat_messages (id, visitor_id, role, content, created_at)
    SELECT 'm' || i || '-' || k, 'v' || i, CASE WHEN k % 2 = 0 THEN 'user' ELSE 'agent' END, 'Mensaje ' || k || ' de una conversación sobre casas en Cancún',
      ${start} + (i % ${DAYS}) * interval '1 day' + k * interval '2 minutes'
    FROM generate_series(1, ${VISITORS}) AS i, generate_series(0, ${MESSAGES_PER_VISITOR - 1}) AS k`)
  await db.query(`INSERT INTO leads (id, name, email, phone, message, source, property_slug, attribution, visitor_id, landing_page, search_text, created_at)
    SELECT 'l' || i, 'Persona ' || i, 'persona' || i || '@example.mx', '998' || lpad(i::text, 7, '0'), '', CASE WHEN i % 3 = 0 THEN 'contacto' ELSE 'chat' END,
      (SELECT slug FROM properties ORDER BY slug OFFSET (i % 40) LIMIT 1),
      jsonb_build_object('utm_source', (ARRAY['Google','Google Ads','Facebook','Instagram'])[1 + i % 4], 'utm_campaign', 'campana-' || (i % 20)),
      CASE WHEN i % 3 = 0 THEN NULL ELSE 'v' || i END, '/pagina-' || (i % 30), 'persona ' || i,
      ${start} + (i % ${DAYS}) * interval '1 day' + interval '30 minutes'
    FROM generate_series(1, ${LEADS}) AS i`)
  await db.query(`INSERT INTO appointments (id, visitor_id, at, name, phone, email, property_slug, note, created_at)
    SELECT 'a' || i, 'v' || (i * 5), ${start} + (i % ${DAYS} + 3) * interval '1 day', 'Persona', NULL, NULL,
      (SELECT slug FROM properties ORDER BY slug OFFSET (i % 40) LIMIT 1), '', ${start} + ((i * 5) % ${DAYS}) * interval '1 day' + interval '40 minutes'
    FROM generate_series(1, ${VISITS}) AS i`)
  await db.query(`INSERT INTO chat_handoffs (visitor_id, requested_at)
    SELECT 'v' || (i * 7), ${start} + ((i * 7) % ${DAYS}) * interval '1 day' + interval '10 minutes' FROM generate_series(1, ${HANDOFFS}) AS i`)
  await db.query('ANALYZE')
}

async function timeDashboard(dashboard, db, range) {
  await dashboard(db, range) // warm-up: plans and caches
  const times = []
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now()
    await dashboard(db, range)
    times.push(performance.now() - started)
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

export async function numbers({ row, round }) {
  const { openStorage, dashboard: dashboardOf, dashboardRepository, cleanup } = await loadModules()
  // The dashboard reads its storage's repository (crm/dashboard.ts), as the server's pipeline does.
  const dashboard = (db, range) => dashboardOf(dashboardRepository(db), range)
  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  const storages = [['embedded', () => ({ dataDir: mkdtempSync(join(tmpdir(), 'bench-numbers-db-')) })]]
  if (postgresUrl) storages.push(['PostgreSQL', () => ({ url: postgresUrl, schema: `bench_numbers_${process.pid}` })])
  else console.warn('numbers: no TEST_DATABASE_URL or DATABASE_URL, PostgreSQL row skipped')
  const month = { from: '2026-10-02', to: LAST_DAY }
  const quarter = { from: '2026-08-03', to: LAST_DAY }
  const results = {}
  try {
    for (const [name, options] of storages) {
      const opened = options()
      const storage = await openStorage({ ...opened, cataloguePath: 'content/catalogue.json' })
      try {
        await seed(storage.db)
        const [{ messages }] = await storage.db.query('SELECT count(*)::int AS messages FROM chat_messages')
        const [{ leads }] = await storage.db.query('SELECT count(*)::int AS leads FROM leads')
        const last30 = await timeDashboard(dashboard, storage.db, month)
        const all90 = await timeDashboard(dashboard, storage.db, quarter)
        for (const p of ['p50', 'p95']) {
          row(`numbers ${name}: dashboard, 30 days of ${messages.toLocaleString('en-US')} messages and ${leads.toLocaleString('en-US')} leads, ${p} (ref: 90 days)`, round(last30[p]), round(all90[p]), 'ms')
        }
        results[name] = { messages, leads, last30, all90 }
      } finally {
        if (opened.schema) await storage.db.query(`DROP SCHEMA IF EXISTS ${opened.schema} CASCADE`).catch(() => {})
        await storage.close()
        if (opened.dataDir) rmSync(opened.dataDir, { recursive: true, force: true })
      }
    }
  } finally {
    cleanup()
  }
  return results
}
