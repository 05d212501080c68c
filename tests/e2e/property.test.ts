import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import { DEV_BUSINESS_API_KEY } from '../../src/server/config'
import { readCatalogue } from '../support/catalogue'
import { isolatedContext, liveSuite, watchPage } from './harness'

/**
 * The property page (gallery and lightbox, prices in both currencies, share links, copy link) and
 * the development and units pages, in a real Chromium against the real server.
 */
const live = liveSuite()
const demo: Catalogue = readCatalogue()
const property = demo.properties.find((p) => p.images.length >= 3 && p.price.currency === 'MXN' && p.operation === 'venta')!
const rental = demo.properties.find((p) => p.operation === 'renta')!
const development = demo.developments.find((d) => d.models.length > 0)!
/** A development without houses: its /casas page has nothing to list. */
const noHouses = demo.developments.find(
  (d) => !d.models.some((m) => m.type === 'casa') && !demo.properties.some((p) => p.development === d.slug && p.type === 'casa'),
)!

async function open(path: string, width = 1280, permissions: string[] = []) {
  const context = await isolatedContext(live.browser, { viewport: { width, height: 800 }, permissions })
  const page = await context.newPage()
  const watched = watchPage(page)
  const warnings: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning' && /hydrat/i.test(m.text())) warnings.push(m.text())
  })
  await page.goto(live.server.url + path)
  await page.waitForFunction(() => document.getElementById('app')?.hasChildNodes())
  return { context, page, warnings, ...watched }
}

/** Hydrated: the share links get their absolute hrefs in an effect. */
const hydrated = (page: Page) => page.waitForFunction(() => document.querySelector('.prop-share__link[href^="https://wa.me/"]'))
const insideDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

