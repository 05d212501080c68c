// The site's pages paint first and carry the widget after (issue 18, docs/behaviour.md#shell and
// #images): the widget tag starts after the load event, nothing shifts on a 375 px phone from the
// first paint to the launcher, the search list hydrates in place, the page's largest image is
// preloaded from the head at the phone's 1x or 2x width, the first paint needs no request after the
// HTML, and the site's own scripts are requested only once that image is in.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import { readCatalogue } from '../support/catalogue'
import { PAGE_VISIT_MS } from '../support/limits'
import { isolatedContext, liveSuite, watchPage, widget } from './harness'

const live = liveSuite()
const demo: Catalogue = readCatalogue()
/** The pages the bench measures with Lighthouse (bench/site.mjs). */
const PAGES = ['/', '/buscar-propiedades', `/propiedad/${demo.properties[0]!.slug}`, `/blog/${demo.blog[0]!.slug}`]
const PHONE = { width: 375, height: 740 }
/** The target for cumulative layout shift. */
const CLS_LIMIT = 0.01

/** A 375 px phone that records every layout shift from the first paint, with what moved. */
async function phone(deviceScaleFactor = 1): Promise<BrowserContext> {
  const context = await isolatedContext(live.browser, { viewport: PHONE, deviceScaleFactor })
  await context.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = []
    Object.assign(window, { __shifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
        shifts.push({ value: entry.value, moved: entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : String(s.node?.nodeName))) })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return context
}

/** The page has hydrated (the header's button works) and the widget's launcher is on screen. */
async function settledWithWidget(page: Page) {
  await widget(page).launcher.waitFor()
  await page.waitForFunction(() => document.querySelector('.site-header--enhanced'))
}

describe('the widget on the site', () => {
  it('starts after the page has loaded, from the same tag, and still appears', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors, consoleErrors } = watchPage(page)
    await page.goto(live.server.url + '/')
    await settledWithWidget(page)
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const script = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === '/widget.js')!
      const tags = [...document.querySelectorAll('script[src="/widget.js"]')]
      return { loadEnd: navigation.loadEventEnd, widgetRequested: script.startTime, tags: tags.length, inert: tags.filter((t) => (t as HTMLScriptElement).type !== '').length }
    })
    expect(timing.loadEnd).toBeGreaterThan(0)
    expect(timing.widgetRequested).toBeGreaterThanOrEqual(timing.loadEnd)
    expect(timing.tags).toBe(1) // the inert tag was replaced by the live one
    expect(timing.inert).toBe(0)
    // A client navigation keeps the one widget.
    await page.locator('footer').getByRole('link', { name: 'Contacto' }).click()
    await page.waitForURL(`${live.server.url}/contacto`)
    await expect.poll(() => page.locator('chat-widget-root').count()).toBe(1)
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

describe('a 375 px phone', () => {
  it('sees nothing shift from the first paint to the launcher, the menu button already in place', { timeout: PAGES.length * PAGE_VISIT_MS * 2 }, async () => {
    const context = await phone()
    const page = await context.newPage()
    for (const path of PAGES) {
      await page.goto(live.server.url + path)
      await settledWithWidget(page)
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts)
      const total = shifts.reduce((sum, s) => sum + s.value, 0)
      expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_LIMIT)
    }
    await context.close()
  })

  it('hydrates the search results onto the prerendered list', async () => {
    const context = await phone()
    // The first card as the parser put it, before any script ran.
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const card = document.querySelector('.search-results .card')
        if (!card) return
        Object.assign(window, { __prerenderedCard: card })
        observer.disconnect()
      })
      observer.observe(document, { childList: true, subtree: true })
    })
    const page = await context.newPage()
    await page.goto(`${live.server.url}/buscar-propiedades`)
    await settledWithWidget(page)
    expect(await page.evaluate(() => document.querySelector('.search-results .card') === (window as unknown as { __prerenderedCard: Element }).__prerenderedCard)).toBe(true)
    await context.close()
  })

  it('gets the largest image preloaded from the head, at the 1x or 2x of its width', async () => {
    for (const dpr of [1, 2]) {
      const context = await phone(dpr)
      const page = await context.newPage()
      for (const path of PAGES) {
        await page.goto(live.server.url + path)
        const found = await page.evaluate(() => {
          const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')
          const image = document.querySelector<HTMLImageElement>('#contenido img[fetchpriority="high"]')
          return {
            preload: preload && { srcset: preload.getAttribute('imagesrcset'), sizes: preload.getAttribute('imagesizes'), priority: preload.getAttribute('fetchpriority') },
            image: image && { srcset: image.getAttribute('srcset'), sizes: image.getAttribute('sizes') },
            inBody: document.body.querySelectorAll('link[rel="preload"]').length,
          }
        })
        expect(found.preload, path).toEqual({ ...found.image, priority: 'high' })
        expect(found.inBody, path).toBe(0)
        // 343 px inside the margins: the 360 px image at 1x, the 720 px one at 2x.
        const image = page.locator('#contenido img[fetchpriority="high"]')
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toContain(`/_ipx/w_${dpr * 360}&f_webp/`)
      }
      await context.close()
    }
  })

  it("paints from the HTML alone and requests the site's scripts only after the largest image", async () => {
    const context = await phone()
    const page = await context.newPage()
    for (const path of PAGES) {
      await page.goto(live.server.url + path)
      await settledWithWidget(page)
      const found = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        const image = document.querySelector<HTMLImageElement>('#contenido img[fetchpriority="high"]')
        const imageEntry = image && resources.find((r) => r.name === image.currentSrc)
        const scripts = resources.filter((r) => new URL(r.name).pathname.startsWith('/_app/') && r.name.endsWith('.js'))
        return {
          stylesheets: resources.filter((r) => r.initiatorType === 'link' && r.name.endsWith('.css')).length,
          inlineStyles: document.head.querySelectorAll('style').length,
          imageEnd: imageEntry?.responseEnd ?? null,
          firstScript: Math.min(...scripts.map((r) => r.startTime)),
          scripts: scripts.length,
        }
      })
      expect(found.stylesheets, path).toBe(0)
      expect(found.inlineStyles, path).toBe(1)
      expect(found.scripts, path).toBeGreaterThan(0)
      expect(found.imageEnd, path).not.toBeNull()
      expect(found.firstScript, path).toBeGreaterThanOrEqual(found.imageEnd!)
    }
    await context.close()
  })
})
