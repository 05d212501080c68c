import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page, Response } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import { readCatalogue } from '../support/catalogue'
import { BROWSER_TEST_MS, PAGE_VISIT_MS, withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { holdRequests, isolatedContext, liveSuite, requestsReported, watchPage, widget } from './harness'

const live = liveSuite()
const demo: Catalogue = readCatalogue()
const property = demo.properties[0]!
const post = demo.blog[0]!
const product = demo.products[0]!
const development = demo.developments.find((d) => d.slug !== 'residencial-cumbres-suiko')!

/** One path of every route of docs/behaviour.md#routes, with the heading its prerendered HTML must carry. */
const ROUTES: [string, string | RegExp][] = [
  ['/', 'Encuentra tu hogar en Cancún'],
  ['/acerca', /Acerca/],
  ['/contacto', 'Contacto'],
  ['/gracias', /Gracias/],
  ['/politica-de-privacidad', /privacidad/i],
  ['/blog', /Blog/],
  [`/blog/${post.slug}`, post.title],
  ['/buscar-propiedades', 'Buscar propiedades'],
  [`/propiedad/${property.slug}`, property.title],
  [`/${product.slug}`, product.title],
  ['/venta-cancun', /venta/],
  ['/renta-cancun', /renta/],
  ['/preventa-cancun', /Preventa/],
  ['/desarrollos-inmobiliarios-cancun', /Desarrollos/],
  ['/huayacan-cancun', /Huayacán/],
  ['/puerto-cancun', /Puerto Cancún/],
  ['/zona-hotelera', /Zona Hotelera/],
  ['/residencial-cumbres-suiko', 'Residencial Cumbres Suiko'],
  [`/${development.slug}`, development.name],
  ['/residencial-cumbres-suiko/casas', /Casas en Residencial Cumbres Suiko/],
  ['/residencial-cumbres-suiko/departamentos', /Departamentos en/],
  ['/residencial-cumbres-suiko/terrenos', /Terrenos en/],
]

const h1 = (html: string) => html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '')

describe('prerendered site', () => {
  it('serves every route as HTML with its heading, its payload and the widget tag, before any script runs', async () => {
    for (const [path, heading] of ROUTES) {
      const response = await fetch(live.server.url + path)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(h1(html), path).toMatch(heading)
      expect(html).toContain('<html lang="es-MX">')
      // Scripts and module preloads carry this response's CSP nonce (docs/behaviour.md#security-headers).
      expect(html).toMatch(/<script async nonce="[^"]+" src="\/widget\.js" data-socket-url="\/" data-id-agent="agente-demo" data-api-key="pk_dev_cancun_2026"/)
      expect(html).toMatch(/<link rel="modulepreload" nonce="[^"]+" href="\/_app\/[^"]+\.js">/)
      expect((await fetch(`${live.server.url}${path === '/' ? '' : path}/_payload.json`)).status, path).toBe(200)
    }
  })

  it('answers unknown and invalid paths with the right 404 text and status 404', async () => {
    const notFound = await fetch(`${live.server.url}/no/existe/aqui`)
    expect(notFound.status).toBe(404)
    const html = await notFound.text()
    expect(h1(html)).toBe('No se pudo encontrar esta página')
    expect(html).toContain('Page not found: /no/existe/aqui')
    expect(html).toContain('href="/">Regresar</a>')
    expect(html).toContain('href="/buscar-propiedades">Buscar propiedades</a>')
    expect(html).toContain('<meta name="description" content="La página que buscas no existe o cambió de dirección.">')
    const invalid = await fetch(`${live.server.url}/propiedad/no-existe`)
    expect(invalid.status).toBe(404)
    expect(await invalid.text()).toContain('Page Not Found: /propiedad/no-existe')
    const hostile = await fetch(`${live.server.url}/%3Cscript%3Ealert(1)%3C%2Fscript%3E`)
    expect(await hostile.text()).not.toContain('<script>alert(1)')
  })

  it('redirects server-side with 301', async () => {
    const response = await fetch(`${live.server.url}/contact?x=1`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/contacto?x=1')
    expect((await fetch(`${live.server.url}/blog/`, { redirect: 'manual' })).headers.get('location')).toBe('/blog')
  })

  it('hydrates every route without console errors and shows the widget launcher', { timeout: ROUTES.length * PAGE_VISIT_MS }, async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors, consoleErrors } = watchPage(page)
    for (const [path] of ROUTES) {
      await page.goto(live.server.url + path)
      await widget(page).launcher.waitFor()
      await page.waitForFunction(() => document.getElementById('app')?.hasChildNodes())
    }
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

/** A page where preloading is off (save-data), so route chunks load only on navigation. */
async function pageWithoutPreloading(url: string) {
  const context = await isolatedContext(live.browser)
  await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }))
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (r) => requests.push(new URL(r.url()).pathname))
  const watched = watchPage(page)
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  return { context, page, requests, ...watched }
}

