import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { METRICS_POLL_MS, URL_POLL_MS } from '../../src/widget/constants'
import { DEFAULT_IP_LOOKUP_URL } from '../../src/protocol'
import { trafficOf } from '../../src/domain/attribution'
import { WAIT_FOR_MS, waitFor } from '../support/wait'
import { INSTANCE, isolatedContext, liveSuite, visitorConnected, visitorOf, watchPage, widget } from './harness'

const live = liveSuite()

/** The IP lookup service, answered on this machine (no request leaves it). */
const IP_ANSWER = { country_name: 'Mexico', city: 'Cancún', region: 'Quintana Roo', timezone: 'America/Cancun', latitude: 21.17, longitude: -86.85 }
async function withIpLookup(context: BrowserContext, answer: object | null = IP_ANSWER) {
  await context.route(DEFAULT_IP_LOOKUP_URL, (route) =>
    answer ? route.fulfill({ json: answer }) : route.fulfill({ status: 503, body: 'down' }),
  )
}

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
const received = (event: string, visitorId: string) => live.wire.filter((e) => e.event === event && e.visitorId === visitorId).map((e) => e.payload as Record<string, unknown>)

describe('visitor context reaches the agent', () => {
  it('stores the campaign of the landing URL and sends it as utms with messages and navigation', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.goto(`${live.server.url}/demo/index.html?utm_source=facebook&utm_campaign=verano&gclid=abc`)
    const w = widget(page)
    await w.launcher.waitFor()
    // Attribution is captured by a start-up stage after the launcher shows (docs/behaviour.md#start-up).
    await expect.poll(() => page.evaluate(() => ({ ...localStorage }))).toMatchObject({ source: 'Facebook', campaign: 'verano', gclid: 'abc' })
    const visitorId = (await visitorOf(page))!
    const landing = await waitFor(() => received('navigation-path-chat', visitorId)[0], 'the landing page in the trail')
    expect(landing).toMatchObject({
      urlPath: '/demo/index.html?utm_source=facebook&utm_campaign=verano&gclid=abc',
      clientId: visitorId,
      instance: INSTANCE,
      utms: { source: 'Facebook', utm_source: 'Facebook', utm_campaign: 'verano', gclid: 'abc', utm_obj: { utm_source: 'facebook', utm_campaign: 'verano', gclid: 'abc', campaign: 'verano' } },
    })
    expect(Date.parse(landing.time as string)).not.toBeNaN()

    await w.launcher.click()
    await w.input.fill('¿Tienen casas en Huayacán?')
    await page.keyboard.press('Enter')
    const sent = await waitFor(() => received('send-chat-message', visitorId)[0], 'the message on the server')
    expect(sent.utms).toMatchObject({ source: 'Facebook', campaign: 'verano', gclid: 'abc', page_url: expect.stringContaining('utm_source=facebook') })
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps how the visitor arrived across the site\'s pages and filters, and the console reads Instagram and TikTok from it', async () => {
    /** A new visitor lands on the path (from the referrer), browses two more pages and writes: the record sent with the message. */
    const arrive = async (path: string, referer?: string) => {
      const context = await isolatedContext(live.browser)
      const page = await context.newPage()
      await page.goto(`${live.server.url}${path}`, referer ? { referer } : {})
      const w = widget(page)
      await w.launcher.waitFor()
      const visitorId = (await visitorOf(page))!
      await waitFor(() => received('navigation-path-chat', visitorId).length === 1, 'the landing page in the trail')
      // The site's own filters, then another page: no new arrival.
      await page.evaluate(() => history.pushState({}, '', '/demo/buscar-propiedades?zona=huayacan'))
      await page.evaluate(() => history.pushState({}, '', '/demo/venta'))
      await waitFor(() => received('navigation-path-chat', visitorId).length === 3, 'the two pages after it in the trail', URL_POLL_MS)
      await w.launcher.click()
      await w.input.fill('Hola')
      await page.keyboard.press('Enter')
      const sent = await waitFor(() => received('send-chat-message', visitorId)[0], 'the message on the server')
      await context.close()
      return sent.utms
    }
    const instagram = await arrive('/demo/?utm_source=instagram&utm_campaign=reels')
    // The spec's source says Google for anything but Google Ads and Facebook; the arrival says Instagram.
    expect(instagram).toMatchObject({ source: 'Google', utm_obj: { campaign: null }, arrival: { source: 'instagram', medium: null, click: null, referrer: null } })
    expect(trafficOf(instagram)).toEqual({ channel: 'organic_social', source: 'instagram' })
    const tiktok = await arrive('/demo/', 'https://www.tiktok.com/')
    expect(tiktok).toMatchObject({ arrival: { source: null, referrer: 'www.tiktok.com' } })
    expect(trafficOf(tiktok)).toEqual({ channel: 'organic_social', source: 'www.tiktok.com' })
  })

  it('reports a pushState navigation at once, and never the same URL twice', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    await page.goto(`${live.server.url}/demo/`)
    await widget(page).launcher.waitFor()
    const visitorId = (await visitorOf(page))!
    await waitFor(() => received('navigation-path-chat', visitorId).length === 1, 'the landing page in the trail')
    // "At once": sooner than the URL check, which runs every URL_POLL_MS.
    const before = Date.now()
    await page.evaluate(() => history.pushState({}, '', '/demo/renta?utm_source=google'))
    await waitFor(() => received('navigation-path-chat', visitorId).length === 2, 'the pushState page in the trail', URL_POLL_MS)
    expect(Date.now() - before).toBeLessThan(URL_POLL_MS)
    await page.evaluate(() => history.replaceState({}, '', '/demo/renta?utm_source=google'))
    await page.evaluate(() => history.pushState({}, '', '/demo/venta'))
    await waitFor(() => received('navigation-path-chat', visitorId).length === 3, 'the second pushState page in the trail', URL_POLL_MS)
    await page.goBack()
    await waitFor(() => received('navigation-path-chat', visitorId).length === 4, 'the page gone back to in the trail', URL_POLL_MS)
    expect(received('navigation-path-chat', visitorId).map((p) => p.urlPath)).toEqual([
      '/demo/',
      '/demo/renta?utm_source=google',
      '/demo/venta',
      '/demo/renta?utm_source=google',
    ])
    // Attribution is captured after every page change too: google gives Google Ads.
    expect(await page.evaluate(() => localStorage.getItem('source'))).toBe('Google Ads')
    await context.close()
  })

  it('sends session metrics on connect and again after a viewport resize', async () => {
    const context = await isolatedContext(live.browser, { viewport: { width: 1280, height: 800 }, userAgent: CHROME_LINUX })
    const page = await context.newPage()
    await page.goto(`${live.server.url}/demo/`)
    await widget(page).launcher.waitFor()
    const visitorId = (await visitorOf(page))!
    const first = await waitFor(() => received('metrics-chat', visitorId)[0], 'the metrics sent on connect')
    expect(first).toMatchObject({
      idClient: visitorId,
      browser: 'Chrome',
      browserVersion: '156.0.0.0',
      os: 'Linux',
      deviceType: 'desktop',
      screenWidth: 1280,
      screenHeight: 800,
      referrer: 'Unknown',
      clientLocation: { country: 'Unknown', city: 'Unknown', region: 'Unknown', latitude: null, longitude: null, timezone: 'Unknown' },
    })
    await page.setViewportSize({ width: 900, height: 700 })
    const second = await waitFor(() => received('metrics-chat', visitorId)[1], 'the metrics after the resize', METRICS_POLL_MS + WAIT_FOR_MS)
    expect(second).toMatchObject({ screenWidth: 900, screenHeight: 700 })
    await context.close()
  })

  it('shares the location: precise when allowed, from the IP lookup when denied', async () => {
    const allowed = await isolatedContext(live.browser, { permissions: ['geolocation'], geolocation: { latitude: 21.1619, longitude: -86.8515 } })
    const denied = await isolatedContext(live.browser) // no permission: Chromium answers PERMISSION_DENIED
    const pages: Page[] = []
    for (const context of [allowed, denied]) {
      await withIpLookup(context)
      const page = await context.newPage()
      await page.goto(`${live.server.url}/demo/`)
      const w = widget(page)
      await w.launcher.click()
      await w.host.getByRole('button', { name: 'Compartir ubicación' }).click()
      await w.host.getByRole('button', { name: 'Compartir ubicación' }).waitFor({ state: 'detached' })
      pages.push(page)
    }
    const [allowedId, deniedId] = await Promise.all(pages.map(visitorOf))
    const located = (id: string) => received('metrics-chat', id).find((m) => (m.clientLocation as { country: string }).country !== 'Unknown')
    // The metrics check runs every METRICS_POLL_MS and sends the location once it changed.
    const precise = await waitFor(() => located(allowedId!), 'the precise location in the metrics', METRICS_POLL_MS + WAIT_FOR_MS)
    const approximate = await waitFor(() => located(deniedId!), 'the IP location in the metrics', METRICS_POLL_MS + WAIT_FOR_MS)
    expect(precise.clientLocation).toEqual({ country: 'Mexico', city: 'Cancún', region: 'Quintana Roo', timezone: 'America/Cancun', latitude: 21.1619, longitude: -86.8515 })
    expect(approximate.clientLocation).toEqual({ country: 'Mexico', city: 'Cancún', region: 'Quintana Roo', timezone: 'America/Cancun', latitude: 21.17, longitude: -86.85 })
    await allowed.close()
    await denied.close()
  })

  it('pushes the analytics events in order and loads the tag script once', async () => {
    const context = await isolatedContext(live.browser)
    let tagRequests = 0
    await context.route('https://www.googletagmanager.com/**', (route) => {
      tagRequests++
      return route.fulfill({ contentType: 'text/javascript', body: '/* tag stub */' })
    })
    const page = await context.newPage()
    await page.route(`${live.server.url}/ga.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body><script src="/widget.js" data-socket-url="/" data-id-agent="agente-demo" data-api-key="pk_dev_cancun_2026" data-instance-name="${INSTANCE}" data-ga-tracking-id="G-TEST1234"></script></body>`,
      }),
    )
    await page.goto(`${live.server.url}/ga.html`)
    const w = widget(page)
    await w.launcher.click()
    await w.input.fill('Hola')
    const answersBefore = await w.agentMessages.count()
    await page.keyboard.press('Enter')
    await w.userMessages.first().waitFor()
    // The agent's answer opens a closed panel again: wait for it, so closing is the last event.
    await expect.poll(() => w.agentMessages.count()).toBeGreaterThan(answersBefore)
    await page.keyboard.press('Escape')
    const visitorId = (await visitorOf(page))!
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer: unknown[] }).dataLayer).filter((e) => e && typeof e === 'object' && 'event' in e),
    )
    // Every tag on the page reads the data layer: it gets an id of its own, never the visitor's
    // id or token, which open the conversation (docs/behaviour.md#analytics).
    const sessionId = (await page.evaluate(() => localStorage.getItem('chat_session_id')))!
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/)
    const token = (JSON.parse((await page.evaluate(() => localStorage.getItem('chat_visitor_token')))!) as { token: string }).token
    expect(JSON.stringify(events)).not.toContain(visitorId)
    expect(JSON.stringify(events)).not.toContain(token)
    expect(events).toEqual([
      { event: 'chat_session_started', chat_session_id: sessionId },
      { event: 'chat_widget_opened', chat_session_id: sessionId },
      { event: 'chat_message_sent_client', chat_session_id: sessionId, chat_message_length: 4, chat_message_type: 'text' },
      { event: 'chat_widget_closed', chat_session_id: sessionId },
    ])
    // Server events become analytics events too.
    const room = live.server.io.of('/chat').to(`visitor:${visitorId}`)
    room.emit('lead-registered', { name: 'Ana' })
    room.emit('scheduled_appointment', { date: '2026-12-01' })
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.map((e) => e.event).filter(Boolean).slice(-2)))
      .toEqual(['chat_lead_registered', 'chat_scheduled_appointment'])
    expect(tagRequests).toBe(1)
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(1)
    await context.close()
  })

  it('plays the alert sound only after "Recibir alertas", once across two tabs', async () => {
    const context = await isolatedContext(live.browser)
    await context.addInitScript(() => {
      const w = window as unknown as { notesStarted: number; alertClaims: number }
      w.notesStarted = 0
      const start = OscillatorNode.prototype.start
      OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
        w.notesStarted++
        return start.apply(this, args)
      }
      // Each tab claims an alert through a Web Lock; count the claims answered (granted or not).
      w.alertClaims = 0
      const request = LockManager.prototype.request as (name: string, ...rest: unknown[]) => Promise<unknown>
      LockManager.prototype.request = function (this: LockManager, name: string, ...rest: unknown[]) {
        const callback = rest.pop() as (lock: Lock | null) => unknown
        return request.call(this, name, ...rest, (lock: Lock | null) => {
          w.alertClaims++
          return callback(lock)
        })
      } as LockManager['request']
    })
    const first = await context.newPage()
    const consoleLines: string[] = []
    first.on('console', (m) => consoleLines.push(m.text()))
    await first.goto(`${live.server.url}/demo/`)
    const w1 = widget(first)
    await w1.launcher.click()
    const visitorId = (await visitorOf(first))!
    await visitorConnected(live.server, visitorId)
    const room = live.server.io.of('/chat').to(`visitor:${visitorId}`)
    room.emit('response', { role: 'agent', content: 'Primera respuesta', id: 'r1' })
    await w1.agentMessages.first().waitFor()
    // Logged by the reply's handler where it would otherwise have played the sound.
    await waitFor(() => consoleLines.some((line) => line.includes('Recibir alertas')), 'the note that alert sounds are off')
    const notes = (page: Page) => page.evaluate(() => (window as unknown as { notesStarted: number }).notesStarted)
    const claims = (page: Page) => page.evaluate(() => (window as unknown as { alertClaims: number }).alertClaims)
    expect(await notes(first)).toBe(0)
    expect(consoleLines.some((line) => line.includes('Recibir alertas'))).toBe(true)

    await w1.host.getByRole('button', { name: 'Recibir alertas' }).click()
    const second = await context.newPage() // same visitor, second tab; alerts remembered
    await second.goto(`${live.server.url}/demo/`)
    await widget(second).launcher.click() // a gesture on that page too
    await visitorConnected(live.server, visitorId, 2)
    room.emit('response', { role: 'agent', content: 'Segunda respuesta', id: 'r2' })
    await widget(second).agentMessages.last().waitFor()
    await expect.poll(async () => (await notes(first)) + (await notes(second)), { timeout: 3000 }).toBe(2) // sound1 has two notes
    // Both tabs have had their claim on this alert answered: the one that got it has played, the other never will.
    await expect.poll(async () => (await claims(first)) + (await claims(second))).toBe(2)
    expect((await notes(first)) + (await notes(second))).toBe(2)
    await context.close()
  })
})
