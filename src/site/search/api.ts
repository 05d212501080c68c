/** The search screen's one request: GET /api/properties with the canonical query (browser only). */
import { FetchError } from 'ofetch'
import type { ListingPage } from '../../catalogue/listing-query'
import type { Property } from '../../catalogue/model'
import { SERVER_PATHS } from '../../domain/site-paths'
import { siteConfig } from '../app/config'
import { toCard, type PropertyCard } from '../data/cards'
import { siteFetch } from '../data/fetch'
import { serializeSearchQuery, type SearchQuery } from './query'

/** Results per page: the payload's first page holds as many, so page 1 of an empty search is the payload. */
export const SEARCH_PAGE_SIZE = 24

export type SearchResults = Omit<ListingPage<PropertyCard>, 'pageSize'>

export class SearchError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

export async function fetchResults(query: SearchQuery, signal?: AbortSignal): Promise<SearchResults> {
  const qs = serializeSearchQuery(query)
  const url = `${SERVER_PATHS.api}/properties?${qs ? `${qs}&` : ''}por_pagina=${SEARCH_PAGE_SIZE}`
  let page: ListingPage<Property>
  try {
    page = await siteFetch<ListingPage<Property>>(url, { headers: { 'X-Api-Key': siteConfig().publicApiKey, Accept: 'application/json' }, signal })
  } catch (error) {
    if (!(error instanceof FetchError) || !error.status) throw error
    const body = error.data as { error?: { message?: string } } | undefined
    throw new SearchError(error.status, body?.error?.message ?? `HTTP ${error.status}`)
  }
  return { items: page.items.map(toCard), total: page.total, page: page.page, pages: page.pages }
}
