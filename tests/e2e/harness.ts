import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import type { RunningServer, StartOptions } from '../../src/server/app'
// @ts-expect-error plain ESM helper shared with scripts/, no types needed
import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs'
import { CHROMIUM_LAUNCH_MS, EMBEDDED_START_MS } from '../support/limits'
import { startTestServer } from '../support/server'
import { waitFor, waitForAsync } from '../support/wait'

export const INSTANCE = 'Cancún Propiedades'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: CHROMIUM_LAUNCH_MS })
}

/**
 * The Chromium of this test worker: launched by the first file that asks, then lent to every
 * file the worker runs after it (the e2e project does not isolate files: vitest.config.ts), each
 * giving it back with `releaseChromium`. A launch is about a second of both cores' time, 22 of
 * them a run. Playwright ends it with the worker.
 */
let workerChromium: Promise<Browser> | undefined
export function sharedChromium(): Promise<Browser> {
  workerChromium ??= launchChromium().then(
    (browser) => {
      browser.on('disconnected', () => (workerChromium = undefined))
      return browser
    },
    (error: unknown) => {
      workerChromium = undefined
      throw error
    },
  )
  return workerChromium
}

/** A file is done with the worker's Chromium: every context it opened is closed (files of a worker run one after another). */
export async function releaseChromium(browser: Browser | undefined) {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? [])
}

/**
 * A context whose requests never leave the machine: anything but loopback is aborted. It prefers
 * reduced motion, as a visitor may: the widget's bobbing launcher and typing dots (styles.ts)
 * and the site's transitions stop, and an open page no longer repaints 60 times a second while
 * a test waits (an idle page in the welcome stage took 0.4–0.7 of a core; docs/testing.md#suite-time).
 * What the animations are for is asserted on their classes (chat.test.ts), not on motion.
 */
export async function isolatedContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', ...options })
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort())
  return context
}

/** One real server (on `options` over the test defaults) and one Chromium for a test file, with the wire tapped; closed after it. */
export function liveSuite(options: Partial<StartOptions> = {}) {
  const live = {} as { server: RunningServer; browser: Browser; wire: WireEvent[] }
  beforeAll(async () => {
    live.server = await startTestServer(options)
    live.wire = tapChat(live.server)
    live.browser = await sharedChromium()
  }, EMBEDDED_START_MS + CHROMIUM_LAUNCH_MS)
  afterAll(async () => {
    await releaseChromium(live.browser)
    await live.server?.close()
  })
  return live
}

/** Every client -> server chat event the server receives, in order. */
export interface WireEvent {
  event: string
  payload: unknown
  visitorId: string
  socketId: string
}

export function tapChat(server: RunningServer): WireEvent[] {
  const log: WireEvent[] = []
  server.io.of('/chat').on('connection', (socket) => {
    socket.onAny((event: string, payload: unknown) =>
      log.push({ event, payload, visitorId: (socket.data as { visitorId: string }).visitorId, socketId: socket.id }),
    )
  })
  return log
}

/** Resolve once `count` chat sockets of `visitorId` are in its room: what the server sends there reaches them. */
export const visitorConnected = (server: RunningServer, visitorId: string, count = 1) =>
  waitFor(() => (server.io.of('/chat').adapter.rooms.get(`visitor:${visitorId}`)?.size ?? 0) >= count, `${count} chat socket(s) of ${visitorId} in its room`)

/**
 * Resolve once every widget of `visitorId` has handled all the server sent it until now. Each
 * widget asks for its configuration every second, one request at a time, on its chat socket: the
 * server answers a request that arrives from now on after everything it sent before, and the
 * widget sends the request after it only once that answer was handled. So two more requests from
 * each of the visitor's sockets prove it; this takes one to two seconds.
 */
export async function widgetCaughtUp({ server, wire }: { server: RunningServer; wire: WireEvent[] }, visitorId: string) {
  const chat = server.io.of('/chat')
  const asked = (socketId: string) => wire.filter((e) => e.event === 'get-custom-widget' && e.socketId === socketId).length
  const sockets = await waitFor(() => {
    const open = [...chat.sockets.values()].filter((s) => (s.data as { visitorId?: string }).visitorId === visitorId)
    return open.length > 0 && open.map((s) => s.id)
  }, `a chat socket of ${visitorId}`)
  const before = new Map(sockets.map((id) => [id, asked(id)]))
  await waitFor(() => sockets.every((id) => asked(id) >= before.get(id)! + 2), `two more configuration requests from each widget of ${visitorId}`)
}

