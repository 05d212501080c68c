import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Catalogue, Lead } from '../../src/catalogue/model'
import { SITE_LEAD_ENDPOINT } from '../../src/domain/site-paths'
import { readCatalogue } from '../support/catalogue'
import { holdRequests, isolatedContext, liveSuite, requestsReported, watchPage } from './harness'

/**
 * The contact and property-inquiry forms (docs/behaviour.md#forms) in a real Chromium against the real server:
 * Spanish messages, nothing sent when invalid, attribution attached, /gracias on success, nothing
 * lost on failure. The lead policy lets one address leave 10 leads an hour (docs/behaviour.md#leads): this file sends 4.
 */
const live = liveSuite()
const demo: Catalogue = readCatalogue()
const property = demo.properties.find((p) => p.status === 'disponible') ?? demo.properties[0]!

const FAILED_MESSAGE = 'No pudimos enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo; lo que escribiste sigue aquí.'
const RATE_MESSAGE = 'Recibimos muchas solicitudes desde tu conexión. Espera un minuto e inténtalo de nuevo.'
/** Chromium's own log line for a 4xx/5xx or aborted request: the browser's, not the page's. */
const NETWORK_LOG = /^Failed to load resource/

interface Opened {
  context: BrowserContext
  page: Page
  posts: string[]
  errors: string[]
  consoleErrors: string[]
}

async function open(width: number, path: string): Promise<Opened> {
  const context = await isolatedContext(live.browser, { viewport: { width, height: 800 } })
  const page = await context.newPage()
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === SITE_LEAD_ENDPOINT) posts.push(r.postData() ?? '')
  })
  const watched = watchPage(page)
  await page.goto(live.server.url + path)
  return { context, page, posts, ...watched }
}

const form = (page: Page) => {
  const root = page.locator('section.lead-form')
  return {
    root,
    name: root.getByLabel('Nombre'),
    phone: root.getByLabel('Teléfono'),
    email: root.getByLabel('Correo electrónico'),
    message: root.getByLabel('Mensaje'),
    consent: root.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ }),
    submit: root.locator('button[type=submit]'),
    summary: root.locator('.lead-form__summary[role=alert]'),
    failure: root.locator('.lead-form__failure[role=alert]'),
  }
}

/** The message a field's aria-describedby points at, or null. */
const describedError = (page: Page, label: string) =>
  page.evaluate((text) => {
    const field = [...document.querySelectorAll<HTMLElement>('.lead-form input, .lead-form textarea')].find((el) =>
      [...((el as HTMLInputElement).labels ?? [])].some((l) => l.textContent?.startsWith(text)),
    )
    if (!field) return null
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
    const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('lead-form__error'))
    return { invalid: field.getAttribute('aria-invalid'), error: error?.textContent ?? null }
  }, label)

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? null)

async function leadNamed(name: string): Promise<Lead> {
  await expect.poll(async () => (await live.server.storage.leads.recent()).some((l) => l.name === name)).toBe(true)
  return (await live.server.storage.leads.recent()).find((l) => l.name === name)!
}

const noPageErrors = (opened: Opened, allowNetworkLog = false) => {
  expect(opened.errors).toEqual([])
  expect(opened.consoleErrors.filter((m) => !(allowNetworkLog && NETWORK_LOG.test(m)))).toEqual([])
}

