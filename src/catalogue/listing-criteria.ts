/**
 * What a listing search means, written once: each criterion of a ListingQuery and each sort
 * order, as a test on a listing row in memory and as the same condition in SQL over the
 * `properties` table. The storage's SQL builder (server/storage/listings-sql.ts) and the
 * in-memory index (listing-index.ts) are both derived from these tables, and a test runs the
 * same queries through both. Pure data and functions: no I/O.
 */
import { toMxn } from './format'
import { DEFAULT_SORT, listingSearchText, searchWords, type ListingQuery, type ListingSort } from './listing-query'
import type { Catalogue, Property, PropertyStatus } from './model'

/**
 * A property as the criteria read it: what the storage keeps as columns of its `properties`
 * row beside the property itself, computed the same way for both.
 */
export interface ListingRow {
  property: Property
  /** Column price_mxn: the price in whole pesos. */
  priceMxn: number
  /** Column search_text. */
  searchText: string
  /** Column created_at, as milliseconds since the epoch. */
  createdAt: number
}

/** The catalogue parts a listing row needs: zone and development names go into the search text. */
export type ListingCatalogue = Pick<Catalogue, 'properties' | 'zones' | 'developments'>

/** The listing row of every property, in catalogue order. */
export function listingRows({ properties, zones, developments }: ListingCatalogue): ListingRow[] {
  const zoneNames = new Map(zones.map((z) => [z.slug, z.name]))
  const developmentNames = new Map(developments.map((d) => [d.slug, d.name]))
  return properties.map((property) => ({
    property,
    priceMxn: toMxn(property.price.amount, property.price.currency),
    searchText: listingSearchText(
      property,
      zoneNames.get(property.zone),
      property.development ? developmentNames.get(property.development) : undefined,
    ),
    createdAt: Date.parse(property.createdAt),
  }))
}

/** One condition a query puts on the listings, in both forms. */
export interface ListingCondition {
  test(row: ListingRow): boolean
  /** The same condition in SQL; `param` binds a value and returns its placeholder ("$3"). */
  sql(param: (value: unknown) => string): string
}

export interface ListingCriterion {
  /** The query parameters the criterion reads. */
  reads: readonly (keyof ListingQuery)[]
  /** What this query asks of it: no condition when its parameters are absent, one per word for `q`. */
  conditions(query: ListingQuery): ListingCondition[]
}

/**
 * A criterion from the values it compares (none when it does not apply), the test of one value
 * on a row, and the SQL condition given that value's placeholder. Marked free of side effects so
 * a bundle that reaches this module without searching (the site's client) leaves the table out.
 */
/* @__NO_SIDE_EFFECTS__ */
function criterion<V>(
  reads: readonly (keyof ListingQuery)[],
  values: (query: ListingQuery) => V[],
  test: (row: ListingRow, value: V) => boolean,
  sql: (placeholder: string) => string,
): ListingCriterion {
  return {
    reads,
    conditions: (query) =>
      values(query).map((value) => ({ test: (row) => test(row, value), sql: (param) => sql(param(value)) })),
  }
}

/** The value when the parameter is given ('' counts as absent, as in a URL). */
const given = <T>(value: T | undefined | null | ''): T[] => (value === undefined || value === null || value === '' ? [] : [value])

/** Floor area as both sides read it: construction, else lot; a listing with neither has none. */
const area = (p: Property): number | null => p.constructionM2 ?? p.lotM2
const AREA_SQL = 'COALESCE(construction_m2, lot_m2)'

/** A POSIX pattern's start of a word: the text's start or a character neither letter nor digit (as startsAWord). */
const WORD_START_SQL = '(^|[^[:alnum:]])'

