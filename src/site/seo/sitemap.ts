/**
 * sitemap.xml and robots.txt (docs/behaviour.md#seo), made by the renderer from the live catalogue (docs/live-site.md). Pure
 * text builders. Absolute URLs start with the %%SITE_URL%% placeholder, which the server fills
 * per request (XML-escaped in the sitemap).
 */
import { SERVER_PATHS, SITE_FILES } from '../../domain/site-paths'
import { PLACEHOLDERS } from '../../shared/placeholders'

export interface SitemapEntry {
  /** Site path, e.g. "/propiedad/casa-…". */
  path: string
  /** ISO 8601 date-time of the page's last change, when known. */
  lastmod?: string | null
}

/** Paths robots.txt keeps crawlers out of: the API, build metadata, the post-form page and the widget demos. */
export const ROBOTS_DISALLOW = [`${SERVER_PATHS.api}/`, `${SITE_FILES.builds}/`, '/gracias', `${SERVER_PATHS.demo}/`] as const

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** A W3C date-time at second precision ("2026-01-11T14:03:00Z"), or null when unreadable. */
export function w3cDate(iso: string | null | undefined): string | null {
  if (!iso) return null
  const time = Date.parse(iso)
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** Every entry once, in order, as a sitemaps.org urlset. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>()
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
    .map((entry) => {
      const lastmod = w3cDate(entry.lastmod)
      // The path is percent-encoded where needed; the placeholder is plain text.
      const loc = `${PLACEHOLDERS.siteUrl}${escapeXml(encodeURI(entry.path))}`
      return `  <url>\n    <loc>${loc}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`
    })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** robots.txt: everything allowed but ROBOTS_DISALLOW, and where the sitemap is. */
export function robotsTxt(): string {
  // Disallow lines first: crawlers that take the first matching rule (not the longest) read them before "Allow: /".
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${PLACEHOLDERS.siteUrl}${SITE_FILES.sitemap}`, ''].join('\n')
}
