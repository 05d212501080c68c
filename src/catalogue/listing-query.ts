import type { Amenity, Currency, Operation, PropertyType } from './model'

/** Listing sort orders; labels in labels.ts. */
export const LISTING_SORTS = ['recientes', 'precio-asc', 'precio-desc', 'm2-desc'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

export const DEFAULT_PAGE_SIZE = 12
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

/** Lower case without accents, how free text is matched: "Huayacán" = "huayacan", "baño" = "bano". */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
}
