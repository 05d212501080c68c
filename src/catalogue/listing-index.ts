/**
 * The listing search in memory, for the site's renderer (and any caller holding the catalogue):
 * the same criteria, order and pages as the storage's SQL search, both derived from
 * listing-criteria.ts. One pass over the rows per query, fine for a catalogue of a few hundred.
 * Public: only what is on the market is listed (ON_THE_MARKET), as the public SQL scope.
 */
import { listingConditions, listingOrder, listingRows, ON_THE_MARKET, type ListingCatalogue } from './listing-criteria'
import { listingPage, listingPaging, type ListingPage, type ListingQuery } from './listing-query'
import type { Property } from './model'

export interface ListingIndex {
  search(query: ListingQuery): ListingPage<Property>
}

/** The rows (price in pesos, search text) are computed once; each search filters, sorts and pages them. */
export function createListingIndex(catalogue: ListingCatalogue): ListingIndex {
  const rows = listingRows(catalogue)
  return {
    search(query) {
      const conditions = [ON_THE_MARKET, ...listingConditions(query)]
      const matching = rows.filter((row) => conditions.every((c) => c.test(row))).sort(listingOrder(query).compare)
      const paging = listingPaging(query)
      const items = matching.slice(paging.offset, paging.offset + paging.pageSize).map((row) => row.property)
      return listingPage(items, matching.length, paging)
    },
  }
}

const indexes = new WeakMap<ListingCatalogue, ListingIndex>()

/** A listing search over a catalogue, reusing its index while the catalogue object lives. */
export function filterListings(catalogue: ListingCatalogue, query: ListingQuery): ListingPage<Property> {
  let index = indexes.get(catalogue)
  if (!index) {
    index = createListingIndex(catalogue)
    indexes.set(catalogue, index)
  }
  return index.search(query)
}