for (const width of [375, 1280]) {
  describe(`/contacto at ${width} px`, () => {
    it('shows the form under the contact details, hydrated, without overflow', async () => {
      const opened = await open(width, '/contacto')
      const { page } = opened
      const f = form(page)
      await expect.poll(() => f.submit.isEnabled()).toBe(true) // enabled once React has hydrated
      expect(await f.root.locator('h2').innerText()).toBe('Envíanos un mensaje')
      const details = await page.locator('main p', { hasText: 'Av. Bonampak' }).boundingBox()
      const section = await f.root.boundingBox()
      expect(section!.y).toBeGreaterThan(details!.y)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(await f.phone.getAttribute('inputmode')).toBe('tel')
      expect(await f.root.locator('a[href="/politica-de-privacidad"]').innerText()).toMatch(/aviso de privacidad/)
      noPageErrors(opened)
      await opened.context.close()
    })

    it('refuses an empty form with Spanish messages, focus on the first field, and sends nothing', async () => {
      const opened = await open(width, '/contacto')
      const { page, posts } = opened
      const f = form(page)
      await f.submit.click()
      await f.summary.waitFor()
      const summary = await f.summary.innerText()
      expect(summary).toContain('Revisa estos campos')
      expect(summary).toContain('Escribe tu nombre')
      expect(summary).toContain('Déjanos un teléfono o un correo')
      expect(summary).toContain('Debes aceptar el aviso de privacidad')
      expect(await describedError(page, 'Nombre')).toEqual({ invalid: 'true', error: 'Escribe tu nombre' })
      expect(await describedError(page, 'Teléfono')).toEqual({ invalid: 'true', error: 'Déjanos un teléfono o un correo' })
      expect(await describedError(page, 'Correo')).toEqual({ invalid: null, error: null })
      expect(await describedError(page, 'Acepto')).toEqual({ invalid: 'true', error: 'Debes aceptar el aviso de privacidad' })
      await expect.poll(() => focusedName(page)).toBe('name')
      // Messages leave as their fields are fixed.
      await f.name.fill('Ana')
      expect(await describedError(page, 'Nombre')).toEqual({ invalid: null, error: null })
      expect(await f.summary.innerText()).not.toContain('Escribe tu nombre')
      // The summary's links move focus to the field.
      await f.summary.getByRole('link', { name: /Aviso de privacidad/ }).click()
      await expect.poll(() => focusedName(page)).toBe('consent')
      expect(page.url()).toBe(`${live.server.url}/contacto`)
      await requestsReported(page)
      expect(posts).toEqual([])
      noPageErrors(opened)
      await opened.context.close()
    })

    it('refuses a bad phone and sends nothing', async () => {
      const opened = await open(width, '/contacto')
      const { page, posts } = opened
      const f = form(page)
      await f.name.fill('Ana López')
      await f.phone.fill('998 123 45')
      await f.consent.check()
      await f.submit.click()
      await f.summary.waitFor()
      expect(await describedError(page, 'Teléfono')).toEqual({ invalid: 'true', error: 'Escribe un teléfono válido (10 dígitos)' })
      expect(await f.summary.innerText()).toContain('Revisa este campo')
      await expect.poll(() => focusedName(page)).toBe('phone')
      await f.phone.fill('letras 1234')
      await f.submit.click()
      expect(await describedError(page, 'Teléfono')).toEqual({ invalid: 'true', error: 'Escribe un teléfono válido (10 dígitos)' })
      await requestsReported(page)
      expect(posts).toEqual([])
      noPageErrors(opened)
      await opened.context.close()
    })

    it('keeps a pasted message longer than the limit, counts it and refuses it with a message', async () => {
      const opened = await open(width, '/contacto')
      const { page, posts } = opened
      const f = form(page)
      const long = 'Busco casa. '.repeat(200).trim() // 2,399 characters
      await f.name.fill('Ana López')
      await f.phone.fill('998 123 4567')
      await f.consent.check()
      await f.message.fill(long)
      expect(await f.message.inputValue()).toBe(long) // nothing cut
      const count = f.root.locator('.lead-form__count')
      expect(await count.innerText()).toBe('2,399 de 2,000 caracteres')
      await f.submit.click()
      await f.summary.waitFor()
      expect(await describedError(page, 'Mensaje')).toEqual({ invalid: 'true', error: 'Tu mensaje es demasiado largo (máximo 2000 caracteres)' })
      await expect.poll(() => focusedName(page)).toBe('message')
      await f.message.fill(long.slice(0, 1900))
      expect(await count.innerText()).toBe('1,900 de 2,000 caracteres')
      await f.message.fill('Busco casa.')
      expect(await count.count()).toBe(0)
      await requestsReported(page)
      expect(posts).toEqual([])
      noPageErrors(opened)
      await opened.context.close()
    })

    it('sends a valid lead with the stored attribution and lands on /gracias', async () => {
      const opened = await open(width, '/?utm_source=facebook&utm_campaign=verano&gclid=abc')
      const { page, context, posts } = opened
      await page.waitForFunction(() => localStorage.getItem('source') === 'Facebook')
      // The visitor goes to the contact page through a link (a client-side navigation; on a phone the menu may be folded).
      const leads = await holdRequests(context, `**${SITE_LEAD_ENDPOINT}`)
      await page.locator('a[href="/contacto"]:visible').first().click()
      await page.waitForURL(`${live.server.url}/contacto`)
      const f = form(page)
      const name = `Íñigo Pérez ${width}`
      // A contact of its own per width: the same phone or e-mail again the same day is a duplicate (docs/behaviour.md#leads).
      const [phone, email] = [`+52 998 123 ${width === 375 ? '4567' : '4568'}`, `inigo.${width}@correo.mx`]
      await f.name.fill(name)
      await f.phone.fill(phone)
      await f.email.fill(email)
      await f.message.fill('Busco departamento de 2 recámaras.')
      await f.consent.check()
      await f.submit.click()
      await expect.poll(() => f.submit.innerText()).toBe('Enviando…')
      expect(await f.submit.isDisabled()).toBe(true)
      await leads.release()
      await page.waitForURL(`${live.server.url}/gracias`)
      expect(await page.locator('h1').innerText()).toMatch(/Gracias/)
      expect(posts).toHaveLength(1)

      const lead = await leadNamed(name)
      expect(lead).toMatchObject({ phone, email, message: 'Busco departamento de 2 recámaras.', source: 'contacto', propertySlug: null })
      expect(lead.attribution).toMatchObject({
        source: 'Facebook',
        campaign: 'verano',
        gclid: 'abc',
        utm_source: 'Facebook',
        utm_campaign: 'verano',
        page_url: `${live.server.url}/contacto`,
        utm_obj: { campaign: null },
      })
      expect(Date.parse(String(lead.attribution!.timestamp))).not.toBeNaN()
      const sent = JSON.parse(posts[0]!) as Record<string, unknown>
      expect(sent).toMatchObject({ consent: true, website: '', source: 'contacto', propertySlug: null })
      noPageErrors(opened)
      await context.close()
    })

    it('keeps everything typed and says what to do when the service fails', async () => {
      const opened = await open(width, '/contacto')
      const { page, context } = opened
      let answer: 'down' | 'offline' | 'busy' = 'down'
      await context.route(`**${SITE_LEAD_ENDPOINT}`, (route) =>
        answer === 'offline'
          ? route.abort('internetdisconnected')
          : route.fulfill({
              status: answer === 'busy' ? 429 : 503,
              contentType: 'application/json',
              headers: answer === 'busy' ? { 'Retry-After': '60' } : {},
              body: JSON.stringify({ error: { code: answer === 'busy' ? 'rate_limited' : 'unavailable', message: 'x' } }),
            }),
      )
      const f = form(page)
      const typed = { name: 'Lucía Hernández', phone: '(998) 123-4567', email: 'lucia@correo.mx', message: 'Quiero vender mi casa en Huayacán.' }
      await f.name.fill(typed.name)
      await f.phone.fill(typed.phone)
      await f.email.fill(typed.email)
      await f.message.fill(typed.message)
      await f.consent.check()
      const expectKept = async () => {
        expect(await f.name.inputValue()).toBe(typed.name)
        expect(await f.phone.inputValue()).toBe(typed.phone)
        expect(await f.email.inputValue()).toBe(typed.email)
        expect(await f.message.inputValue()).toBe(typed.message)
        expect(await f.consent.isChecked()).toBe(true)
        expect(page.url()).toBe(`${live.server.url}/contacto`)
        expect(await f.submit.innerText()).toBe('Enviar mensaje')
        expect(await f.submit.isEnabled()).toBe(true)
      }

      await f.submit.click()
      await expect.poll(() => f.failure.innerText().catch(() => '')).toBe(FAILED_MESSAGE)
      await expectKept()

      answer = 'offline'
      await f.submit.click()
      await expect.poll(() => f.failure.innerText().catch(() => '')).toBe(FAILED_MESSAGE)
      await expectKept()

      answer = 'busy'
      await f.submit.click()
      await expect.poll(() => f.failure.innerText().catch(() => '')).toBe(RATE_MESSAGE)
      await expectKept()
      expect(await f.summary.count()).toBe(0)
      noPageErrors(opened, true)
      await context.close()
    })

    it('keeps the honeypot out of sight and out of the tab order', async () => {
      const opened = await open(width, '/contacto')
      const { page } = opened
      const f = form(page)
      await expect.poll(() => f.submit.isEnabled()).toBe(true)
      const honeypot = page.locator('.lead-form input[name=website]')
      expect(await honeypot.getAttribute('tabindex')).toBe('-1')
      expect(await honeypot.getAttribute('autocomplete')).toBe('off')
      expect(await page.locator('.lead-form__hp').getAttribute('aria-hidden')).toBe('true')
      expect(await page.locator('.lead-form__hp label').innerText()).toBe('No llenar')
      const box = await honeypot.boundingBox()
      expect(box === null || box.x + box.width <= 0).toBe(true)

      await f.name.focus()
      const order: string[] = []
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab')
        const at = await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null
          return el?.name || el?.tagName.toLowerCase() || ''
        })
        order.push(at)
        if (at === 'button') break
      }
      expect(order).toEqual(['phone', 'email', 'message', 'consent', 'a', 'button'])
      noPageErrors(opened)
      await opened.context.close()
    })
  })
}

