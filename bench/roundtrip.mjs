// Part `roundtrip` (issue part 4): the visitor's message and the agent's reply over loopback, in
// Chromium on /demo/, CHAT_REPLY_DELAY_MS=0, MESSAGES messages one after another.
//
// The server cannot be tapped from outside its process, so both legs are timed in the page by a
// wrapped WebSocket (installed before the widget loads):
//  - out: Enter keydown -> the `send-chat-message` frame handed to WebSocket.send (the kernel's
//    loopback hop after that is microseconds); also Enter -> its ack back, which includes the
//    server receiving, validating and storing it;
//  - in: the agent's `response` frame arriving -> its text in the shadow DOM (MutationObserver on
//    the shadow root; then the end of the next frame, when it is on screen).
// Reference, interleaved with each message: a `get-custom-widget` ack round trip from a Node
// socket.io client to the same server (the transport plus the server's least work).
import { io } from 'socket.io-client'
import { randomUUID } from 'node:crypto'
import { isolatedContext, launchChromium, median, percentile } from './browser.mjs'

const MESSAGES = 20

const TAP = () => {
  const b = (window.__rt = { enterAt: null, sentAt: null, ackAt: null, ackId: null, replyFrameAt: null, replyText: null })
  addEventListener('keydown', (e) => e.key === 'Enter' && (b.enterAt = performance.now()), { capture: true })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string') return
        if (b.ackId != null && e.data.startsWith(`43/chat,${b.ackId}[`)) b.ackAt = performance.now()
        const m = e.data.match(/^42\/chat,(\[.*\])$/s)
        if (!m) return
        try {
          const [event, payload] = JSON.parse(m[1])
          if (event === 'response' && payload?.role === 'agent') (b.replyFrameAt = performance.now()), (b.replyText = payload.content)
        } catch {}
      })
    }
    send(data) {
      if (typeof data === 'string' && data.includes('"send-chat-message"')) {
        b.sentAt = performance.now()
        b.ackId = data.match(/^42\/chat,(\d+)\[/)?.[1] ?? null
      }
      return super.send(data)
    }
  }
}

export async function roundtrip({ row, round, startServer, dataDir, LOAD_ENV }) {
  const server = await startServer({ ...LOAD_ENV, DATA_DIR: dataDir('bench-roundtrip-') })
  const browser = await launchChromium()
  const visitor = randomUUID()
  const probe = io(`${server.url}/chat`, {
    transports: ['websocket'], reconnection: false,
    query: { idOwner: 'agente-demo', api_key: 'pk_dev_cancun_2026', idClient: visitor, instance: 'bench' },
  })
  const out = [], acked = [], back = [], ping = []
  try {
    await new Promise((resolve, reject) => (probe.once('connect', resolve), probe.once('connect_error', reject)))
    const context = await isolatedContext(browser)
    await context.addInitScript(TAP)
    const page = await context.newPage()
    await page.goto(`${server.url}/demo/`)
    const launcher = page.locator('chat-widget-root .launcher')
    await launcher.click()
    const input = page.locator('chat-widget-root textarea.composer__input')
    await input.waitFor()
    for (let i = 0; i < MESSAGES + 1; i++) {
      await input.fill(`Hola, busco departamento en renta en Cancún (${i})`)
      await page.evaluate(() => {
        const b = window.__rt
        Object.assign(b, { enterAt: null, sentAt: null, ackAt: null, ackId: null, replyFrameAt: null, replyText: null })
        const root = document.querySelector('chat-widget-root').shadowRoot
        const agents = root.querySelectorAll('.message--agent').length
        window.__shown = new Promise((resolve) => {
          const mo = new MutationObserver(() => {
            if (b.replyFrameAt == null) return
            const last = [...root.querySelectorAll('.message--agent')].slice(agents).pop()
            if (!last) return
            mo.disconnect()
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))
          })
          mo.observe(root, { childList: true, subtree: true, characterData: true })
        })
      })
      await input.press('Enter')
      const shownAt = await page.evaluate(() => Promise.race([window.__shown, new Promise((r) => setTimeout(() => r(null), 15_000))]))
      const b = await page.evaluate(() => window.__rt)
      if (shownAt == null || b.sentAt == null) throw new Error(`roundtrip: message ${i} got no reply on screen`)
      const start = performance.now()
      await probe.timeout(5000).emitWithAck('get-custom-widget', { instance: 'bench' })
      const pingMs = performance.now() - start
      if (i === 0) continue // warm-up: first send, first reply, JIT
      out.push(b.sentAt - b.enterAt)
      if (b.ackAt != null) acked.push(b.ackAt - b.enterAt)
      back.push(shownAt - b.replyFrameAt)
      ping.push(pingMs)
      await page.waitForTimeout(150)
    }
    await context.close()
  } finally {
    probe.disconnect()
    await browser.close()
    await server.stop()
  }
  for (const [label, values] of [['Enter -> message frame sent', out], ['Enter -> server ack received', acked], ['agent response frame -> text on screen', back]]) {
    row(`roundtrip: ${label} p50 (ref: get-custom-widget ack p50)`, round(median(values)), round(median(ping)), 'ms')
    row(`roundtrip: ${label} p95 (ref: get-custom-widget ack p95)`, round(percentile(values, 95)), round(percentile(ping, 95)), 'ms')
  }
  return { messages: MESSAGES, out, acked, back, ping }
}
