import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import { onTheMarket, readCatalogue } from '../support/catalogue'
import { isolatedContext, liveSuite, watchPage } from './harness'

const live = liveSuite()
const demo: Catalogue = readCatalogue()
const count = (filter: (p: Catalogue['properties'][number]) => boolean) => demo.properties.filter((p) => onTheMarket(p) && filter(p)).length
const PAGE_SIZE = 24

const summary = (page: Page) => page.locator('.search-results__count')
const cards = (page: Page) => page.locator('.search-results .card__link')
const slugs = (page: Page) => cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')))
const path = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

/** Wait until the screen has hydrated (React owns the form) so its handlers run. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const form = document.querySelector('.search-form')
    return !!form && Object.keys(form).some((k) => k.startsWith('__react'))
  })

/** Wait until no search is in flight and the summary reads `text`. */
async function settled(page: Page, text: string | RegExp) {
  await expect.poll(() => page.locator('.search-results').getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false')
  await expect.poll(() => summary(page).innerText(), { timeout: 10_000 }).toMatch(text)
}

async function open(url: string, viewport = { width: 1280, height: 800 }, waitForSearch = true) {
  const context = await isolatedContext(live.browser, { viewport })
  const page = await context.newPage()
  const watched = watchPage(page)
  const apiRequests: { url: string; key: string | undefined }[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/properties') apiRequests.push({ url: r.url(), key: r.headers()['x-api-key'] })
  })
  await page.goto(live.server.url + url, { waitUntil: 'domcontentloaded' })
  if (waitForSearch) await hydrated(page)
  return { context, page, apiRequests, ...watched }
}

const plural = (n: number) => `${n} ${n === 1 ? 'propiedad' : 'propiedades'}`

