/**
 * The route table of the site (docs/behaviour.md#routes) and how a path resolves: pure, shared by the renderer,
 * the client router and the server (301s and the two 404s).
 */
import { UNIT_KINDS, type Catalogue, type Operation, type UnitKind } from '../catalogue/model'
import { isSlug } from '../catalogue/slug'
import { BLOG_SECTION, blogPath, PROPERTY_SECTION, propertyPath } from '../domain/site-paths'

/** The screens a path can show; each one is registered once in src/site/screens/registry.ts. */
export type ScreenId =
  | 'home' | 'about' | 'contact' | 'thanks' | 'privacy' | 'blog' | 'post' | 'search' | 'property'
  | 'product' | 'listing' | 'developments' | 'zone' | 'development' | 'units' | 'error'

/** The fixed listing pages (docs/behaviour.md#routes): each is a listing screen with a preset filter. */
export const LISTING_PAGES = {
  '/venta-cancun': { operacion: 'venta' },
  '/renta-cancun': { operacion: 'renta' },
  '/preventa-cancun': { operacion: 'preventa' },
} as const
/** The listing page of an operation: where an archived property's page points (a 301). */
export const listingPathOf = (operation: Operation): string =>
  Object.entries(LISTING_PAGES).find(([, filter]) => filter.operacion === operation)![0]

/** The fixed residential page of docs/behaviour.md#routes. */
export const FIXED_DEVELOPMENT_PATH = '/residencial-cumbres-suiko'
export const FIXED_DEVELOPMENT_SLUG = 'residencial-cumbres-suiko'

const STATIC_ROUTES: Record<string, ScreenId> = {
  '/': 'home',
  '/acerca': 'about',
  '/contacto': 'contact',
  '/gracias': 'thanks',
  '/politica-de-privacidad': 'privacy',
  '/blog': 'blog',
  '/buscar-propiedades': 'search',
  '/desarrollos-inmobiliarios-cancun': 'developments',
  ...Object.fromEntries(Object.keys(LISTING_PAGES).map((path) => [path, 'listing' as const])),
}

/** What the router knows exists (from the build manifest or the catalogue). */
export interface KnownSlugs {
  products: ReadonlySet<string>
  developments: ReadonlySet<string>
  posts: ReadonlySet<string>
  properties: ReadonlySet<string>
  /** Paths of the zone pages: the catalogue's zones that have a page (e.g. "/huayacan-cancun"). */
  zonePages: ReadonlySet<string>
}

/** What exists in a catalogue, as the router needs it. */
export function knownSlugsOf(catalogue: Catalogue): KnownSlugs {
  return {
    products: new Set(catalogue.products.map((p) => p.slug)),
    developments: new Set(catalogue.developments.map((d) => d.slug)),
    posts: new Set(catalogue.blog.map((b) => b.slug)),
    properties: new Set(catalogue.properties.map((p) => p.slug)),
    zonePages: new Set(catalogue.zones.flatMap((z) => (z.path ? [z.path] : []))),
  }
}

/** Nothing known: only the paths whose shape alone decides. */
const NOTHING_KNOWN: KnownSlugs = { products: new Set(), developments: new Set(), posts: new Set(), properties: new Set(), zonePages: new Set() }

export type RouteParams = { slug?: string; residencial?: string; kind?: UnitKind }

export type Resolution =
  | { status: 'ok'; screen: ScreenId; params: RouteParams; path: string }
  | { status: 'redirect'; to: string }
  /** No route has this shape: 'Page not found: {path}'. */
  | { status: 'not-found'; path: string }
  /** A route matched but its validation failed: 'Page Not Found: {path}'. */
  | { status: 'invalid'; path: string }

export interface RedirectRule {
  /** Exact path, or a prefix ending in '/*' whose rest is appended to `to`. */
  from: string
  to: string
}

/** A few real redirects: English aliases and legacy paths (served as 301, applied by the client). */
export const REDIRECTS: readonly RedirectRule[] = [
  { from: '/contact', to: '/contacto' },
  { from: '/about', to: '/acerca' },
  { from: '/nosotros', to: '/acerca' },
  { from: '/privacy', to: '/politica-de-privacidad' },
  { from: '/aviso-de-privacidad', to: '/politica-de-privacidad' },
  { from: '/search', to: '/buscar-propiedades' },
  { from: '/propiedades', to: '/buscar-propiedades' },
  { from: '/desarrollos', to: '/desarrollos-inmobiliarios-cancun' },
  { from: '/propiedades/*', to: `/${PROPERTY_SECTION}/` },
  { from: '/articulos/*', to: '/blog/' },
]

