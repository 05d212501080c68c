import { listingConditions, listingOrder } from '../../catalogue/listing-criteria'
import { listingPaging, type ListingQuery } from '../../catalogue/listing-query'

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
 * Turn a validated listing query into the WHERE/ORDER/LIMIT of the properties search, from the
 * criteria and sort tables of catalogue/listing-criteria.ts (the in-memory search reads the same). Pure.
 */
export function listingSql(query: ListingQuery): ListingSql {
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const conditions = listingConditions(query).map((condition) => condition.sql(param))
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
