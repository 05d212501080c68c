import type { BrowserContext, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import type { Storage } from '../../src/server/storage'
import { BROWSER_TEST_MS, CHROMIUM_LAUNCH_MS, withEmbeddedStarts } from '../support/limits'
import { openTestStorage, startTestServer } from '../support/server'
import { RETRY_ROUND_JITTER, RETRY_ROUND_MS } from '../../src/widget/constants'
import { isolatedContext, releaseChromium, sharedChromium, openAndSay, tapChat, visitorOf, watchPage, widget, widgetCaughtUp } from './harness'

// One embedded database (both servers share it) and one Chromium.
const LIMIT = withEmbeddedStarts(1, CHROMIUM_LAUNCH_MS + BROWSER_TEST_MS)
/** The longest pause before the round after the first (its jitter at the top). */
const SECOND_ROUND_MAX_MS = RETRY_ROUND_MS * (1 + RETRY_ROUND_JITTER)

/** The visitor's second message, sent during the trouble, is stored, answered and shown once, no longer pending. */
async function deliveredOnce(page: Page, storage: Storage, visitorId: string, text: string) {
  const w = widget(page)
  await expect.poll(async () => (await storage.chat.history(visitorId)).map((m) => m.role), { timeout: 5000 }).toEqual(['user', 'agent', 'user', 'agent'])
  await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(2)
  const texts = await w.userMessages.allInnerTexts()
  expect(texts.filter((t) => t.includes(text))).toHaveLength(1)
  expect(texts.some((t) => t.includes('Pendiente'))).toBe(false)
}

it('reconnects after the server restarts mid-conversation and shows every message exactly once', { timeout: LIMIT }, async () => {
  // The same storage survives the restart, as a database does.
  const storage = await openTestStorage()
  const store = storage.chat
  const servers: RunningServer[] = []
  const browser = await sharedChromium()
  try {
    const first = await startTestServer({ storage })
    servers.push(first)
    const context = await isolatedContext(browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.goto(`${first.url}/demo/`)
    const w = widget(page)
    await openAndSay(page, 'Hola, antes del reinicio')

    await first.close()
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 5000 }).toContain('Reconectando')
    // Typed while the server is down: kept, marked pending, delivered after the reconnect.
    await w.input.fill('Escrito sin conexión')
    await page.keyboard.press('Enter')
    expect(await w.userMessages.last().innerText()).toContain('Pendiente de envío')

    const second = await startTestServer({ storage, port: first.port })
    servers.push(second)
    const wire = tapChat(second)
    await expect.poll(() => w.notice.count(), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(2)
    const visitorId = await visitorOf(page)
    // The server has stored the whole turn, so it has sent all of it; then the widget has handled all of it.
    await expect.poll(async () => (await store.history(visitorId!)).map((m) => m.role)).toEqual(['user', 'agent', 'user', 'agent'])
    await widgetCaughtUp({ server: second, wire }, visitorId!)
    // The new socket is told the page the visitor is still on (the agent's and the console's
    // context), and the trail stores it once.
    expect(wire.filter((e) => e.event === 'navigation-path-chat').map((e) => (e.payload as { urlPath: string }).urlPath)).toEqual(['/demo/'])
    expect((await store.visitor(visitorId!)).navigation.map((view) => view.urlPath)).toEqual(['/demo/'])
    const texts = (await w.messages.allInnerTexts()).map((t) => t.replace(/^(Tú|Agente):\s*/, ''))
    expect(texts).toHaveLength(4)
    expect(texts.filter((t) => t.includes('antes del reinicio'))).toHaveLength(1)
    expect(texts.filter((t) => t.includes('Escrito sin conexión'))).toHaveLength(1)
    expect(texts.some((t) => t.includes('Pendiente'))).toBe(false)
    expect((await store.history(visitorId!)).map((m) => m.role)).toEqual(['user', 'agent', 'user', 'agent'])
    expect(errors).toEqual([])
  } finally {
    await releaseChromium(browser)
    for (const server of servers) await server.close().catch(() => {}) // closing one twice is harmless
    await storage.close()
  }
})

it('tries again by itself after a round of attempts ran out, and delivers what was typed meanwhile', { timeout: LIMIT + SECOND_ROUND_MAX_MS }, async () => {
  const storage = await openTestStorage()
  const servers: RunningServer[] = []
  const browser = await sharedChromium()
  try {
    const first = await startTestServer({ storage })
    servers.push(first)
    const page = await (await isolatedContext(browser)).newPage()
    await page.goto(`${first.url}/demo/`)
    const w = widget(page)
    await openAndSay(page, 'Hola')

    // A server restart longer than one round of attempts (RECONNECTION_ATTEMPTS × RECONNECTION_DELAY_MS).
    await first.close()
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 5000 }).toContain('Reconectando')
    await w.input.fill('Escrito durante el reinicio')
    await page.keyboard.press('Enter')
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 10_000 }).toContain('No pudimos conectar')
    const second = await startTestServer({ storage, port: first.port })
    servers.push(second)
    // Nobody presses «Reintentar»: the widget's next round finds the server.
    await expect.poll(() => w.notice.count(), { timeout: SECOND_ROUND_MAX_MS + 5000 }).toBe(0)
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(2)
    const texts = await w.userMessages.allInnerTexts()
    expect(texts.filter((t) => t.includes('Escrito durante el reinicio'))).toHaveLength(1)
    expect(texts.some((t) => t.includes('Pendiente'))).toBe(false)
  } finally {
    await releaseChromium(browser)
    for (const server of servers) await server.close().catch(() => {})
    await storage.close()
  }
})