const clickLink = async (page: Page, href: string) => {
  await page.evaluate((target) => {
    const a = document.createElement('a')
    a.href = target
    a.textContent = target
    document.getElementById('contenido')!.append(a)
    a.click()
  }, href)
}

/**
 * Resolve once the client router has had every chance to preload the links in view, had it been
 * allowed to: what it waits for has happened, in its order (its build manifest read, the page
 * idle, the links in view reported), and every request the page started by then was reported.
 */
async function preloadChancePassed(page: Page, manifest: Promise<Response>) {
  await (await manifest).finished()
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestIdleCallback(() => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect()
            setTimeout(done)
          })
          observer.observe(document.querySelector('a[href="/venta-cancun"]')!)
        }),
      ),
  )
  await requestsReported(page)
}

describe('client navigation', () => {
  it('loads each route chunk only when first needed, shows the overlay, and keeps the page alive', async () => {
    const { context, page, requests, errors } = await pageWithoutPreloading(`${live.server.url}/`)
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
    const chunks = () => requests.filter((p) => /\/_app\/c\/[A-Z]\w+-/.test(p)).map((p) => p.split('/').pop()!.split('-')[0])
    expect(chunks()).toEqual(['Home'])
    // Payloads held until the overlay has been seen, so it is seen for certain while the route loads.
    const payloads = await holdRequests(context, '**/_payload.json')
    const steps: [string, string][] = [
      ['/venta-cancun', 'Listing'],
      [`/propiedad/${property.slug}`, 'Property'],
      ['/renta-cancun', 'Listing'],
      ['/blog', 'Blog'],
      [`/blog/${post.slug}`, 'Post'],
    ]
    for (const [path, chunk] of steps) {
      await clickLink(page, path)
      await expect.poll(() => page.locator('.loading-overlay').isVisible()).toBe(true)
      await payloads.release()
      await page.waitForURL(live.server.url + path)
      await expect.poll(() => page.locator('.loading-overlay').isVisible()).toBe(false)
      expect(chunks()).toContain(chunk)
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('page-heading')
    }
    expect(chunks()).toEqual(['Home', 'Listing', 'Property', 'Blog', 'Post']) // Listing once, though visited twice
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42) // no full load
    expect(await page.title()).toBe(`${post.title} | Cancún Propiedades`)
    await page.goBack()
    await page.waitForURL(`${live.server.url}/blog`)
    expect(await page.locator('h1').innerText()).toMatch(/Blog/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('applies redirects client-side, and shows both 404s as the server answers them', async () => {
    const { context, page } = await pageWithoutPreloading(`${live.server.url}/`)
    await clickLink(page, '/contact')
    await page.waitForURL(`${live.server.url}/contacto`)
    expect(await page.locator('h1').innerText()).toBe('Contacto')
    await clickLink(page, '/propiedad/no-existe')
    await expect.poll(() => page.locator('.error-page__message').innerText()).toBe('Page Not Found: /propiedad/no-existe')
    await clickLink(page, '/x/y/z')
    await expect.poll(() => page.locator('.error-page__message').innerText()).toBe('Page not found: /x/y/z')
    expect(await page.locator('h1').innerText()).toBe('No se pudo encontrar esta página')
    await context.close()
  })

  it('preloads nothing on a slow-2g connection, and preloads links in view otherwise', async () => {
    const slow = await isolatedContext(live.browser)
    await slow.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: 'slow-2g' } }))
    const slowPage = await slow.newPage()
    const slowRequests: string[] = []
    slowPage.on('request', (r) => slowRequests.push(new URL(r.url()).pathname))
    const manifest = slowPage.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/_app/builds/meta/'))
    await slowPage.goto(`${live.server.url}/`)
    await preloadChancePassed(slowPage, manifest)
    expect(slowRequests.filter((p) => p.endsWith('/_payload.json') && p !== '/_payload.json')).toEqual([])
    await slow.close()

    const fast = await isolatedContext(live.browser)
    const fastPage = await fast.newPage()
    const fastRequests: string[] = []
    fastPage.on('request', (r) => fastRequests.push(new URL(r.url()).pathname))
    await fastPage.goto(`${live.server.url}/`)
    await expect.poll(() => fastRequests.filter((p) => p === '/venta-cancun/_payload.json').length, { timeout: 5000 }).toBe(1)
    await fast.close()
  })
})

