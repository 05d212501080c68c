/**
 * The «Catálogo» lists' filters (docs/console.md#catalogue): which filters each kind has, and the
 * query string the edit API reads (GET /consola/api/catalogue/{kind}?q=&status=…&page=).
 */
import type { CatalogueKind } from './catalogue-types'

export interface CatalogueFilters {
  q: string
  status: string
  operation: string
  type: string
  zone: string
  development: string
  /** '' any, 'si' featured only, 'no' not featured. */
  featured: string
  publication: string
}

export const NO_CATALOGUE_FILTERS: CatalogueFilters = { q: '', status: '', operation: '', type: '', zone: '', development: '', featured: '', publication: '' }

export type FilterName = Exclude<keyof CatalogueFilters, 'q'>

/** The filters a kind's list offers beside the text search. */
export const KIND_FILTERS: Record<CatalogueKind, readonly FilterName[]> = {
  properties: ['publication', 'status', 'operation', 'type', 'zone', 'development', 'featured'],
  developments: ['publication', 'zone'],
  posts: ['publication'],
  zones: [],
  products: [],
}

/** The API's query string: the kind's filters that are set, and the page when past the first. */
export function filterParams(filters: CatalogueFilters, page: number): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    const text = value.trim()
    if (!text) continue
    params.set(name, name === 'featured' ? String(text === 'si') : text)
  }
  if (page > 1) params.set('page', String(page))
  return params.toString()
}

/** Only the filters `kind` has: a filter left set on another tab does not narrow this one. */
export function filtersOf(kind: CatalogueKind, filters: CatalogueFilters): CatalogueFilters {
  const kept = { ...NO_CATALOGUE_FILTERS, q: filters.q }
  for (const name of KIND_FILTERS[kind]) kept[name] = filters[name]
  return kept
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
