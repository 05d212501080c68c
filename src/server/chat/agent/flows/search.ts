/**
 * Search (docs/behaviour.md#agent-search): the merged criteria go to the catalogue; the answer is
 * up to three cards with a link to all results, "más opciones" pages on, and when nothing matches
 * the closest alternatives are shown and said to be such. The catalogue search is the one
 * injected dependency (`Search`); showing the results is pure.
 */
import { formatPrice, toMxn } from '../../../../catalogue/format'
import { OPERATIONS, type Property } from '../../../../catalogue/model'
import { listingPrice, searchUrl, zonePhrase } from '../cards'
import { searchWithAlternatives, type Search, type SearchResult } from '../catalogue-search'
import { MAX_SEEN } from '../state'
import type { ConversationState, Criteria } from '../types'
import type { IntentBook } from '../acts/load'
import type { Understanding } from '../understand'
import { cheapest, mergeCriteria, type MergedCriteria } from './criteria'
import { has, type Step, type TurnContext } from './step'

/** A search worded as a question about prices. */
const ASKS_PRICE = /\b(?:cuanto (?:cuesta|cuestan|vale|valen|sale|salen)|precios?|how much|prices?|price range|cost)\b/

/** Cards per answer: enough to choose from in a chat bubble column, few enough to read. */
const MAX_CARDS = 3

/**
 * Whether the message asks for a search (and not only a question, a visit or to sell). Topics
 * that may come with a search are their entries' `keepsSearching`: the search itself, small talk
 * around one ("hola, busco…"), and a question about a property when it names no property but
 * what to look for ("de 3 recámaras", facts.ts decides).
 */
export function shouldSearch(u: Understanding, answeredQuestion: boolean, visiting: boolean, book: IntentBook): boolean {
  const keys = Object.keys(u.criteria)
  const refinements = u.cheaper || u.more || u.clearPrice || u.clearZone || u.otherZone || u.leaveOutZone !== null || u.clearType || u.removeAmenities.length > 0
  if (!keys.length && !refinements) return false
  // «la más barata la puedo ver?» visits the cheapest shown: no cheaper search.
  if (visiting && !u.more && !(u.cheaper && u.pick !== 'cheapest')) return false
  if (has(u, 'sell')) return false
  // A question the classifier recognised ("¿aceptan Infonavit para una casa?") is answered, not searched.
  // "preventas de casas" names what to show: a search, not the pre-sale process.
  const presaleListing = u.topic === 'presale' && u.criteria.tipo !== undefined
  // «tengo 800 mil de crédito, ¿qué casa me alcanza?»: a budget with the credit question is searched too.
  const creditBudget = u.topic === 'credit' && u.criteria.precio_max !== undefined
  if (u.topic && !book.entries.get(u.topic)?.keepsSearching && !refinements && !presaleListing && !creditBudget) return false
  // "requisitos para rentar", "¿cómo funciona la preventa?": the question, not a search («what do I need to rent an apartment?» names the type too).
  if (answeredQuestion && !refinements && keys.every((k) => k === 'operacion' || (k === 'tipo' && has(u, 'rentRequirements')))) return false
  return true
}

/**
 * Whether a visit is asked for something other than the results shown: «quiero visitar el
 * departamento de Puerto Cancún» after houses in Huayacán names another type, zone, development
 * or operation. It is searched first, and the visit asks which of those.
 */
export function visitsOtherThanShown(state: ConversationState, u: Understanding): boolean {
  if (!state.shown.length || u.ordinal !== null || u.propertySlug !== null) return false
  return (['tipo', 'zona', 'desarrollo', 'operacion'] as const).some((key) => u.criteria[key] !== undefined && u.criteria[key] !== state.criteria[key])
}

/**
 * Searches with the merged criteria and shows the results (or says the catalogue is unavailable).
 * `visiting`: the visit's own question follows, so the results ask nothing of their own.
 */
export async function searchCatalogue(state: ConversationState, u: Understanding, t: TurnContext, search: Search, visiting = false): Promise<Step> {
  const merged = mergeCriteria(state, u, t.developments)
  const same = JSON.stringify(merged.criteria) === JSON.stringify(state.criteria)
  const seen = same ? state.seen : []
  const skip = new Set(u.more && same ? seen : [])
  let result: SearchResult
  try {
    result = await searchWithAlternatives(search, merged.criteria, { excludeZone: merged.excludeZone, skip, developments: t.developments })
  } catch {
    return { state: { criteria: merged.criteria, excludeZone: merged.excludeZone, seen }, messages: [t.say.search.unavailable] }
  }
  // «más barato» found nothing under the cap the agent tried: that cap is dropped, the visitor's own budget (if any) kept.
  const noCheaper = merged.triedCap && result.relaxed.includes('precio')
  if (noCheaper) merged.criteria = withPriceOf(merged.criteria, state.criteria)
  const shown = showResults(u, t, { merged, seen, skip, result, visiting, noCheaper })
  // New results replace the property discussed before («sí» to «¿agendamos una visita a alguna?» asks which of these).
  const focusShown = state.focus !== null && (shown.state?.shown ?? []).some((p) => p.slug === state.focus?.slug)
  return visiting || (shown.state?.shown?.length && !focusShown) ? { ...shown, state: { ...shown.state, focus: null } } : shown
}

interface Found {
  merged: MergedCriteria
  /** Slugs already shown for these criteria. */
  seen: readonly string[]
  /** The ones left out of this search ("más opciones"). */
  skip: ReadonlySet<string>
  result: SearchResult
  visiting: boolean
  /** «más barato» with nothing cheaper: the cheapest there is was already shown. */
  noCheaper: boolean
}

