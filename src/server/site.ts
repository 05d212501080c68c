import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import type { SiteContent } from '../shared/site-renderer'
import { escapeHtml } from '../protocol/html'
import { PAYLOAD_FILE, SITE_FILES } from '../domain/site-paths'
import { PLACEHOLDERS } from '../shared/placeholders'
import { notFoundKind, redirectFor } from '../shared/routes'
import type { RenderedSite } from './catalogue/rendered-site'
import { newNonce, sitePageCsp } from './headers'
import { formCookieHeader } from './leads/forms'
import { notModified, resolveInside, sendBody, sendFile } from './static'

export interface SiteOptions {
  /** The client's bundles (dist/site/_app). */
  siteDir: string
  /** The pages, rendered from the live catalogue (docs/live-site.md). */
  pages: RenderedSite
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

const XML = 'application/xml; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'
const HTML = 'text/html; charset=utf-8'
/** Pages, payloads and manifests change with the catalogue: every use revalidates (a 304 when unchanged). */
const REVALIDATE = 'no-cache'

/**
 * The site (docs/live-site.md): pages and payloads rendered from the live catalogue, with ETags;
 * redirects as 301 (the route table's, then the catalogue's: changed slugs, archived pages);
 * hashed assets cached for a year; the two 404s with status 404 (docs/behaviour.md#errors).
 * `preview` renders the real page of a path from another catalogue (the console's «Vista previa»).
 */
export function createSite({ siteDir, pages, publicUrl, widget, publicApiKey }: SiteOptions) {
  const root = resolve(siteDir)
  const manifestPath = `${SITE_FILES.builds}/meta/${pages.renderer.buildId}.json`
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

  /**
   * A page's headers: pages set the visitor cookie the site's form endpoint needs
   * (docs/behaviour.md#site-forms), and run only the scripts carrying this response's nonce
   * (docs/behaviour.md#security-headers).
   */
  const pageHeaders = (nonce: string) => ({
    'Content-Type': HTML,
    'Cache-Control': REVALIDATE,
    'Content-Security-Policy': sitePageCsp(nonce, { widgetSocketUrl: widget.socketUrl, publicUrl: publicUrl() }),
    'X-Frame-Options': 'DENY',
  })
  const formCookie = (req: IncomingMessage): Record<string, string> => {
    const cookie = formCookieHeader(req, publicUrl().startsWith('https:'))
    return cookie ? { 'Set-Cookie': cookie } : {}
  }

  /**
   * A text the site makes, or a 304 when the client's copy (by its ETag) is this one. The 304 keeps
   * only the ETag, Cache-Control and a cookie: it carries no new policy, so a page the browser keeps
   * runs with the nonce it was sent with. A text given as a function is made only for a 200.
   */
  const sendVersioned = (res: ServerResponse, text: string | (() => string), etag: string, headers: Record<string, string> & { 'Content-Type': string }, copies?: Parameters<typeof sendBody>[3]) => {
    if (notModified(res, etag)) {
      const cookie = headers['Set-Cookie']
      res.writeHead(304, { ETag: etag, 'Cache-Control': headers['Cache-Control'] ?? REVALIDATE, ...(cookie ? { 'Set-Cookie': cookie } : {}) }).end()
      return
    }
    sendBody(res, typeof text === 'string' ? text : text(), { ...headers, ETag: etag }, copies)
  }

  /** The site URL in a root file's text, escaped for its type. */
  const withSiteUrl = (text: string, escape: (url: string) => string) => text.replaceAll(PLACEHOLDERS.siteUrl, () => escape(publicUrl()))

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname
    const redirect = redirectFor(path)
    if (redirect) {
      res.writeHead(301, { Location: redirect + url.search, 'Cache-Control': 'public, max-age=3600' })
      res.end()
      return true
    }
    // One version from here to the end of the response.
    const version = pages.current()
    if (path === SITE_FILES.sitemap) {
      // The ETag is the rendered text's: the site URL is the same for every request.
      sendVersioned(res, withSiteUrl(version.sitemap.text, escapeHtml), version.sitemap.etag, { 'Content-Type': XML, 'Cache-Control': REVALIDATE })
      return true
    }
    if (path === SITE_FILES.robots) {
      sendBody(res, withSiteUrl(pages.robots, (url) => url), { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE })
      return true
    }
    if (path === manifestPath) {
      sendVersioned(res, version.manifest.text, version.manifest.etag, { 'Content-Type': JSON_TYPE, 'Cache-Control': REVALIDATE })
      return true
    }
    if (path.startsWith(`${SITE_FILES.app}/`)) {
      const file = resolveInside(root, path)
      const immutable = !path.startsWith(`${SITE_FILES.builds}/`)
      const headers = { 'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : REVALIDATE }
      return Boolean(file && (await sendFile(res, file, headers)))
    }
    if (path.endsWith(`/${PAYLOAD_FILE}`)) {
      const pagePath = path.slice(0, -PAYLOAD_FILE.length - 1) || '/'
      // Named by its version (?v=) from a page's HTML: that version's payload, so the two always match.
      const payload = pages.payload(pagePath, url.searchParams.get('v'))
      if (!payload) return false
      sendVersioned(res, payload.text, payload.etag, { 'Content-Type': JSON_TYPE, 'Cache-Control': REVALIDATE }, payload.copies)
      return true
    }
    const page = path.includes('/_') ? undefined : version.pages.get(path)
    if (page) {
      const html = await pages.html(page)
      const nonce = newNonce()
      // The ETag is the page's version in this build.
      sendVersioned(res, () => fill(path, nonce)(html), `"${page.hash}-${pages.renderer.buildId}"`, { ...pageHeaders(nonce), ...formCookie(req) })
      return true
    }
    const moved = version.redirects.get(path)
    if (moved) {
      // A changed slug or an archived page (catalogue_redirects): revalidated, as the catalogue may bring the path back.
      res.writeHead(301, { Location: moved + url.search, 'Cache-Control': REVALIDATE })
      res.end()
      return true
    }
    // Not a page: the 404 of its kind (docs/behaviour.md#errors), with status 404.
    const nonce = newNonce()
    res.statusCode = 404
    sendBody(res, fill(path, nonce)(pages.errorPage(notFoundKind(path))), { ...pageHeaders(nonce), ...formCookie(req) })
    return true
  }

  return {
    handle,
    /**
     * The real page of `path` rendered from `content` (the published catalogue with a draft in place
     * of its record), noindex, as a response with the site's policy; null when the path is no page
     * of that catalogue. The console's «Vista previa» answers it.
     */
    async preview(content: SiteContent, path: string): Promise<{ html: string; headers: Record<string, string> } | null> {
      const html = await pages.renderer.preview(content, path)
      if (html === null) return null
      const nonce = newNonce()
      return { html: fill(path, nonce)(html), headers: { ...pageHeaders(nonce), 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } }
    },
  }
}

export type Site = ReturnType<typeof createSite>
