/**
 * The console's page (docs/behaviour.md#console-inbox): the built index.html in two parts. Its
 * head (the app's stylesheet and scripts) leaves at once, so the browser fetches and compiles the
 * app while the server reads the signed-in account and its first inbox page; those follow in a
 * JSON data block before `</body>`, and the app (a module script, which runs once the page is
 * parsed) renders them with no request of its own.
 */
import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { createBrotliCompress, createGzip } from 'node:zlib'
import { CONSOLE_BOOT_ID, type ConsoleBoot } from '../../protocol/console'
import { scriptJson } from '../../protocol/html'
import { compressionOptions } from '../compression'
import { preferredEncoding } from '../static'

const BODY_END = '</body>'

/** The built page split where the boot data goes; read once (the build's files never change while served). */
export function consolePage(indexFile: string) {
  let parts: Promise<{ head: string; tail: string }> | undefined
  const split = async () => {
    const html = await readFile(indexFile, 'utf8')
    const at = html.lastIndexOf(BODY_END)
    if (at < 0) throw new Error(`${indexFile} has no ${BODY_END}`)
    return { head: html.slice(0, at), tail: html.slice(at) }
  }

  /**
   * Send the page (false when the build has none); `boot` is read while its head is on the way.
   * A failed read sends no boot data: the app then asks the API.
   */
  return async function send(res: ServerResponse, headers: Record<string, string>, boot: () => Promise<ConsoleBoot>): Promise<boolean> {
    parts ??= split()
    const page = await parts.catch(() => (parts = undefined))
    if (!page) return false
    const { head, tail } = page
    const encoding = preferredEncoding(res)
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      ...headers,
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
    body?.flush()
    const data = await boot().catch((error: unknown) => {
      console.error('[consola] the page went without its boot data:', error)
      return null
    })
    out.end(`${data ? `<script type="application/json" id="${CONSOLE_BOOT_ID}">${scriptJson(data)}</script>\n` : ''}${tail}`)
    return true
  }
}
