// The live site (docs/live-site.md): a catalogue row changed in the database, then `changed()`,
// and the page, its payload, the search page, the API, sitemap.xml and the agent all show it; a
// new property gets its page, a changed slug and an archived property answer 301, a sold one
// keeps its page. Then two processes behind Redis: changed on one, served by the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingRows } from '../../src/catalogue/listing-criteria'
import type { Catalogue, Property } from '../../src/catalogue/model'
import { ConsoleServerEvent } from '../../src/protocol/console'
import { DEV_PUBLIC_API_KEY } from '../../src/server/config'
import type { RunningServer } from '../../src/server/app'
import type { Storage } from '../../src/server/storage'
import { client, collect, connected, disconnectAll, newVisitor, send } from '../support/chat-client'
import { readCatalogue } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { startTestServer, testRedisPrefix } from '../support/server'
import { waitFor } from '../support/wait'
import { STORAGES, type TestStorage } from './databases'

const demo = readCatalogue()
/** An available house the search page lists first (the newest), so its card shows on /buscar-propiedades. */
const newest = (catalogue: Catalogue) => [...catalogue.properties].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!

/**
 * A property row written straight to the database, as the catalogue editor does (the columns the
 * listing search reads are the listing row's, catalogue/listing-criteria.ts).
 */
async function saveProperty(storage: Storage, property: Property, publication = 'publicada') {
  const { priceMxn, searchText } = listingRows({ ...demo, properties: [property] })[0]!
  const p = property
  await storage.db.query(
    `INSERT INTO properties (id, slug, operation, type, zone, development, price_mxn, bedrooms, bathrooms, parking,
       construction_m2, lot_m2, amenities, status, featured, search_text, created_at, data, publication)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     ON CONFLICT (id) DO UPDATE SET slug = $2, operation = $3, type = $4, zone = $5, development = $6, price_mxn = $7,
       bedrooms = $8, bathrooms = $9, parking = $10, construction_m2 = $11, lot_m2 = $12, amenities = $13, status = $14,
       featured = $15, search_text = $16, created_at = $17, data = $18, publication = $19`,
    [
      p.id, p.slug, p.operation, p.type, p.zone, p.development, priceMxn, p.bedrooms, p.bathrooms, p.parking,
      p.constructionM2, p.lotM2, p.amenities, p.status, p.featured, searchText, p.createdAt, p, publication,
    ],
  )
}

const redirect = (storage: Storage, from: string, to: string) =>
  storage.db.query('INSERT INTO catalogue_redirects (from_path, to_path) VALUES ($1, $2) ON CONFLICT (from_path) DO UPDATE SET to_path = $2', [from, to])

/** What a visitor's browser gets at `path`: the page's HTML, and the payload it names. */
async function page(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' })
  const html = await response.text()
  const payloadHref = /"payloadHref":"([^"]+)"/.exec(html)?.[1]
  const payload = payloadHref ? await (await fetch(`${base}${payloadHref}`)).json() : null
  return { status: response.status, location: response.headers.get('location'), html, payloadHref, payload: payload as { data: Record<string, unknown> } | null, etag: response.headers.get('etag') }
}

/** The build id the pages name (the client router's manifest is under it). */
const buildIdOf = async (server: RunningServer) => /"buildId":"([^"]+)"/.exec(await (await fetch(`${server.url}/`)).text())![1]

const api = async (base: string, path: string) => (await fetch(`${base}${path}`, { headers: { 'X-Api-Key': DEV_PUBLIC_API_KEY } })).json() as Promise<{ items: { slug: string; title: string }[] }>

/** The agent's answer to a visitor pasting a property's link (it looks the property up in its index). */
async function agentAbout(server: RunningServer, slug: string): Promise<string> {
  const visitor = newVisitor()
  const socket = client(server.url, visitor)
  const replies = collect(socket, 'response')
  const typing = collect(socket, 'typing-state-widget')
  await connected(socket)
  expect(await send(socket, visitor, `¿Sigue disponible esta casa? ${server.url}/propiedad/${slug}`)).toMatchObject({ ok: true })
  await waitFor(() => typing.includes('done'), 'the end of the agent turn')
  socket.disconnect()
  return JSON.stringify(replies)
}