/**
 * Resolve once Playwright has reported every request `page` started before this call: the page
 * starts one more (a HEAD of the favicon) and its request event, which comes after theirs, is awaited.
 */
export async function requestsReported(page: Page) {
  const marker = `/favicon.ico?requests-reported=${Math.random().toString(36).slice(2)}`
  const seen = page.waitForRequest((request) => request.url().endsWith(marker))
  await page.evaluate((url) => void fetch(url, { method: 'HEAD' }).catch(() => {}), marker)
  await seen
}

/**
 * Hold the requests matching `pattern` until the test lets them through, so a state that lasts
 * only while they are under way (an overlay, a disabled button) is seen for certain.
 */
export async function holdRequests(context: BrowserContext, pattern: string) {
  const waiting: (() => void)[] = []
  await context.route(pattern, async (route) => {
    await new Promise<void>((go) => waiting.push(go))
    await route.continue()
  })
  return {
    /** Wait until at least one request is held, then let every held one through. */
    async release() {
      await waitFor(() => waiting.length > 0, `a request to ${pattern}`)
      waiting.splice(0).forEach((go) => go())
    },
  }
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

/** What the visitor sees of the composer and the typing indicator at one moment. */
export interface ComposerState {
  /** The typing indicator's text, null when hidden. */
  typing: string | null
  placeholder: string | null
  /** The area refuses typing (read-only, announced as disabled). */
  locked: boolean
}

/**
 * Record, in the page, every state the widget's composer and typing indicator take from now on
 * (a MutationObserver on its shadow root, which sees each render): a state that lasts a moment,
 * such as the automated agent's reply under way, is seen for certain. Returns the states so far.
 */
export async function recordComposer(page: Page): Promise<() => Promise<ComposerState[]>> {
  await page.locator('chat-widget-root').waitFor({ state: 'attached' })
  await page.evaluate(() => {
    const root = document.querySelector('chat-widget-root')!.shadowRoot!
    const states: ComposerState[] = []
    const record = () => {
      const input = root.querySelector('textarea')
      const state = { typing: root.querySelector('.typing')?.textContent ?? null, placeholder: input?.placeholder ?? null, locked: input?.readOnly ?? false }
      const last = states.at(-1)
      if (!last || JSON.stringify(last) !== JSON.stringify(state)) states.push(state)
    }
    record()
    new MutationObserver(record).observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
    ;(window as unknown as { composerStates: ComposerState[] }).composerStates = states
  })
  return () => page.evaluate(() => (window as unknown as { composerStates: ComposerState[] }).composerStates)
}

/** Opens the chat, sends `text` and waits for the agent's first answer: the opening of many tests. */
export async function openAndSay(page: Page, text: string) {
  const w = widget(page)
  await w.launcher.click()
  await w.input.fill(text)
  await page.keyboard.press('Enter')
  await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(1)
}

/**
 * Sends `text` in `page`'s open widget and resolves with the agent's whole answer to it, as the
 * visitor reads it (the turn's messages, one text). A turn may be several messages and nothing on
 * screen says it is over, but the server stores a turn's replies together before sending any:
 * once they are stored, a widget that has caught up shows all of them.
 */
export async function askAgent(live: { server: RunningServer; wire: WireEvent[] }, page: Page, text: string): Promise<string> {
  const w = widget(page)
  const visitorId = (await visitorOf(page))!
  const stored = () => live.server.storage.chat.history(visitorId)
  const [shown, storedBefore] = [await w.agentMessages.count(), (await stored()).length]
  await w.input.fill(text)
  // Enter sends from 1024 px on; narrower, it is a new line and the button sends (docs/behaviour.md#composer).
  if (await w.sendButton.isVisible()) await w.sendButton.click()
  else await w.input.press('Enter')
  const answered = async () => {
    const since = (await stored()).slice(storedBefore)
    const asked = since.findIndex((m) => m.role === 'user' && m.content === text)
    return asked >= 0 && since.slice(asked + 1).some((m) => m.role === 'agent')
  }
  await expect.poll(answered, { message: `the agent's answer to «${text}» stored` }).toBe(true)
  await widgetCaughtUp(live, visitorId)
  return (await w.agentMessages.allInnerTexts()).slice(shown).join('\n')
}

/**
 * The visitor id the page's widget stored. The launcher is on screen before the widget's later
 * start-up stages make the id (docs/behaviour.md#start-up), so this waits for it.
 */
export const visitorOf = (page: Page) =>
  waitForAsync(() => page.evaluate(() => localStorage.getItem('userUUID')), 'the widget to store its visitor id')
