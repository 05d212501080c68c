// Issue 32's whole path, as the agency and its visitors live it: an admin uploads three photos
// (one carrying GPS), creates a property with them and publishes it; the site (first load and an
// open tab's next navigation), the search, the API, sitemap.xml and the chat agent all have it; a
// price change, «vendida» and a slug change follow. The console's own screens are driven in
// console-catalogue.test.ts; this file drives its API, as those screens do, and looks with Chromium.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Property } from '../../src/catalogue/model'
import type { Editable } from '../../src/protocol/catalogue'
import { PHOTOS_API_PATH } from '../../src/protocol/photos'
import type { RunningServer } from '../../src/server/app'
import { DEV_PUBLIC_API_KEY } from '../../src/server/config'
import { readCatalogue } from '../support/catalogue'
import { client, collect, connected, disconnectAll, newVisitor, send } from '../support/chat-client'
import { consoleFetch, signIn, TEST_ADMIN } from '../support/console'
import { EMBEDDED_START_MS } from '../support/limits'
import { phoneJpeg, picture } from '../support/photos'
import { startTestServer, testRedisPrefix } from '../support/server'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readConfig } from '../../src/server/config'
import { waitFor } from '../support/wait'
import { STORAGES } from '../integration/databases'
import { isolatedContext, releaseChromium, sharedChromium } from './harness'
import type { Browser, Page } from 'playwright-core'

const demo = readCatalogue()
const zone = demo.zones.find((z) => z.slug === 'huayacan')!
/** Seven bedrooms: no demo house has as many, so a visitor asking for them is offered this one alone. */
const BEDROOMS = 7

/** Uploads photos as the console's picker does (one file per request) and returns them as the record's images. */
async function upload(server: RunningServer, cookie: string, files: { name: string; bytes: Buffer }[]) {
  const images = []
  for (const [i, file] of files.entries()) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name)
    const response = await fetch(`${server.url}${PHOTOS_API_PATH}`, { method: 'POST', body: form, headers: { Cookie: cookie, Origin: server.url } })
    const { results } = (await response.json()) as { results: { ok: boolean; key: string; width: number; height: number }[] }
    expect(results[0]!.ok, file.name).toBe(true)
    const { key, width, height } = results[0]!
    images.push({ src: `/photos/${key}`, width, height, alt: `Foto ${i + 1} de la casa de siete recámaras` })
  }
  return images
}

/** A console call as the «Catálogo» screen sends it. */
async function catalogue<T>(server: RunningServer, cookie: string, method: string, path: string, body?: unknown) {
  const response = await consoleFetch(server.url, `/catalogue${path}`, { method, cookie, ...(body === undefined ? {} : { body }) })
  const json = (await response.json()) as T
  expect(response.status, JSON.stringify(json)).toBeLessThan(300)
  return json
}

/** What the agent answers a visitor asking for a seven-bedroom house in Huayacán. */
async function agentOffers(server: RunningServer): Promise<string> {
  const visitor = newVisitor()
  const socket = client(server.url, visitor)
  const replies = collect(socket, 'response')
  const typing = collect(socket, 'typing-state-widget')
  await connected(socket)
  expect(await send(socket, visitor, `Busco una casa en venta de ${BEDROOMS} recámaras en ${zone.name}`)).toMatchObject({ ok: true })
  await waitFor(() => typing.includes('done'), 'the end of the agent turn')
  socket.disconnect()
  return JSON.stringify(replies)
}

const apiSlugs = async (server: RunningServer, query: string) =>
  ((await (await fetch(`${server.url}/api/properties?${query}`, { headers: { 'X-Api-Key': DEV_PUBLIC_API_KEY } })).json()) as { items: { slug: string }[] }).items.map(
    (p) => p.slug,
  )

