/**
 * Catalogue search for the agent over the injected `search`: only available properties, and when
 * nothing matches, the closest alternatives by relaxing the criteria step by step.
 */
import { MAX_PAGE_SIZE, type ListingPage, type ListingQuery } from '../../../catalogue/listing-query'
import type { Development, Property } from '../../../catalogue/model'
import { isOffered } from '../../../catalogue/similar'
import type { Criteria } from './types'

export type Relaxation = 'precio' | 'recamaras' | 'm2' | 'amenidades' | 'desarrollo' | 'zona' | 'operacion'

export interface SearchResult {
  /** Available matches, in the search's order, without the ones in `skip`. */
  items: Property[]
  /** How many available properties match (an estimate past one page). */
  total: number
  /** The criteria that produced `items` (the relaxed ones when `relaxed` is not empty). */
  criteria: Criteria
  /** What was relaxed, in order; empty for an exact match. */
  relaxed: Relaxation[]
  /** There were matches, but all of them were in `skip` (already shown). */
  exhausted: boolean
}

/** The catalogue's listing search (`AgentDeps.search`). */
export type Search = (query: ListingQuery) => Promise<ListingPage<Property>>

async function available(search: Search, criteria: Criteria, excludeZone: string | null): Promise<{ items: Property[]; total: number }> {
  const page = await search({ ...criteria, pagina: 1, por_pagina: MAX_PAGE_SIZE })
  const items = Array.isArray(page?.items) ? page.items : []
  const fit = items.filter((p) => p && isOffered(p) && (!excludeZone || p.zone !== excludeZone))
  const beyond = Math.max(0, (Number(page?.total) || 0) - items.length)
  return { items: fit, total: fit.length + beyond }
}

/** The relaxation steps that apply to the criteria, in the order they are tried. */
function relaxations(criteria: Criteria): Relaxation[] {
  const steps: Relaxation[] = []
  if (criteria.precio_max !== undefined || criteria.precio_min !== undefined) steps.push('precio')
  if (criteria.recamaras !== undefined || criteria.banos !== undefined) steps.push('recamaras')
  if (criteria.m2_min !== undefined || criteria.m2_max !== undefined) steps.push('m2')
  if (criteria.amenidades?.length) steps.push('amenidades')
  if (criteria.desarrollo) steps.push('desarrollo')
  if (criteria.zona || criteria.desarrollo) steps.push('zona')
  // Last resort for a type: the same type with another operation ("terreno en renta" → en venta).
  if (criteria.operacion && criteria.tipo) steps.push('operacion')
  return steps
}

function relax(criteria: Criteria, step: Relaxation, developments: readonly Development[]): Criteria {
  const next: Criteria = { ...criteria }
  switch (step) {
    case 'precio':
      // Without the price cap, cheapest first: the nearest options above the budget.
      if (next.precio_max !== undefined) next.orden = 'precio-asc'
      else if (next.precio_min !== undefined) next.orden = 'precio-desc'
      delete next.precio_max
      delete next.precio_min
      delete next.moneda
      break
    case 'recamaras':
      delete next.recamaras
      delete next.banos
      break
    case 'm2':
      delete next.m2_min
      delete next.m2_max
      break
    case 'amenidades':
      delete next.amenidades
      break
    case 'desarrollo': {
      const zone = developments.find((d) => d.slug === next.desarrollo)?.zone
      delete next.desarrollo
      if (zone) next.zona = zone
      break
    }
    case 'zona':
      delete next.zona
      delete next.desarrollo
      break
    case 'operacion':
      delete next.operacion
      break
  }
  return next
}

/**
 * Searches with the criteria; when no available property matches, relaxes them cumulatively
 * (price, then bedrooms, size, amenities, development, zone, operation) until something does.
 */
export async function searchWithAlternatives(
  search: Search,
  criteria: Criteria,
  options: { excludeZone: string | null; skip: ReadonlySet<string>; developments: readonly Development[] },
): Promise<SearchResult> {
  const exact = await available(search, criteria, options.excludeZone)
  const fresh = (items: Property[]) => items.filter((p) => !options.skip.has(p.slug))
  if (exact.items.length > 0) {
    const unseen = fresh(exact.items)
    return { items: unseen, total: exact.total, criteria, relaxed: [], exhausted: unseen.length === 0 }
  }
  let current = criteria
  let exhausted = false
  const relaxed: Relaxation[] = []
  for (const step of relaxations(criteria)) {
    // Another operation is a last resort when nothing matched, not a way to page on.
    if (exhausted && step === 'operacion') break
    current = relax(current, step, options.developments)
    relaxed.push(step)
    const exclude = step === 'zona' || step === 'operacion' ? null : options.excludeZone
    const result = await available(search, current, exclude)
    if (result.items.length === 0) continue
    const unseen = fresh(result.items)
    // Alternatives already shown ("más opciones"): relax one step further.
    if (unseen.length === 0) {
      exhausted = true
      continue
    }
    return { items: unseen, total: result.total, criteria: current, relaxed: [...relaxed], exhausted: false }
  }
  return { items: [], total: 0, criteria, relaxed: [], exhausted }
}
