// SEO of the served site (docs/behaviour.md#seo): sitemap.xml and robots.txt with the server's absolute
// URLs, parseable JSON-LD of the right types, absolute canonical and og:url on every page, and
// the layout's responsive menu, footer and WhatsApp link in a real Chromium.
import { createServer } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import type { Catalogue } from '../../src/catalogue/model'
import { allPaths, knownSlugsOf } from '../../src/shared/routes'
import { readCatalogue } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { isolatedContext, liveSuite, watchPage, widget } from './harness'

const live = liveSuite()
const demo: Catalogue = readCatalogue()
const PATHS = allPaths(knownSlugsOf(demo))
const property = demo.properties.find((p) => p.status === 'disponible' && p.images.length > 1)!
const post = demo.blog.find((b) => !b.author.startsWith('Equipo')) ?? demo.blog[0]!

/** A free loopback port, so the server's public URL can be its real address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

// A server whose configured public URL is its own address: every absolute URL it writes is fetchable.
let server: RunningServer
let base = ''
beforeAll(async () => {
  const port = await freePort()
  server = await startTestServer({ port, publicUrl: `http://127.0.0.1:${port}` })
  base = server.url
  expect(base).toBe(`http://127.0.0.1:${port}`)
}, withEmbeddedStarts(1))
afterAll(() => server?.close())

interface Served {
  html: string
  jsonLd: Record<string, unknown>[]
  canonical: string | undefined
  ogUrl: string | undefined
  noindex: boolean
}
const pages = new Map<string, Served>()
/** A page as served, its JSON-LD parsed with JSON.parse (after HTML parsing leaves script text as is). */
async function served(path: string): Promise<Served> {
  const cached = pages.get(path)
  if (cached) return cached
  const response = await fetch(base + path)
  expect(response.status, path).toBe(200)
  const html = await response.text()
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
  const page = {
    html,
    jsonLd,
    canonical: html.match(/<link rel="canonical" href="([^"]*)">/)?.[1],
    ogUrl: html.match(/<meta property="og:url" content="([^"]*)">/)?.[1],
    noindex: /<meta name="robots" content="[^"]*noindex/.test(html),
  }
  pages.set(path, page)
  return page
}
const types = (page: Served) => page.jsonLd.map((ld) => ld['@type'])
const ofType = (page: Served, type: string) => page.jsonLd.find((ld) => ld['@type'] === type) as Record<string, any> | undefined

describe('sitemap.xml and robots.txt', () => {
  it('lists every indexable prerendered page once, with absolute URLs of this server', async () => {
    const response = await fetch(`${base}/sitemap.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await response.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/)
    expect(xml).not.toContain('%%')
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(new Set(locs).size).toBe(locs.length)
    for (const loc of locs) expect(loc.startsWith(`${base}/`), loc).toBe(true)

    // Every path of allPaths is in the sitemap, unless its page says noindex (and then it is not).
    const listed = new Set(locs.map((loc) => loc.slice(base.length)))
    const noindex: string[] = []
    for (const path of PATHS) {
      const page = await served(path)
      if (page.noindex) noindex.push(path)
      expect(listed.has(path), `${path} ${page.noindex ? 'is noindex but listed' : 'is missing'}`).toBe(!page.noindex)
    }
    expect([...listed].sort()).toEqual(PATHS.filter((p) => !noindex.includes(p)).sort())
    expect(noindex).toContain('/gracias')
    expect(listed.size).toBeGreaterThan(100)

    // lastmod where the catalogue knows it.
    const entry = (path: string) => xml.match(new RegExp(`<loc>${base}${path}</loc>\\n\\s*<lastmod>([^<]+)</lastmod>`))?.[1]
    expect(Date.parse(entry(`/propiedad/${property.slug}`)!)).toBe(Date.parse(property.updatedAt))
    expect(Date.parse(entry(`/blog/${post.slug}`)!)).toBe(Date.parse(post.updatedAt))
    // The listed URLs are real pages of this server.
    for (const loc of locs.slice(0, 5)) expect((await fetch(loc)).status, loc).toBe(200)
  })

  it('serves robots.txt that keeps crawlers out of the API, builds, the thanks page and the demos', async () => {
    const response = await fetch(`${base}/robots.txt`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const lines = (await response.text()).split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of ['/api/', '/_app/builds/', '/gracias', '/demo/']) expect(lines).toContain(`Disallow: ${path}`)
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(4)
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`)
  })
})

