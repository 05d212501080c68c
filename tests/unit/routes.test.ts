// The route table of the site (docs/behaviour.md#routes), route validation (docs/behaviour.md#errors: the two 404s) and the
// redirect rules, checked against the real demo catalogue in content/catalogue.json.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { UNIT_KINDS, type Catalogue } from '../../src/catalogue/model'
import {
  FIXED_DEVELOPMENT_PATH,
  FIXED_DEVELOPMENT_SLUG,
  LISTING_PAGES,
  REDIRECTS,
  allPaths,
  knownSlugsOf,
  listingPathOf,
  notFoundKind,
  redirectFor,
  resolveRoute,
  routingOf,
  type KnownSlugs,
  type Resolution,
  type RouteParams,
  type ScreenId,
} from '../../src/shared/routes'
import { SCREENS } from '../../src/site/screens/registry'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const catalogue = JSON.parse(readFileSync(join(ROOT, 'content', 'catalogue.json'), 'utf8')) as Catalogue

const known = knownSlugsOf(catalogue)

const emptyKnown: KnownSlugs = { products: new Set(), developments: new Set(), posts: new Set(), properties: new Set(), zonePages: new Set() }

const first = <T>(items: readonly T[]): T => {
  const item = items[0]
  if (item === undefined) throw new Error('the catalogue is empty')
  return item
}
const post = first(catalogue.blog).slug
const property = first(catalogue.properties).slug
const otherDevelopments = catalogue.developments.map((d) => d.slug).filter((slug) => slug !== FIXED_DEVELOPMENT_SLUG)
const development = first(otherDevelopments)

const ok = (path: string, screen: ScreenId, params: RouteParams = {}): Resolution => ({
  status: 'ok',
  screen,
  params,
  path,
})

/** The fixed routes of docs/behaviour.md#routes and the screen each one shows. */
const STATIC: ReadonlyArray<[path: string, screen: ScreenId]> = [
  ['/', 'home'],
  ['/acerca', 'about'],
  ['/contacto', 'contact'],
  ['/gracias', 'thanks'],
  ['/politica-de-privacidad', 'privacy'],
  ['/blog', 'blog'],
  ['/buscar-propiedades', 'search'],
  ['/venta-cancun', 'listing'],
  ['/renta-cancun', 'listing'],
  ['/preventa-cancun', 'listing'],
  ['/desarrollos-inmobiliarios-cancun', 'developments'],
]

/** The zone pages of docs/behaviour.md#routes: the catalogue's zones that have a page. */
const ZONES: ReadonlyArray<[path: string, screen: ScreenId]> = [
  ['/huayacan-cancun', 'zone'],
  ['/puerto-cancun', 'zone'],
  ['/zona-hotelera', 'zone'],
]

describe('the catalogue used by these tests', () => {
  it('has posts, properties, products and developments, the fixed residential among them', () => {
    expect(catalogue.blog.length).toBeGreaterThan(0)
    expect(catalogue.properties.length).toBeGreaterThan(0)
    expect(catalogue.products.length).toBeGreaterThan(0)
    expect(otherDevelopments.length).toBeGreaterThan(0)
    expect(known.developments.has(FIXED_DEVELOPMENT_SLUG)).toBe(true)
  })
})

