// Issue 32's live-site bench rows (docs/live-site.md), with the server's own modules:
// - publish-to-live: a property's price changed in the database, then the live catalogue's
//   changed() (reload, the affected pages rendered, the swap), on each storage: p50 and p95;
// - render everything for a catalogue of 2,000 properties (every page's data and HTML), and one
//   publish in it (one property's price: the data of every page again, the affected HTML).
// In a process of its own (`node bench/catalogue.mjs` prints the figures as JSON).
// - with PostgreSQL and Redis: GET of a property page at 200 requests/s from the real server
//   (dist/server/main.mjs), while its price is changed and announced every second, against
//   the same load without publishing (the change reaches the server as another process's would:
//   a message on its Redis channel).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadServerModules } from './server-modules.mjs'

const PUBLISHES = 30
const BIG_CATALOGUE = 2000

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const round = (n) => Math.round(n * 10) / 10

/** The demo catalogue grown to `count` properties: copies of the demo's with ids and slugs of their own. */
function grown(catalogue, count) {
  const properties = []
  for (let i = 0; properties.length < count; i++) {
    const model = catalogue.properties[i % catalogue.properties.length]
    const round = Math.floor(i / catalogue.properties.length)
    properties.push(round === 0 ? model : { ...model, id: `${model.id}-${round}`, slug: `${model.slug}-${round}` })
  }
  return { ...catalogue, properties }
}

async function measure() {
  const modules = await loadServerModules('catalogue', {
    openStorage: 'src/server/storage/index.ts',
    openLiveCatalogue: 'src/server/catalogue/live.ts',
    'createRenderedSite, loadSiteRenderer': 'src/server/catalogue/rendered-site.ts',
  })
  const { openStorage, openLiveCatalogue, createRenderedSite, loadSiteRenderer, cleanup } = modules
  const renderer = await loadSiteRenderer(resolve('dist'))
  const demo = JSON.parse(readFileSync('content/catalogue.json', 'utf8'))
  // The demo agency as a first start seeds it: every page names it (src/shared/site-renderer.ts, SiteContent).
  const agency = JSON.parse(readFileSync('content/agency.json', 'utf8'))
  const figures = { publish: {} }
  try {
    // Publish to live, on each storage.
    const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
    const storages = [['embedded', () => ({ dataDir: mkdtempSync(join(tmpdir(), 'bench-catalogue-')) })]]
    if (postgres) storages.push(['PostgreSQL', () => ({ url: postgres, schema: `bench_catalogue_${process.pid}` })])
    for (const [name, place] of storages) {
      const where = place()
      const storage = await openStorage({ ...where, cataloguePath: 'content/catalogue.json' })
      const live = await openLiveCatalogue({ storage, site: (first) => createRenderedSite(renderer, first) })
      await live.site.warm() // a running server's pages are all rendered
      const [property] = live.current().catalogue.properties
      const times = []
      for (let i = 0; i < PUBLISHES; i++) {
        const data = { ...property, price: { ...property.price, amount: property.price.amount - 1000 * (i + 1) } }
        const started = performance.now()
        await storage.db.query('UPDATE properties SET data = $2, price_mxn = price_mxn - 1000 WHERE id = $1', [property.id, data])
        await live.changed()
        times.push(performance.now() - started)
      }
      await live.close()
      if (where.schema) await storage.db.query(`DROP SCHEMA IF EXISTS ${where.schema} CASCADE`)
      await storage.close()
      if (where.dataDir) rmSync(where.dataDir, { recursive: true, force: true })
      figures.publish[name] = { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) }
    }

    // Everything, and one publish, for 2,000 properties.
    const big = grown(demo, BIG_CATALOGUE)
    const snapshot = (catalogue, version) => ({ version, catalogue, agency, redirects: new Map() })
    let started = performance.now()
    const site = await createRenderedSite(renderer, snapshot(big, 'a'))
    await site.warm()
    const renderAll = performance.now() - started
    const pages = site.current().pages.size
    const [first] = big.properties
    const changed = { ...big, properties: big.properties.map((p) => (p === first ? { ...p, price: { ...p.price, amount: p.price.amount - 1000 } } : p)) }
    started = performance.now()
    const swap = await site.prepare(snapshot(changed, 'b'))
    swap()
    const onePublish = performance.now() - started
    site.close()
    figures.big = { properties: BIG_CATALOGUE, pages, renderAllMs: Math.round(renderAll), onePublishMs: Math.round(onePublish) }
  } finally {
    cleanup()
  }
  return figures
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** GET `url` at `rps` requests a second for `seconds`, each sent on time whatever the answers before: the latencies' p50 and p95. */
async function paced(url, rps, seconds) {
  const latencies = []
  let errors = 0
  const started = performance.now()
  const requests = []
  for (let i = 0; i < rps * seconds; i++) {
    const due = started + (i * 1000) / rps
    if (due > performance.now()) await sleep(due - performance.now())
    const sent = performance.now()
    requests.push(
      fetch(url)
        .then(async (response) => {
          await response.arrayBuffer()
          if (!response.ok) errors++
        })
        .catch(() => errors++)
        .finally(() => latencies.push(performance.now() - sent)),
    )
  }
  await Promise.all(requests)
  return { requests: latencies.length, errors, p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) }
}

