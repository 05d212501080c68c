/**
 * Budgets in free Spanish text: "hasta 30 mil", "30k", "menos de 4 millones", "4.5 mdp",
 * "entre 3 y 5 millones", "$3,500,000", "300 mil dólares", "USD 400k", "medio millón"; a rough
 * figure («unos 3 millones», «around 6 million») is a range around it. Pure; works on folded text
 * (lower case, no accents).
 */
import type { Currency } from '../../../catalogue/model'
import { APPROXIMATE_AFTER, APPROXIMATE_BEFORE, aroundRange, NUMBER_WORDS } from './text'
import { numberWordsPattern } from '../../../domain/number-words'

export interface Budget {
  min?: number
  max?: number
  currency: Currency
}

interface Amount {
  value: number
  /** Whether it carried a unit, a currency or a $ (a bare "3" is not an amount). */
  marked: boolean
  /** Whether the multiplier was explicit (mil, millones, k…). */
  scaled: boolean
  currency: Currency | null
  start: number
  end: number
}

const USD_RE = /^(?:usd|us\$|us|dolares|dolar|dlls|dls|dll|dollars|dollar|mdd|u\.s\.d\.?)$/
const MXN_RE = /^(?:mxn|pesos|peso|mdp|mn|m\.n\.)$/

const WORD_NUMBER = `(?:${numberWordsPattern(1, 10, ['es'])}|medio)`
// number (grouped or decimal, or a word) + optional multiplier + optional "y medio" + optional currency.
const AMOUNT_RE = new RegExp(
  [
    '(us\\$|usd|mxn|\\$)?\\s*',
    `(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d{1,3}(?:\\.\\d{3}){2,}|\\d+(?:[.,]\\d+)?|${WORD_NUMBER})`,
    // «melones» and «lucas»: Mexican slang for millions and thousands of pesos.
    '(?:\\s*(millones|millon|melones|melon|mdp|mdd|mill|mm|m(?![²2a-z])|mil|lucas|luca|k(?![a-z])))?',
    '(\\s+y\\s+medio)?',
    '(?:\\s*(?:de\\s+)?(usd|dolares|dolar|dlls|dls|dll|dollars|dollar|pesos|peso|mxn|mn)\\b)?',
  ].join(''),
  'g',
)

function parseNumber(text: string): number | null {
  if (text === 'medio') return 0.5
  if (text in NUMBER_WORDS) return NUMBER_WORDS[text] ?? null
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ''))
  if (/^\d{1,3}(?:\.\d{3}){2,}$/.test(text)) return Number(text.replace(/\./g, ''))
  if (/^\d+,\d{1,2}$/.test(text)) return Number(text.replace(',', '.'))
  if (/^\d+,\d+$/.test(text)) return Number(text.replace(',', ''))
  const n = Number(text)
  return Number.isFinite(n) ? n : null
}

