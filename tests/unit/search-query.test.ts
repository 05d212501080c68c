import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import searchPage from '../../src/site/screens/search/page'
import { searchPlaces } from '../../src/site/search/options'
import { hasFilters, parseSearchQuery, searchHref, serializeSearchQuery, wideningSuggestions } from '../../src/site/search/query'
import { pageWindow } from '../../src/site/search/Results'
import { readAgency } from '../support/catalogue'

const catalogue = JSON.parse(readFileSync('content/catalogue.json', 'utf8')) as Catalogue
/** What the search page offers: the catalogue's zones and developments. */
const places = searchPlaces(catalogue)
const parse = (qs: string) => parseSearchQuery(new URLSearchParams(qs), places)
const canonical = (qs: string) => serializeSearchQuery(parse(qs))

describe('parseSearchQuery', () => {
  it('reads every filter with its Spanish name', () => {
    expect(
      parse(
        'operacion=renta&tipo=departamento&zona=huayacan&desarrollo=torre-nativa-centro&precio_min=10000&precio_max=30000&moneda=USD' +
          '&recamaras=2&banos=1.5&estacionamientos=1&m2_min=60&m2_max=120&amenidades=alberca,gimnasio&q=vista%20al%20mar&orden=precio-asc&pagina=3',
      ),
    ).toEqual({
      operacion: 'renta',
      tipo: 'departamento',
      zona: 'huayacan',
      desarrollo: 'torre-nativa-centro',
      precio_min: 10000,
      precio_max: 30000,
      moneda: 'USD',
      recamaras: 2,
      banos: 1.5,
      estacionamientos: 1,
      m2_min: 60,
      m2_max: 120,
      amenidades: ['alberca', 'gimnasio'],
      q: 'vista al mar',
      orden: 'precio-asc',
      pagina: 3,
    })
  })

  it('drops unknown keys, unknown values and invalid numbers', () => {
    expect(parse('operacion=alquiler&tipo=castillo&zona=marte&desarrollo=no-existe&orden=azar&moneda=EUR&foo=bar')).toEqual({})
    expect(parse('recamaras=-1&banos=abc&estacionamientos=1e3&m2_min=&precio_max=%20&pagina=0')).toEqual({})
    expect(parse('recamaras=99&precio_max=1e11&pagina=1001&m2_max=20000000')).toEqual({})
    expect(parse('pagina=2.5')).toEqual({})
    expect(parse('pagina=-2')).toEqual({})
  })

  it('keeps numbers ≥ 0 and omits minimums of zero and page 1', () => {
    expect(parse('precio_max=0&recamaras=0&precio_min=0&pagina=1')).toEqual({ precio_max: 0 })
    expect(parse('pagina=2')).toEqual({ pagina: 2 })
  })

  it('swaps a minimum above its maximum instead of asking the API for the impossible', () => {
    expect(parse('precio_min=5000000&precio_max=1000000')).toEqual({ precio_min: 1000000, precio_max: 5000000 })
    expect(parse('m2_min=300&m2_max=100')).toEqual({ m2_min: 100, m2_max: 300 })
  })

  it('reads amenidades as a comma list or repeated keys, keeps known ones, once each', () => {
    expect(parse('amenidades=gimnasio,alberca,jacuzzi,alberca').amenidades).toEqual(['alberca', 'gimnasio'])
    expect(parse('amenidades=alberca&amenidades=vista-al-mar').amenidades).toEqual(['alberca', 'vista-al-mar'])
    expect(parse('amenidades=,,')).toEqual({})
  })

  it('keeps moneda only with a price limit, and MXN never', () => {
    expect(parse('moneda=USD')).toEqual({})
    expect(parse('moneda=MXN&precio_max=100')).toEqual({ precio_max: 100 })
    expect(parse('moneda=USD&precio_max=100')).toEqual({ precio_max: 100, moneda: 'USD' })
  })

  it('trims free text, collapses blanks, caps it at 200 characters and accepts "+" for spaces (GET forms)', () => {
    expect(parse('q=%20%20casa%20%20con%20alberca%20')).toEqual({ q: 'casa con alberca' })
    expect(parse('q=casa+con+alberca')).toEqual({ q: 'casa con alberca' })
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(200)
    expect(parse('q=%20%20')).toEqual({})
  })

  it('omits the default sort, and the last non-empty value of a repeated key wins', () => {
    expect(parse('orden=recientes')).toEqual({})
    expect(parse('zona=centro&zona=huayacan&zona=')).toEqual({ zona: 'huayacan' })
  })

  it('accepts a plain string too', () => {
    expect(parseSearchQuery('?operacion=venta', places)).toEqual({ operacion: 'venta' })
  })
})