/** A photo folder of the test's own, shared by the processes of one test as their PHOTOS_DIR would be. */
function photoFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-live-photos-'))
  return { photos: { ...readConfig({}).photos, dir }, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

const heading = (page: Page) => page.locator('h1').first().textContent()

describe('a property published from the console is live everywhere', () => {
  let browser: Browser
  let server: RunningServer
  let admin: string
  const folder = photoFolder()
  beforeAll(async () => {
    server = await startTestServer({ ...TEST_ADMIN, photos: folder.photos })
    admin = await signIn(server.url)
    browser = await sharedChromium()
  }, EMBEDDED_START_MS * 2)
  afterAll(async () => {
    disconnectAll()
    await releaseChromium(browser)
    await server?.close()
    folder.remove()
  })

  it('publishes with photos stripped of GPS, then follows a price change, a sale and a new slug', { timeout: 240_000 }, async () => {
    // A visitor's tab open before the property exists: it learns of it at its next navigation.
    const context = await isolatedContext(browser)
    const openTab = await context.newPage()
    await openTab.goto(`${server.url}/buscar-propiedades`)
    await openTab.waitForFunction(() => document.getElementById('app')?.hasChildNodes())

    const images = await upload(server, admin, [
      { name: 'fachada.jpg', bytes: await phoneJpeg(640, 480) },
      { name: 'sala.jpg', bytes: await picture(640, 480).jpeg().toBuffer() },
      { name: 'jardin.jpg', bytes: await picture(480, 640).jpeg().toBuffer() },
    ])
    const model = demo.properties.find((p) => p.type === 'casa' && p.operation === 'venta' && p.status === 'disponible')!
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = model
    const draft = { ...rest, slug: '', title: 'Casa de siete recámaras en Huayacán', zone: zone.slug, development: null, bedrooms: BEDROOMS, images, featured: false, price: { amount: 9_850_000, currency: 'MXN' as const } }
    const created = await catalogue<Editable<Property>>(server, admin, 'POST', '/properties', { record: draft, publication: 'publicada' })
    const { slug, id } = created.record
    expect(slug).toBe('casa-de-siete-recamaras-en-huayacan')

    // First load: the page, with the uploaded photos through the image proxy.
    const page = await context.newPage()
    await page.goto(`${server.url}/propiedad/${slug}`)
    expect(await heading(page)).toContain('Casa de siete recámaras en Huayacán')
    const photoUrl = await page.locator('.prop-gallery__main img').getAttribute('src')
    expect(photoUrl).toContain(images[0]!.src)
    const served = await sharp(Buffer.from(await (await fetch(new URL(photoUrl!, server.url))).arrayBuffer())).metadata()
    expect(served.exif).toBeUndefined() // no GPS of the owner's house, nor any other EXIF
    // The tab opened before: its next navigation reaches the new page.
    await openTab.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { href, textContent: 'nueva' })
      document.getElementById('app')!.append(link)
      link.click()
    }, `/propiedad/${slug}`)
    await openTab.waitForURL(`**/propiedad/${slug}`)
    await expect.poll(() => heading(openTab)).toContain('Casa de siete recámaras en Huayacán')

    // The search, the API, the sitemap and the agent.
    const search = await context.newPage()
    await search.goto(`${server.url}/buscar-propiedades?q=${encodeURIComponent('siete recámaras')}`)
    await expect.poll(() => search.locator(`a[href="/propiedad/${slug}"]`).count()).toBeGreaterThan(0)
    expect(await apiSlugs(server, `recamaras=${BEDROOMS}`)).toContain(slug)
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`/propiedad/${slug}</loc>`)
    expect(await agentOffers(server)).toContain('Casa de siete recámaras en Huayacán')

    // A price drop, from the list in one step: the page and the agent both say the new price.
    const lowered = await catalogue<Editable<Property>>(server, admin, 'PATCH', `/properties/${id}`, { price: { amount: 9_100_000, currency: 'MXN' }, revision: created.revision })
    await page.reload()
    await expect.poll(() => page.locator('main').textContent()).toContain('9,100,000')
    expect(await agentOffers(server)).toContain('9,100,000')

    // Sold: out of the search and the agent's offers; its page stays, saying so.
    const sold = await catalogue<Editable<Property>>(server, admin, 'PATCH', `/properties/${id}`, { status: 'vendida', revision: lowered.revision })
    expect(await apiSlugs(server, `recamaras=${BEDROOMS}`)).not.toContain(slug)
    expect(await agentOffers(server)).not.toContain('Casa de siete recámaras en Huayacán')
    await page.reload()
    expect(await page.locator('main').textContent()).toContain('Vendida')

    // A new slug: the old address answers 301 to the new one.
    await catalogue<Editable<Property>>(server, admin, 'PUT', `/properties/${id}`, {
      record: { ...sold.record, slug: 'casa-siete-recamaras-huayacan' },
      publication: 'publicada',
      revision: sold.revision,
    })
    const old = await fetch(`${server.url}/propiedad/${slug}`, { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe('/propiedad/casa-siete-recamaras-huayacan')
    await page.goto(`${server.url}/propiedad/${slug}`)
    expect(page.url()).toBe(`${server.url}/propiedad/casa-siete-recamaras-huayacan`)
    await context.close()
  })
})

const redisUrl = process.env.TEST_REDIS_URL
const postgres = STORAGES.find((s) => s.name === 'PostgreSQL')
describe.skipIf(!redisUrl || !postgres)('two processes behind Redis on PostgreSQL', () => {
  it('a property published through one process is served by the other', { timeout: 240_000 }, async () => {
    const place = `t_catalogue_live_${process.pid}_${Date.now()}`
    const [storageA, storageB] = [await postgres!.open(place), await postgres!.open(place)]
    const redisPrefix = testRedisPrefix()
    const folder = photoFolder()
    // B's own check of the database is an hour away: only A's message on Redis can tell it.
    const a = await startTestServer({ storage: storageA, redisUrl, redisPrefix, photos: folder.photos, ...TEST_ADMIN })
    const b = await startTestServer({ storage: storageB, redisUrl, redisPrefix, photos: folder.photos, cataloguePollMs: 3_600_000 })
    const browser = await sharedChromium()
    try {
      const admin = await signIn(a.url)
      const model = demo.properties.find((p) => p.type === 'departamento' && p.status === 'disponible')!
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = model
      const images = await upload(a, admin, [{ name: 'vista.jpg', bytes: await phoneJpeg(640, 480) }])
      const created = await catalogue<Editable<Property>>(a, admin, 'POST', '/properties', {
        record: { ...rest, slug: '', title: 'Departamento publicado en otro proceso', images },
        publication: 'publicada',
      })
      const context = await isolatedContext(browser)
      const page = await context.newPage()
      await expect
        .poll(async () => (await page.goto(`${b.url}/propiedad/${created.record.slug}`))?.status(), { interval: 100, timeout: 60_000 })
        .toBe(200)
      expect(await heading(page)).toContain('Departamento publicado en otro proceso')
      // B serves the photo too: the store is shared (PHOTOS_DIR or S3), and B has no copy of its own.
      const photoUrl = await page.locator('.prop-gallery__main img').getAttribute('src')
      expect((await fetch(new URL(photoUrl!, b.url))).status).toBe(200)
      await context.close()
    } finally {
      await releaseChromium(browser)
      await a.close()
      await b.close()
      await storageB.close()
      await storageA.close()
      await storageA.drop()
      folder.remove()
    }
  })
})