describe('resolveRoute: the routes of docs/behaviour.md#routes', () => {
  it.each([...STATIC, ...ZONES])('%s shows the %s screen with no params', (path, screen) => {
    expect(resolveRoute(path, known)).toEqual(ok(path, screen))
  })

  it('every screen id used is registered', () => {
    for (const [, screen] of [...STATIC, ...ZONES]) expect(Object.keys(SCREENS)).toContain(screen)
    for (const screen of ['post', 'property', 'product', 'development', 'units', 'error'] as const) expect(Object.keys(SCREENS)).toContain(screen)
  })

  it('the static routes resolve without any known slugs (they do not depend on the catalogue)', () => {
    for (const [path, screen] of STATIC) expect(resolveRoute(path, emptyKnown)).toEqual(ok(path, screen))
  })

  it('the listing pages carry the operation filter of their path', () => {
    expect(LISTING_PAGES).toEqual({
      '/venta-cancun': { operacion: 'venta' },
      '/renta-cancun': { operacion: 'renta' },
      '/preventa-cancun': { operacion: 'preventa' },
    })
  })

  it('the zone pages are the three of docs/behaviour.md#routes, the zones of the catalogue that have a page', () => {
    expect([...known.zonePages].sort()).toEqual(ZONES.map(([path]) => path))
    expect([...known.zonePages]).toEqual(catalogue.zones.filter((z) => z.path !== null).map((z) => z.path))
  })

  it('a zone page exists only when the catalogue has it', () => {
    for (const [path] of ZONES) expect(resolveRoute(path, emptyKnown)).toEqual({ status: 'invalid', path })
    expect(resolveRoute('/centro-cancun', { ...emptyKnown, zonePages: new Set(['/centro-cancun']) })).toEqual(ok('/centro-cancun', 'zone'))
  })

  it('/blog/{slug} of an existing post shows the post with the slug param', () => {
    for (const { slug } of catalogue.blog) {
      expect(resolveRoute(`/blog/${slug}`, known)).toEqual(ok(`/blog/${slug}`, 'post', { slug }))
    }
  })

  it('/propiedad/{slug} of an existing property shows the property with the slug param', () => {
    for (const { slug } of catalogue.properties) {
      expect(resolveRoute(`/propiedad/${slug}`, known)).toEqual(ok(`/propiedad/${slug}`, 'property', { slug }))
    }
  })

  it('/{product} of every product shows the product screen', () => {
    for (const { slug } of catalogue.products) {
      expect(resolveRoute(`/${slug}`, known)).toEqual(ok(`/${slug}`, 'product', { slug }))
    }
  })

  it('/residencial-cumbres-suiko is the fixed development page, with its residencial param', () => {
    expect(FIXED_DEVELOPMENT_PATH).toBe('/residencial-cumbres-suiko')
    expect(resolveRoute('/residencial-cumbres-suiko', known)).toEqual(
      ok('/residencial-cumbres-suiko', 'development', { residencial: 'residencial-cumbres-suiko' }),
    )
    // Fixed while the agency's catalogue has it: an agency that removed the demo listings has no such page.
    expect(resolveRoute('/residencial-cumbres-suiko', emptyKnown).status).not.toBe('ok')
  })

  it('/{residencial} of every development shows the development with the residencial param', () => {
    for (const { slug } of catalogue.developments) {
      expect(resolveRoute(`/${slug}`, known)).toEqual(ok(`/${slug}`, 'development', { residencial: slug }))
    }
  })

  it('/{residencial}/casas|departamentos|terrenos of every development shows its units of that kind', () => {
    expect([...UNIT_KINDS]).toEqual(['casas', 'departamentos', 'terrenos'])
    for (const { slug } of catalogue.developments) {
      for (const kind of ['casas', 'departamentos', 'terrenos'] as const) {
        expect(resolveRoute(`/${slug}/${kind}`, known)).toEqual(ok(`/${slug}/${kind}`, 'units', { residencial: slug, kind }))
      }
    }
  })

  it('a product slug that is also a development slug resolves to the product', () => {
    const colliding: KnownSlugs = { ...emptyKnown, products: new Set(['casas-cancun']), developments: new Set(['casas-cancun', 'otro']) }
    expect(resolveRoute('/casas-cancun', colliding)).toEqual(ok('/casas-cancun', 'product', { slug: 'casas-cancun' }))
    expect(resolveRoute('/otro', colliding)).toEqual(ok('/otro', 'development', { residencial: 'otro' }))
    // Its unit pages are still the development's.
    expect(resolveRoute('/casas-cancun/terrenos', colliding)).toEqual(
      ok('/casas-cancun/terrenos', 'units', { residencial: 'casas-cancun', kind: 'terrenos' }),
    )
  })
})

