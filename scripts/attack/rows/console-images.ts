/**
 * Row 8, visitor images and links in the console: a visitor sends a markdown image, a raw <img>
 * and a markdown link whose text is another host, all to a tracker on 127.0.0.1; the signed-in
 * admin opens the conversation in Chromium. Holds when the tracker gets no request within
 * QUIET_MS of the messages being on screen, and the link shows its real host (127.0.0.1), in its
 * text or right beside it, with rel="noopener noreferrer" (or is inert text naming the real host).
 *
 * The tracker speaks HTTPS (a certificate made here with openssl, which the browser context
 * accepts), as a real one does: a console CSP allowing any https: image (as issue 30 found it)
 * lets it through, while a plain-http tracker would be stopped by that CSP and prove nothing.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { createServer } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONSOLE_PATH, CONSOLE_SESSION_COOKIE } from '../../../src/protocol/console'
import { client, connected } from '../../../tests/support/chat-client'
import { address, loopbackContext, say, type Row } from '../context'

const QUIET_MS = 5000
const VISIBLE_MS = 30_000

/** A throw-away certificate for 127.0.0.1. */
function loopbackCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(join(tmpdir(), 'attack-tls-'))
  try {
    const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')]
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' })
    return { key: readFileSync(key), cert: readFileSync(cert) }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

export const consoleImages: Row = {
  name: 'console-images',
  limitMs: 120_000,
  async run(ctx) {
    const hits: string[] = []
    const tracker = createServer(loopbackCertificate(), (req: IncomingMessage, res) => {
      hits.push(req.url ?? '')
      res.writeHead(200, { 'Content-Type': 'image/png' }).end()
    })
    await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve))
    const base = `https://127.0.0.1:${(tracker.address() as { port: number }).port}`
    const marker = `marcador-${randomBytes(4).toString('hex')}`
    try {
      const visitor = randomUUID()
      const socket = client(ctx.server.url, visitor, { localAddress: address(8, 1) })
      await connected(socket)
      for (const text of [`Mira: ![x](${base}/pixel.png)`, `Y esta <img src="${base}/raw.png">`, `Entra a [mibanco.mx](${base}/phish) ${marker}`]) await say(socket, visitor, text, 10_000)

      const browser = await ctx.chromium()
      const context = await loopbackContext(browser, { ignoreHTTPSErrors: true })
      try {
        const session = ctx.admin.cookies.get(CONSOLE_SESSION_COOKIE)!
        await context.addCookies([{ name: CONSOLE_SESSION_COOKIE, value: session, domain: '127.0.0.1', path: CONSOLE_PATH, httpOnly: true, sameSite: 'Strict' }])
        const page = await context.newPage()
        await page.goto(`${ctx.server.url}${CONSOLE_PATH}#/conversaciones/${encodeURIComponent(visitor)}`)
        await page.locator('.message', { hasText: marker }).first().waitFor({ timeout: VISIBLE_MS })
        await page.waitForTimeout(QUIET_MS)
        // What staff read of the link: its text and what is shown right beside it («mibanco.mx (127.0.0.1:…)»).
        const links = await page.$$eval(`a[href^="${base}/phish"]`, (anchors) =>
          anchors.map((a) => ({ text: `${(a as HTMLElement).innerText}${a.nextSibling?.textContent?.trimStart().split(/\s/)[0] ?? ''}`, rel: a.getAttribute('rel') ?? '' })),
        )
        const shown = await page.locator('.message', { hasText: marker }).first().innerText()
        const problems: string[] = []
        if (hits.length) problems.push(`the tracker got ${hits.length} requests (${[...new Set(hits)].join(', ')})`)
        const phish = links.filter((link) => !link.text.includes('127.0.0.1') || !/\bnoopener\b/.test(link.rel) || !/\bnoreferrer\b/.test(link.rel))
        if (phish.length) problems.push(`a link reads «${phish[0]!.text}» with rel «${phish[0]!.rel}»`)
        if (!links.length && !shown.includes('127.0.0.1')) problems.push(`the link's message does not show the real host: «${shown.slice(0, 80)}»`)
        return {
          attempts: `3 visitor messages with a markdown image, an <img> and a link to a local tracker, opened in the console`,
          held: problems.length === 0,
          detail: problems.length ? problems.join('; ') : `no request reached the tracker in ${QUIET_MS / 1000} s; the link shows 127.0.0.1 and opens with noopener noreferrer`,
        }
      } finally {
        await context.close()
      }
    } finally {
      tracker.closeAllConnections()
      await new Promise((resolve) => tracker.close(resolve))
    }
  },
}