/** Where `path` redirects to, if anywhere: a trailing slash is dropped, then the rules apply. */
export function redirectFor(path: string, rules: readonly RedirectRule[] = REDIRECTS): string | null {
  // "//host" and "/\host" are other sites to a browser: never a redirect target (a 404 instead).
  if (/^\/[/\\]/.test(path)) return null
  const trimmed = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path
  for (const rule of rules) {
    if (rule.from.endsWith('/*')) {
      const prefix = rule.from.slice(0, -1)
      if (trimmed.startsWith(prefix) && trimmed.length > prefix.length) return rule.to + trimmed.slice(prefix.length)
    } else if (trimmed === rule.from) return rule.to
  }
  return trimmed !== path ? trimmed : null
}

/** Resolve a path (no query, no hash) to a screen, a redirect or one of the two 404s. */
export function resolveRoute(path: string, known: KnownSlugs, rules: readonly RedirectRule[] = REDIRECTS): Resolution {
  const redirect = redirectFor(path, rules)
  if (redirect) return { status: 'redirect', to: redirect }
  const fixed = STATIC_ROUTES[path]
  if (fixed) return { status: 'ok', screen: fixed, path, params: {} }
  if (known.zonePages.has(path)) return { status: 'ok', screen: 'zone', path, params: {} }
  // The spec's fixed residential page, while the agency's catalogue has it (a real agency may not).
  if (path === FIXED_DEVELOPMENT_PATH && known.developments.has(FIXED_DEVELOPMENT_SLUG)) return { status: 'ok', screen: 'development', path, params: { residencial: FIXED_DEVELOPMENT_SLUG } }
  const segments = path.split('/').slice(1)
  if (segments.some((s) => s === '')) return { status: 'not-found', path }
  const [first, second] = segments
  if (segments.length === 2 && (first === BLOG_SECTION || first === PROPERTY_SECTION)) {
    const slug = second!
    const set = first === BLOG_SECTION ? known.posts : known.properties
    return isSlug(slug) && set.has(slug)
      ? { status: 'ok', screen: first === BLOG_SECTION ? 'post' : 'property', params: { slug }, path }
      : { status: 'invalid', path }
  }
  if (segments.length === 2 && (UNIT_KINDS as readonly string[]).includes(second!)) {
    return known.developments.has(first!)
      ? { status: 'ok', screen: 'units', params: { residencial: first!, kind: second as UnitKind }, path }
      : { status: 'invalid', path }
  }
  if (segments.length === 1) {
    // /{product} and /{residencial} share the shape: a product wins, then a development.
    if (known.products.has(first!)) return { status: 'ok', screen: 'product', params: { slug: first! }, path }
    if (known.developments.has(first!)) return { status: 'ok', screen: 'development', params: { residencial: first! }, path }
    return { status: 'invalid', path }
  }
  return { status: 'not-found', path }
}

/** Every path the site has, for rendering and the sitemap. */
export function allPaths(known: KnownSlugs): string[] {
  return [
    ...Object.keys(STATIC_ROUTES),
    ...known.zonePages,
    ...(known.developments.has(FIXED_DEVELOPMENT_SLUG) ? [FIXED_DEVELOPMENT_PATH] : []),
    ...[...known.posts].map(blogPath),
    ...[...known.properties].map(propertyPath),
    ...[...known.products].map((slug) => `/${slug}`),
    // A development whose slug is also a product's has no page of its own (the product wins).
    ...[...known.developments].filter((slug) => `/${slug}` !== FIXED_DEVELOPMENT_PATH && !known.products.has(slug)).map((slug) => `/${slug}`),
    ...[...known.developments].flatMap((slug) => UNIT_KINDS.map((kind) => `/${slug}/${kind}`)),
  ]
}

/** A catalogue's known slugs and every path of its site. */
export interface Routing {
  known: KnownSlugs
  paths: readonly string[]
}
const routings = new WeakMap<Catalogue, Routing>()

/**
 * `knownSlugsOf` and `allPaths` of a catalogue, computed once per catalogue: the renderer needs
 * them for its pages and again for the router's manifest of the same version (docs/live-site.md).
 * A catalogue is never changed in place (a change loads a new one), so its object names its content.
 */
export function routingOf(catalogue: Catalogue): Routing {
  let routing = routings.get(catalogue)
  if (!routing) {
    const known = knownSlugsOf(catalogue)
    routing = { known, paths: allPaths(known) }
    routings.set(catalogue, routing)
  }
  return routing
}

/**
 * Which 404 a path that is no page gets: 'invalid' ('Page Not Found: {path}') when it has the
 * shape of a route, else 'not-found' ('Page not found: {path}').
 */
export function notFoundKind(path: string): 'invalid' | 'not-found' {
  return resolveRoute(path, NOTHING_KNOWN).status === 'invalid' ? 'invalid' : 'not-found'
}
