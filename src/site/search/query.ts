/**
 * The search of /buscar-propiedades in its URL query (Spanish names, see ListingQuery). Pure:
 * `parseSearchQuery` turns any URLSearchParams into a valid query (unknown or invalid values are
 * dropped), `serializeSearchQuery` writes the canonical query string back (stable key order,
 * defaults omitted), so a shared URL reproduces the search and equal searches have equal URLs.
 */
import { LISTING_SORTS, type ListingQuery, type ListingSort } from '../../catalogue/listing-query'
import { AMENITIES, CURRENCIES, OPERATIONS, PROPERTY_TYPES, type Amenity, type Currency, type Operation, type PropertyType } from '../../catalogue/model'
import { SLUG_PATTERN } from '../../catalogue/slug'
import type { SearchPlaces } from './options'

/** The query the search screen keeps in its URL (no page size: the screen chooses it). */
export type SearchQuery = Omit<ListingQuery, 'por_pagina'>

/** Canonical key order of the query string. */
export const SEARCH_KEYS = [
  'operacion', 'tipo', 'zona', 'desarrollo', 'precio_min', 'precio_max', 'moneda', 'recamaras', 'banos',
  'estacionamientos', 'm2_min', 'm2_max', 'amenidades', 'q', 'orden', 'pagina',
] as const satisfies readonly (keyof SearchQuery)[]

/** Upper bounds the business API accepts (larger values would be answered with a 400). */
const LIMITS = { precio: 1e10, rooms: 20, m2: 1e7, pagina: 1000, q: 200 }


const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined

/** A plain non-negative decimal ("3", "2.5", " 1500000 "); no signs, exponents or blanks. */
function number(value: string | undefined, max: number): number | undefined {
  const text = value?.trim()
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return undefined
  const n = Number(text)
  return Number.isFinite(n) && n <= max ? n : undefined
}

/**
 * Parse the URL query of the search into a valid query; anything unknown or invalid is dropped:
 * a zone or development must be one of `places`.
 */
export function parseSearchQuery(params: URLSearchParams | string, places: SearchPlaces): SearchQuery {
  return parse(params, places)
}

/** A zone or development: one of those offered, or without an offer (named in code) any slug. */
function place(offered: readonly { value: string }[] | undefined, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  return (offered ? offered.some((o) => o.value === value) : SLUG_PATTERN.test(value)) ? value : undefined
}

function parse(params: URLSearchParams | string, places: SearchPlaces | null): SearchQuery {
  const p = typeof params === 'string' ? new URLSearchParams(params) : params
  // The last non-empty value wins for single-valued keys (forms and hand-edited URLs may repeat them).
  const get = (key: string): string | undefined => p.getAll(key).filter((v) => v.trim() !== '').pop()?.trim()
  const query: SearchQuery = {}

  const operacion = oneOf<Operation>(OPERATIONS, get('operacion'))
  if (operacion) query.operacion = operacion
  const tipo = oneOf<PropertyType>(PROPERTY_TYPES, get('tipo'))
  if (tipo) query.tipo = tipo
  const zona = place(places?.zones, get('zona'))
  if (zona) query.zona = zona
  const desarrollo = place(places?.developments, get('desarrollo'))
  if (desarrollo) query.desarrollo = desarrollo

  let precioMin = number(get('precio_min'), LIMITS.precio)
  let precioMax = number(get('precio_max'), LIMITS.precio)
  if (precioMin !== undefined && precioMax !== undefined && precioMin > precioMax) [precioMin, precioMax] = [precioMax, precioMin]
  if (precioMin) query.precio_min = precioMin
  if (precioMax !== undefined) query.precio_max = precioMax
  const moneda = oneOf<Currency>(CURRENCIES, get('moneda'))
  // The currency only means something with a price limit; MXN is the default.
  if (moneda === 'USD' && (query.precio_min !== undefined || query.precio_max !== undefined)) query.moneda = moneda

  for (const key of ['recamaras', 'banos', 'estacionamientos'] as const) {
    const n = number(get(key), LIMITS.rooms)
    if (n) query[key] = n
  }
  let m2Min = number(get('m2_min'), LIMITS.m2)
  let m2Max = number(get('m2_max'), LIMITS.m2)
  if (m2Min !== undefined && m2Max !== undefined && m2Min > m2Max) [m2Min, m2Max] = [m2Max, m2Min]
  if (m2Min) query.m2_min = m2Min
  if (m2Max !== undefined) query.m2_max = m2Max

  // Comma lists and repeated keys (checkboxes) both work; order and duplicates do not matter.
  const wanted = new Set(p.getAll('amenidades').flatMap((v) => v.split(',')).map((v) => v.trim()))
  const amenidades = AMENITIES.filter((a) => wanted.has(a))
  if (amenidades.length) query.amenidades = amenidades

  const q = get('q')?.replace(/\s+/g, ' ').slice(0, LIMITS.q).trim()
  if (q) query.q = q
  const orden = oneOf<ListingSort>(LISTING_SORTS, get('orden'))
  if (orden && orden !== 'recientes') query.orden = orden
  const pagina = get('pagina')
  if (pagina && /^\d+$/.test(pagina)) {
    const n = Number(pagina)
    if (n > 1 && n <= LIMITS.pagina) query.pagina = n
  }
  return query
}

