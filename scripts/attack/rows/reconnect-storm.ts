/**
 * Row 10, reconnect storm: the built widget in Chromium pointed at a chat server that is down (a
 * loopback listener that counts every HTTP request and WebSocket upgrade and answers none with a
 * handshake: 503, or the connection closed), open for OPEN_MS. Holds with at most MAX_ATTEMPTS.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../../src/server/config'
import { count, loopbackContext, type Row } from '../context'
import { freePort } from '../server'

const OPEN_MS = 30_000
/** Issue 30: the spec's first attempts, then rounds that wait longer each time. */
export const MAX_ATTEMPTS = 8

export const reconnectStorm: Row = {
  name: 'reconnect-storm',
  limitMs: 90_000,
  async run(ctx) {
    let attempts = 0
    let connections = 0
    const down = createServer((_, res) => (attempts++, res.writeHead(503).end()))
    down.on('upgrade', (_, socket) => (attempts++, socket.destroy()))
    down.on('connection', () => connections++)
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve))
    const socketUrl = `http://127.0.0.1:${(down.address() as { port: number }).port}`
    // The page's own origin: a port no one listens on, answered by the browser context itself.
    const page = `http://127.0.0.1:${await freePort()}`
    const widget = readFileSync('dist/widget.js')
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Tormenta</title></head><body><p>Página con el chat.</p>
<script async src="/widget.js" data-socket-url="${socketUrl}" data-id-agent="${DEV_AGENT_ID}" data-api-key="${DEV_API_KEY}" data-instance-name="Cancún Propiedades" data-name-space="/chat"></script></body></html>`
    const browser = await ctx.chromium()
    const context = await loopbackContext(browser)
    try {
      await context.route(`${page}/**`, (route) =>
        route.request().url().endsWith('/widget.js')
          ? route.fulfill({ status: 200, contentType: 'text/javascript', body: widget })
          : route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
      )
      const tab = await context.newPage()
      await tab.goto(`${page}/`)
      await tab.waitForTimeout(OPEN_MS)
      return {
        attempts: `1 widget open for ${OPEN_MS / 1000} s with its chat server down`,
        held: attempts <= MAX_ATTEMPTS,
        detail: `${count(attempts)} connection attempts (${count(connections)} TCP connections; limit ${MAX_ATTEMPTS})`,
      }
    } finally {
      await context.close()
      down.closeAllConnections()
      await new Promise((resolve) => down.close(resolve))
    }
  },
}
