// Issue 32's live-site bench rows (docs/live-site.md), with the server's own modules:
// - publish-to-live: a property's price changed in the database, then the live catalogue's
//   changed() (reload, the affected pages rendered, the swap), on each storage: p50 and p95;
// - render everything for a catalogue of 2,000 properties (every page's data and HTML), and one
//   publish in it (one property's price: the data of every page again, the affected HTML).
// In a process of its own (`node bench/catalogue.mjs` prints the figures as JSON).
//
// Not in it yet: GET of a property page under 200 requests/s while publishing every second.
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
    const snapshot = (catalogue, version) => ({ version, catalogue, redirects: new Map() })
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

/** bench/run.mjs's catalogue part: the figures from a child process of their own, as rows. */
export async function catalogue({ row }) {
  const figures = JSON.parse(execFileSync(process.execPath, ['bench/catalogue.mjs'], { encoding: 'utf8' }))
  for (const [name, { p50, p95 }] of Object.entries(figures.publish)) {
    row(`catalogue: publish to live on ${name} p95 (ref: p50)`, p95, p50, 'ms')
  }
  const { big } = figures
  row(`catalogue: render all ${big.pages} pages of ${big.properties} properties (ref: one publish in it)`, big.renderAllMs, big.onePublishMs, 'ms')
  return figures
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await measure()))
