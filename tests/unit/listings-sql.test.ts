import { describe, expect, it } from 'vitest'
import { LISTING_CRITERIA } from '../../src/catalogue/listing-criteria'
import { LISTING_SORTS, type ListingQuery } from '../../src/catalogue/listing-query'
import { listingQuerySchema } from '../../src/server/api/schemas'
import { listingSql, PUBLIC_LISTINGS } from '../../src/server/storage/listings-sql'

/** A search word as the SQL pattern bound for it: at the start of a word. */
const wordStart = (word: string) => `(^|[^[:alnum:]])${word}`
const HOSTILE = "x'; DROP TABLE properties; --"

describe('listingSql: values travel as parameters', () => {
  const everything: ListingQuery = {
    operacion: 'venta',
    tipo: 'casa',
    zona: HOSTILE,
    desarrollo: `${HOSTILE}2`,
    precio_min: 1_234_567,
    precio_max: 7_654_321,
    recamaras: 3,
    banos: 2.5,
    estacionamientos: 2,
    m2_min: 91.25,
    m2_max: 456.75,
    amenidades: ['alberca', 'gimnasio'],
    q: `Huayacán ${HOSTILE} 100%_ñandú`,
    orden: 'precio-desc',
  }
  const sql = listingSql(everything)
  const text = `${sql.where} ORDER BY ${sql.orderBy}`

  it('never writes a value into the SQL text', () => {
    // Single digits are left out: the text has placeholders ($3) and column names (construction_m2).
    const values = sql.params.flatMap((p) => (Array.isArray(p) ? p : [p])).map(String).filter((v) => v.length > 1)
    expect(values.length).toBeGreaterThan(10)
    for (const value of values) expect(text, value).not.toContain(value)
    for (const fragment of ['DROP', "'", '--', 'huayacan', '1234567', '91.25', 'alberca']) expect(text).not.toContain(fragment)
  })

  it('numbers the placeholders $1…$n, each used once, one per parameter', () => {
    const used = [...sql.where.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))
    expect(used).toEqual(sql.params.map((_, i) => i + 1))
  })

  it('joins the conditions with AND, and matches everything without any', () => {
    expect(sql.where.split(' AND ').length).toBe(sql.params.length)
    expect(listingSql({})).toMatchObject({ where: 'TRUE', params: [] })
  })
})

describe('listingSql: each criterion', () => {
  const cases: [ListingQuery, unknown[]][] = [
    [{ operacion: 'renta' }, ['renta']],
    [{ tipo: 'terreno' }, ['terreno']],
    [{ zona: 'huayacan' }, ['huayacan']],
    [{ desarrollo: 'residencial-cumbres-suiko' }, ['residencial-cumbres-suiko']],
    [{ precio_min: 2_000_000 }, [2_000_000]],
    [{ precio_max: 30_000, moneda: 'MXN' }, [30_000]],
    // Bounds in dollars are compared in pesos (18.5 per dollar), rounded to whole pesos.
    [{ precio_min: 100_000, precio_max: 250_000.5, moneda: 'USD' }, [1_850_000, 4_625_009]],
    [{ recamaras: 2 }, [2]],
    [{ banos: 1.5 }, [1.5]],
    [{ estacionamientos: 0 }, [0]],
    [{ m2_min: 80 }, [80]],
    [{ m2_max: 120.5 }, [120.5]],
    [{ amenidades: ['alberca', 'vista-al-mar'] }, [['alberca', 'vista-al-mar']]],
    // Folded words of two letters or more, each required, no repeats.
    [{ q: 'Casa en HUAYACÁN, casa y baño' }, ['casa', 'en', 'huayacan', 'bano'].map(wordStart)],
  ]
  // What each criterion finds is asserted against the in-memory search on real databases
  // (tests/integration/listings.test.ts); here, the values it binds, whatever its SQL text.
  it.each(cases)('%j', (query, params) => {
    const sql = listingSql(query)
    expect(sql.params).toEqual(params)
    expect([...sql.where.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))).toEqual(params.map((_, i) => i + 1))
  })

  it('ignores absent and empty values', () => {
    expect(listingSql({ amenidades: [], q: '  ', zona: '' as string })).toMatchObject({ where: 'TRUE', params: [] })
    // Only punctuation or single letters: no word to look for (and no LIKE wildcard could reach the SQL).
    expect(listingSql({ q: '%_ % y a' })).toMatchObject({ where: 'TRUE', params: [] })
  })

  it('looks for at most eight words', () => {
    const sql = listingSql({ q: 'uno dos tres cuatro cinco seis siete ocho nueve diez' })
    expect(sql.params).toEqual(['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho'].map(wordStart))
  })

  it('has a criterion for every filter the API accepts', () => {
    const read = new Set(LISTING_CRITERIA.flatMap((c) => c.reads))
    const paging = ['orden', 'pagina', 'por_pagina']
    expect(Object.keys(listingQuerySchema.shape).filter((key) => !paging.includes(key)).sort()).toEqual([...read].sort())
  })
})

// The order each sort gives is asserted against the in-memory search on real databases
// (tests/integration/listings.test.ts).
describe('listingSql: sort orders', () => {
  it('ends every order with the id, so pages never overlap', () => {
    for (const orden of LISTING_SORTS) expect(listingSql({ orden }).orderBy).toMatch(/, id COLLATE "C"$/)
  })
})

describe('listingSql: pages', () => {
  it.each([
    [{}, { page: 1, limit: 12, offset: 0 }],
    [{ pagina: 3 }, { page: 3, limit: 12, offset: 24 }],
    [{ pagina: 2, por_pagina: 48 }, { page: 2, limit: 48, offset: 48 }],
    [{ por_pagina: 1000 }, { page: 1, limit: 48, offset: 0 }],
    [{ por_pagina: 0, pagina: 0 }, { page: 1, limit: 1, offset: 0 }],
    [{ por_pagina: -5, pagina: -3 }, { page: 1, limit: 1, offset: 0 }],
    [{ por_pagina: 2.9, pagina: 2.7 }, { page: 2, limit: 2, offset: 2 }],
    [{ por_pagina: Number.NaN, pagina: Number.POSITIVE_INFINITY }, { page: 1, limit: 12, offset: 0 }],
  ] as [ListingQuery, { page: number; limit: number; offset: number }][])('%j', (query, expected) => {
    const sql = listingSql(query)
    expect({ page: sql.page, limit: sql.limit, offset: sql.offset }).toEqual(expected)
    expect(Number.isInteger(sql.limit) && Number.isInteger(sql.offset)).toBe(true)
  })
})

describe('listingSql: the scope', () => {
  it('puts the publication first, as a parameter, before the query\'s own conditions', () => {
    const sql = listingSql({ operacion: 'venta' }, PUBLIC_LISTINGS)
    expect(sql.where).toBe('publication = $1 AND operation = $2')
    expect(sql.params).toEqual(['publicada', 'venta'])
    expect(listingSql({}, { publication: 'borrador' })).toMatchObject({ where: 'publication = $1', params: ['borrador'] })
  })
})