/** A property page under load, while publishing every second (PostgreSQL and Redis only: the change comes as another process's). */
async function getWhilePublishing({ startServer, dropSchema }) {
  const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
  const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL
  if (!postgres || !redisUrl) {
    console.log('catalogue: no DATABASE_URL/TEST_DATABASE_URL or REDIS_URL/TEST_REDIS_URL, the GET-while-publishing figures skipped')
    return null
  }
  const schema = `bench_live_${process.pid}`
  const prefix = `bench-live-${process.pid}:`
  const server = await startServer({ DATABASE_URL: postgres, DATABASE_SCHEMA: schema, REDIS_URL: redisUrl, REDIS_PREFIX: prefix })
  const pg = new (await import('pg')).default.Client({ connectionString: postgres })
  const { createClient } = await import('redis')
  const redis = createClient({ url: redisUrl })
  try {
    await pg.connect()
    await pg.query(`SET search_path TO ${schema}`)
    await redis.connect()
    const [{ id, slug, data }] = (await pg.query('SELECT id, slug, data FROM properties ORDER BY id LIMIT 1')).rows
    const url = `${server.url}/propiedad/${slug}`
    await paced(url, 50, 2) // warm
    const steady = await paced(url, 200, 10)
    let publishing = true
    let publishes = 0
    const publisher = (async () => {
      while (publishing) {
        publishes++
        const price = { ...data.price, amount: data.price.amount - publishes }
        await pg.query('UPDATE properties SET data = $2 WHERE id = $1', [id, { ...data, price }])
        await redis.publish(`${prefix}catalogue-changed`, JSON.stringify({ from: 'bench', version: `bench-${publishes}` }))
        await sleep(1000)
      }
    })()
    const busy = await paced(url, 200, 10)
    publishing = false
    await publisher
    return { steady, busy, publishes }
  } finally {
    await redis.quit().catch(() => {})
    await pg.end().catch(() => {})
    await server.stop()
    await dropSchema(postgres, schema)
  }
}

/** bench/run.mjs's catalogue part: the figures from a child process of their own, and the load on a real server, as rows. */
export async function catalogue({ row, startServer, dropSchema }) {
  const figures = JSON.parse(execFileSync(process.execPath, ['bench/catalogue.mjs'], { encoding: 'utf8' }))
  figures.underLoad = await getWhilePublishing({ startServer, dropSchema })
  if (figures.underLoad) {
    const { steady, busy } = figures.underLoad
    row('catalogue: GET property page p95 @200 rps while publishing every second (ref: not publishing)', busy.p95, steady.p95, 'ms')
  }
  for (const [name, { p50, p95 }] of Object.entries(figures.publish)) {
    row(`catalogue: publish to live on ${name} p95 (ref: p50)`, p95, p50, 'ms')
  }
  const { big } = figures
  row(`catalogue: render all ${big.pages} pages of ${big.properties} properties (ref: one publish in it)`, big.renderAllMs, big.onePublishMs, 'ms')
  return figures
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await measure()))