describe('resolveRoute: validation failures are "invalid" (Page Not Found: {path})', () => {
  const cases: ReadonlyArray<[why: string, path: string]> = [
    ['an unknown post', '/blog/no-existe-este-articulo'],
    ['an unknown property', '/propiedad/no-existe-esta-propiedad'],
    ['an unknown one-segment slug', '/no-existe'],
    ['a unit kind of an unknown development', '/residencial-que-no-existe/casas'],
    ['a unit kind of a product (not a development)', `/${first(catalogue.products).slug}/departamentos`],
    ['an uppercase post slug', '/blog/Hola'],
    ['an underscore in a property slug', '/propiedad/a_b'],
    ['an existing post slug in uppercase', `/blog/${post.toUpperCase()}`],
    ['an existing property slug with a trailing hyphen', `/propiedad/${property}-`],
    ['an existing property slug with a double hyphen', `/propiedad/${property.replace('-', '--')}`],
    ['an uppercase product slug', `/${first(catalogue.products).slug.toUpperCase()}`],
    ['an uppercase development in a unit page', `/${development.toUpperCase()}/casas`],
    ['a post slug used as a property', `/propiedad/${post}`],
    ['a property slug used as a post', `/blog/${property}`],
    ['a post slug as a one-segment path', `/${post}`],
  ]
  it.each(cases)('%s: %s', (_why, path) => {
    expect(resolveRoute(path, known)).toEqual({ status: 'invalid', path })
  })

  it('an odd slug is invalid even when the known set contains it (the slug shape is validated)', () => {
    const odd: KnownSlugs = { ...emptyKnown, posts: new Set(['Hola']), properties: new Set(['a_b']) }
    expect(resolveRoute('/blog/Hola', odd)).toEqual({ status: 'invalid', path: '/blog/Hola' })
    expect(resolveRoute('/propiedad/a_b', odd)).toEqual({ status: 'invalid', path: '/propiedad/a_b' })
  })
})

describe('notFoundKind: which 404 the server sends for a path that is no page', () => {
  it('is "invalid" for the shape of a route and "not-found" for any other, without the catalogue', () => {
    expect(notFoundKind('/no-existe')).toBe('invalid')
    expect(notFoundKind('/blog/no-existe')).toBe('invalid')
    expect(notFoundKind('/residencial-que-no-existe/casas')).toBe('invalid')
    expect(notFoundKind('/a/b/c')).toBe('not-found')
  })
})

describe('resolveRoute: shapes with no route are "not-found" (Page not found: {path})', () => {
  it.each([
    '/a/b/c',
    '/blog/x/y',
    `/blog/${post}/extra`,
    `/propiedad/${property}/fotos`,
    '/foo/bar',
    `/${development}/oficinas`,
    `/${development}/casas/extra`,
    '/a//b',
    '//blog',
    '/blog//hola',
    '/propiedad//x',
  ])('%s', (path) => {
    expect(resolveRoute(path, known)).toEqual({ status: 'not-found', path })
  })
})

