/**
 * "Propiedades similares", the one rule for the property page and the API: other available
 * listings of the same operation and type, those in the same zone first, then the nearest in
 * price (in pesos), then by id; four at most. Written here in memory and in SQL side by side; a
 * test checks both give the same list for every property of the catalogue.
 */
import { toMxn } from './format'
import { compareIds, ID_ORDER_SQL } from './listing-criteria'
import type { Property, PropertyStatus } from './model'

export const SIMILAR_LIMIT = 4
/** Only what a visitor can still buy or rent is suggested. */
const SUGGESTED_STATUS: PropertyStatus = 'disponible'

const priceMxn = (p: Property) => toMxn(p.price.amount, p.price.currency)

/** The similar listings of `property` among `properties`, best first. */
export function similarProperties(property: Property, properties: readonly Property[], limit = SIMILAR_LIMIT): Property[] {
  const price = priceMxn(property)
  const otherZone = (p: Property) => (p.zone === property.zone ? 0 : 1)
  const distance = (p: Property) => Math.abs(priceMxn(p) - price)
  return properties
    .filter((p) => p.id !== property.id && p.operation === property.operation && p.type === property.type && p.status === SUGGESTED_STATUS)
    .sort((a, b) => otherZone(a) - otherZone(b) || distance(a) - distance(b) || compareIds(a.id, b.id))
    .slice(0, limit)
}

/** The same rule as a query over the storage's `properties` table (its price_mxn is toMxn of the price). */
export function similarPropertiesSql(property: Property, limit = SIMILAR_LIMIT): { text: string; params: unknown[] } {
  return {
    text: `SELECT data FROM properties
      WHERE id <> $1 AND operation = $2 AND type = $3 AND status = $4
      ORDER BY (zone = $5) DESC, abs(price_mxn - $6) ASC, ${ID_ORDER_SQL}
      LIMIT $7`,
    params: [property.id, property.operation, property.type, SUGGESTED_STATUS, property.zone, priceMxn(property), limit],
  }
}