function amountsIn(text: string): Amount[] {
  const out: Amount[] = []
  for (const match of text.matchAll(AMOUNT_RE)) {
    const [whole, prefix, numberText, unit, half, suffix] = match
    if (!numberText) continue
    const start = match.index + (whole.length - whole.trimStart().length)
    const end = match.index + whole.trimEnd().length
    // Not an amount: rooms, areas, years, times, street numbers, km.
    const after = text.slice(end, end + 14)
    const before = text.slice(Math.max(0, start - 14), start)
    if (/^\s*(?:rec|hab|cuarto|dormi|alcoba|bano|m2|m²|metro|mts|estacionamiento|cajon|lugar|nivel|piso|plant|ano|anos|dia|dias|mes(?:es)?\b|semana|hora|hrs|am\b|pm\b|:|de (?:la )?(?:manana|tarde|noche)|persona|km|min)/.test(after)) continue
    if (/(?:sm|smz|supermanzana|super manzana|region|km|lote|mz|manzana|calle|numero|no\.|#|a las|a la|cp|c\.p\.)\s*$/.test(before) && !prefix && !unit) continue
    let value = parseNumber(numberText)
    if (value === null || value <= 0) continue
    const isWord = /^[a-z]+$/.test(numberText)
    let scaled = false
    let currency: Currency | null = null
    const u = unit ?? ''
    if (/^(?:millones|millon|melones|melon|mdp|mdd|mill|mm|m)$/.test(u)) {
      value *= 1_000_000
      scaled = true
      if (u === 'mdd') currency = 'USD'
      if (u === 'mdp') currency = 'MXN'
    } else if (u === 'mil' || u === 'k' || u === 'lucas' || u === 'luca') {
      value *= 1_000
      scaled = true
    }
    if (half) value += scaled ? (u === 'mil' || u === 'k' ? 500 : 500_000) : 0.5
    if (isWord && !scaled) continue // "tres" alone is not money
    const cur = suffix ?? prefix ?? ''
    if (USD_RE.test(cur)) currency = 'USD'
    else if (MXN_RE.test(cur) || cur === '$') currency ??= cur === '$' ? null : 'MXN'
    const marked = scaled || Boolean(prefix) || Boolean(suffix)
    out.push({ value: marked ? Math.round(value) : value, marked, scaled, currency, start, end })
  }
  return out
}

// «tengo como 1.2 millones (de crédito)»: what the visitor has is the most they can spend, however rough.
const MAX_BEFORE = /(?:hasta|menos de|max(?:imo)?|no mas de|a lo mucho|tope(?: de)?|por debajo de|debajo de|menor a|menor de|presupuesto(?: de| es de| maximo de)?|como maximo|no pasar de|que no pase de|(?:tengo|tenemos|traigo|traemos|cuento con|contamos con|me prestan|nos prestan|me aprobaron|nos aprobaron)(?: como| unos| alrededor de| aproximadamente)?|under|up to|below|less than|max|(?:i|we) (?:have|ve got|got|can spend)(?: about| around| roughly)?)\s*(?:unos?|de)?\s*$/
const MIN_BEFORE = /(?:desde|mas de|minimo|arriba de|a partir de|por encima de|mayor a|mayor de|over|more than|from|at least)\s*(?:unos?|de)?\s*$/
const MAX_AFTER = /^\s*(?:o menos|para abajo|pa abajo|max(?:imo)?|como maximo|or less)\b/
const MIN_AFTER = /^\s*(?:o mas|para arriba|pa arriba|en adelante|or more)\b/

/**
 * "3 millones 610" / "3 millones 610 mil" / "2 millones y medio" said in words: one amount
 * (3,610,000), not a cap of 3,000,000 followed by a stray 610.
 */
function joinMillions(text: string): string {
  return text.replace(
    /\b(\d{1,3}) ?(?:millones|millon|mdp)\s+(?:y\s+)?(\d{1,3})(?:\s*mil)?\b(?!\s*(?:rec|hab|cuarto|bano|m2|metro|mts|dolar|usd|dll|\d))/g,
    (_whole, millions: string, thousands: string) => `$${Number(millions) * 1_000_000 + Number(thousands) * 1_000} `,
  )
}

/** The budget in (folded) text, or null when there is none. */
export function parseBudget(folded: string): Budget | null {
  const text = joinMillions(folded)
  const amounts = amountsIn(text)
  if (!amounts.length) return null
  const messageCurrency: Currency | null = /\b(?:usd|dolares|dolar|dlls|dls|dollars|mdd)\b|us\$/.test(text) ? 'USD' : null

  // Ranges: "entre A y B", "de A a B", "A - B", "A a B".
  for (let i = 0; i + 1 < amounts.length; i++) {
    const a = amounts[i] as Amount
    const b = amounts[i + 1] as Amount
    const between = text.slice(a.end, b.start)
    if (!/^\s*(?:y|a|-|–|al|hasta|to|and)\s*$/.test(between)) continue
    const before = text.slice(Math.max(0, a.start - 12), a.start)
    const isRange = /(?:entre|de|desde|between|from)\s*$/.test(before) || /^\s*(?:-|–)\s*$/.test(between)
    const bAfter = text.slice(b.end, b.end + 16)
    if (!isRange || !(b.marked || plainBudget(b, 'de ', bAfter))) continue
    if (!a.marked && !b.scaled && !plainBudget(a, 'de ', '')) continue
    let low = a.value
    // "entre 3 y 5 millones": A takes B's multiplier when it has none of its own.
    if (!a.scaled && b.scaled && a.value < 1000) low = Math.round(a.value * (b.value / rawOf(b, text)))
    const currency = b.currency ?? a.currency ?? messageCurrency ?? 'MXN'
    const [min, max] = low <= b.value ? [low, b.value] : [b.value, low]
    return { min, max, currency }
  }

  let result: Budget | null = null
  for (const amount of amounts) {
    const before = text.slice(Math.max(0, amount.start - 30), amount.start)
    const after = text.slice(amount.end, amount.end + 16)
    if (!amount.marked && !plainBudget(amount, before, after)) continue
    const currency = amount.currency ?? messageCurrency ?? 'MXN'
    result ??= { currency }
    if (MIN_BEFORE.test(before) || MIN_AFTER.test(after)) result.min = amount.value
    else if (!MAX_BEFORE.test(before) && !MAX_AFTER.test(after) && (APPROXIMATE_BEFORE.test(before) || APPROXIMATE_AFTER.test(after))) Object.assign(result, aroundRange(amount.value))
    else if (MAX_BEFORE.test(before) || MAX_AFTER.test(after) || result.max === undefined) result.max = amount.value
    result.currency = currency
  }
  if (result && result.min !== undefined && result.max !== undefined && result.min > result.max) {
    const { min, max } = result
    result.min = max
    result.max = min
  }
  return result
}

/**
 * A plain number (no $, unit or currency) is a budget when it is large, not a year, and follows a
 * budget word or "de/por/en" ("renta de 15000"), or is at least 100,000.
 */
function plainBudget(amount: Amount, before: string, after: string): boolean {
  const v = amount.value
  if (!Number.isInteger(v) || v < 1000 || (v >= 1900 && v <= 2100)) return false
  if (v >= 100_000) return true
  return MAX_BEFORE.test(before) || MIN_BEFORE.test(before) || MAX_AFTER.test(after) || MIN_AFTER.test(after) ||
    /\b(?:de|por|en|a|x|precio|pago|pagar|presupuesto)\s*$/.test(before)
}

const RAW_NUMBER = new RegExp(`(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:[.,]\\d+)?|${WORD_NUMBER})`)

/** The number as written, before its multiplier (to carry "millones" over to "entre 3 y 5"). */
function rawOf(amount: Amount, text: string): number {
  const piece = text.slice(amount.start, amount.end)
  const match = RAW_NUMBER.exec(piece)
  const value = match?.[1] ? parseNumber(match[1]) : null
  return value && value > 0 ? value : 1
}