describe('property page', () => {
  it('opens the gallery from the keyboard, moves with the arrows, traps focus and gives it back', async () => {
    const { context, page, errors, consoleErrors, warnings } = await open(`/propiedad/${property.slug}`)
    await hydrated(page)
    const main = page.locator('.prop-gallery__main')
    const lcp = main.locator('img')
    expect(await lcp.getAttribute('loading')).toBe('eager')
    expect(await lcp.getAttribute('fetchpriority')).toBe('high')
    expect(await lcp.getAttribute('width')).toBeTruthy()
    expect(await lcp.getAttribute('height')).toBeTruthy()
    expect(await page.locator('.prop-gallery__thumbs img').first().getAttribute('loading')).toBe('lazy')

    const place = () => main.evaluate((el) => ({ top: el.getBoundingClientRect().top + scrollY, height: el.getBoundingClientRect().height, width: document.documentElement.scrollWidth }))
    await main.focus()
    const before = await place()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `Galería de fotos: ${property.title}` })
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    const count = property.images.length
    const counter = dialog.locator('.prop-lightbox__counter')
    const image = dialog.locator('img')
    expect(await counter.innerText()).toBe(`Foto 1 de ${count}`)
    expect(await image.getAttribute('src')).toBe(`/_ipx/w_1600&f_webp${property.images[0]!.src}`)
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')

    await page.keyboard.press('ArrowRight')
    await expect.poll(() => counter.innerText()).toBe(`Foto 2 de ${count}`)
    expect(await image.getAttribute('src')).toBe(`/_ipx/w_1600&f_webp${property.images[1]!.src}`)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft') // wraps to the last photo
    await expect.poll(() => counter.innerText()).toBe(`Foto ${count} de ${count}`)
    expect(await image.getAttribute('src')).toBe(`/_ipx/w_1600&f_webp${property.images[count - 1]!.src}`)
    await dialog.getByRole('button', { name: 'Foto siguiente' }).click()
    await expect.poll(() => counter.innerText()).toBe(`Foto 1 de ${count}`)
    await dialog.getByRole('button', { name: 'Foto anterior' }).click()
    await expect.poll(() => counter.innerText()).toBe(`Foto ${count} de ${count}`)

    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await insideDialog(page)).toBe(true)
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await insideDialog(page)).toBe(true)
    }

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.classList.contains('prop-gallery__main'))).toBe(true)
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
    expect(await place()).toEqual(before) // no layout shift

    // A thumbnail opens its own photo; the close button closes and gives focus back to it.
    const thumb = page.locator('.prop-gallery__thumbs button').first()
    await thumb.click()
    await expect.poll(() => counter.innerText()).toBe(`Foto 2 de ${count}`)
    await dialog.getByRole('button', { name: 'Cerrar galería' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await thumb.evaluate((el) => el === document.activeElement)).toBe(true)

    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    expect(warnings).toEqual([])
    await context.close()
  })

  it('shows the price in MXN and the approximate USD, and a rent per month in both', async () => {
    const { context, page } = await open(`/propiedad/${property.slug}`)
    const price = page.locator('.prop-price')
    expect(await price.locator('.prop-price__main').innerText()).toBe(`$${property.price.amount.toLocaleString('en-US')} MXN`)
    expect(await price.locator('.prop-price__other').innerText()).toMatch(/^≈ USD [\d,]+/)
    const facts = await page.locator('.prop-facts').innerText()
    expect(facts).toContain('Tipo')
    expect(facts).toContain('Operación')
    expect(await page.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toBe(
      `https://www.openstreetmap.org/?mlat=${property.geo.lat}&mlon=${property.geo.lng}#map=16/${property.geo.lat}/${property.geo.lng}`,
    )
    expect(await page.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('rel')).toContain('noopener')
    await page.goto(`${live.server.url}/propiedad/${rental.slug}`)
    expect(await page.locator('.prop-price__main').innerText()).toMatch(/ \/ mes$/)
    expect(await page.locator('.prop-price__other').innerText()).toMatch(/^≈ .+ \/ mes/)
    await context.close()
  })

  it('shows the same similar properties as the API, in the same order', async () => {
    // A land plot in the Polígono Sur: its similar plots are in other zones too, so the order shows the rule.
    const plot = demo.properties.find((p) => p.slug === 'terreno-comercial-en-venta-sobre-av-luis-donaldo-colosio-km-10')!
    for (const shown of [property, plot]) {
      const { context, page } = await open(`/propiedad/${shown.slug}`)
      const onPage = await page.locator('section[aria-labelledby="similares"] a.card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      const response = await fetch(`${live.server.url}/api/properties/${shown.slug}`, { headers: { 'X-Api-Key': DEV_BUSINESS_API_KEY } })
      const { similar } = (await response.json()) as { similar: { slug: string }[] }
      expect(similar.length, shown.slug).toBeGreaterThan(1)
      expect(onPage, shown.slug).toEqual(similar.map((p) => `/propiedad/${p.slug}`))
      await context.close()
    }
  })

  it('builds the share links from the absolute URL once hydrated, and copies the link', async () => {
    const { context, page, errors, consoleErrors } = await open(`/propiedad/${property.slug}?utm_source=test`, 1280, ['clipboard-read', 'clipboard-write'])
    await hydrated(page)
    const url = `${live.server.url}/propiedad/${property.slug}`
    const whatsapp = new URL((await page.getByRole('link', { name: 'Compartir en WhatsApp' }).getAttribute('href'))!)
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/')
    expect(whatsapp.searchParams.get('text')).toContain(property.title)
    expect(whatsapp.searchParams.get('text')).toContain(url)
    const facebook = new URL((await page.getByRole('link', { name: 'Compartir en Facebook' }).getAttribute('href'))!)
    expect(facebook.origin + facebook.pathname).toBe('https://www.facebook.com/sharer/sharer.php')
    expect(facebook.searchParams.get('u')).toBe(url)
    const x = new URL((await page.getByRole('link', { name: 'Compartir en X (Twitter)' }).getAttribute('href'))!)
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet')
    expect(x.searchParams.get('url')).toBe(url)
    expect(x.searchParams.get('text')).toBe(property.title)
    const mail = (await page.getByRole('link', { name: 'Enviar por correo' }).getAttribute('href'))!
    expect(mail.startsWith(`mailto:?subject=${encodeURIComponent(property.title)}&body=`)).toBe(true)
    expect(decodeURIComponent(mail.split('&body=')[1]!)).toContain(url)

    await page.getByRole('button', { name: 'Copiar enlace' }).click()
    const status = page.locator('.prop-share [role="status"]')
    await expect.poll(() => status.innerText()).toBe('Enlace copiado')
    expect(await status.getAttribute('aria-live')).toBe('polite')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('falls back when the Clipboard API is missing', async () => {
    const context = await isolatedContext(live.browser)
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }))
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.goto(`${live.server.url}/propiedad/${property.slug}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Copiar enlace' }).click()
    const status = page.locator('.prop-share [role="status"]')
    await expect.poll(() => status.innerText()).not.toBe('')
    const text = await status.innerText()
    if (text !== 'Enlace copiado') expect(await page.locator('.prop-share__manual').inputValue()).toBe(`${live.server.url}/propiedad/${property.slug}`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('«Solicitar información» jumps to the form (the next Tab is its first field), and Back returns', async () => {
    const { context, page, errors } = await open(`/propiedad/${property.slug}?utm_source=google`, 375)
    await hydrated(page)
    const heading = page.getByRole('heading', { name: '¿Te interesa esta propiedad?' })
    await page.getByRole('link', { name: 'Solicitar información' }).click()
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0)
    expect(await heading.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true)
    expect(page.url()).toBe(`${live.server.url}/propiedad/${property.slug}?utm_source=google#contactar`)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name')
    await page.goBack()
    await expect.poll(() => page.evaluate(() => scrollY)).toBeLessThan(800)
    expect(errors).toEqual([])
    await context.close()
  })

  it('offers similar properties, not «¿Sigue disponible?», once a property is sold or rented', async () => {
    const sold = demo.properties.find((p) => p.status === 'vendida')!
    const { context, page, errors } = await open(`/propiedad/${sold.slug}`, 375)
    await page.getByRole('link', { name: 'Buscar opciones similares' }).waitFor()
    const form = page.locator('section.lead-form')
    expect(await form.locator('h2').innerText()).toBe('¿Buscas algo parecido?')
    expect(await form.getByLabel('Mensaje').inputValue()).toBe(`Me interesó ${sold.title}, que ya no está disponible. ¿Tienen opciones similares?`)
    const available = demo.properties.find((p) => p.status === 'disponible')!
    await page.goto(`${live.server.url}/propiedad/${available.slug}`)
    await page.getByRole('link', { name: 'Solicitar información' }).waitFor()
    expect(await form.getByLabel('Mensaje').inputValue()).toMatch(/¿Sigue disponible\?/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('has no horizontal scroll at 375 px, and its lightbox fits', async () => {
    const { context, page, errors, consoleErrors } = await open(`/propiedad/${property.slug}`, 375)
    await hydrated(page)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await page.locator('.prop-gallery__main').click()
    const box = (await page.locator('.prop-lightbox__image').boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

describe('development and units pages', () => {
  it('keeps each link to a kind of unit one pill at 375 px, even when its name wraps', async () => {
    const longest = demo.developments.reduce((a, b) => (b.name.length > a.name.length ? b : a))
    const { context, page, errors } = await open(`/${longest.slug}`, 375)
    const pills = page.locator('.prop-kinds .pills a')
    expect(await pills.count()).toBeGreaterThan(0)
    // An inline link that wraps has one box per line; a pill must stay one box.
    expect(await pills.evaluateAll((links) => links.map((a) => a.getClientRects().length))).toEqual(Array(await pills.count()).fill(1))
    expect(errors).toEqual([])
    await context.close()
  })

  it('lists the models with their availability, and links only to the kinds it has', async () => {
    const { context, page, errors, consoleErrors, warnings } = await open(`/${development.slug}`)
    const rows = page.locator('.prop-models tbody tr')
    expect(await rows.count()).toBe(development.models.length)
    const first = development.models[0]!
    expect(await rows.first().locator('th').innerText()).toBe(first.name)
    expect(await rows.first().locator('.prop-avail__text').textContent()).toBe(`${first.available} de ${first.total} disponibles`)
    const fill = await rows.first().locator('.prop-avail__fill').evaluate((el) => (el as HTMLElement).style.width)
    expect(fill).toBe(`${Math.round((first.available / first.total) * 100)}%`)
    const kinds = await page.locator('nav[aria-label="Tipos de unidad"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    const expected = (['casas', 'departamentos', 'terrenos'] as const)
      .filter((k) => development.models.some((m) => m.type === { casas: 'casa', departamentos: 'departamento', terrenos: 'terreno' }[k]) || demo.properties.some((p) => p.development === development.slug && p.type === { casas: 'casa', departamentos: 'departamento', terrenos: 'terreno' }[k]))
      .map((k) => `/${development.slug}/${k}`)
    expect(kinds).toEqual(expected)
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    expect(warnings).toEqual([])
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await context.close()
  })

  it('shows an honest empty state on a units page with nothing to list', async () => {
    const { context, page, errors, consoleErrors } = await open(`/${noHouses.slug}/casas`, 375)
    const empty = page.locator('.prop-empty')
    expect(await empty.innerText()).toContain(`Por ahora no hay casas disponibles en ${noHouses.name}.`)
    expect(await empty.getByRole('link').getAttribute('href')).toBe(`/${noHouses.slug}`)
    expect(await page.locator('.prop-model-card').count()).toBe(0)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('shows the models of a kind with availability and delivery date', async () => {
    const suiko = demo.developments.find((d) => d.slug === 'residencial-cumbres-suiko')!
    const { context, page } = await open(`/${suiko.slug}/casas`, 375)
    const houses = suiko.models.filter((m) => m.type === 'casa')
    expect(await page.locator('.prop-model-card').count()).toBe(houses.length)
    const card = await page.locator('.prop-model-card').first().innerText()
    expect(card).toContain(`${houses[0]!.available} de ${houses[0]!.total}`)
    expect(card).toContain('Entrega')
    expect(await page.locator('.prop-empty').count()).toBe(0)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await context.close()
  })
})
