import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LEAD_REVIEW } from '../../src/protocol/crm'
import { EXCHANGE_RATE_MXN_PER_USD } from '../../src/catalogue/format'
import type { ListingQuery } from '../../src/catalogue/listing-query'
import type { Property } from '../../src/catalogue/model'
import { MIGRATIONS, migrate } from '../../src/server/storage/migrations'
import { onTheMarket, readCatalogue } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { sharedStorage, STORAGES } from './databases'

const demo = readCatalogue()
const mxn = (p: Property) => (p.price.currency === 'USD' ? p.price.amount * EXCHANGE_RATE_MXN_PER_USD : p.price.amount)
const area = (p: Property) => p.constructionM2 ?? p.lotM2 ?? 0
const slugs = (items: Property[]) => items.map((p) => p.slug).sort()

/** An independent oracle: the same filters written plainly over the JSON. */
const expected = (filter: (p: Property) => boolean) => slugs(demo.properties.filter((p) => onTheMarket(p) && filter(p)))

describe.each(STORAGES)('storage: $name', ({ open }) => {
  const storage = sharedStorage(open)

  const search = async (query: ListingQuery) => {
    const first = await storage().catalogue.searchProperties({ ...query, por_pagina: 48 })
    const rest = first.pages > 1 ? await storage().catalogue.searchProperties({ ...query, por_pagina: 48, pagina: 2 }) : { items: [] }
    return { total: first.total, slugs: slugs([...first.items, ...rest.items]) }
  }

  it('seeds the whole catalogue once and migrations are idempotent', async () => {
    expect((await search({})).total).toBe(demo.properties.filter(onTheMarket).length)
    expect((await storage().catalogue.listingCatalogue()).properties.length).toBe(demo.properties.length)
    expect(await migrate(storage().db)).toEqual([])
    const [row] = await storage().db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
    expect(row!.n).toBe(MIGRATIONS.length)
    expect((await storage().catalogue.developments()).length).toBe(demo.developments.length)
    expect((await storage().catalogue.blogPosts(1, 48)).total).toBe(demo.blog.length)
    expect((await storage().catalogue.products()).length).toBe(demo.products.length)
    expect((await storage().catalogue.zones()).length).toBe(demo.zones.length)
  })

  it.each<[string, ListingQuery, (p: Property) => boolean]>([
    ['operation', { operacion: 'renta' }, (p) => p.operation === 'renta'],
    ['type', { tipo: 'terreno' }, (p) => p.type === 'terreno'],
    ['zone', { zona: 'huayacan' }, (p) => p.zone === 'huayacan'],
    ['development', { desarrollo: 'residencial-cumbres-suiko' }, (p) => p.development === 'residencial-cumbres-suiko'],
    ['price range in MXN', { precio_min: 3_000_000, precio_max: 6_000_000 }, (p) => mxn(p) >= 3_000_000 && mxn(p) <= 6_000_000],
    ['price range in USD', { precio_min: 300_000, moneda: 'USD' }, (p) => mxn(p) >= 300_000 * EXCHANGE_RATE_MXN_PER_USD],
    ['bedrooms at least', { recamaras: 3 }, (p) => p.bedrooms >= 3],
    ['bathrooms at least', { banos: 2.5 }, (p) => p.bathrooms >= 2.5],
    ['parking at least', { estacionamientos: 2 }, (p) => p.parking >= 2],
    ['area range', { m2_min: 100, m2_max: 250 }, (p) => area(p) >= 100 && area(p) <= 250 && (p.constructionM2 ?? p.lotM2) !== null],
    ['amenities (all of them)', { amenidades: ['alberca', 'seguridad-24h'] }, (p) => p.amenities.includes('alberca') && p.amenities.includes('seguridad-24h')],
    ['combined', { operacion: 'venta', tipo: 'casa', zona: 'huayacan', recamaras: 3 }, (p) => p.operation === 'venta' && p.type === 'casa' && p.zone === 'huayacan' && p.bedrooms >= 3],
  ])('filters by %s', async (_name, query, oracle) => {
    const want = expected(oracle)
    expect(want.length).toBeGreaterThan(0) // the demo catalogue exercises every filter
    const got = await search(query)
    expect(got.slugs).toEqual(want)
    expect(got.total).toBe(want.length)
  })

  it('matches free text without accents or case', async () => {
    const got = await search({ q: 'HUAYACÁN' })
    expect(got.total).toBeGreaterThan(0)
    const withAccent = await search({ q: 'huayacan' })
    expect(withAccent.slugs).toEqual(got.slugs)
    expect((await search({ q: 'zzzz-no-existe' })).total).toBe(0)
    // Punctuation and LIKE wildcards are not search terms.
    expect((await search({ q: '%%' })).total).toBe(demo.properties.filter(onTheMarket).length)
    expect((await search({ q: 'alberca%_' })).slugs).toEqual((await search({ q: 'alberca' })).slugs)
  })

  it('sorts by price both ways and by area, and paginates without overlap', async () => {
    const ascending = (await storage().catalogue.searchProperties({ operacion: 'venta', orden: 'precio-asc', por_pagina: 48 })).items.map(mxn)
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    const descending = (await storage().catalogue.searchProperties({ operacion: 'venta', orden: 'precio-desc', por_pagina: 48 })).items.map(mxn)
    expect(descending).toEqual([...descending].sort((a, b) => b - a))
    const areas = (await storage().catalogue.searchProperties({ orden: 'm2-desc', por_pagina: 48 })).items.map(area)
    expect(areas).toEqual([...areas].sort((a, b) => b - a))
    const page1 = await storage().catalogue.searchProperties({ por_pagina: 10, pagina: 1 })
    const page2 = await storage().catalogue.searchProperties({ por_pagina: 10, pagina: 2 })
    expect(page1.pages).toBe(Math.ceil(demo.properties.filter(onTheMarket).length / 10))
    expect(page1.items.map((p) => p.slug).filter((s) => page2.items.some((q) => q.slug === s))).toEqual([])
  })

  it('reads single items and development units by kind', async () => {
    const property = demo.properties[0]!
    expect(await storage().catalogue.propertyBySlug(property.slug)).toEqual(property)
    expect(await storage().catalogue.propertyBySlug('no-existe')).toBeNull()
    const similar = await storage().catalogue.similarProperties(property)
    expect(similar.every((p) => p.slug !== property.slug && p.operation === property.operation && p.type === property.type)).toBe(true)
    const suiko = (await storage().catalogue.development('residencial-cumbres-suiko'))!
    expect(suiko.name).toBe('Residencial Cumbres Suiko')
    for (const kind of ['casas', 'departamentos', 'terrenos'] as const) {
      const units = (await storage().catalogue.developmentUnits('residencial-cumbres-suiko', kind))!
      const type = { casas: 'casa', departamentos: 'departamento', terrenos: 'terreno' }[kind]
      expect(units.models.length).toBeGreaterThan(0)
      expect(units.models.every((m) => m.type === type)).toBe(true)
      expect(units.properties.every((p) => p.type === type && p.development === 'residencial-cumbres-suiko')).toBe(true)
    }
    expect(await storage().catalogue.developmentUnits('no-existe', 'casas')).toBeNull()
    const post = demo.blog[0]!
    expect(await storage().catalogue.blogPost(post.slug)).toEqual(post)
    const newest = (await storage().catalogue.blogPosts(1, 1)).items[0]!
    expect(newest.publishedAt).toBe([...demo.blog].map((b) => b.publishedAt).sort().at(-1))
  })

  it('keeps a bounded page-view trail per visitor, folding the oldest, and skips unchanged writes', async () => {
    const visitor = `trail-${Date.now()}`
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString()
    for (let i = 0; i < 8; i++) await storage().chat.addNavigation(visitor, `/pagina-${i}`, at(i), 5)
    await storage().chat.addNavigation(visitor, '/pagina-7', at(9), 5) // the page stored last: not stored again
    const record = await storage().chat.visitor(visitor)
    expect(record.navigation.map((n) => n.urlPath)).toEqual(['/pagina-3', '/pagina-4', '/pagina-5', '/pagina-6', '/pagina-7'])
    expect(record.navigationFolded).toBe(3)

    // xmin names the transaction that wrote the row's current version: unchanged, no new version.
    const version = async () => (await storage().db.query<{ x: string }>('SELECT xmin::text AS x FROM chat_visitors WHERE id = $1', [visitor]))[0]!.x
    await storage().chat.saveMetrics(visitor, { idClient: visitor, screenWidth: 1280 })
    await storage().chat.saveUtms(visitor, { source: 'Facebook' })
    const written = await version()
    await storage().chat.saveMetrics(visitor, { idClient: visitor, screenWidth: 1280 })
    await storage().chat.saveUtms(visitor, { source: 'Facebook' })
    expect(await version()).toBe(written)
    await storage().chat.saveUtms(visitor, { source: 'Google' })
    expect(await version()).not.toBe(written)
    expect((await storage().chat.visitor(visitor)).utms).toEqual({ source: 'Google' })
  })

  it('gives a visitor id one token: the first claim wins', async () => {
    const visitor = `token-${Date.now()}`
    expect(await storage().chat.visitorTokenHash(visitor)).toBeNull()
    expect(await storage().chat.claimVisitorToken(visitor, 'hash-a')).toBe(true)
    expect(await storage().chat.claimVisitorToken(visitor, 'hash-b')).toBe(false)
    expect(await storage().chat.visitorTokenHash(visitor)).toBe('hash-a')
  })
})

