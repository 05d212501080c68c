import { isSlug, SLUG_WORDS } from '../catalogue/slug'

/**
 * The site's paths, written once (docs/domain.md#site-paths): a property's and a post's page, and
 * the paths the server and the site agree on: what the server answers itself (never a page of
 * the site), and the site's own files the server serves.
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
  /** The links of the e-mails we send: the unsubscribe page (docs/email.md#unsubscribe). */
  mail: '/_correo',
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

/** The error pages the renderer makes once, which the server fills with the requested path. */
export type ErrorPageKind = 'not-found' | 'invalid' | 'error'

const NOT_PAGES = [...Object.values(SERVER_PATHS), SITE_FILES.app, SITE_FILES.sitemap, SITE_FILES.robots]

/** Whether a path belongs to the server or to the site's files rather than to a page: the prefix itself or anything under it. */
export function isNotPage(path: string): boolean {
  return NOT_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/** The section of a property's page: "/propiedad/{slug}". */
export const PROPERTY_SECTION = 'propiedad'
/** The section of a blog post's page: "/blog/{slug}". */
export const BLOG_SECTION = 'blog'

/** A property's page: "/propiedad/casa-en-huayacan". */
export const propertyPath = (slug: string) => `/${PROPERTY_SECTION}/${encodeURIComponent(slug)}`
/** A blog post's page: "/blog/comprar-en-cancun". */
export const blogPath = (slug: string) => `/${BLOG_SECTION}/${encodeURIComponent(slug)}`

/**
 * The slug of a property page's path ("/propiedad/casa-x", a query or hash after it ignored,
 * percent-encoding decoded), or null when the path is not one. The slug's shape is checked, not
 * whether the catalogue has it.
 */
export function parsePropertyPath(path: string): string | null {
  const segments = (path.split(/[?#]/)[0] ?? '').split('/').filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment)
    } catch {
      return segment
    }
  })
  return segments.length === 2 && segments[0] === PROPERTY_SECTION && isSlug(segments[1]) ? segments[1] : null
}

const PROPERTY_IN_TEXT = new RegExp(`/${PROPERTY_SECTION}/(${SLUG_WORDS})`, 'i')

/**
 * The slug of the first property page linked in a text ("mira https://…/propiedad/casa-x?y=1",
 * an agent's pasted link), lower case; null when there is none.
 */
export const propertySlugInText = (text: string): string | null => PROPERTY_IN_TEXT.exec(text)?.[1]?.toLowerCase() ?? null
