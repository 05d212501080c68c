/**
 * The route table of the site (spec §2) and how a path resolves: pure, shared by the prerender,
 * the server and the client router.
 */
import { UNIT_KINDS, type UnitKind } from '../../catalogue/model'
import { isSlug } from '../../catalogue/slug'

/** Each screen is its own lazily loaded chunk. */
export const SCREENS = [
  'home', 'about', 'contact', 'thanks', 'privacy', 'blog', 'post', 'search', 'property',
  'product', 'listing', 'developments', 'zone', 'development', 'units', 'error',
] as const
export type ScreenId = (typeof SCREENS)[number]

/** The fixed listing pages (spec §2): each is a listing screen with a preset filter. */
export const LISTING_PAGES = {
  '/venta-cancun': { operacion: 'venta' },
  '/renta-cancun': { operacion: 'renta' },
  '/preventa-cancun': { operacion: 'preventa' },
} as const
export const ZONE_PAGES = { '/huayacan-cancun': 'huayacan', '/puerto-cancun': 'puerto-cancun', '/zona-hotelera': 'zona-hotelera' } as const
/** The fixed residential page of spec §2. */
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
  ...Object.fromEntries(Object.keys(ZONE_PAGES).map((path) => [path, 'zone' as const])),
  [FIXED_DEVELOPMENT_PATH]: 'development',
}

/** What the router knows exists (from the build manifest or the catalogue). */
export interface KnownSlugs {
  products: ReadonlySet<string>
  developments: ReadonlySet<string>
  posts: ReadonlySet<string>
  properties: ReadonlySet<string>
}

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
  { from: '/propiedades/*', to: '/propiedad/' },
  { from: '/articulos/*', to: '/blog/' },
]

/** Where `path` redirects to, if anywhere: a trailing slash is dropped, then the rules apply. */
export function redirectFor(path: string, rules: readonly RedirectRule[] = REDIRECTS): string | null {
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
  if (fixed) {
    return { status: 'ok', screen: fixed, path, params: fixed === 'development' ? { residencial: FIXED_DEVELOPMENT_SLUG } : {} }
  }
  const segments = path.split('/').slice(1)
  if (segments.some((s) => s === '')) return { status: 'not-found', path }
  const [first, second] = segments
  if (segments.length === 2 && (first === 'blog' || first === 'propiedad')) {
    const slug = second!
    const set = first === 'blog' ? known.posts : known.properties
    return isSlug(slug) && set.has(slug)
      ? { status: 'ok', screen: first === 'blog' ? 'post' : 'property', params: { slug }, path }
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

/** Every path the site has, for prerendering and the sitemap. */
export function allPaths(known: KnownSlugs): string[] {
  return [
    ...Object.keys(STATIC_ROUTES),
    ...[...known.posts].map((slug) => `/blog/${slug}`),
    ...[...known.properties].map((slug) => `/propiedad/${slug}`),
    ...[...known.products].map((slug) => `/${slug}`),
    // A development whose slug is also a product's has no page of its own (the product wins).
    ...[...known.developments].filter((slug) => `/${slug}` !== FIXED_DEVELOPMENT_PATH && !known.products.has(slug)).map((slug) => `/${slug}`),
    ...[...known.developments].flatMap((slug) => UNIT_KINDS.map((kind) => `/${slug}/${kind}`)),
  ]
}