describe('/buscar-propiedades', () => {
  it('shows the prerendered first page, then filters: the URL and the results follow the form', async () => {
    const { context, page, apiRequests, errors, consoleErrors } = await open('/buscar-propiedades')
    await settled(page, new RegExp(`^${plural(count(() => true))}`))
    expect(await cards(page).count()).toBe(Math.min(PAGE_SIZE, count(() => true)))
    expect(apiRequests).toEqual([]) // the empty search is the payload
    expect(await summary(page).getAttribute('aria-live')).toBe('polite')
    // Focus is not stolen on load.
    expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.id === 'page-heading')).toBe(true)

    await page.selectOption('#buscar-operacion', 'renta')
    await page.waitForURL(`${live.server.url}/buscar-propiedades?operacion=renta`)
    await settled(page, new RegExp(`^${plural(count((p) => p.operation === 'renta'))}`))
    await page.selectOption('#buscar-zona', 'huayacan')
    await page.waitForURL(`${live.server.url}/buscar-propiedades?operacion=renta&zona=huayacan`)
    const expected = count((p) => p.operation === 'renta' && p.zone === 'huayacan')
    await settled(page, new RegExp(`^${plural(expected)}`))
    expect(await cards(page).count()).toBe(expected)
    expect(apiRequests.at(-1)!.key).toBeTruthy()
    expect(new URL(apiRequests.at(-1)!.url).search).toContain('operacion=renta&zona=huayacan')

    // Text inputs apply on submit; every control is labelled.
    await page.locator('summary', { hasText: 'Más filtros' }).click()
    await page.check('input[name="amenidades"][value="alberca"]')
    await page.getByRole('button', { name: 'Buscar', exact: true }).click()
    await page.waitForURL(`${live.server.url}/buscar-propiedades?operacion=renta&zona=huayacan&amenidades=alberca`)
    await settled(page, new RegExp(`^${plural(count((p) => p.operation === 'renta' && p.zone === 'huayacan' && p.amenities.includes('alberca')))}`))
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('.search-form input, .search-form select')]
        .filter((el) => !(el as HTMLInputElement).labels?.length)
        .map((el) => el.outerHTML),
    )
    expect(unlabelled).toEqual([])

    // Back restores the previous search and its results.
    await page.goBack()
    await page.waitForURL(`${live.server.url}/buscar-propiedades?operacion=renta&zona=huayacan`)
    await settled(page, new RegExp(`^${plural(expected)}`))
    expect(await page.locator('#buscar-zona').inputValue()).toBe('huayacan')
    expect(await page.locator('input[name="amenidades"][value="alberca"]').isChecked()).toBe(false)
    await page.goBack()
    await page.waitForURL(`${live.server.url}/buscar-propiedades?operacion=renta`)
    await settled(page, new RegExp(`^${plural(count((p) => p.operation === 'renta'))}`))
    expect(await page.locator('#buscar-zona').inputValue()).toBe('')
    await page.goForward()
    await page.waitForURL(`${live.server.url}/buscar-propiedades?operacion=renta&zona=huayacan`)
    await settled(page, new RegExp(`^${plural(expected)}`))

    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('reproduces a shared URL: same filters in the form, same results', async () => {
    const shared = '/buscar-propiedades?operacion=renta&zona=huayacan'
    const first = await open(shared)
    const expected = count((p) => p.operation === 'renta' && p.zone === 'huayacan')
    await settled(first.page, new RegExp(`^${plural(expected)}`))
    const seen = await slugs(first.page)
    await first.context.close()

    const again = await open(shared)
    await settled(again.page, new RegExp(`^${plural(expected)}`))
    expect(await slugs(again.page)).toEqual(seen)
    expect(await again.page.locator('#buscar-operacion').inputValue()).toBe('renta')
    expect(await again.page.locator('#buscar-zona').inputValue()).toBe('huayacan')
    expect(again.consoleErrors).toEqual([])
    await again.context.close()
  })

  it('paginates with real links: page 2 shows other properties, and works as a full page load', async () => {
    const { context, page, errors, consoleErrors } = await open('/buscar-propiedades')
    const pages = Math.ceil(count(() => true) / PAGE_SIZE)
    expect(pages).toBeGreaterThan(1)
    const first = await slugs(page)
    const next = page.locator('.pagination a', { hasText: 'Siguiente' })
    expect(await next.getAttribute('href')).toBe('/buscar-propiedades?pagina=2')
    expect(await page.locator('.pagination a[aria-label="Página 2"]').getAttribute('href')).toBe('/buscar-propiedades?pagina=2')
    await next.click()
    await page.waitForURL(`${live.server.url}/buscar-propiedades?pagina=2`)
    await settled(page, `página 2 de ${pages}`)
    const second = await slugs(page)
    expect(second.length).toBeGreaterThan(0)
    expect(second.filter((s) => first.includes(s))).toEqual([])
    expect(await page.locator('.pagination [aria-current="page"]').innerText()).toBe('2')
    expect(await page.locator('.pagination a', { hasText: 'Anterior' }).getAttribute('href')).toBe('/buscar-propiedades')

    await page.goBack()
    await page.waitForURL(`${live.server.url}/buscar-propiedades`)
    await settled(page, new RegExp(`^${plural(count(() => true))} · página 1`))
    expect(await slugs(page)).toEqual(first)

    // The link's target also answers as a page of its own (no JS needed).
    expect((await fetch(`${live.server.url}/buscar-propiedades?pagina=2`)).status).toBe(200)
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('explains an impossible search and widens it in one click', async () => {
    const { context, page, errors, consoleErrors } = await open('/buscar-propiedades?zona=huayacan&precio_max=1')
    await settled(page, /^0 propiedades/)
    await expect.poll(() => page.locator('.search-empty h3').innerText()).toMatch(/No encontramos propiedades/)
    const widen = page.locator('.search-empty a', { hasText: 'Quitar el límite de precio' })
    expect(await widen.getAttribute('href')).toBe('/buscar-propiedades?zona=huayacan')
    expect(await page.locator('.search-empty a', { hasText: 'Buscar en todas las zonas' }).getAttribute('href')).toBe('/buscar-propiedades?precio_max=1')
    expect(await page.locator('.search-empty a', { hasText: 'Borrar todos los filtros' }).getAttribute('href')).toBe('/buscar-propiedades')
    await widen.click()
    await page.waitForURL(`${live.server.url}/buscar-propiedades?zona=huayacan`)
    await settled(page, new RegExp(`^${plural(count((p) => p.zone === 'huayacan'))}`))
    expect(await page.locator('#buscar-precio_max').inputValue()).toBe('')
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('shows a Spanish error with a retry button when the API fails', async () => {
    const { context, page } = await open('/buscar-propiedades')
    let fail = true
    await context.route('**/api/properties?**', (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue()))
    await page.selectOption('#buscar-operacion', 'venta')
    await expect.poll(() => page.locator('.search-error').innerText()).toMatch(/No pudimos cargar los resultados/)
    fail = false
    await page.getByRole('button', { name: 'Reintentar' }).click()
    await settled(page, new RegExp(`^${plural(count((p) => p.operation === 'venta'))}`))
    await context.close()
  })

  it('rides out one transient 503 from the API: the request is tried once more and the results show', async () => {
    const { context, page, errors, consoleErrors } = await open('/buscar-propiedades')
    const answers: number[] = []
    await context.route('**/api/properties?**', (route) => {
      if (answers.length === 0) {
        answers.push(503)
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"Servicio no disponible"}}' })
      }
      answers.push(200)
      return route.continue()
    })
    await page.selectOption('#buscar-operacion', 'venta')
    await settled(page, new RegExp(`^${plural(count((p) => p.operation === 'venta'))}`))
    expect(answers).toEqual([503, 200])
    expect(await page.locator('.search-error').count()).toBe(0)
    expect(errors).toEqual([])
    // The browser reports the 503 itself; nothing else.
    expect(consoleErrors.filter((text) => !text.includes('status of 503'))).toEqual([])
    await context.close()
  })

  it('lands the home hero search (a plain GET form with q) on the filtered results', async () => {
    const { context, page, errors, consoleErrors } = await open('/', undefined, false)
    const key = await page.evaluate(() => JSON.parse(document.getElementById('__page')!.textContent!).publicApiKey as string)
    const api = (await (await fetch(`${live.server.url}/api/properties?q=alberca&por_pagina=1`, { headers: { 'X-Api-Key': key } })).json()) as { total: number }
    expect(api.total).toBeGreaterThan(0)
    expect(api.total).toBeLessThan(count(() => true))
    await page.fill('#hero-q', 'alberca')
    await page.locator('.hero__search button[type="submit"]').click()
    await page.waitForURL(`${live.server.url}/buscar-propiedades?q=alberca`)
    await settled(page, new RegExp(`^${plural(api.total)}`))
    expect(await page.locator('#buscar-q').inputValue()).toBe('alberca')
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('fits 375 px without horizontal scroll, with the filters open and results shown', async () => {
    const { context, page, consoleErrors } = await open('/buscar-propiedades?operacion=venta&recamaras=2&amenidades=alberca&pagina=1', { width: 375, height: 740 })
    // The first render is the payload's empty search (already «N propiedades»); the URL's filters
    // come in an effect, which remounts the form with «Más filtros» open and loads their results.
    await expect.poll(() => page.locator('.search-form__more').getAttribute('open'), { timeout: 10_000 }).not.toBeNull()
    await settled(page, /propiedad/)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBe(0)
    expect(path(page)).toBe('/buscar-propiedades?operacion=venta&recamaras=2&amenidades=alberca&pagina=1')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('shows every filter\'s longest choice whole, at 375 px and at 1280 px', async () => {
    for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
      const { context, page } = await open('/buscar-propiedades?pagina=1', viewport)
      await page.locator('.search-form__more > summary').click()
      // The longest option's text, in the select's own font, against the room the select gives it (its arrow included).
      const cut = await page.evaluate(() => {
        const ruler = document.createElement('canvas').getContext('2d')!
        return [...document.querySelectorAll<HTMLSelectElement>('.search-form select')].flatMap((select) => {
          const style = getComputedStyle(select)
          ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
          const arrow = 24
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow
          return [...select.options].filter((o) => ruler.measureText(o.text).width > room).map((o) => `${select.name}: «${o.text}»`)
        })
      })
      expect(cut, `${viewport.width} px`).toEqual([])
      await context.close()
    }
  })
})
