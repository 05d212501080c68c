/**
 * «¿y en dólares?» after results (docs/behaviour.md#agent-money): the prices shown, converted at
 * the site's reference exchange rate (catalogue/format.ts, the one the property pages use) and
 * marked approximate. Pure.
 */
import { EXCHANGE_RATE_MXN_PER_USD } from '../../../../catalogue/format'
import type { Currency, Property } from '../../../../catalogue/model'
import { approxPrice, listingPrice } from '../cards'
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { has, type Step, type TurnContext } from './step'

/** «y en dólares?», «¿cuánto es en pesos?», «in US dollars?»: the currency the visitor wants the prices in. */
const IN_CURRENCY = /\b(?:en|in) (?:us )?(?:(dolares|dolar|usd|dlls|dls|dollars|dollar)|(pesos|mxn|pesos mexicanos|mexican pesos))\b/

/**
 * The currency the visitor asks to see the shown prices in, or null: only with results on screen,
 * no new criteria, and not a question about paying in a currency («¿puedo pagar en dólares?») or
 * about one property (its price answer converts already).
 */
export function askedCurrency(state: ConversationState, u: Understanding): Currency | null {
  if (state.shown.length === 0 || Object.keys(u.criteria).length > 0 || has(u, 'currency')) return null
  if (u.ordinal !== null || u.pick !== null || u.propertySlug !== null) return null
  const match = IN_CURRENCY.exec(u.norm)
  if (!match) return null
  return match[1] ? 'USD' : 'MXN'
}

/**
 * The shown properties' prices in `currency`, in the order they were shown; `listings`: each one
 * looked up (null when the catalogue no longer has it: its remembered price, read as a sale).
 */
export function pricesIn(state: ConversationState, currency: Currency, t: TurnContext, listings: ReadonlyArray<Property | null>): Step {
  const lines = state.shown.map((shown, i) => {
    const operation = listings[i]?.operation ?? 'venta'
    const price = listings[i]?.price ?? shown.price
    const text = price.currency === currency ? listingPrice(price, operation, t.language) : approxPrice(price, currency, operation, t.language)
    return `${i + 1}. **${shown.title}**: ${text}`
  })
  return {
    messages: [`${t.say.money.pricesIn(currency, EXCHANGE_RATE_MXN_PER_USD.toFixed(2), lines.length)}\n${lines.join('\n')}`],
    dialogue: [t.say.facts.nextQuestion],
    state: { lastAsk: 'after-results' },
  }
}