/** `criteria` with the price (cap, minimum, currency) of `before`. */
function withPriceOf(criteria: Criteria, before: Criteria): Criteria {
  const { precio_max: _max, precio_min: _min, moneda: _currency, ...rest } = criteria
  const price: Criteria = {}
  if (before.precio_max !== undefined) price.precio_max = before.precio_max
  if (before.precio_min !== undefined) price.precio_min = before.precio_min
  if (before.moneda !== undefined) price.moneda = before.moneda
  return { ...rest, ...price }
}

/** The answer to a search: an intro, the cards and a follow-up; the shown properties remembered. */
function showResults(u: Understanding, t: TurnContext, found: Found): Step {
  const { merged, seen, skip, result, visiting, noCheaper } = found
  const { criteria, excludeZone } = merged
  const say = t.say.search
  const what = (count?: number) =>
    t.say.words.criteria(criteria, t.names, count) + (excludeZone ? say.outside(zonePhrase(excludeZone, t.names, t.language)) : '')
  const kept = { criteria, excludeZone, seen: [...seen] }
  const cards = result.items.slice(0, MAX_CARDS)

  if (!cards.length) {
    if (result.exhausted) return { searched: true, messages: [say.exhausted(result.total, what(result.total), criteria)], state: { ...kept, lastAsk: null } }
    return { searched: true, messages: [say.nothing(what())], state: { ...kept, shown: [], lastAsk: 'contact' } }
  }

  const paging = u.more && skip.size > 0
  const relaxed = result.relaxed.map((step) => say.relaxed(step, criteria, developmentZone(criteria, t)))
  const intro: string[] = merged.droppedBudgetOf ? [say.droppedBudget(merged.droppedBudgetOf)] : []
  if (!relaxed.length) {
    intro.push(paging ? say.more(what()) : say.found({ total: result.total, shown: cards.length, cheaper: u.cheaper, what: what(result.total) }))
  } else if (paging) {
    intro.push(say.moreNearby(relaxed))
  } else if (noCheaper && result.relaxed.length === 1) {
    const cheapestFound = cheapest(result.items)
    if (cheapestFound) intro.push(say.noCheaper(what(), listingPrice(cheapestFound.price, cheapestFound.operation, t.language)))
  } else {
    intro.push(say.noExactMatch(what()))
    const cap = result.relaxed.includes('precio') ? criteria.precio_max : undefined
    const cheapestFound = cap !== undefined ? cheapest(result.items) : undefined
    // Said only when even the cheapest is over the cap: under a range («unos 35 mil») the nearest may cost less.
    const overCap = cap !== undefined && cheapestFound !== undefined && toMxn(cheapestFound.price.amount, cheapestFound.price.currency) > toMxn(cap, criteria.moneda)
    if (cap !== undefined && cheapestFound && overCap) {
      const capText = formatPrice({ amount: cap, currency: criteria.moneda ?? 'MXN' })
      intro.push(say.cheapestAbove(listingPrice(cheapestFound.price, cheapestFound.operation, t.language), capText))
    }
    intro.push(say.nearest(relaxed))
  }

  const showCurrency = criteria.moneda && (criteria.precio_max !== undefined || criteria.precio_min !== undefined) ? criteria.moneda : undefined
  const moreToShow = !relaxed.length && result.total > skip.size + cards.length
  const follow = [say.siteLink({ total: result.total, relaxed: relaxed.length > 0, url: searchUrl(t.base, result.criteria) })]
  // «¿cuánto cuesta un depa en la Zona Hotelera más o menos?»: what all the matches cost, under the examples.
  if (ASKS_PRICE.test(u.norm) && !relaxed.length && !paging) follow.unshift(...priceRanges(result.items, t))
  if (!visiting) follow.push(say.next(moreToShow, cards.length))
  if (isSparse(criteria) && !relaxed.length && !visiting) follow.push(say.refineHint)

  const newlySeen = cards.map((p) => p.slug).filter((s) => !seen.includes(s))
  return {
    searched: true,
    messages: [intro.join(' '), ...cards.map((p) => t.card(p, { language: t.language, currency: showCurrency })), follow.join('\n')],
    state: {
      ...kept,
      shown: cards.map((p) => ({ slug: p.slug, title: p.title, price: { ...p.price }, m2: p.constructionM2 ?? p.lotM2 })),
      seen: [...seen, ...newlySeen].slice(-MAX_SEEN),
      lastAsk: 'after-results',
    },
  }
}

/** The price range of the matches, one sentence per operation (a rent and a sale are not one range), in pesos. */
function priceRanges(items: readonly Property[], t: TurnContext): string[] {
  return OPERATIONS.flatMap((operation) => {
    const prices = items.filter((p) => p.operation === operation).map((p) => toMxn(p.price.amount, p.price.currency))
    if (prices.length < 2) return []
    const money = (amount: number) => formatPrice({ amount: Math.round(amount), currency: 'MXN' })
    return [t.say.search.priceRange(operation, money(Math.min(...prices)), money(Math.max(...prices)), prices.length)]
  })
}

/** The zone of the asked development, in words (for "en otros desarrollos de …"). */
function developmentZone(criteria: Criteria, t: TurnContext): string | null {
  const development = t.developments.find((d) => d.slug === criteria.desarrollo)
  return development ? zonePhrase(development.zone, t.names, t.language) : null
}

/** At most one criterion besides order and currency: worth inviting the visitor to say more. */
function isSparse(criteria: Criteria): boolean {
  return Object.keys(criteria).filter((k) => k !== 'orden' && k !== 'moneda').length <= 1
}
