import { listingConditions, listingOrder } from '../../catalogue/listing-criteria'
import { listingPaging, type ListingQuery } from '../../catalogue/listing-query'
import type { Publication } from '../../protocol/catalogue'

/** A parameterised SQL fragment: every value travels as a parameter, never inside the text. */
export interface ListingSql {
  where: string
  params: unknown[]
  orderBy: string
  limit: number
  offset: number
  page: number
}

/**
 * Which properties a search looks at, beyond the query: the public sees the published ones only
 * (the in-memory index of listing-index.ts is built from those alone, catalogue-repo.ts
 * listingCatalogue, so its criteria need no such test); the console lists any, or one publication.
 */
export interface ListingScope {
  publication?: Publication
}
export const PUBLIC_LISTINGS: ListingScope = { publication: 'publicada' }

/**
 * Turn a validated listing query into the WHERE/ORDER/LIMIT of the properties search, from the
 * criteria and sort tables of catalogue/listing-criteria.ts (the in-memory search reads the same),
 * within `scope` (its condition first). Pure.
 */
export function listingSql(query: ListingQuery, scope: ListingScope = {}): ListingSql {
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const conditions = [
    ...(scope.publication ? [`publication = ${param(scope.publication)}`] : []),
    ...listingConditions(query).map((condition) => condition.sql(param)),
  ]
  const { page, pageSize, offset } = listingPaging(query)
  return {
    where: conditions.length ? conditions.join(' AND ') : 'TRUE',
    params,
    orderBy: listingOrder(query).sql,
    limit: pageSize,
    offset,
    page,
  }
}