function serializeRaw(query: SearchQuery): string {
  const parts: string[] = []
  for (const key of SEARCH_KEYS) {
    const value = query[key]
    if (value === undefined || value === null || value === '') continue
    const text = Array.isArray(value) ? value.join(',') : String(value)
    if (!text) continue
    // Commas stay readable in amenidades; everything else is percent-encoded.
    parts.push(`${key}=${encodeURIComponent(text).replace(/%2C/gi, ',')}`)
  }
  return parts.join('&')
}

/** The canonical query string (without "?"): stable key order, defaults and invalid values omitted. */
export function serializeSearchQuery(query: SearchQuery): string {
  // A query built in code names the catalogue's own zones and developments.
  return serializeRaw(parse(serializeRaw(query), null))
}

export const SEARCH_PATH = '/buscar-propiedades'

/** "/buscar-propiedades?zona=huayacan" (or the bare path for an empty search). */
export function searchHref(query: SearchQuery): string {
  const qs = serializeSearchQuery(query)
  return qs ? `${SEARCH_PATH}?${qs}` : SEARCH_PATH
}

/** Whether the query filters anything (page and sort aside). */
export function hasFilters(query: SearchQuery): boolean {
  return Object.keys(query).some((k) => k !== 'pagina' && k !== 'orden')
}

export interface Widening {
  label: string
  query: SearchQuery
}

/** One-click ways to widen a search that found nothing (each back on page 1), most useful first. */
export function wideningSuggestions(query: SearchQuery): Widening[] {
  const { pagina: _page, ...base } = query
  const out: Widening[] = []
  const without = (...keys: (keyof typeof base)[]) => {
    const next = { ...base }
    for (const key of keys) delete next[key]
    return next
  }
  if (base.precio_min !== undefined || base.precio_max !== undefined) out.push({ label: 'Quitar el límite de precio', query: without('precio_min', 'precio_max', 'moneda') })
  if (base.zona) out.push({ label: 'Buscar en todas las zonas', query: without('zona') })
  if (base.desarrollo) out.push({ label: 'Buscar en todos los desarrollos', query: without('desarrollo') })
  if (base.recamaras) {
    const fewer = Math.ceil(base.recamaras) - 1
    out.push({ label: fewer >= 1 ? `Menos recámaras (${fewer} o más)` : 'Sin mínimo de recámaras', query: fewer >= 1 ? { ...base, recamaras: fewer } : without('recamaras') })
  }
  if (base.banos || base.estacionamientos) out.push({ label: 'Sin mínimo de baños ni estacionamientos', query: without('banos', 'estacionamientos') })
  if (base.m2_min !== undefined || base.m2_max !== undefined) out.push({ label: 'Quitar el límite de metros cuadrados', query: without('m2_min', 'm2_max') })
  if (base.amenidades?.length) out.push({ label: 'Quitar las amenidades', query: without('amenidades') })
  if (base.tipo) out.push({ label: 'Cualquier tipo de propiedad', query: without('tipo') })
  if (base.q) out.push({ label: `Quitar el texto «${base.q}»`, query: without('q') })
  out.push({ label: 'Borrar todos los filtros', query: {} })
  return out
}
