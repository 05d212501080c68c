/**
 * The console's page (docs/behaviour.md#console-inbox): the built index.html cut at its root
 * element. Its head (the app's stylesheet and scripts) leaves at once, so the browser fetches and
 * compiles the app while the server reads the signed-in account and its first inbox page; those
 * follow as the app's first screen rendered into the root element (server/console/render.tsx) and
 * as a JSON data block before `</body>`, from which the app (a module script, which runs once the
 * page is parsed) hydrates that screen with no request of its own.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { createBrotliCompress, createGzip } from 'node:zlib'
import { CONSOLE_BOOT_ID, type ConsoleBoot } from '../../protocol/console'
import { scriptJson } from '../../protocol/html'
import { compressionOptions } from '../compression'
import { preferredEncoding } from '../static'

/** The app's root element, empty in the built page (build.mjs): the first screen's markup goes inside. */
const ROOT = '<div id="consola">'
const ROOT_END = '</div>'
const BODY_END = '</body>'
const STYLE_BLOCK = /<style>([\s\S]*?)<\/style>/g

/** The built page split where the markup and the boot data go; read once (the build's files never change while served). */
export function consolePage(indexFile: string, render: (boot: ConsoleBoot) => string) {
  let parts: Promise<{ head: string; middle: string; tail: string; inlineStyles: string }> | undefined
  const split = async () => {
    const html = await readFile(indexFile, 'utf8')
    const root = html.indexOf(`${ROOT}${ROOT_END}`)
    const body = html.lastIndexOf(BODY_END)
    if (root < 0 || body < root) throw new Error(`${indexFile} has no empty ${ROOT} in its body`)
    const inside = root + ROOT.length
    // The build inlines the app's styles: the policy names each <style> block by its hash.
    const inlineStyles = [...html.matchAll(STYLE_BLOCK)].map(([, css]) => `'sha256-${createHash('sha256').update(css!).digest('base64')}'`).join(' ')
    return { head: html.slice(0, inside), middle: html.slice(inside, body), tail: html.slice(body), inlineStyles }
  }

  /**
   * Send the page (false when the build has none) with the `headers` for its inline styles' hashes;
   * `boot` is read once its head is on the way.
   * A failed read sends no markup and no boot data: the app then asks the API.
   */
  return async function send(
    res: ServerResponse,
    headers: (inlineStyles: string) => Record<string, string>,
    boot: () => Promise<ConsoleBoot>,
  ): Promise<boolean> {
    parts ??= split()
    const page = await parts.catch(() => (parts = undefined))
    if (!page) return false
    const { head, middle, tail, inlineStyles } = page
    const encoding = preferredEncoding(res)
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      ...headers(inlineStyles),
    })
    if (res.req?.method === 'HEAD') {
      res.end()
      return true
    }
    const body =
      encoding === 'br' ? createBrotliCompress(compressionOptions('br', false)) : encoding === 'gzip' ? createGzip(compressionOptions('gzip', false)) : null
    body?.pipe(res)
    const out = body ?? res
    out.write(head)
    // The head reaches the socket before the boot data is read: the embedded database's queries
    // hold this thread, so a head still in the compressor would wait for them.
    if (body) await new Promise((flushed) => body.flush(() => setImmediate(flushed)))
    const first = await boot()
      .then((data) => ({ data, markup: render(data) }))
      .catch((error: unknown) => {
        console.error('[consola] the page went without its boot data:', error)
        return null
      })
    out.end(
      first ? `${first.markup}${middle}<script type="application/json" id="${CONSOLE_BOOT_ID}">${scriptJson(first.data)}</script>\n${tail}` : `${middle}${tail}`,
    )
    return true
  }
}
