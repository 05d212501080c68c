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

/**
 * The suggestable listings of a properties list by operation and type, grouped once per list:
 * the site's renderer asks for every property page of a catalogue (docs/live-site.md), and a
 * scan of the whole list for each made that quadratic. Catalogue lists are never changed in place.
 */
const candidatesOf = new WeakMap<readonly Property[], Map<string, Property[]>>()
const kindKey = (p: Property) => `${p.operation} ${p.type}`
function candidates(properties: readonly Property[], property: Property): readonly Property[] {
  let groups = candidatesOf.get(properties)
  if (!groups) {
    groups = new Map()
    for (const p of properties) {
      if (!isOffered(p)) continue
      const group = groups.get(kindKey(p))
      if (group) group.push(p)
      else groups.set(kindKey(p), [p])
    }
    candidatesOf.set(properties, groups)
  }
  return groups.get(kindKey(property)) ?? []
}

/** The similar listings of `property` among `properties`, best first. */
export function similarProperties(property: Property, properties: readonly Property[], limit = SIMILAR_LIMIT): Property[] {
  const price = priceMxn(property)
  const otherZone = (p: Property) => (p.zone === property.zone ? 0 : 1)
  const distance = (p: Property) => Math.abs(priceMxn(p) - price)
  const before = (a: Property, b: Property) => otherZone(a) - otherZone(b) || distance(a) - distance(b) || compareIds(a.id, b.id)
  // The best `limit` in one pass (a catalogue's group may hold hundreds): kept sorted, the worst dropped.
  const best: Property[] = []
  if (limit <= 0) return best
  for (const p of candidates(properties, property)) {
    if (p.id === property.id) continue
    if (best.length === limit && before(p, best[limit - 1]!) >= 0) continue
    let at = best.length
    while (at > 0 && before(p, best[at - 1]!) < 0) at--
    best.splice(at, 0, p)
    if (best.length > limit) best.pop()
  }
  return best
}
