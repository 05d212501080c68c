import { foldText } from '../domain/fold'
import type { Amenity, Currency, Operation, Property, PropertyType } from './model'

/** Listing sort orders; labels in labels.ts. */
export const LISTING_SORTS = ['recientes', 'precio-asc', 'precio-desc', 'm2-desc'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

export const DEFAULT_SORT: ListingSort = 'recientes'

export const DEFAULT_PAGE_SIZE = 12
/** The most listings one page (or one API answer) carries. */
export const MAX_PAGE_SIZE = 48

/**
 * A listing search, with the Spanish names the site keeps in its URL query (issue: site
 * screens) and the API accepts as they are. Minimums for rooms and parking.
 */
export interface ListingQuery {
  operacion?: Operation
  tipo?: PropertyType
  zona?: string
  desarrollo?: string
  precio_min?: number
  precio_max?: number
  /** Currency of precio_min/precio_max; MXN when absent. */
  moneda?: Currency
  recamaras?: number
  banos?: number
  estacionamientos?: number
  m2_min?: number
  m2_max?: number
  /** Every listed amenity must be present. */
  amenidades?: Amenity[]
  /** Free text over title, description, address, zone and development. */
  q?: string
  orden?: ListingSort
  pagina?: number
  por_pagina?: number
}

export interface ListingPage<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
  pages: number
}

/** Shorter words ("y", "a") would match nearly every listing. */
const MIN_SEARCH_WORD_LENGTH = 2
/** A query's free text adds at most this many conditions. */
const MAX_SEARCH_WORDS = 8

/**
 * The words of a free-text search, as matched: folded, split at anything but letters and digits,
 * each at least two characters, at most eight, no repeats. A listing matches when its search text
 * contains every word.
 */
export function searchWords(q: string | undefined): string[] {
  const words = foldText(q ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_SEARCH_WORD_LENGTH)
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS)
}

/** The text a listing's free-text search looks in: title, description, address, zone and development names, folded. */
export function listingSearchText(property: Property, zoneName: string | undefined, developmentName: string | undefined): string {
  return foldText([property.title, property.description, property.address, zoneName, developmentName].filter(Boolean).join(' '))
}

export interface ListingPaging {
  page: number
  pageSize: number
  /** How many listings come before the page. */
  offset: number
}

/** The page a query asks for: 12 a page by default, at most 48, pages from 1; anything else is brought into range. */
export function listingPaging(query: Pick<ListingQuery, 'pagina' | 'por_pagina'>): ListingPaging {
  const whole = (n: number | undefined, fallback: number) => (n !== undefined && Number.isFinite(n) ? Math.floor(n) : fallback)
  const pageSize = Math.min(Math.max(1, whole(query.por_pagina, DEFAULT_PAGE_SIZE)), MAX_PAGE_SIZE)
  const page = Math.max(1, whole(query.pagina, 1))
  return { page, pageSize, offset: (page - 1) * pageSize }
}

export function listingPage<T>(items: T[], total: number, paging: Pick<ListingPaging, 'page' | 'pageSize'>): ListingPage<T> {
  return { items, total, page: paging.page, pageSize: paging.pageSize, pages: Math.max(1, Math.ceil(total / paging.pageSize)) }
}
