import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { escapeHtml } from '../protocol/html'
import { errorPageFile, PAYLOAD_FILE, SITE_FILES } from '../domain/site-paths'
import { PLACEHOLDERS } from '../shared/placeholders'
import { notFoundKind, redirectFor } from '../shared/routes'
import { newNonce, sitePageCsp } from './headers'
import { formCookieHeader } from './leads/forms'
import { resolveInside, sendFile } from './static'

export interface SiteOptions {
  siteDir: string
  /** Absolute base URL of the site (canonical and Open Graph URLs), known once the server listens. */
  publicUrl: () => string
  widget: { socketUrl: string; agentId: string; apiKey: string }
  /** The business API's public read key, the only key a page carries. */
  publicApiKey: string
}

/** Inside a JSON string inside a <script>: JSON escapes, and no "<" that could end the script. */
const escapeJsonString = (text: string) => JSON.stringify(text).slice(1, -1).replace(/</g, '\\u003c')
/** JSON-LD blocks: their text is JSON, not HTML, so the site URL goes in JSON-escaped there. */
const JSON_LD_BLOCK = /(<script type="application\/ld\+json">)([\s\S]*?)(<\/script>)/g

/** The site's own text files at the root, with the site URL filled in. */
const ROOT_FILES: Record<string, { file: string; contentType: string; escape: (url: string) => string }> = {
  [SITE_FILES.sitemap]: { file: SITE_FILES.sitemap.slice(1), contentType: 'application/xml; charset=utf-8', escape: escapeHtml },
  [SITE_FILES.robots]: { file: SITE_FILES.robots.slice(1), contentType: 'text/plain; charset=utf-8', escape: (url) => url },
}

/**
 * The prerendered site (docs/behaviour.md#shell): redirects as 301, hashed assets cached for a year, pages
 * and payloads revalidated, and the two 404s with status 404 (docs/behaviour.md#errors).
 */
export function siteHandler({ siteDir, publicUrl, widget, publicApiKey }: SiteOptions) {
  const root = resolve(siteDir)
  const fill = (path: string, nonce: string) => (html: string) =>
    html
      .replace(JSON_LD_BLOCK, (_, open: string, json: string, close: string) => open + json.replaceAll(PLACEHOLDERS.siteUrl, () => escapeJsonString(publicUrl())) + close)
      .replaceAll(PLACEHOLDERS.siteUrl, escapeHtml(publicUrl()))
      .replaceAll(PLACEHOLDERS.widgetSocketUrl, escapeHtml(widget.socketUrl))
      .replaceAll(PLACEHOLDERS.widgetAgentId, escapeHtml(widget.agentId))
      .replaceAll(PLACEHOLDERS.widgetApiKey, escapeHtml(widget.apiKey))
      .replaceAll(PLACEHOLDERS.pathHtml, escapeHtml(path))
      .replaceAll(PLACEHOLDERS.pathJson, escapeJsonString(path))
      .replaceAll(PLACEHOLDERS.publicApiKey, escapeJsonString(publicApiKey))
      .replaceAll(PLACEHOLDERS.nonce, nonce)

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const path = url.pathname
    const redirect = redirectFor(path)
    if (redirect) {
      res.writeHead(301, { Location: redirect + url.search, 'Cache-Control': 'public, max-age=3600' })
      res.end()
      return true
    }
    const rootFile = ROOT_FILES[path]
    if (rootFile) {
      const url = rootFile.escape(publicUrl())
      const headers = { 'Content-Type': rootFile.contentType, 'Cache-Control': 'no-cache' }
      return sendFile(res, resolve(root, rootFile.file), headers, (text) => text.replaceAll(PLACEHOLDERS.siteUrl, () => url))
    }
    if (path.startsWith(`${SITE_FILES.app}/`)) {
      const file = resolveInside(root, path)
      const immutable = !path.startsWith(`${SITE_FILES.builds}/`)
      const headers = { 'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' }
      return Boolean(file && (await sendFile(res, file, headers)))
    }
    if (path.endsWith(`/${PAYLOAD_FILE}`)) {
      const file = resolveInside(root, path)
      return Boolean(file && (await sendFile(res, file, { 'Cache-Control': 'no-cache' })))
    }
    const page = resolveInside(root, `${path}/index.html`)
    // Pages set the visitor cookie the site's form endpoint needs (docs/behaviour.md#site-forms),
    // and run only the scripts carrying this response's nonce (docs/behaviour.md#security-headers).
    const cookie = formCookieHeader(req, publicUrl().startsWith('https:'))
    const nonce = newNonce()
    const pageHeaders = {
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': sitePageCsp(nonce, { widgetSocketUrl: widget.socketUrl, publicUrl: publicUrl() }),
      'X-Frame-Options': 'DENY',
      ...(cookie ? { 'Set-Cookie': cookie } : {}),
    }
    if (page && !path.includes('/_') && (await sendFile(res, page, pageHeaders, fill(path, nonce)))) return true
    // Not a page: the 404 of its kind (docs/behaviour.md#errors), with status 404.
    res.statusCode = 404
    return sendFile(res, resolve(root, errorPageFile(notFoundKind(path))), pageHeaders, fill(path, nonce)).then((sent) => {
      if (!sent) res.statusCode = 200
      return sent
    })
  }
}