/** Every criterion of a listing search; all the applicable ones must hold. */
export const LISTING_CRITERIA: readonly ListingCriterion[] = [
  criterion(['operacion'], (q) => given(q.operacion), (r, v) => r.property.operation === v, (p) => `operation = ${p}`),
  criterion(['tipo'], (q) => given(q.tipo), (r, v) => r.property.type === v, (p) => `type = ${p}`),
  criterion(['zona'], (q) => given(q.zona), (r, v) => r.property.zone === v, (p) => `zone = ${p}`),
  criterion(['desarrollo'], (q) => given(q.desarrollo), (r, v) => r.property.development === v, (p) => `development = ${p}`),
  // Price bounds are in the query's currency (MXN when absent), compared in pesos.
  criterion(['precio_min', 'moneda'], (q) => given(q.precio_min).map((v) => toMxn(v, q.moneda)), (r, v) => r.priceMxn >= v, (p) => `price_mxn >= ${p}`),
  criterion(['precio_max', 'moneda'], (q) => given(q.precio_max).map((v) => toMxn(v, q.moneda)), (r, v) => r.priceMxn <= v, (p) => `price_mxn <= ${p}`),
  // Rooms and parking are minimums; bathrooms count halves (2.5).
  criterion(['recamaras'], (q) => given(q.recamaras), (r, v) => r.property.bedrooms >= v, (p) => `bedrooms >= ${p}`),
  criterion(['banos'], (q) => given(q.banos), (r, v) => r.property.bathrooms >= v, (p) => `bathrooms >= ${p}`),
  criterion(['estacionamientos'], (q) => given(q.estacionamientos), (r, v) => r.property.parking >= v, (p) => `parking >= ${p}`),
  // A listing without any area never meets an area bound: NULL in SQL, NaN here, both compare false.
  criterion(['m2_min'], (q) => given(q.m2_min), (r, v) => (area(r.property) ?? NaN) >= v, (p) => `${AREA_SQL} >= ${p}`),
  criterion(['m2_max'], (q) => given(q.m2_max), (r, v) => (area(r.property) ?? NaN) <= v, (p) => `${AREA_SQL} <= ${p}`),
  criterion(
    ['amenidades'],
    (q) => (q.amenidades?.length ? [q.amenidades] : []),
    (r, wanted) => wanted.every((a) => r.property.amenities.includes(a)),
    (p) => `amenities @> ${p}::text[]`,
  ),
  // Each word must begin a word of the text ("depa" finds "departamento"; "renta" and "venta" do not
  // find "preventa"). The bound value is the SQL pattern; a search word holds only letters and digits,
  // so nothing in it is pattern syntax.
  criterion(
    ['q'],
    (q) => searchWords(q.q).map((word) => WORD_START_SQL + word),
    (r, pattern) => startsAWord(r.searchText, pattern.slice(WORD_START_SQL.length)),
    (p) => `search_text ~ ${p}`,
  ),
]

/** Whether `word` begins a word of `text`: at its start, or after a character that is neither letter nor digit. */
export function startsAWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]!)) return true
  }
  return false
}

/**
 * What a public search lists: a property on the market. A sold or rented one keeps its page (with
 * its status and similar available ones) but leaves every listing, the API's search and the agent's
 * offers (issue 32); a reserved one («apartada») stays listed with its badge. The console's lists
 * show every status (storage/listings-sql.ts ListingScope).
 */
export const LISTED_STATUSES: readonly PropertyStatus[] = ['disponible', 'apartada']
export const ON_THE_MARKET: ListingCondition = {
  test: (row) => LISTED_STATUSES.includes(row.property.status),
  sql: (param) => `status = ANY(${param(LISTED_STATUSES)}::text[])`,
}

/** Every condition of a query, in the table's order. */
export function listingConditions(query: ListingQuery): ListingCondition[] {
  return LISTING_CRITERIA.flatMap((c) => c.conditions(query))
}

export interface ListingOrder {
  compare(a: ListingRow, b: ListingRow): number
  /** The same order as an SQL ORDER BY list. */
  sql: string
}

/**
 * Ids break every tie, compared by code unit, which for the catalogue's ASCII ids is the byte
 * order of SQL's "C" collation (ID_ORDER_SQL), whatever the database's default collation is.
 */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
export const ID_ORDER_SQL = 'id COLLATE "C"'
/** The m2-desc sort puts listings without an area last, as 0 m². */
const sortArea = (r: ListingRow) => area(r.property) ?? 0

/** Every sort order of the listings, before the id that ends each one (see listingOrder). */
export const LISTING_ORDERS: Readonly<Record<ListingSort, ListingOrder>> = {
  // Featured first, then the newest.
  recientes: {
    compare: (a, b) => Number(b.property.featured) - Number(a.property.featured) || b.createdAt - a.createdAt,
    sql: 'featured DESC, created_at DESC',
  },
  'precio-asc': { compare: (a, b) => a.priceMxn - b.priceMxn, sql: 'price_mxn ASC' },
  'precio-desc': { compare: (a, b) => b.priceMxn - a.priceMxn, sql: 'price_mxn DESC' },
  'm2-desc': { compare: (a, b) => sortArea(b) - sortArea(a), sql: 'COALESCE(construction_m2, lot_m2, 0) DESC' },
}

/** The query's sort order (recientes by default), made total by the id so pages never overlap. */
export function listingOrder(query: Pick<ListingQuery, 'orden'>): ListingOrder {
  const order = LISTING_ORDERS[query.orden ?? DEFAULT_SORT]
  return {
    compare: (a, b) => order.compare(a, b) || compareIds(a.property.id, b.property.id),
    sql: `${order.sql}, ${ID_ORDER_SQL}`,
  }
}
