import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import { NOTICES } from '../../src/server/chat/namespace'
import { client, connected } from '../support/chat-client'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'

/**
 * The server on its default settings against issue 14's attacks on the web side: chat and polling
 * open to any origin, pages without security headers (framable), an open redirect, public
 * source maps (docs/behaviour.md#security-headers).
 */
let server: RunningServer
beforeAll(async () => {
  server = await startTestServer()
}, withEmbeddedStarts(1))
afterAll(async () => {
  await server?.close()
})

/** A GET with the exact request target (fetch would normalise "/.//x" first). */
const rawGet = (path: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const url = new URL(server.url)
    request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      res.resume()
      resolve({ status: res.statusCode!, headers: res.headers })
    })
      .on('error', reject)
      .end()
  })

/** 'connected', or the refusal's message. */
const handshake = async (origin: string) => {
  const socket = client(server.url, `v-${origin}`, { headers: { Origin: origin } })
  try {
    await connected(socket)
    return 'connected'
  } catch (error) {
    return (error as Error).message
  } finally {
    socket.disconnect()
  }
}

describe('defaults and headers', () => {
  it('opens the chat only to the site’s own origin by default, over websocket and polling', async () => {
    expect(await handshake('https://evil.example')).toBe(NOTICES.originNotAllowed)
    expect(await handshake(server.url)).toBe('connected')
    const polling = (origin: string) => fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: origin } })
    expect((await polling('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
    expect((await polling(server.url)).headers.get('access-control-allow-origin')).toBe(server.url)
  })

  it('serves site pages with a nonce-based CSP, no framing, and the common headers everywhere', async () => {
    for (const path of ['/', '/contacto', '/no-existe/de-verdad']) {
      const response = await fetch(`${server.url}${path}`)
      const html = await response.text()
      const csp = response.headers.get('content-security-policy') ?? ''
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce, path).toBeTruthy()
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      // Every script the page runs carries this response's nonce; JSON data blocks run nothing.
      for (const tag of html.match(/<script\b[^>]*>/g)!.filter((t) => !/type="application\/(ld\+)?json"/.test(t))) expect(tag).toContain(`nonce="${nonce}"`)
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    }
    const other = [await fetch(`${server.url}/`), await fetch(`${server.url}/widget.js`), await fetch(`${server.url}/api/zones`)]
    for (const response of other) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('permissions-policy')).toContain('camera=()')
      expect(response.headers.get('strict-transport-security')).toBeNull() // plain http
    }
  })

  it('sends HSTS once the public URL is https', async () => {
    const secure = await startTestServer({ publicUrl: 'https://cancun.example.com' })
    try {
      expect((await fetch(`${secure.url}/`)).headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    } finally {
      await secure.close()
    }
  }, withEmbeddedStarts(1))

  it('never redirects to another site', async () => {
    for (const path of ['/.//evil.example/', '//evil.example/', '/\\evil.example/']) {
      const response = await rawGet(path)
      expect(String(response.headers.location ?? ''), path).not.toMatch(/^(\/[/\\]|https?:)/)
      expect(response.status, path).toBe(404)
    }
  })

  it('keeps source maps private unless SERVE_SOURCE_MAPS', async () => {
    expect((await fetch(`${server.url}/widget.js.map`)).status).toBe(404)
    const entry = /src="(\/_app\/[^"]+\.js)"/.exec(await (await fetch(`${server.url}/`)).text())![1]!
    expect((await fetch(`${server.url}${entry}`)).status).toBe(200)
    expect((await fetch(`${server.url}${entry}.map`)).status).toBe(404)
    const open = await startTestServer({ serveSourceMaps: true })
    try {
      expect((await fetch(`${open.url}/widget.js.map`)).status).toBe(200)
    } finally {
      await open.close()
    }
  }, withEmbeddedStarts(1))
})