describe('redirects', () => {
  it('the REDIRECTS rules have exact or "/*" prefix sources, with no rule for the root', () => {
    expect(REDIRECTS.length).toBeGreaterThan(0)
    for (const rule of REDIRECTS) {
      expect(rule.from).toMatch(/^\/[a-z0-9-]+(\/\*)?$/)
      expect(rule.from).not.toBe('/')
    }
  })

  const exact = REDIRECTS.filter((r) => !r.from.endsWith('/*'))
  const prefix = REDIRECTS.filter((r) => r.from.endsWith('/*'))

  it('there are both exact and prefix rules', () => {
    expect(exact.length).toBeGreaterThan(0)
    expect(prefix.length).toBeGreaterThan(0)
  })

  it.each(exact.map((r) => [r.from, r.to]))('exact %s → %s, with or without a trailing slash', (from, to) => {
    expect(redirectFor(from)).toBe(to)
    expect(redirectFor(`${from}/`)).toBe(to)
    expect(resolveRoute(from, known)).toEqual({ status: 'redirect', to })
    // The target is a real page: no redirect chains.
    expect(resolveRoute(to, known).status).toBe('ok')
  })

  it.each(prefix.map((r) => [r.from, r.to]))('prefix %s → %s appends the rest of the path', (from, to) => {
    const base = from.slice(0, -1) // '/propiedades/'
    expect(redirectFor(`${base}algo-de-prueba`)).toBe(`${to}algo-de-prueba`)
    expect(redirectFor(`${base}algo-de-prueba/`)).toBe(`${to}algo-de-prueba`)
    expect(resolveRoute(`${base}algo-de-prueba`, known)).toEqual({ status: 'redirect', to: `${to}algo-de-prueba` })
  })

  it('the legacy prefixes land on real posts and properties', () => {
    expect(redirectFor(`/propiedades/${property}`)).toBe(`/propiedad/${property}`)
    expect(resolveRoute(`/propiedad/${property}`, known).status).toBe('ok')
    expect(redirectFor(`/articulos/${post}`)).toBe(`/blog/${post}`)
    expect(resolveRoute(`/blog/${post}`, known).status).toBe('ok')
  })

  it('a prefix rule needs something after the prefix', () => {
    // '/propiedades' and '/propiedades/' are the exact rule (the search page), not the prefix.
    expect(redirectFor('/propiedades')).toBe('/buscar-propiedades')
    expect(redirectFor('/propiedades/')).toBe('/buscar-propiedades')
    // '/articulos' has no exact rule: not redirected, and an unknown one-segment page.
    expect(redirectFor('/articulos')).toBeNull()
    expect(resolveRoute('/articulos', known)).toEqual({ status: 'invalid', path: '/articulos' })
    // A prefix does not match a longer first segment.
    expect(redirectFor('/articulosx/hola')).toBeNull()
  })

  it('a trailing slash is removed', () => {
    expect(redirectFor('/blog/')).toBe('/blog')
    expect(redirectFor('/venta-cancun///')).toBe('/venta-cancun')
    expect(redirectFor(`/blog/${post}/`)).toBe(`/blog/${post}`)
    expect(redirectFor(`/${development}/casas/`)).toBe(`/${development}/casas`)
    expect(resolveRoute('/blog/', known)).toEqual({ status: 'redirect', to: '/blog' })
    expect(resolveRoute('/venta-cancun///', known)).toEqual({ status: 'redirect', to: '/venta-cancun' })
  })

  it('never redirects to another site: "//host/" and "/\\host/" are 404s (issue 14)', () => {
    for (const path of ['//evil.example/', '/\\evil.example/', '//evil.example//']) {
      expect(redirectFor(path), path).toBeNull()
      expect(resolveRoute(path, known)).toEqual({ status: 'not-found', path })
    }
  })

  it('the root is never redirected, and a path without slash or rule is not either', () => {
    expect(redirectFor('/')).toBeNull()
    expect(resolveRoute('/', known)).toEqual(ok('/', 'home'))
    expect(redirectFor('/blog')).toBeNull()
    expect(redirectFor('/acerca')).toBeNull()
    expect(redirectFor(`/propiedad/${property}`)).toBeNull()
  })

  it('rules are matched case-sensitively (an uppercase alias is not redirected)', () => {
    expect(redirectFor('/Contact')).toBeNull()
    expect(resolveRoute('/Contact', known)).toEqual({ status: 'invalid', path: '/Contact' })
  })

  it('uses the rules it is given instead of REDIRECTS', () => {
    const rules = [
      { from: '/viejo', to: '/acerca' },
      { from: '/legado/*', to: '/blog/' },
    ]
    expect(redirectFor('/viejo', rules)).toBe('/acerca')
    expect(redirectFor('/legado/hola', rules)).toBe('/blog/hola')
    expect(redirectFor('/contact', rules)).toBeNull()
    expect(resolveRoute('/viejo', known, rules)).toEqual({ status: 'redirect', to: '/acerca' })
    expect(resolveRoute('/contact', known, rules)).toEqual({ status: 'invalid', path: '/contact' })
    // With no rules only the trailing slash is still removed.
    expect(resolveRoute('/contact', known, [])).toEqual({ status: 'invalid', path: '/contact' })
    expect(resolveRoute('/blog/', known, [])).toEqual({ status: 'redirect', to: '/blog' })
  })
})