it('keeps a message typed while the server was down across a reload, and sends it once when the server is back', { timeout: LIMIT }, async () => {
  const storage = await openTestStorage()
  const servers: RunningServer[] = []
  const browser = await sharedChromium()
  try {
    const first = await startTestServer({ storage })
    servers.push(first)
    const context = await isolatedContext(browser)
    await serveFromCache(context, first.url)
    const page = await context.newPage()
    await page.goto(`${first.url}/demo/`)
    const w = widget(page)
    await openAndSay(page, 'Hola')
    const visitorId = await visitorOf(page)

    await first.close()
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 5000 }).toContain('Reconectando')
    await w.input.fill('Escrito antes de recargar')
    await page.keyboard.press('Enter')
    await page.reload()
    if (!(await w.panel.isVisible())) await w.launcher.click()
    await expect.poll(() => w.userMessages.allInnerTexts(), { timeout: 5000 }).toContainEqual(expect.stringContaining('Pendiente de envío'))
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 10_000 }).toContain('No pudimos conectar')

    const second = await startTestServer({ storage, port: first.port })
    servers.push(second)
    await w.notice.getByRole('button', { name: 'Reintentar' }).click()
    await expect.poll(() => w.notice.count(), { timeout: 5000 }).toBe(0)
    await deliveredOnce(page, storage, visitorId!, 'Escrito antes de recargar')
    // Sent, so no longer kept: another reload shows it once, from the server's history.
    await page.reload()
    if (!(await w.panel.isVisible())) await w.launcher.click()
    await expect.poll(() => w.messages.count(), { timeout: 5000 }).toBe(4)
    expect((await w.userMessages.allInnerTexts()).filter((t) => t.includes('Escrito antes de recargar'))).toHaveLength(1)
  } finally {
    await releaseChromium(browser)
    for (const server of servers) await server.close().catch(() => {})
    await storage.close()
  }
})

it('says at once when the browser goes offline, keeps what is sent meanwhile pending, and sends it once back online', { timeout: LIMIT }, async () => {
  const storage = await openTestStorage()
  const browser = await sharedChromium()
  const server = await startTestServer({ storage })
  try {
    const context = await isolatedContext(browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.goto(`${server.url}/demo/`)
    const w = widget(page)
    await openAndSay(page, 'Hola')
    const visitorId = await visitorOf(page)

    // The visitor is told why, not only that the chat is reconnecting.
    await context.setOffline(true)
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 2000 }).toContain('Sin conexión a internet')
    await w.input.fill('Escrito sin red')
    await page.keyboard.press('Enter')
    expect(await w.userMessages.last().innerText()).toContain('Pendiente de envío')

    await context.setOffline(false)
    await expect.poll(() => w.notice.count(), { timeout: 5000 }).toBe(0)
    await deliveredOnce(page, storage, visitorId!, 'Escrito sin red')
    expect(errors).toEqual([])
  } finally {
    await releaseChromium(browser)
    await server.close()
    await storage.close()
  }
})

it('says «Sin conexión a internet» on a page opened without network, and connects once back online', { timeout: LIMIT }, async () => {
  const storage = await openTestStorage()
  const browser = await sharedChromium()
  const server = await startTestServer({ storage })
  try {
    const context = await isolatedContext(browser)
    await serveFromCache(context, server.url)
    await context.setOffline(true)
    const page = await context.newPage()
    const { errors, consoleErrors } = watchPage(page)
    await page.goto(`${server.url}/demo/`)
    const w = widget(page)
    await w.launcher.click()
    await expect.poll(() => w.notice.innerText().catch(() => ''), { timeout: 5000 }).toContain('Sin conexión a internet')
    // Offline is not a setup problem: the integrator's console is not told the server is unreachable.
    expect(consoleErrors.filter((text) => text.startsWith('[chat-widget]'))).toEqual([])

    await context.setOffline(false)
    await expect.poll(() => w.notice.count(), { timeout: 5000 }).toBe(0)
    await w.input.fill('Hola')
    await page.keyboard.press('Enter')
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(1)
    expect(errors).toEqual([])
  } finally {
    await releaseChromium(browser)
    await server.close()
    await storage.close()
  }
})

/** The demo page and widget.js as the browser's cache would give them while the server or the network is down. */
async function serveFromCache(context: BrowserContext, url: string) {
  const cached = new Map<string, string>()
  for (const path of ['/demo/', '/widget.js']) cached.set(`${url}${path}`, await (await fetch(`${url}${path}`)).text())
  await context.route(
    (target) => cached.has(target.href),
    (route) => route.fulfill({ body: cached.get(route.request().url()), contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/html' }),
  )
}
