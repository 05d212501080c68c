// Part `conversation` (issue part 3): the widget with a history of 10, 100 and 1,000 messages.
//
// Seeding: the server is started once on a fresh DATA_DIR (it migrates the embedded database),
// stopped, and the history is written straight into `chat_messages` from this process (through the
// server's own openDatabase and its lock, bench/server-modules.mjs),
// then the server is started again on the same directory. Every message comes through the real
// protocol on page load (the `connected-chat` history ack).
//
// Render: after the history ack has arrived and the page is idle, the launcher is clicked in the
// page; the time runs from that click to the end of the first frame after the history is in the
// log (MutationObserver for the commit, then requestAnimationFrame + setTimeout for
// style, layout and paint). The panel (and so the list) is rendered hidden in idle time after
// the start-up (docs/behaviour.md#start-up), so the click mostly shows it.
// A long history is windowed (docs/behaviour.md#long-conversations): the figure is the time to
// the newest WINDOW_INITIAL messages on screen. Each round's appends (10) join the history the next
// round opens: 10, 100 and 1,000 are the sizes of the first round.
//
// Append: the visitor's own message, which the widget shows at once: a message is typed, then
// the time runs from the Enter keydown to the end of the first frame after its bubble is in the
// DOM. This is the widget's work alone (no network in it); the agent's reply is awaited before the
// next one. Its growth with the history is the figure (ratio 1,000 : 10).
//
// Heap: CDP HeapProfiler.collectGarbage then Runtime.getHeapUsage, with the panel open.
import { withEmbeddedDatabase } from './server-modules.mjs'
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { isolatedContext, launchChromium, median } from './browser.mjs'

const SIZES = [10, 100, 1000]
/** The widget renders at least this many of the newest messages (src/widget/message-window.ts). */
const WINDOW_INITIAL = 40
const ROUNDS = 3
/**
 * Appends per round: one append's time ends with the next frame, so it carries up to a frame
 * (16.7 ms) of wait by where in the frame the Enter fell, against a few ms of the widget's own work;
 * with 5 the medians of two builds of the same widget differed by ±25%.
 */
const APPENDS = 15

function content(i, url) {
  switch (i % 4) {
    case 0: return `Mensaje ${i}: busco una casa de tres recámaras cerca de la playa, con alberca y estacionamiento para dos autos.`
    case 1: return `Mire esta opción ${i}: https://cancun-propiedades.example/propiedades/casa-${i} y también [el desarrollo](https://cancun-propiedades.example/desarrollos/${i}).`
    case 2: return `Foto ${i}: ![Casa en Huayacán](${url}/demo/pixel.svg?m=${i})`
    default: return `**Precio ${i}:** $${(2_500_000 + i * 1000).toLocaleString('en-US')} MXN\n**Zona:** Huayacán, **entrega inmediata**`
  }
}

async function seed(dataDir, url) {
  const visitors = {}
  await withEmbeddedDatabase(dataDir, (db) => db.transaction(async (tx) => {
    for (const n of SIZES) {
      const visitor = randomUUID()
      visitors[n] = { id: visitor, token: null }
      await tx.query('INSERT INTO chat_visitors (id) VALUES ($1)', [visitor])
      for (let i = 0; i < n; i++) {
        await tx.query('INSERT INTO chat_messages (id, visitor_id, role, content) VALUES ($1, $2, $3, $4)', [randomUUID(), visitor, i % 2 ? 'agent' : 'user', content(i, url)])
      }
    }
  }))
  return visitors
}

/** Wraps WebSocket before the widget loads: marks the history ack's arrival. */
const TAP = () => {
  window.__historyAt = null
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || !/^43\/chat,\d+\[\[/.test(e.data)) return
        window.__historyAt = performance.now()
        window.__historyLength = JSON.parse(e.data.slice(e.data.indexOf('[')))[0].length
      })
    }
  }
}

/** localStorage key of the visitor token (src/widget/identity.ts VISITOR_TOKEN_KEY). */
const VISITOR_TOKEN_KEY = 'chat_visitor_token'
/** Longest wait for the history to be on screen: a widget refused as someone else never shows it. */
const RENDER_TIMEOUT_MS = 30_000

/**
 * One visit of `visitor` (its userUUID and, after its first visit, the token the server gave it:
 * without it the server refuses the id and the widget starts over as a new visitor with no
 * history, docs/behaviour.md#visitor-token) in a fresh browser context.
 */
