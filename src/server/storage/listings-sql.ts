import { EXCHANGE_RATE_MXN_PER_USD } from '../../catalogue/format'
import { DEFAULT_PAGE_SIZE, foldText, MAX_PAGE_SIZE, type ListingQuery, type ListingSort } from '../../catalogue/listing-query'

/** A parameterised SQL fragment: every value travels as a parameter, never inside the text. */
export interface ListingSql {
  where: string
  params: unknown[]
  orderBy: string
  limit: number
  offset: number
  page: number
}

const ORDER_BY: Record<ListingSort, string> = {
  recientes: 'featured DESC, created_at DESC, id',
  'precio-asc': 'price_mxn ASC, id',
  'precio-desc': 'price_mxn DESC, id',
  'm2-desc': 'COALESCE(construction_m2, lot_m2, 0) DESC, id',
}

/** Amount in MXN for comparing prices across currencies. */
export function toMxn(amount: number, currency: 'MXN' | 'USD' = 'MXN'): number {
  return Math.round(currency === 'USD' ? amount * EXCHANGE_RATE_MXN_PER_USD : amount)
}

/** Turn a validated listing query into the WHERE/ORDER/LIMIT of the properties search. Pure. */
export function listingSql(query: ListingQuery): ListingSql {
  const conditions: string[] = []
  const params: unknown[] = []
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    conditions.push(sql(`$${params.length}`))
  }
  if (query.operacion) add((p) => `operation = ${p}`, query.operacion)
  if (query.tipo) add((p) => `type = ${p}`, query.tipo)
  if (query.zona) add((p) => `zone = ${p}`, query.zona)
  if (query.desarrollo) add((p) => `development = ${p}`, query.desarrollo)
  if (query.precio_min !== undefined) add((p) => `price_mxn >= ${p}`, toMxn(query.precio_min, query.moneda))
  if (query.precio_max !== undefined) add((p) => `price_mxn <= ${p}`, toMxn(query.precio_max, query.moneda))
  if (query.recamaras !== undefined) add((p) => `bedrooms >= ${p}`, query.recamaras)
  if (query.banos !== undefined) add((p) => `bathrooms >= ${p}`, query.banos)
  if (query.estacionamientos !== undefined) add((p) => `parking >= ${p}`, query.estacionamientos)
  if (query.m2_min !== undefined) add((p) => `COALESCE(construction_m2, lot_m2) >= ${p}`, query.m2_min)
  if (query.m2_max !== undefined) add((p) => `COALESCE(construction_m2, lot_m2) <= ${p}`, query.m2_max)
  if (query.amenidades?.length) add((p) => `amenities @> ${p}::text[]`, query.amenidades)
  // Words of letters and digits only, so LIKE wildcards (% _) never reach the pattern.
  for (const word of foldText(query.q ?? '').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1).slice(0, 8)) {
    add((p) => `search_text LIKE ${p}`, `%${word}%`)
  }
  const pageSize = Math.min(query.por_pagina ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
  const page = Math.max(1, query.pagina ?? 1)
  return {
    where: conditions.length ? conditions.join(' AND ') : 'TRUE',
    params,
    orderBy: ORDER_BY[query.orden ?? 'recientes'],
    limit: pageSize,
    offset: (page - 1) * pageSize,
    page,
  }
}
