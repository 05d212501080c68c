/**
 * Criteria merging (docs/behaviour.md#agent-search): what a message says about the search
 * refines the criteria kept from earlier turns, or starts a new search. Pure.
 */
import { convertPrice, toMxn } from '../../../../catalogue/format'
import { AMENITIES, type Currency, type Development, type Operation, type Price } from '../../../../catalogue/model'
import { floorNice } from '../text'
import type { ConversationState, Criteria, ShownProperty } from '../types'
import type { ShownPick, Understanding } from '../understand'
import { has, type Step, type TurnContext } from './step'

/** Types without bedrooms or bathrooms: choosing one drops those criteria. */
const NON_RESIDENTIAL = new Set(['terreno', 'local', 'oficina', 'bodega'])
/** "¿y más barato?" caps the price this far under the cheapest shown: a clear step down, not a crumb. */
const CHEAPER_FACTOR = 0.8

/** The cheapest of some priced things, compared in pesos (the first one on a tie). */
export function cheapest<T extends { price: Price }>(items: readonly T[]): T | undefined {
  return [...items].sort((a, b) => toMxn(a.price.amount, a.price.currency) - toMxn(b.price.amount, b.price.currency))[0]
}

/** The shown property a superlative picks («la más barata», «el más grande»); sizes unknown compare as none. */
export function pickShown(shown: ConversationState['shown'], pick: ShownPick | null): ShownProperty | undefined {
  if (pick === 'cheapest') return cheapest(shown)
  const size = (p: ShownProperty) => p.m2 ?? 0
  if (pick === 'largest') return [...shown].sort((a, b) => size(b) - size(a))[0]
  if (pick === 'smallest') return [...shown].filter((p) => p.m2 !== null).sort((a, b) => size(a) - size(b))[0]
  return undefined
}

export interface MergedCriteria {
  criteria: Criteria
  /** The zone "otra zona" or «no en el centro» leaves out (null: none). */
  excludeZone: string | null
  /** The operation whose budget was dropped because the new one is priced differently (rent vs sale). */
  droppedBudgetOf: Operation | null
  /** The price cap is the agent's own try at «más barato», not a budget the visitor said. */
  triedCap: boolean
}

