import { describe, expect, it } from 'vitest'
import { createListingIndex } from '../../src/catalogue/listing-index'
import { LISTING_SORTS, type ListingPage, type ListingQuery } from '../../src/catalogue/listing-query'
import { AMENITIES, OPERATIONS, PROPERTY_TYPES, type Amenity, type Property } from '../../src/catalogue/model'
import propertyPage from '../../src/site/screens/property/page'
import { readAgency, readCatalogue as catalogue } from '../support/catalogue'
import { sharedStorage, STORAGES } from './databases'

/**
 * The one meaning of a listing search, checked: the storage's SQL search and the in-memory index
 * (both derived from catalogue/listing-criteria.ts) give the same listings, in the same order,
 * with the same totals and pages, for many queries on every storage(). And the similar properties
 * of every property page are the ones the storage (and so the API) gives.
 */
const demo = catalogue()
const index = createListingIndex(demo)

/** A deterministic pseudo-random sequence (mulberry32), so a failure names a query that fails again. */
function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!
  return { chance: (p: number) => next() < p, pick }
}

const values = <T>(read: (p: Property) => T | null) => [...new Set(demo.properties.map(read).filter((v): v is T => v !== null))]
const PRICES_MXN = values((p) => (p.price.currency === 'MXN' ? p.price.amount : null))
const PRICES_USD = values((p) => (p.price.currency === 'USD' ? p.price.amount : null))
const AREAS = values((p) => p.constructionM2 ?? p.lotM2)
const WORDS = ['Huayacán', 'huayacan', 'CANCÚN', 'baño', 'vista al mar', 'Puerto Cancún alberca', 'recámaras terraza', 'zona hotelera', 'Suiko', 'a y de', 'penthouse', 'niño!', 'sm 320', '%_', 'x']

/** Queries that pin one rule each: boundaries, NULL areas, currencies, words with accents, pages past the end. */
const PINNED: ListingQuery[] = [
  {},
  { orden: 'precio-asc', por_pagina: 48 },
  { orden: 'precio-desc', por_pagina: 48, pagina: 2 },
  { orden: 'm2-desc', por_pagina: 48 },
  { orden: 'm2-desc', tipo: 'terreno' },
  { pagina: 99 },
  { por_pagina: 5, pagina: 3 },
  { precio_min: PRICES_MXN[0], precio_max: PRICES_MXN[0] },
  { precio_min: PRICES_USD[0], precio_max: PRICES_USD[0], moneda: 'USD' },
  { precio_max: 300_000, moneda: 'USD', orden: 'precio-desc' },
  { precio_min: 20_000, precio_max: 60_000, operacion: 'renta' },
  { banos: 2.5 },
  { banos: 3, recamaras: 3, estacionamientos: 2 },
  { m2_min: 92.5 },
  { m2_max: 100, orden: 'm2-desc' },
  { m2_min: 0 },
  // As the chat agent asks: «casa en venta de 150 a 250 m²», «terreno de al menos 1,000 m²».
  { operacion: 'venta', tipo: 'casa', m2_min: 150, m2_max: 250 },
  { tipo: 'terreno', m2_min: 1000, orden: 'precio-asc' },
  { amenidades: ['alberca', 'gimnasio'] },
  { amenidades: ['vista-al-mar'], orden: 'precio-asc' },
  { q: 'Huayacán' },
  { q: 'HUAYACAN casa' },
  { q: 'baños' },
  { q: 'vista al mar', operacion: 'renta' },
  { q: 'Costa Marina' },
  // A word begins a word: «renta» and «venta» are not found inside «preventa»; «depa» begins «departamento».
  { q: 'renta' },
  { q: 'venta' },
  { q: 'depa en renta zona hotelera' },
  { q: 'm2' },
  { q: 'no-existe-nada' },
  { q: '%' },
  { zona: 'no-existe' },
  { desarrollo: 'residencial-cumbres-suiko', orden: 'precio-asc' },
  { desarrollo: 'residencial-cumbres-suiko', tipo: 'casa' },
]

function generated(count: number, seed: number): ListingQuery[] {
  const { chance, pick } = random(seed)
  const queries: ListingQuery[] = []
  for (let i = 0; i < count; i++) {
    const q: ListingQuery = {}
    if (chance(0.5)) q.operacion = pick(OPERATIONS)
    if (chance(0.4)) q.tipo = pick(PROPERTY_TYPES)
    if (chance(0.35)) q.zona = pick(demo.zones).slug
    if (chance(0.12)) q.desarrollo = pick(demo.developments).slug
    if (chance(0.3)) q.moneda = pick(['MXN', 'USD'] as const)
    const prices = q.moneda === 'USD' ? PRICES_USD : PRICES_MXN
    if (chance(0.3)) q.precio_min = pick(prices)
    if (chance(0.3)) q.precio_max = Math.max(q.precio_min ?? 0, pick(prices))
    if (chance(0.25)) q.recamaras = pick([0, 1, 2, 3, 4])
    if (chance(0.25)) q.banos = pick([1, 1.5, 2, 2.5, 3, 3.5])
    if (chance(0.2)) q.estacionamientos = pick([0, 1, 2, 3])
    if (chance(0.2)) q.m2_min = pick(AREAS)
    if (chance(0.2)) q.m2_max = Math.max(q.m2_min ?? 0, pick(AREAS))
    if (chance(0.25)) q.amenidades = [...new Set([pick(AMENITIES), ...(chance(0.5) ? [pick<Amenity>(['alberca', 'seguridad-24h', 'terraza'])] : [])])]
    if (chance(0.3)) q.q = pick(WORDS)
    if (chance(0.8)) q.orden = pick(LISTING_SORTS)
    if (chance(0.5)) q.por_pagina = pick([1, 3, 5, 12, 48])
    if (chance(0.4)) q.pagina = pick([1, 2, 3, 5])
    queries.push(q)
  }
  return queries
}

const QUERIES = [...PINNED, ...generated(250, 20_261_121)]
const bySlugs = (page: ListingPage<Property>) => ({ ...page, items: page.items.map((p) => p.slug) })

describe.each(STORAGES)('one listing search: $name', ({ open }) => {
  const storage = sharedStorage(open)

  it(`gives the same listings, order, totals and pages in SQL and in memory for ${QUERIES.length} queries`, async () => {
    let nonEmpty = 0
    let paged = 0
    for (const query of QUERIES) {
      const sql = bySlugs(await storage().catalogue.searchProperties(query))
      const memory = bySlugs(index.search(query))
      expect(memory, JSON.stringify(query)).toEqual(sql)
      if (sql.items.length > 0) nonEmpty++
      if (sql.total > sql.pageSize) paged++
    }
    // The queries are worth comparing: many find something, and many span several pages.
    expect(nonEmpty).toBeGreaterThan(QUERIES.length / 3)
    expect(paged).toBeGreaterThan(QUERIES.length / 10)
  })

  it('shows on every property page the similar properties the storage gives', async () => {
    for (const property of demo.properties) {
      const path = `/propiedad/${property.slug}`
      const page = propertyPage({ catalogue: demo, agency: readAgency(), params: { slug: property.slug }, path }).data.similar.map((p) => p.slug)
      const stored = (await storage().catalogue.similarProperties(property)).map((p) => p.slug)
      expect(page, property.slug).toEqual(stored)
    }
  })
})
