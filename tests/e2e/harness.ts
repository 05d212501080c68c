import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startServer, type RunningServer, type StartOptions } from '../../src/server/app'
import { readConfig } from '../../src/server/config'
// @ts-expect-error plain ESM helper shared with scripts/, no types needed
import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs'

export const INSTANCE = 'Cancún Propiedades'

/** The real server on a free loopback port with the dev defaults, an in-memory database and a quick reply. */
export function startTestServer(options: Partial<StartOptions> = {}): Promise<RunningServer> {
  return startServer({ ...readConfig({}), port: 0, host: '127.0.0.1', replyDelayMs: 400, dataDir: 'memory://', ...options })
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** A context whose requests never leave the machine: anything but loopback is aborted. */
export async function isolatedContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort())
  return context
}

/** One real server and one Chromium for a test file, with the wire tapped; closed after it. */
export function liveSuite() {
  const live = {} as { server: RunningServer; browser: Browser; wire: WireEvent[] }
  beforeAll(async () => {
    live.server = await startTestServer()
    live.wire = tapChat(live.server)
    live.browser = await launchChromium()
  })
  afterAll(async () => {
    await live.browser?.close()
    await live.server?.close()
  })
  return live
}

/** Every client -> server chat event the server receives, in order. */
export interface WireEvent {
  event: string
  payload: unknown
  visitorId: string
}

export function tapChat(server: RunningServer): WireEvent[] {
  const log: WireEvent[] = []
  server.io.of('/chat').on('connection', (socket) => {
    socket.onAny((event: string, payload: unknown) => log.push({ event, payload, visitorId: (socket.data as { visitorId: string }).visitorId }))
  })
  return log
}

/** Errors the page would show in its console or throw, collected for assertions. */
export function watchPage(page: Page) {
  const errors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return { errors, consoleErrors }
}

/** Locators inside the widget's shadow root (Playwright's CSS engine pierces open shadow roots). */
export function widget(page: Page) {
  const host = page.locator('chat-widget-root')
  return {
    host,
    launcher: host.locator('.launcher'),
    panel: host.locator('.panel'),
    input: host.locator('textarea.composer__input'),
    sendButton: host.locator('.composer__send'),
    messages: host.locator('.message'),
    userMessages: host.locator('.message--user'),
    agentMessages: host.locator('.message--agent'),
    typing: host.locator('.typing'),
    notice: host.locator('.notice'),
    header: host.locator('.header'),
    welcomeCard: host.locator('.welcome__card'),
  }
}

/** Resolve when `predicate` holds for the log, polling quickly. */
export async function waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
