import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { startsAWord } from '../../src/catalogue/listing-criteria'
import { createListingIndex } from '../../src/catalogue/listing-index'
import type { Catalogue, Property } from '../../src/catalogue/model'
import { similarProperties } from '../../src/catalogue/similar'

const demo = JSON.parse(readFileSync(new URL('../../content/catalogue.json', import.meta.url), 'utf8')) as Catalogue
const base = demo.properties[0]!

/** A listing of the demo's shape with only what a test cares about changed. */
const listing = (id: string, changes: Partial<Property>): Property => ({
  ...base,
  id,
  slug: id,
  title: `Listado ${id}`,
  description: 'Sin detalles.',
  address: 'Cancún',
  development: null,
  featured: false,
  status: 'disponible',
  ...changes,
})
const slugs = (items: Property[]) => items.map((p) => p.slug)

describe('listing index', () => {
  const properties = [
    listing('p1', { constructionM2: null, lotM2: null, createdAt: '2026-01-01T00:00:00Z', price: { amount: 1_000_000, currency: 'MXN' } }),
    listing('p2', { constructionM2: 80, lotM2: 200, createdAt: '2026-03-01T00:00:00Z', price: { amount: 100_000, currency: 'USD' } }),
    listing('p3', { constructionM2: null, lotM2: 150, createdAt: '2026-02-01T00:00:00Z', featured: true, price: { amount: 1_850_000, currency: 'MXN' } }),
    listing('p4', { title: 'Casa junto al Baño de Mar', constructionM2: 168, lotM2: 160, development: 'residencial-cumbres-suiko', createdAt: '2026-02-01T00:00:00Z', price: { amount: 1_850_000, currency: 'MXN' } }),
  ]
  const index = createListingIndex({ properties, zones: demo.zones, developments: demo.developments })

  it('sorts featured first, then newest, then by id', () => {
    expect(slugs(index.search({}).items)).toEqual(['p3', 'p2', 'p4', 'p1'])
  })

  it('compares prices in pesos, whatever the currency, with ties broken by id', () => {
    expect(slugs(index.search({ orden: 'precio-asc' }).items)).toEqual(['p1', 'p2', 'p3', 'p4'])
    expect(slugs(index.search({ orden: 'precio-desc' }).items)).toEqual(['p2', 'p3', 'p4', 'p1'])
    expect(slugs(index.search({ precio_min: 100_000, precio_max: 100_000, moneda: 'USD' }).items)).toEqual(['p3', 'p2', 'p4'])
  })

  it('reads the area as construction, else lot; a listing with neither meets no area bound and sorts last', () => {
    expect(slugs(index.search({ m2_min: 0 }).items)).toEqual(['p3', 'p2', 'p4'])
    expect(slugs(index.search({ m2_max: 150 }).items)).toEqual(['p3', 'p2'])
    expect(slugs(index.search({ orden: 'm2-desc' }).items)).toEqual(['p4', 'p3', 'p2', 'p1'])
  })

  it('finds every folded word in the title, description, address, zone and development names', () => {
    expect(slugs(index.search({ q: 'BAÑO mar' }).items)).toEqual(['p4'])
    expect(slugs(index.search({ q: 'cumbres suiko' }).items)).toEqual(['p4'])
    expect(slugs(index.search({ q: 'baño playa' }).items)).toEqual([])
  })

  it('matches a word at the start of a word only: «renta» is not in «preventa», «depa» is in «departamento»', () => {
    const words = createListingIndex({
      properties: [
        listing('pre', { title: 'Departamento en preventa', description: 'Entrega en 2027.' }),
        listing('rent', { title: 'Casa en renta', description: 'Amueblada, (renta) mensual.' }),
      ],
      zones: demo.zones,
      developments: demo.developments,
    })
    expect(slugs(words.search({ q: 'renta' }).items)).toEqual(['rent'])
    expect(slugs(words.search({ q: 'venta' }).items)).toEqual([])
    expect(slugs(words.search({ q: 'depa' }).items)).toEqual(['pre'])
    expect(slugs(words.search({ q: 'amueblada mensual' }).items)).toEqual(['rent'])
    expect(startsAWord('casa (renta)', 'renta')).toBe(true)
    expect(startsAWord('preventa y renta', 'renta')).toBe(true)
    expect(startsAWord('preventa', 'renta')).toBe(false)
  })

  it('pages with the total of every match', () => {
    expect(index.search({ por_pagina: 3, pagina: 2 })).toEqual({ items: [properties[0]], total: 4, page: 2, pageSize: 3, pages: 2 })
    expect(index.search({ pagina: 9 })).toMatchObject({ items: [], total: 4, page: 9, pages: 1 })
  })
})

describe('similar properties', () => {
  const mine = listing('m', { operation: 'venta', type: 'casa', zone: 'huayacan', price: { amount: 3_000_000, currency: 'MXN' } })
  const others = [
    listing('far-same-zone', { operation: 'venta', type: 'casa', zone: 'huayacan', price: { amount: 9_000_000, currency: 'MXN' } }),
    listing('near-other-zone', { operation: 'venta', type: 'casa', zone: 'centro', price: { amount: 3_100_000, currency: 'MXN' } }),
    listing('near-same-zone-usd', { operation: 'venta', type: 'casa', zone: 'huayacan', price: { amount: 170_000, currency: 'USD' } }),
    listing('b-tie', { operation: 'venta', type: 'casa', zone: 'centro', price: { amount: 2_900_000, currency: 'MXN' } }),
    listing('a-tie', { operation: 'venta', type: 'casa', zone: 'centro', price: { amount: 3_100_000, currency: 'MXN' } }),
    listing('sold', { operation: 'venta', type: 'casa', zone: 'huayacan', price: { amount: 3_000_000, currency: 'MXN' }, status: 'vendida' }),
    listing('rent', { operation: 'renta', type: 'casa', zone: 'huayacan', price: { amount: 3_000_000, currency: 'MXN' } }),
    listing('flat', { operation: 'venta', type: 'departamento', zone: 'huayacan', price: { amount: 3_000_000, currency: 'MXN' } }),
  ]

  it('lists available listings of the same operation and type: same zone first, then nearest in pesos, then by id; four at most', () => {
    expect(slugs(similarProperties(mine, [mine, ...others]))).toEqual(['near-same-zone-usd', 'far-same-zone', 'a-tie', 'b-tie'])
    expect(slugs(similarProperties(mine, others, 2))).toEqual(['near-same-zone-usd', 'far-same-zone'])
  })
})