// Each test starts a server of its own on a fresh embedded database.
describe('deployments', { timeout: withEmbeddedStarts(1, BROWSER_TEST_MS) }, () => {
  // A copy of dist/ this suite may break: a chunk deleted, a new build published.
  const root = mkdtempSync(join(tmpdir(), 'site-root-'))
  cpSync(resolve('dist'), join(root, 'dist'), { recursive: true })
  for (const dir of ['content', 'demo']) symlinkSync(resolve(dir), join(root, dir))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('reloads once when a route chunk is gone, and does not loop', async () => {
    const server = await startTestServer({ rootDir: root })
    try {
      const chunkDir = join(root, 'dist/site/_app/c')
      const blogChunk = readdirSync(chunkDir).find((f) => /^Blog-.*\.js$/.test(f))!
      rmSync(join(chunkDir, blogChunk))
      const context = await isolatedContext(live.browser)
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'connection', { value: { saveData: true } })
        sessionStorage.setItem('documents', String(Number(sessionStorage.getItem('documents') ?? 0) + 1))
      })
      const page = await context.newPage()
      await page.goto(`${server.url}/`)
      await page.waitForLoadState('networkidle')
      await clickLink(page, '/blog')
      await page.waitForURL(`${server.url}/blog`)
      // A reload loop is a stream of document requests: the second document going network-idle
      // (no request for 500 ms, Playwright's measure) after its own failed chunk shows it stopped.
      await page.waitForLoadState('networkidle')
      // The home page, then one full load of /blog: no loop.
      expect(await page.evaluate(() => sessionStorage.getItem('documents'))).toBe('2')
      expect(await page.locator('h1').innerText()).toMatch(/Blog/) // the prerendered page still reads
      await context.close()
    } finally {
      await server.close()
    }
  })

  it('makes the next navigation a full load once a new build is published', async () => {
    const server = await startTestServer({ rootDir: root })
    try {
      const context = await isolatedContext(live.browser)
      const page = await context.newPage()
      await page.goto(`${server.url}/`)
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7))
      await clickLink(page, '/acerca')
      await page.waitForURL(`${server.url}/acerca`)
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7) // client-side
      writeFileSync(join(root, 'dist/site/_app/builds/latest.json'), JSON.stringify({ id: 'nueva-version', timestamp: Date.now() }))
      const checked = page.waitForResponse((r) => r.url().includes('/_app/builds/latest.json?t='))
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))) // the tab "comes back"
      // The answer has arrived whole, and the page has been idle since: it has read it.
      await (await checked).finished()
      await page.evaluate(() => new Promise((done) => requestIdleCallback(done)))
      await clickLink(page, '/contacto')
      await page.waitForURL(`${server.url}/contacto`)
      await page.waitForLoadState('load')
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined() // a full load
      await context.close()
    } finally {
      await server.close()
    }
  })
})
