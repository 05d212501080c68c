/**
 * "Propiedades similares", the one rule for the property page and the API: other available
 * listings of the same operation and type, those in the same zone first, then the nearest in
 * price (in pesos), then by id; four at most. Written here in memory, and as SQL by the storage
 * (server/storage/catalogue-repo.ts) from the same constants; a test checks both give the same
 * list for every property of the catalogue.
 */
import { toMxn } from './format'
import { compareIds } from './listing-criteria'
import type { Property, PropertyStatus } from './model'

export const SIMILAR_LIMIT = 4
/**
 * Only what a visitor can still buy or rent is suggested: on the property page, in the API's
 * similar listings, and by the chat agent, which never offers nor books a visit to anything else
 * (docs/behaviour.md#agent-search). The one place this rule is written.
 */
export const SUGGESTED_STATUS: PropertyStatus = 'disponible'

/** Whether a property may be offered to a visitor (suggested, shown by the agent, visited). */
export const isOffered = (property: Pick<Property, 'status'>) => property.status === SUGGESTED_STATUS

export const priceMxn = (p: Property) => toMxn(p.price.amount, p.price.currency)

/** The similar listings of `property` among `properties`, best first. */
export function similarProperties(property: Property, properties: readonly Property[], limit = SIMILAR_LIMIT): Property[] {
  const price = priceMxn(property)
  const otherZone = (p: Property) => (p.zone === property.zone ? 0 : 1)
  const distance = (p: Property) => Math.abs(priceMxn(p) - price)
  return properties
    .filter((p) => p.id !== property.id && p.operation === property.operation && p.type === property.type && isOffered(p))
    .sort((a, b) => otherZone(a) - otherZone(b) || distance(a) - distance(b) || compareIds(a.id, b.id))
    .slice(0, limit)
}