/** The criteria after this message: the kept ones refined by what it says, or a new search. */
export function mergeCriteria(state: ConversationState, u: Understanding, developments: readonly Development[]): MergedCriteria {
  const patch = u.criteria
  const prev = state.criteria
  let excludeZone = state.excludeZone
  let droppedBudgetOf: Operation | null = null
  const zoneOf = (development: string | undefined) => developments.find((d) => d.slug === development)?.zone
  const typeChanged = patch.tipo !== undefined && prev.tipo !== undefined && patch.tipo !== prev.tipo
  const reset = u.newSearch || (has(u, 'searchVerb') && typeChanged && patch.operacion !== undefined)
  let next: Criteria
  if (reset) {
    next = { ...patch }
    excludeZone = null
  } else {
    next = { ...prev }
    if (patch.operacion && patch.operacion !== prev.operacion) {
      const hasPrice = prev.precio_max !== undefined || prev.precio_min !== undefined
      const patchPrice = patch.precio_max !== undefined || patch.precio_min !== undefined
      if (hasPrice && !patchPrice && prev.operacion && (prev.operacion === 'renta') !== (patch.operacion === 'renta')) {
        delete next.precio_max
        delete next.precio_min
        delete next.moneda
        droppedBudgetOf = prev.operacion
      }
      next.operacion = patch.operacion
    }
    if (patch.tipo) {
      next.tipo = patch.tipo
      if (NON_RESIDENTIAL.has(patch.tipo)) {
        delete next.recamaras
        delete next.banos
      }
    }
    if (patch.desarrollo) {
      next.desarrollo = patch.desarrollo
      delete next.zona
      excludeZone = null
    }
    if (patch.zona) {
      next.zona = patch.zona
      if (next.desarrollo && zoneOf(next.desarrollo) !== patch.zona) delete next.desarrollo
      excludeZone = null
    }
    if (patch.precio_max !== undefined || patch.precio_min !== undefined) {
      if (patch.moneda && patch.moneda !== next.moneda) {
        delete next.precio_min
        delete next.precio_max
      }
      if (patch.precio_max !== undefined) next.precio_max = patch.precio_max
      if (patch.precio_min !== undefined) next.precio_min = patch.precio_min
      // A new cap under the old minimum (or a new minimum over the old cap) replaces it.
      if (next.precio_min !== undefined && next.precio_max !== undefined && next.precio_min > next.precio_max) {
        if (patch.precio_min === undefined) delete next.precio_min
        else delete next.precio_max
      }
      next.moneda = patch.moneda ?? next.moneda ?? 'MXN'
    }
    // A new size replaces the old one: «mejor de más de 200 m2» after «de al menos 120».
    if (patch.m2_min !== undefined || patch.m2_max !== undefined) {
      delete next.m2_min
      delete next.m2_max
      if (patch.m2_min !== undefined) next.m2_min = patch.m2_min
      if (patch.m2_max !== undefined) next.m2_max = patch.m2_max
    }
    if (patch.orden) next.orden = patch.orden
    if (patch.recamaras !== undefined) next.recamaras = patch.recamaras
    if (patch.banos !== undefined) next.banos = patch.banos
    if (patch.amenidades?.length) {
      const all = new Set([...(next.amenidades ?? []), ...patch.amenidades])
      next.amenidades = [...all].sort((a, b) => AMENITIES.indexOf(a) - AMENITIES.indexOf(b))
    }
  }
  if (u.removeAmenities.length && next.amenidades) {
    next.amenidades = next.amenidades.filter((a) => !u.removeAmenities.includes(a))
    if (!next.amenidades.length) delete next.amenidades
  }
  if (u.clearPrice) {
    delete next.precio_max
    delete next.precio_min
    delete next.moneda
  }
  if (u.clearZone) {
    delete next.zona
    delete next.desarrollo
    excludeZone = null
  }
  if (u.otherZone && !patch.zona && !patch.desarrollo) {
    const current = next.zona ?? zoneOf(next.desarrollo) ?? null
    if (current) excludeZone = current
    delete next.zona
    delete next.desarrollo
  }
  // «no en el centro»: the centre is left out, and dropped if it was the zone searched.
  if (u.leaveOutZone && !patch.zona && !patch.desarrollo) {
    excludeZone = u.leaveOutZone
    if (next.zona === u.leaveOutZone) delete next.zona
    if (next.desarrollo && zoneOf(next.desarrollo) === u.leaveOutZone) delete next.desarrollo
  }
  if (u.clearType && !patch.tipo) delete next.tipo
  // "algo más barato, hasta 4 millones": the visitor's cap, not one the agent makes up.
  const triedCap = u.cheaper && patch.precio_max === undefined
  if (triedCap) lowerPrice(next, state.shown)
  else if (u.cheaper) next.orden = 'precio-asc'
  return { criteria: next, excludeZone, droppedBudgetOf, triedCap }
}

/** "¿y más barato?": a cap about 20% under the cheapest shown (or under the current cap), cheapest first. */
function lowerPrice(next: Criteria, shown: ConversationState['shown']): void {
  next.orden = 'precio-asc'
  const cheapestShown = cheapest(shown)
  let currency: Currency = next.moneda ?? cheapestShown?.price.currency ?? 'MXN'
  let reference: number | undefined
  if (cheapestShown) reference = convertPrice(cheapestShown.price, currency).amount
  if (next.precio_max !== undefined && (reference === undefined || next.precio_max < reference)) {
    reference = next.precio_max
    currency = next.moneda ?? 'MXN'
  }
  if (reference === undefined) return
  const max = floorNice(reference * CHEAPER_FACTOR)
  if (max <= 0) return
  next.precio_max = max
  next.moneda = currency
  if (next.precio_min !== undefined && next.precio_min >= max) delete next.precio_min
}

/** A visit or contact message may say something about the search too: kept, without searching. */
export function keepCriteria(state: ConversationState, u: Understanding, t: TurnContext): Step {
  const { criteria, excludeZone } = mergeCriteria(state, u, t.developments)
  return { state: { criteria, excludeZone } }
}