async function measure(browser, url, visitor, n) {
  const context = await isolatedContext(browser)
  await context.addInitScript(({ id, key, token }) => {
    localStorage.setItem('userUUID', id)
    if (token) localStorage.setItem(key, token)
  }, { id: visitor.id, key: VISITOR_TOKEN_KEY, token: visitor.token })
  await context.addInitScript(TAP)
  const page = await context.newPage()
  await page.goto(`${url}/demo/`)
  await page.waitForFunction(() => window.__historyAt != null && document.querySelector('chat-widget-root')?.shadowRoot?.querySelector('.launcher'), null, { timeout: 30_000 })
  await page.waitForTimeout(500)
  const renderMs = await page.evaluate(async ({ windowInitial, timeoutMs }) => {
    const root = document.querySelector('chat-widget-root').shadowRoot
    // The history is in the store before the click, so the list's first commit holds it all:
    // the newest messages, as many as the window renders (fewer than the history when it is long).
    // The history grows by the earlier rounds' appends, so its length is read from the ack.
    const expected = Math.min(window.__historyLength, windowInitial)
    const shown = () => root.querySelectorAll('.log .message').length >= expected
    const committed = new Promise((resolve, reject) => {
      const mo = new MutationObserver(() => shown() && (mo.disconnect(), resolve()))
      mo.observe(root, { childList: true, subtree: true })
      const onScreen = () => `${root.querySelectorAll('.message').length} of ${expected} messages, userUUID ${localStorage.getItem('userUUID')}`
      setTimeout(() => reject(new Error(`conversation: the history not on screen after ${timeoutMs} ms (${onScreen()})`)), timeoutMs)
    })
    const start = performance.now()
    root.querySelector('.launcher').click()
    await committed
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
    return performance.now() - start
  }, { windowInitial: WINDOW_INITIAL, timeoutMs: RENDER_TIMEOUT_MS })
  const rendered = await page.evaluate(() => document.querySelector('chat-widget-root').shadowRoot.querySelectorAll('.message').length)
  if (rendered < Math.min(n, WINDOW_INITIAL)) throw new Error(`conversation: ${rendered} of ${n} messages rendered`)

  const appends = []
  const input = page.locator('chat-widget-root textarea.composer__input')
  for (let i = 0; i < APPENDS; i++) {
    await input.fill(`Agregado ${i}: ¿sigue disponible?`)
    await page.evaluate(() => {
      const root = document.querySelector('chat-widget-root').shadowRoot
      const before = root.querySelectorAll('.message--user').length
      const agents = root.querySelectorAll('.message--agent').length
      window.__append = new Promise((resolve) => {
        let start
        addEventListener('keydown', (e) => e.key === 'Enter' && (start = performance.now()), { capture: true, once: true })
        const mo = new MutationObserver(() => {
          if (start == null || root.querySelectorAll('.message--user').length <= before) return
          mo.disconnect()
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0))
        })
        mo.observe(root, { childList: true, subtree: true })
      })
      window.__reply = new Promise((resolve) => {
        const mo = new MutationObserver(() => root.querySelectorAll('.message--agent').length > agents && (mo.disconnect(), resolve()))
        mo.observe(root, { childList: true, subtree: true })
      })
    })
    await input.press('Enter')
    appends.push(await page.evaluate(() => window.__append))
    await page.evaluate(() => Promise.race([window.__reply, new Promise((r) => setTimeout(r, 10_000))]))
  }

  visitor.token ??= await page.evaluate((key) => localStorage.getItem(key), VISITOR_TOKEN_KEY)
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  await context.close()
  return { renderMs, appendMs: median(appends), appends, heapMiB: heap.usedSize / 2 ** 20 }
}

export async function conversation({ row, round, startServer, dataDir, LOAD_ENV }) {
  const dir = dataDir('bench-conversation-')
  const env = { ...LOAD_ENV, DATA_DIR: dir }
  const first = await startServer(env)
  const url = first.url
  await first.stop()
  // Image URLs name the port of the first start; the second start gets another port, so the
  // images point at a closed port and fail fast on loopback (the widget hides them, as in life).
  const visitors = await seed(dir, url)
  const server = await startServer(env)
  const browser = await launchChromium()
  const results = {}
  try {
    for (const n of SIZES) results[n] = []
    for (let r = 0; r < ROUNDS; r++) for (const n of SIZES) results[n].push(await measure(browser, server.url, visitors[n], n))
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  const m = (n, key) => median(results[n].map((x) => x[key]))
  for (const n of SIZES) row(`conversation: open + render ${n} messages (ref: 10)`, round(m(n, 'renderMs')), round(m(10, 'renderMs')), 'ms')
  for (const n of SIZES) row(`conversation: append 1 message to ${n} (ref: to 10)`, round(m(n, 'appendMs')), round(m(10, 'appendMs')), 'ms')
  row(`conversation: JS heap after 1,000 messages (ref: after 10)`, round(m(1000, 'heapMiB')), round(m(10, 'heapMiB')), 'MiB')
  return results
}