describe('structured data and meta tags', () => {
  it('gives every page parseable JSON-LD, absolute canonical and og:url, and lang es-MX', async () => {
    for (const path of PATHS) {
      const page = await served(path)
      expect(page.html, path).toContain('<html lang="es-MX">')
      expect(page.html, path).not.toContain('%%')
      expect(page.canonical, path).toBe(base + path)
      expect(page.ogUrl, path).toBe(base + path)
      expect(page.jsonLd.length, path).toBeGreaterThan(0)
      for (const ld of page.jsonLd) expect(ld['@context'], path).toBe('https://schema.org')
      if (path !== '/') {
        const crumbs = ofType(page, 'BreadcrumbList')!
        expect(crumbs, path).toBeDefined()
        expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Inicio', item: `${base}/` })
        expect(crumbs.itemListElement.at(-1).item, path).toBe(base + path)
      }
    }
  })

  it('describes the agency on the home and contact pages', async () => {
    for (const path of ['/', '/contacto']) {
      const agent = ofType(await served(path), 'RealEstateAgent')!
      expect(agent, path).toMatchObject({
        name: 'Cancún Propiedades',
        url: `${base}/`,
        telephone: '+52 998 123 4567',
        address: { streetAddress: 'Av. Bonampak SM 10', addressLocality: 'Cancún', addressRegion: 'Quintana Roo', addressCountry: 'MX' },
        areaServed: { '@type': 'City', name: 'Cancún' },
        openingHours: ['Mo-Fr 09:00-19:00', 'Sa 10:00-14:00'],
      })
    }
    expect(types(await served('/'))).not.toContain('BreadcrumbList')
    expect(types(await served('/contacto'))).toEqual(['RealEstateAgent', 'BreadcrumbList'])
  })

  it('describes a property as a RealEstateListing with its offer, images, address and geo', async () => {
    const page = await served(`/propiedad/${property.slug}`)
    expect(types(page)).toEqual(['RealEstateListing', 'BreadcrumbList'])
    const listing = ofType(page, 'RealEstateListing')!
    expect(listing.url).toBe(`${base}/propiedad/${property.slug}`)
    expect(listing.offers).toMatchObject({
      '@type': 'Offer',
      price: property.price.amount,
      priceCurrency: property.price.currency,
      availability: property.operation === 'preventa' ? 'https://schema.org/PreSale' : 'https://schema.org/InStock',
    })
    expect(listing.image).toHaveLength(property.images.length)
    for (const image of listing.image as string[]) expect(image.startsWith(`${base}/_ipx/`), image).toBe(true)
    const first = await fetch(listing.image[0])
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/jpeg')
    expect(listing.mainEntity.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Cancún', addressCountry: 'MX' })
    expect(listing.mainEntity.geo).toEqual({ '@type': 'GeoCoordinates', latitude: property.geo.lat, longitude: property.geo.lng })
  })

  it('describes a blog post as a BlogPosting under Inicio › Blog', async () => {
    const page = await served(`/blog/${post.slug}`)
    expect(types(page)).toEqual(['BlogPosting', 'BreadcrumbList'])
    expect(ofType(page, 'BlogPosting')).toMatchObject({
      headline: post.title,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { name: post.author },
      image: [expect.stringMatching(new RegExp(`^${base}/_ipx/`))],
      publisher: { '@type': 'Organization', name: 'Cancún Propiedades' },
    })
    expect(ofType(page, 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Inicio', 'Blog', post.title])
  })
})

describe('layout in the browser', () => {
  const navLinks = (page: Page) => page.locator('header nav[aria-label="Principal"] a')

  it('folds the navigation behind "Menú" at 375 px, and every link is reachable', async () => {
    const context = await isolatedContext(live.browser, { viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    const { errors, consoleErrors } = watchPage(page)
    await page.goto(`${base}/`)
    await widget(page).launcher.waitFor()
    const toggle = page.getByRole('button', { name: 'Menú' })
    await toggle.waitFor() // in the prerendered HTML; the launcher above came after hydration, so it works
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    const controls = await toggle.getAttribute('aria-controls')
    expect(await page.locator(`#${controls}`).count()).toBe(1)
    expect(await navLinks(page).first().isVisible()).toBe(false)

    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const count = await navLinks(page).count()
    expect(count).toBe(9)
    for (let i = 0; i < count; i++) {
      const link = navLinks(page).nth(i)
      expect(await link.isVisible(), await link.innerText()).toBe(true)
      const box = (await link.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(375)
      expect(box.height).toBeGreaterThanOrEqual(24) // a comfortable touch target
    }
    // Keyboard: Tab from the toggle reaches the first link; Escape closes and returns focus.
    await toggle.focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/venta-cancun')
    await page.keyboard.press('Escape')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('nav-toggle')

    // A link in the open menu navigates (client-side) and the menu closes.
    await toggle.click()
    await navLinks(page).last().click()
    await page.waitForURL(`${base}/contacto`)
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await navLinks(page).first().isVisible()).toBe(false)

    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('keeps the navigation open without JavaScript, and inline on a wide screen', async () => {
    const noScript = await isolatedContext(live.browser, { viewport: { width: 375, height: 740 }, javaScriptEnabled: false })
    const page = await noScript.newPage()
    await page.goto(`${base}/`)
    expect(await page.locator('.nav-toggle').isVisible()).toBe(false)
    for (const link of await navLinks(page).all()) expect(await link.isVisible()).toBe(true)
    await noScript.close()

    const wide = await isolatedContext(live.browser)
    const desktop = await wide.newPage()
    await desktop.goto(`${base}/`)
    await widget(desktop).launcher.waitFor()
    await desktop.waitForFunction(() => document.querySelector('.site-header--enhanced'))
    expect(await desktop.locator('.nav-toggle').isVisible()).toBe(false)
    for (const link of await navLinks(desktop).all()) expect(await link.isVisible()).toBe(true)
    await wide.close()
  })

  it('links WhatsApp at the bottom right with the page name, and the footer to privacy and social networks', async () => {
    const context = await isolatedContext(live.browser, { viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    const { errors, consoleErrors } = watchPage(page)
    await page.goto(`${base}/propiedad/${property.slug}`)
    await widget(page).launcher.waitFor()
    await page.waitForFunction(() => document.querySelector('.site-header--enhanced'))

    const whatsapp = page.getByRole('link', { name: 'Escríbenos por WhatsApp' })
    const href = new URL((await whatsapp.getAttribute('href'))!)
    expect(href.origin + href.pathname).toBe('https://wa.me/529981234567')
    expect(href.searchParams.get('text')).toContain(`«${property.title}»`)
    expect(await whatsapp.getAttribute('rel')).toContain('noopener')
    const box = (await whatsapp.boundingBox())!
    expect(box.x + box.width).toBeGreaterThan(375 - 40)
    expect(box.y + box.height).toBeGreaterThan(740 - 40)
    const launcher = (await widget(page).launcher.boundingBox())!
    expect(launcher.x + launcher.width).toBeLessThan(box.x) // no overlap with the chat launcher (bottom left)

    // After a client navigation the message names the new page.
    await page.locator('footer').getByRole('link', { name: 'Aviso de privacidad' }).click()
    await page.waitForURL(`${base}/politica-de-privacidad`)
    await expect
      .poll(async () => new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text'))
      .toContain('«Aviso de privacidad integral»')
    expect(await page.locator('h1').innerText()).toBe('Aviso de privacidad integral')

    for (const [name, host] of [['Facebook', 'www.facebook.com'], ['Instagram', 'www.instagram.com'], ['YouTube', 'www.youtube.com']] as const) {
      const link = page.locator('footer').getByRole('link', { name, exact: true })
      expect(new URL((await link.getAttribute('href'))!).host, name).toBe(host)
      expect(await link.getAttribute('rel'), name).toContain('noopener')
    }
    await expect.poll(() => page.locator('footer').getByRole('link', { name: '998 123 4567' }).getAttribute('href')).toBe('tel:+529981234567')

    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
