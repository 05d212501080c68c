/**
 * «Bajó de precio» (docs/catalogue.md#price-drop): a property whose price was lowered says so on its
 * page, with the price before, for PRICE_DROP_DAYS calendar days in Cancún after the cut (the day
 * of the cut is day 0), then no more. The console's edit records the cut (server/catalogue/edits.ts);
 * this only reads it. Pure.
 */
import { agencyDay, shiftDay } from '../domain/agency-clock'
import type { PriceDrop, Property } from './model'

export const PRICE_DROP_DAYS = 30

/** The property's price cut when it is recent enough to show at `now`, else null. */
export function recentPriceDrop(property: Pick<Property, 'priceDrop'>, now: Date): PriceDrop | null {
  const drop = property.priceDrop
  if (!drop) return null
  const at = new Date(drop.at)
  if (Number.isNaN(at.getTime())) return null
  return agencyDay(at) >= shiftDay(agencyDay(now), -PRICE_DROP_DAYS) ? drop : null
}
