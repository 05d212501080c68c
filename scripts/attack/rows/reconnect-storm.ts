/**
 * Row 10, reconnect storm: the built widget in Chromium, connected to the chat through a loopback
 * TCP relay to the server; then the relay goes down (open connections cut, every new one closed
 * at once, as a chat server that is down or restarting) for DOWN_MS. Holds when the widget made
 * at most MAX_ATTEMPTS connection attempts meanwhile: the WebSockets and polling requests the
 * page opened towards the relay, or the connections the relay saw, whichever is more (Chromium
 * may hold back a socket to a host that keeps failing, so the page's own count comes first).
 */
import { createServer, connect, type Socket } from 'node:net'
import { ConsoleClientEvent, type LiveVisitor } from '../../../src/protocol/console'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../../src/server/config'
import { waitForAsync } from '../../../tests/support/wait'
import { count, loopbackContext, type Row } from '../context'

const DOWN_MS = 30_000
const CONNECT_MS = 30_000
/** Issue 30: the spec's first attempts, then rounds that wait longer each time. */
export const MAX_ATTEMPTS = 8
/** The widget's page: a path of the server's own origin (the chat's allowed origin), answered by the browser context. */
const PAGE_PATH = '/ataque-reconexion.html'

export const reconnectStorm: Row = {
  name: 'reconnect-storm',
  limitMs: 120_000,
  async run(ctx) {
    const upstream = Number(new URL(ctx.server.url).port)
    let up = true
    let attempts = 0
    let answered = 0
    const open = new Set<Socket>()
    const relay = createServer((socket) => {
      if (!up) return attempts++, socket.destroy()
      const server = connect(upstream, '127.0.0.1')
      open.add(socket).add(server)
      server.on('data', () => answered++)
      socket.pipe(server).pipe(socket)
      const close = () => (socket.destroy(), server.destroy(), open.delete(socket), open.delete(server))
      socket.on('error', close).on('close', close)
      server.on('error', close).on('close', close)
    })
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    const socketUrl = `http://127.0.0.1:${(relay.address() as { port: number }).port}`
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Reconexión</title></head><body><p>Página con el chat.</p>
<script async src="/widget.js" data-socket-url="${socketUrl}" data-id-agent="${DEV_AGENT_ID}" data-api-key="${DEV_API_KEY}" data-instance-name="Cancún Propiedades" data-name-space="/chat"></script></body></html>`
    const browser = await ctx.chromium()
    const context = await loopbackContext(browser)
    try {
      await context.route(`${ctx.server.url}${PAGE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }))
      const tab = await context.newPage()
      // Every WebSocket and request the page opens towards the relay, counted in the page.
      await tab.addInitScript((relayUrl: string) => {
        const counted = window as unknown as { __attempts: number }
        counted.__attempts = 0
        const Native = window.WebSocket
        window.WebSocket = new Proxy(Native, { construct: (target, args: [string, ...unknown[]]) => (String(args[0]).includes(relayUrl.replace(/^http/, 'ws')) && counted.__attempts++, Reflect.construct(target, args)) })
        const open = XMLHttpRequest.prototype.open
        XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
          if (String(args[1]).startsWith(relayUrl)) counted.__attempts++
          return open.apply(this, args)
        } as XMLHttpRequest['open']
      }, socketUrl)
      const pageAttempts = () => tab.evaluate(() => (window as unknown as { __attempts: number }).__attempts)
      await tab.goto(`${ctx.server.url}${PAGE_PATH}`)
      // Connected as the widget knows it (its later rounds are for a connection that was up): the server lists it live.
      const live = async () => ((await ctx.console.timeout(CONNECT_MS).emitWithAck(ConsoleClientEvent.liveVisitors, null)) as LiveVisitor[]).length
      const others = await live()
      const connectedLive = await waitForAsync(async () => answered > 0 && (await live()) > others, 'the widget to connect through the relay', CONNECT_MS).then(() => true, () => false)
      if (!connectedLive) throw new Error('the widget did not connect through the relay')
      const before = await pageAttempts()
      up = false
      open.forEach((socket) => socket.destroy())
      await tab.waitForTimeout(DOWN_MS)
      const made = (await pageAttempts()) - before
      const most = Math.max(made, attempts)
      return {
        attempts: `1 connected widget, its chat server down for ${DOWN_MS / 1000} s`,
        held: most <= MAX_ATTEMPTS,
        detail: `${count(made)} connection attempts from the page, ${count(attempts)} reached the server's port (limit ${MAX_ATTEMPTS})`,
      }
    } finally {
      await context.close()
      open.forEach((socket) => socket.destroy())
      await new Promise((resolve) => relay.close(resolve))
    }
  },
}