describe('serializeSearchQuery', () => {
  it('writes a stable key order whatever the input order', () => {
    expect(canonical('pagina=2&q=casa&zona=centro&operacion=venta&amenidades=jardin,alberca&recamaras=3')).toBe(
      'operacion=venta&zona=centro&recamaras=3&amenidades=alberca,jardin&q=casa&pagina=2',
    )
    expect(serializeSearchQuery({ pagina: 2, operacion: 'venta' })).toBe(serializeSearchQuery({ operacion: 'venta', pagina: 2 }))
  })

  it('omits defaults and invalid values', () => {
    expect(serializeSearchQuery({})).toBe('')
    expect(serializeSearchQuery({ orden: 'recientes', pagina: 1, moneda: 'MXN', recamaras: 0 })).toBe('')
    expect(serializeSearchQuery({ recamaras: -2, zona: 'Zona Marte', desarrollo: 'torre_1', q: '  ' })).toBe('')
  })

  it('percent-encodes text and round-trips through the parser', () => {
    const qs = serializeSearchQuery({ q: 'Huayacán & mar', amenidades: ['vista-al-mar', 'alberca'] })
    expect(qs).toBe('amenidades=alberca,vista-al-mar&q=Huayac%C3%A1n%20%26%20mar')
    expect(parse(qs)).toEqual({ amenidades: ['alberca', 'vista-al-mar'], q: 'Huayacán & mar' })
    const all = 'operacion=renta&tipo=casa&zona=huayacan&precio_min=1&precio_max=2&moneda=USD&recamaras=2&banos=2.5&estacionamientos=1&m2_min=3&m2_max=4&q=x&orden=m2-desc&pagina=9'
    expect(canonical(all)).toBe(all)
    expect(canonical(canonical(all))).toBe(all)
  })

  it('builds hrefs of the search page', () => {
    expect(searchHref({})).toBe('/buscar-propiedades')
    expect(searchHref({ zona: 'huayacan', pagina: 2 })).toBe('/buscar-propiedades?zona=huayacan&pagina=2')
  })

  it('tells a filtered search from a plain one', () => {
    expect(hasFilters({})).toBe(false)
    expect(hasFilters({ pagina: 3, orden: 'precio-asc' })).toBe(false)
    expect(hasFilters({ q: 'casa' })).toBe(true)
  })
})

describe('wideningSuggestions', () => {
  it('offers to drop the price, the zone, a bedroom, and everything, each on page 1', () => {
    const suggestions = wideningSuggestions({ zona: 'huayacan', precio_max: 10, moneda: 'USD', recamaras: 3, pagina: 2 })
    expect(suggestions.map((s) => [s.label, searchHref(s.query)])).toEqual([
      ['Quitar el límite de precio', '/buscar-propiedades?zona=huayacan&recamaras=3'],
      ['Buscar en todas las zonas', '/buscar-propiedades?precio_max=10&moneda=USD&recamaras=3'],
      ['Menos recámaras (2 o más)', '/buscar-propiedades?zona=huayacan&precio_max=10&moneda=USD&recamaras=2'],
      ['Borrar todos los filtros', '/buscar-propiedades'],
    ])
  })

  it('drops the bedroom minimum from 1, and always offers to clear everything', () => {
    expect(wideningSuggestions({ recamaras: 1 })[0]).toEqual({ label: 'Sin mínimo de recámaras', query: {} })
    expect(wideningSuggestions({}).map((s) => s.label)).toEqual(['Borrar todos los filtros'])
  })
})

describe('pageWindow', () => {
  it('lists every page up to 7, else the ends and the neighbours with gaps', () => {
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4])
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10])
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10])
  })
})

describe('search options', () => {
  it('offer exactly the zones and developments of the catalogue, with their names, in the search page\'s payload', () => {
    const pairs = (list: readonly { slug?: string; value?: string; name?: string; label?: string }[]) =>
      list.map((o) => [o.slug ?? o.value, o.name ?? o.label]).sort()
    const { places: offered } = searchPage({ agency: readAgency(), catalogue, path: '/buscar-propiedades', params: {} }).data
    expect(pairs(offered.zones)).toEqual(pairs(catalogue.zones))
    expect(pairs(offered.developments)).toEqual(pairs(catalogue.developments))
  })

  it('follow the catalogue: a zone it gains can be searched, one it loses cannot', () => {
    const grown = searchPlaces({ ...catalogue, zones: [...catalogue.zones, { ...catalogue.zones[0]!, slug: 'isla-mujeres', name: 'Isla Mujeres' }] })
    expect(parseSearchQuery('zona=isla-mujeres', grown)).toEqual({ zona: 'isla-mujeres' })
    expect(parseSearchQuery('zona=isla-mujeres', places)).toEqual({})
    expect(parseSearchQuery('zona=huayacan', searchPlaces({ zones: [], developments: [] }))).toEqual({})
  })
})