describe('allPaths', () => {
  const paths = allPaths(known)

  it('has no duplicates', () => {
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('lists every static route of docs/behaviour.md#routes and the fixed development page', () => {
    for (const [path] of [...STATIC, ...ZONES]) expect(paths).toContain(path)
    expect(paths).toContain('/residencial-cumbres-suiko')
  })

  it('lists every post, property, product and development', () => {
    for (const { slug } of catalogue.blog) expect(paths).toContain(`/blog/${slug}`)
    for (const { slug } of catalogue.properties) expect(paths).toContain(`/propiedad/${slug}`)
    for (const { slug } of catalogue.products) expect(paths).toContain(`/${slug}`)
    for (const { slug } of catalogue.developments) expect(paths).toContain(`/${slug}`)
  })

  it('lists the fixed development once', () => {
    expect(paths.filter((p) => p === FIXED_DEVELOPMENT_PATH)).toHaveLength(1)
  })

  it('lists the 3 unit pages of every development, the fixed one included', () => {
    for (const { slug } of catalogue.developments) {
      const units = paths.filter((p) => p.startsWith(`/${slug}/`))
      expect(units.sort()).toEqual([`/${slug}/casas`, `/${slug}/departamentos`, `/${slug}/terrenos`])
    }
  })

  it('has exactly those paths and nothing else', () => {
    const { blog, properties, products, developments } = catalogue
    const expected = STATIC.length + ZONES.length + 1 + blog.length + properties.length + products.length + otherDevelopments.length + 3 * developments.length
    expect(paths).toHaveLength(expected)
  })

  it('every path resolves "ok" to the screen of its kind', () => {
    const kindOf = (path: string): ScreenId | undefined => {
      const fixed = [...STATIC, ...ZONES].find(([p]) => p === path)
      if (fixed) return fixed[1]
      if (path.startsWith('/blog/')) return 'post'
      if (path.startsWith('/propiedad/')) return 'property'
      if (path.split('/').length === 3) return 'units'
      if (known.products.has(path.slice(1))) return 'product'
      if (known.developments.has(path.slice(1))) return 'development'
      return undefined
    }
    for (const path of paths) {
      const resolution = resolveRoute(path, known)
      expect(resolution, path).toMatchObject({ status: 'ok', path })
      if (resolution.status === 'ok') expect(resolution.screen, path).toBe(kindOf(path))
    }
  })

  it('with no known slugs lists only the static routes, which all resolve', () => {
    const bare = allPaths(emptyKnown)
    expect(bare.sort()).toEqual(STATIC.map(([p]) => p).sort())
    for (const path of bare) expect(resolveRoute(path, emptyKnown).status).toBe('ok')
  })

  // BUG: a slug that is both a product and a development is listed twice (once as the product,
  // once as the development), although resolveRoute shows only the product for it.
  it('lists a slug that is both a product and a development only once', () => {
    const colliding: KnownSlugs = { ...emptyKnown, products: new Set(['casas-cancun']), developments: new Set(['casas-cancun']) }
    const list = allPaths(colliding)
    expect(list.filter((p) => p === '/casas-cancun')).toHaveLength(1)
  })
})

describe('routingOf: a catalogue\'s slugs and paths, once per catalogue', () => {
  it('answers the same computation for the same catalogue, and a new one for a changed copy', () => {
    const routing = routingOf(catalogue)
    expect(routing.paths).toEqual(allPaths(knownSlugsOf(catalogue)))
    // The renderer's pages and its manifest of one version share it (docs/live-site.md).
    expect(routingOf(catalogue)).toBe(routing)
    const fewer = { ...catalogue, properties: catalogue.properties.slice(1) }
    expect(routingOf(fewer)).not.toBe(routing)
    expect(routingOf(fewer).paths).not.toContain(`/propiedad/${catalogue.properties[0]!.slug}`)
  })
})

describe('listingPathOf: where an archived property answers 301 (docs/live-site.md#status)', () => {
  it('is the listing page of its operation, one of the fixed listing pages', () => {
    expect([listingPathOf('venta'), listingPathOf('renta'), listingPathOf('preventa')]).toEqual(['/venta-cancun', '/renta-cancun', '/preventa-cancun'])
    for (const operation of ['venta', 'renta', 'preventa'] as const) expect(LISTING_PAGES[listingPathOf(operation) as keyof typeof LISTING_PAGES].operacion).toBe(operation)
  })
})
