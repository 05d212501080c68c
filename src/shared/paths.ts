/**
 * The paths the server and the site agree on: what the server answers itself (never a page of
 * the site), and where the prerender puts the files the server serves for the site.
 */

/** Answered by the server before the site's pages: the client router leaves links to them to the browser. */
export const SERVER_PATHS = {
  api: '/api',
  images: '/_ipx',
  widget: '/widget.js',
  demo: '/demo',
  /** The site's own form endpoints (same origin, no key in the page). */
  forms: '/_forms',
  /** The agency's console: its page, JSON API and socket.io transport. */
  console: '/consola',
  /** socket.io's default path: the chat's polling transport. */
  socket: '/socket.io',
} as const

/** Under SERVER_PATHS.forms: where the site's lead forms post. */
export const SITE_FORM_PATHS = { lead: '/lead' } as const
export const SITE_LEAD_ENDPOINT = `${SERVER_PATHS.forms}${SITE_FORM_PATHS.lead}`

/** The site's own files that are not pages. */
export const SITE_FILES = {
  /** Hashed chunks and styles, cached for a year. */
  app: '/_app',
  /** The build manifests, revalidated on every request. */
  builds: '/_app/builds',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const

/** The file next to each page with its data. */
export const PAYLOAD_FILE = '_payload.json'

/** Where the payload of a page's path is served. */
export const payloadUrl = (path: string) => `${path === '/' ? '' : path}/${PAYLOAD_FILE}`

/** The error pages the prerender writes at the site's root and the server fills with the requested path. */
export type ErrorPageKind = 'not-found' | 'invalid' | 'error'
export const errorPageFile = (kind: ErrorPageKind) => `_${kind}.html`

const NOT_PAGES = [...Object.values(SERVER_PATHS), SITE_FILES.app, SITE_FILES.sitemap, SITE_FILES.robots]

/** Whether a path belongs to the server or to the site's files rather than to a page: the prefix itself or anything under it. */
export function isNotPage(path: string): boolean {
  return NOT_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}