describe.each(STORAGES)('the live site on $name', { timeout: withEmbeddedStarts(1, 120_000) }, ({ open }) => {
  let storage: TestStorage
  let server: RunningServer
  beforeAll(async () => {
    storage = await open()
    server = await startTestServer({ storage })
  }, withEmbeddedStarts(2))
  afterAll(async () => {
    disconnectAll()
    await server?.close()
    await storage?.close()
    await storage?.drop()
  })

  it('shows an edited property on its page, its payload, the search page, the API, the sitemap and the agent once changed() resolves', async () => {
    const property = newest(demo)
    const path = `/propiedad/${property.slug}`
    const before = await page(server.url, path)
    expect(before.status).toBe(200)
    const untouched = await page(server.url, '/acerca')
    const version = server.catalogue.current().version

    const title = `${property.title} recién remodelada`
    const edited = { ...property, title, updatedAt: '2026-12-01T10:00:00.000Z', price: { ...property.price, amount: property.price.amount - 1000 } }
    await saveProperty(storage, edited)
    await server.catalogue.changed()

    expect(server.catalogue.current().version).not.toBe(version)
    const after = await page(server.url, path)
    expect(after.html).toContain(title)
    expect(after.payload!.data).toMatchObject({ property: { title, price: edited.price } })
    expect(after.etag).not.toBe(before.etag)
    // A page the change does not touch is the same page, not rendered again.
    expect((await page(server.url, '/acerca')).etag).toBe(untouched.etag)
    // An HTML sent just before the change still gets its own version's payload, never the new one.
    expect(before.payloadHref).not.toBe(after.payloadHref)
    expect(await (await fetch(`${server.url}${before.payloadHref}`)).json()).toEqual(before.payload)
    // The client's copy of the old version is no longer current; of the new one, it is.
    expect((await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': before.etag! } })).status).toBe(200)
    const kept = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': after.etag! } })
    expect(kept.status).toBe(304)
    // A 304 keeps the page's ETag and revalidation and still gives a new visitor the form cookie; no new policy (the kept page's nonce stays).
    expect([kept.headers.get('etag'), kept.headers.get('cache-control'), kept.headers.get('content-security-policy')]).toEqual([after.etag, 'no-cache', null])
    expect(kept.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/)
    const search = await page(server.url, '/buscar-propiedades')
    expect(JSON.stringify(search.payload!.data)).toContain(title)
    expect((await api(server.url, `/api/properties?q=${encodeURIComponent('recién remodelada')}`)).items.map((p) => p.slug)).toEqual([property.slug])
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`${path}</loc>\n    <lastmod>2026-12-01T10:00:00Z</lastmod>`)
    expect(await agentAbout(server, property.slug)).toContain(title)
  })

  it('gives a new property its page, a place in the sitemap, the API and the agent', async () => {
    const model = demo.properties.find((p) => p.status === 'disponible' && p.operation === 'venta')!
    const property: Property = { ...model, id: 'live-nueva-1', slug: 'casa-nueva-en-vivo', title: 'Casa nueva en vivo', createdAt: '2026-12-02T10:00:00.000Z', updatedAt: '2026-12-02T10:00:00.000Z' }
    expect((await page(server.url, `/propiedad/${property.slug}`)).status).toBe(404)
    await saveProperty(storage, property)
    await server.catalogue.changed()

    const shown = await page(server.url, `/propiedad/${property.slug}`)
    expect(shown.status).toBe(200)
    expect(shown.html).toContain('Casa nueva en vivo')
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`/propiedad/${property.slug}</loc>`)
    expect((await api(server.url, `/api/properties?q=${encodeURIComponent('Casa nueva en vivo')}`)).items.map((p) => p.slug)).toContain(property.slug)
    // The client router's manifest knows it now (a tab opened from here navigates to it client-side).
    const manifest = await (await fetch(`${server.url}/_app/builds/meta/${await buildIdOf(server)}.json`)).json()
    expect(manifest.known.properties).toContain(property.slug)
    expect(await agentAbout(server, property.slug)).toContain('Casa nueva en vivo')
  })

  it('previews the real page of a draft, noindex, from the published catalogue with the draft in its place', async () => {
    const { catalogue } = server.catalogue.current()
    const property = catalogue.properties.find((p) => p.status === 'disponible')!
    const path = `/propiedad/${property.slug}`
    const draft = { ...property, title: 'Borrador que nadie ve todavía' }
    const { agency } = server.catalogue.current()
    const preview = await server.previewPage({ catalogue: { ...catalogue, properties: catalogue.properties.map((p) => (p.id === draft.id ? draft : p)) }, agency }, path)
    expect(preview!.html).toContain('<h1')
    expect(preview!.html).toContain(draft.title)
    expect(preview!.html).toContain('<meta name="robots" content="noindex">')
    expect(preview!.headers).toMatchObject({ 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' })
    expect(preview!.html).not.toContain('%%') // every placeholder filled
    expect((await page(server.url, path)).html).not.toContain(draft.title)
    expect(await server.previewPage({ catalogue, agency }, '/propiedad/no-existe')).toBeNull()
  })

  it('shows a changed agency (name, phone, hours, WhatsApp) on every page, its payload, its JSON-LD and the error pages once changed() resolves', async () => {
    const { agency } = server.catalogue.current()
    const profile = {
      ...agency.profile,
      name: 'Inmobiliaria Caribe Azul',
      phone: '+529988765432',
      whatsapp: '+529981112233',
      hours: [null, [540, 1080], [540, 1080], [540, 1080], [540, 1080], [540, 1080], null],
      notice: null,
    }
    await storage.db.query("UPDATE agency_documents SET body = $1, revision = revision + 1 WHERE name = 'profile'", [JSON.stringify(profile)])
    try {
      await server.catalogue.changed()
      expect(server.catalogue.current().agency.profile.name).toBe('Inmobiliaria Caribe Azul')
      for (const path of ['/', '/contacto', `/propiedad/${newest(demo).slug}`]) {
        const shown = await page(server.url, path)
        expect(shown.html, path).toContain('<title>')
        expect(shown.html, path).toMatch(/<title>[^<]*Inmobiliaria Caribe Azul/)
        expect(shown.html, path).toContain('998 876 5432')
        expect(shown.html, path).toContain('https://wa.me/529981112233')
        expect(shown.html, path).toContain('Lunes a viernes de 9:00 a 18:00')
        expect(shown.html, path).not.toContain('Sábados')
        expect(shown.html, path).not.toContain(agency.profile.name)
        expect(shown.payload, path).toMatchObject({ site: { name: 'Inmobiliaria Caribe Azul', phone: '+529988765432', whatsapp: '529981112233' } })
      }
      const home = (await page(server.url, '/')).html
      const ld = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      expect(ld.find((item) => item['@type'] === 'RealEstateAgent')).toMatchObject({ name: 'Inmobiliaria Caribe Azul', telephone: '+52 998 876 5432', openingHours: ['Mo-Fr 09:00-18:00'] })
      const missing = await fetch(`${server.url}/no-existe-esta-pagina`)
      expect(missing.status).toBe(404)
      const text = await missing.text()
      expect(text).toContain('Inmobiliaria Caribe Azul')
      expect(text).not.toContain(agency.profile.name)
    } finally {
      await storage.db.query("UPDATE agency_documents SET body = $1 WHERE name = 'profile'", [JSON.stringify(agency.profile)])
      await server.catalogue.changed()
    }
  })

  it('answers 301 from a changed slug\'s old path, keeping the payload of the old one gone', async () => {
    const property = demo.properties.find((p) => p.status === 'disponible' && p.operation === 'renta')!
    const [from, to] = [`/propiedad/${property.slug}`, `/propiedad/${property.slug}-renovada`]
    await saveProperty(storage, { ...property, slug: `${property.slug}-renovada` })
    await redirect(storage, from, to)
    await server.catalogue.changed()

    expect(await page(server.url, from)).toMatchObject({ status: 301, location: to })
    expect((await page(server.url, to)).status).toBe(200)
    // An open tab that still knows the old slug asks for its payload: gone, so it loads the page whole (and gets the 301).
    expect((await fetch(`${server.url}${from}/_payload.json`)).status).toBe(404)
  })

  it('answers 301 from an archived property to its listing, and keeps a sold one\'s page with its status and similar available ones', async () => {
    const [archived, sold] = demo.properties.filter((p) => p.status === 'disponible' && p.operation === 'venta' && p.type === 'casa').slice(-2) as [Property, Property]
    await saveProperty(storage, archived, 'archivada')
    await saveProperty(storage, { ...sold, status: 'vendida' })
    await server.catalogue.changed()

    expect(await page(server.url, `/propiedad/${archived.slug}`)).toMatchObject({ status: 301, location: '/venta-cancun' })
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain(`/propiedad/${archived.slug}<`)
    const soldPage = await page(server.url, `/propiedad/${sold.slug}`)
    expect(soldPage.status).toBe(200)
    expect(soldPage.html).toContain('Vendida')
    const similar = (soldPage.payload!.data as { similar: { slug: string; status: string }[] }).similar
    expect(similar.length).toBeGreaterThan(0)
    expect(similar.every((card) => card.status === 'disponible')).toBe(true)
    // The archived one is in no listing.
    const venta = await page(server.url, '/venta-cancun')
    expect(JSON.stringify(venta.payload!.data)).not.toContain(archived.slug)
  })
})

const redisUrl = process.env.TEST_REDIS_URL
const postgres = STORAGES.find((s) => s.name === 'PostgreSQL')
describe.skipIf(!redisUrl || !postgres)('two processes behind Redis on PostgreSQL', () => {
  it('a change made through one process is served by the other', { timeout: withEmbeddedStarts(2, 120_000) }, async () => {
    // Two servers on one PostgreSQL database, each with a storage (a pool) of its own, as two processes have.
    const place = `t_live_${process.pid}_${Date.now()}`
    const storage = await postgres!.open(place)
    const other = await postgres!.open(place)
    const redisPrefix = testRedisPrefix()
    // B's own check of the database is an hour away: only A's message on Redis can bring it the change.
    const [a, b] = [await startTestServer({ storage, redisUrl, redisPrefix }), await startTestServer({ storage: other, redisUrl, redisPrefix, cataloguePollMs: 3_600_000 })]
    try {
      const property = newest(demo)
      const title = `${property.title} vista desde otro proceso`
      await saveProperty(storage, { ...property, title })
      await a.catalogue.changed()
      expect((await page(a.url, `/propiedad/${property.slug}`)).html).toContain(title)
      // B reloads on A's message (no timing limit here: the bench measures how fast).
      await expect.poll(async () => (await page(b.url, `/propiedad/${property.slug}`)).html.includes(title), { interval: 100, timeout: 60_000 }).toBe(true)
      expect(b.catalogue.current().version).toBe(a.catalogue.current().version)
    } finally {
      await a.close()
      await b.close()
      await other.close()
      await storage.close()
      await storage.drop()
    }
  })

  it('a draft saved in one process\'s console is news to the consoles of both', { timeout: withEmbeddedStarts(2, 120_000) }, async () => {
    const place = `t_news_${process.pid}_${Date.now()}`
    const storage = await postgres!.open(place)
    const other = await postgres!.open(place)
    const redisPrefix = testRedisPrefix()
    // B's own check of the database is an hour away: only A's message on Redis can tell it.
    const a = await startTestServer({ storage, redisUrl, redisPrefix, ...TEST_ADMIN })
    const b = await startTestServer({ storage: other, redisUrl, redisPrefix, cataloguePollMs: 3_600_000, ...TEST_ADMIN })
    const sockets = await Promise.all([a, b].map(async (server) => consoleSocket(server.url, await signIn(server.url))))
    try {
      const news = sockets.map((socket) => {
        const heard = { count: 0 }
        socket.on(ConsoleServerEvent.catalogue, () => heard.count++)
        return heard
      })
      await Promise.all(sockets.map((socket) => waitFor(() => socket.connected, 'the console socket')))
      // A draft: nothing published changes (the site's version stays), yet the consoles' lists do.
      const before = b.catalogue.current().version
      const { id: _id, createdAt: _c, updatedAt: _u, ...record } = newest(demo)
      const saved = await consoleFetch(a.url, '/catalogue/properties', { method: 'POST', cookie: await signIn(a.url), body: { record: { ...record, slug: '', title: 'Borrador que todos ven' } } })
      expect(saved.status).toBe(201)
      await waitFor(() => news.every((heard) => heard.count > 0), 'the catalogue news on both consoles')
      expect(b.catalogue.current().version).toBe(before)
    } finally {
      for (const socket of sockets) socket.disconnect()
      await a.close()
      await b.close()
      await other.close()
      await storage.close()
      await storage.drop()
    }
  })
})