describe('typing before the script has run', () => {
  it('keeps what was typed and ticked when the form hydrates', async () => {
    const context = await isolatedContext(live.browser, { viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    // A slow connection: the page's scripts arrive well after the form is on screen.
    let release!: () => void
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/_app/**', async (route) => {
      await scriptsHeld
      await route.continue()
    })
    await page.goto(`${live.server.url}/contacto`, { waitUntil: 'commit' })
    const f = form(page)
    await f.name.fill('Ana López')
    await f.phone.fill('998 123 4567')
    await f.message.fill('Busco casa en Huayacán')
    await f.consent.check()
    release()
    await expect.poll(() => f.submit.isEnabled()).toBe(true)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
    expect(await f.name.inputValue()).toBe('Ana López')
    expect(await f.phone.inputValue()).toBe('998 123 4567')
    expect(await f.message.inputValue()).toBe('Busco casa en Huayacán')
    expect(await f.consent.isChecked()).toBe(true)
    await f.submit.click()
    await page.waitForURL(`${live.server.url}/gracias`)
    await context.close()
  })
})

describe('property inquiry', () => {
  it('sets its heading at the top of the box, as on /contacto', async () => {
    const headingGap = async (path: string) => {
      const opened = await open(1280, path)
      const gap = await opened.page.locator('section.lead-form').evaluate((el) => el.querySelector('h2')!.getBoundingClientRect().top - el.getBoundingClientRect().top)
      await opened.context.close()
      return gap
    }
    expect(await headingGap(`/propiedad/${property.slug}`)).toBe(await headingGap('/contacto'))
  })

  it('sends source propiedad with the property slug and the prefilled message', async () => {
    const opened = await open(1280, `/propiedad/${property.slug}?utm_source=google&utm_campaign=otono&gbraid=g1`)
    const { page, context, posts } = opened
    const section = page.locator('section.lead-form')
    expect(await section.locator('h2').innerText()).toBe('¿Te interesa esta propiedad?')
    const f = form(page)
    expect(await f.message.inputValue()).toContain(`Me interesa ${property.title}`)
    const name = 'Renata Solís'
    await f.name.fill(name)
    await f.email.fill('renata@correo.mx')
    await f.consent.check()
    await f.submit.click()
    await page.waitForURL(`${live.server.url}/gracias`)
    expect(posts).toHaveLength(1)
    expect(JSON.parse(posts[0]!)).toMatchObject({ source: 'propiedad', propertySlug: property.slug, phone: null, email: 'renata@correo.mx' })
    const lead = await leadNamed(name)
    expect(lead).toMatchObject({ source: 'propiedad', propertySlug: property.slug, phone: null, email: 'renata@correo.mx' })
    expect(lead.message).toContain(`Me interesa ${property.title}`)
    expect(lead.attribution).toMatchObject({
      source: 'Google Ads',
      campaign: 'otono',
      utm_obj: { utm_source: 'google', utm_campaign: 'otono', gbraid: 'g1', campaign: 'otono' },
    })
    noPageErrors(opened)
    await context.close()
  })

  it('starts a fresh form on another property after a client-side navigation', async () => {
    const other = demo.properties.find((p) => p.slug !== property.slug)!
    const opened = await open(375, `/propiedad/${property.slug}`)
    const { page } = opened
    const f = form(page)
    await f.name.fill('Texto que no debe seguir')
    await page.evaluate((href) => {
      const a = document.createElement('a')
      a.href = href
      document.getElementById('contenido')!.append(a)
      a.click()
    }, `/propiedad/${other.slug}`)
    await page.waitForURL(`${live.server.url}/propiedad/${other.slug}`)
    await expect.poll(() => f.message.inputValue()).toContain(`Me interesa ${other.title}`)
    expect(await f.name.inputValue()).toBe('')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    noPageErrors(opened)
    await opened.context.close()
  })
})