describe.each(STORAGES)('leads survive a restart: $name', ({ open }) => {
  const dir = mkdtempSync(join(tmpdir(), 'leads-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('stores a lead and reads it back after closing and reopening', { timeout: withEmbeddedStarts(2) }, async () => {
    const place = STORAGES[0]!.open === open ? join(dir, 'db') : `t_leads_${process.pid}_${Date.now()}`
    const first = await open(place)
    const lead = await first.leads.insert({
      name: 'Ana López',
      email: 'ana@example.com',
      phone: null,
      message: 'Me interesa la casa',
      source: 'propiedad',
      propertySlug: demo.properties[0]!.slug,
      attribution: { source: 'Facebook', utm_obj: { utm_campaign: 'verano', campaign: 'verano' } },
    })
    // A lead kept past a volume limit of the lead policy keeps its mark for review.
    const kept = await first.leads.insert({ name: 'Oficina', email: null, phone: '9981234567', message: '', source: 'contacto', propertySlug: null, attribution: null, review: LEAD_REVIEW })
    expect([lead.review, kept.review]).toEqual([null, LEAD_REVIEW])
    await first.close()
    const second = await open(place)
    try {
      expect(await second.leads.recent()).toEqual(expect.arrayContaining([lead, kept]))
      expect((await second.catalogue.searchProperties({})).total).toBe(demo.properties.filter(onTheMarket).length) // not seeded twice
    } finally {
      await second.close()
      await second.drop()
    }
  })
})
