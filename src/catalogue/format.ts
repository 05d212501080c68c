/**
 * es-MX display formatting of the catalogue: prices, areas, counts, dates. Pure and
 * deterministic: every formatter names the locale 'es-MX' (never the runtime default), and dates
 * are read on the agency's clock (src/domain/agency-clock.ts), never in the process's time zone.
 *
 * Prices are not formatted with Intl's currency style, whose symbols and spacing change between
 * ICU versions ("MX$", non-breaking spaces…); they are built from plain es-MX digit grouping:
 * "$3,450,000 MXN", "USD 250,000".
 */
import { agencyWallClock } from '../domain/agency-clock'
import type { Currency, Operation, Price } from './model'

/**
 * Reference exchange rate, Mexican pesos per US dollar, used to show a price in both currencies.
 * A fixed figure for now (to be made configurable later); a price shown in the currency it was
 * not published in is therefore approximate and is always marked as such ("≈ USD 186,500").
 */
export const EXCHANGE_RATE_MXN_PER_USD = 18.5

/** The months in Spanish, as es-MX writes them in a long date. */
export const MONTHS_ES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const

/** Rounds the decimal digits `int`.`frac` to `digits` decimals, halves away from zero. */
function roundDecimal(int: string, frac: string, digits: number): [string, string] {
  if (frac.length <= digits) return [int, frac]
  const kept = int + frac.slice(0, digits)
  if (frac.charCodeAt(digits) < 53 /* '5' */) return [int, frac.slice(0, digits)]
  // Add one unit in the last kept place, carrying through the nines.
  let i = kept.length - 1
  while (i >= 0 && kept[i] === '9') i--
  const up = i < 0 ? '1' + '0'.repeat(kept.length) : kept.slice(0, i) + String(Number(kept[i]) + 1) + '0'.repeat(kept.length - i - 1)
  return [up.slice(0, up.length - digits), up.slice(up.length - digits)]
}

/**
 * A number with es-MX grouping and decimal point: 12500000 → "12,500,000", 2.5 → "2.5".
 * At most `maximumFractionDigits` decimals (default 2), no trailing zeros; never "-0".
 *
 * The same text as `Intl.NumberFormat('es-MX', { useGrouping: true, maximumFractionDigits })`
 * (grouping "always": "1,250", not the "1250" some Spanish locales prefer; halves rounded away
 * from zero on the number's shortest decimal form, so 1.005 → "1.01"), built by hand: a page's
 * first Intl formatter loads the locale data, a long task the site's hydration would pay on every
 * page with a price (docs/behaviour.md#shell).
 */
export function formatNumber(n: number, maximumFractionDigits = 2): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞'
  // The shortest decimal form, "1e+21" and "1e-7" spelled out.
  const [mantissa = '0', exponent = '0'] = String(Math.abs(n)).split('e')
  const [whole = '0', fraction = ''] = mantissa.split('.')
  const digits = whole + fraction
  const point = whole.length + Number(exponent)
  const int = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0')
  const frac = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point)
  const [roundedInt, roundedFrac] = roundDecimal(int, frac, maximumFractionDigits)
  const decimals = roundedFrac.replace(/0+$/, '')
  const grouped = roundedInt.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, ',')
  const text = decimals ? `${grouped}.${decimals}` : grouped
  return n < 0 && /[1-9]/.test(text) ? `-${text}` : text
}

/** "$3,450,000 MXN" / "USD 250,000": rounded to whole units, sign (if any) in front. */
export function formatPrice(price: Price): string {
  const grouped = formatNumber(price.amount, 0)
  const sign = grouped.startsWith('-') ? '-' : ''
  const digits = sign ? grouped.slice(1) : grouped
  return price.currency === 'MXN' ? `${sign}$${digits} MXN` : `${sign}USD ${digits}`
}

/** A monthly rent: "$25,000 MXN / mes" / "USD 3,200 / mes". */
export function formatRent(price: Price): string {
  return `${formatPrice(price)} / mes`
}

/** A listing's price as its operation reads: the monthly form for 'renta', the plain price otherwise. */
export function formatListingPrice(price: Price, operation: Operation): string {
  return operation === 'renta' ? formatRent(price) : formatPrice(price)
}

/** The rounding step of a converted amount: coarse enough not to pretend precision. */
function conversionStep(amount: number, currency: Currency): number {
  if (currency === 'MXN') return amount >= 100_000 ? 1_000 : 100
  return amount >= 10_000 ? 100 : 10
}

/**
 * A price in another currency at EXCHANGE_RATE_MXN_PER_USD, rounded to a sensible step:
 * MXN to the nearest 1,000 from 100,000 up (else 100), USD to the nearest 100 from 10,000 up
 * (else 10); halves round away from zero. Converting to the price's own currency returns it
 * unchanged (a copy), not rounded.
 */
export function convertPrice(price: Price, to: Currency): Price {
  if (price.currency === to) return { amount: price.amount, currency: to }
  const raw = to === 'USD' ? price.amount / EXCHANGE_RATE_MXN_PER_USD : price.amount * EXCHANGE_RATE_MXN_PER_USD
  const magnitude = Math.abs(raw)
  const step = conversionStep(magnitude, to)
  const rounded = Math.round(magnitude / step) * step
  return { amount: rounded === 0 ? 0 : Math.sign(raw) * rounded, currency: to }
}

/**
 * A price's amount in Mexican pesos, to compare prices across currencies (listing filters and
 * sorts, similar properties): the exact conversion rounded to whole pesos, not a display step.
 */
export function toMxn(amount: number, currency: Currency = 'MXN'): number {
  return Math.round(currency === 'USD' ? amount * EXCHANGE_RATE_MXN_PER_USD : amount)
}

/**
 * The price converted to `to`, marked approximate: "≈ USD 186,500". With the listing's
 * operation, a rent keeps its monthly form: "≈ USD 1,350 / mes".
 */
export function formatApproxPrice(price: Price, to: Currency, operation?: Operation): string {
  const converted = convertPrice(price, to)
  return `≈ ${operation ? formatListingPrice(converted, operation) : formatPrice(converted)}`
}

/** "180 m²", "1,250 m²", "92.5 m²" (one decimal only when not whole); null (or NaN) → "". */
export function formatArea(m2: number | null): string {
  if (m2 === null || !Number.isFinite(m2)) return ''
  return `${formatNumber(m2, 1)} m²`
}

/**
 * "1 recámara", "3 recámaras", "0 recámaras", "2.5 baños": the singular only for exactly one
 * (Spanish uses the plural for zero and for fractions).
 */
export function formatCount(n: number, singular: string, plural: string): string {
  return `${formatNumber(n)} ${Math.abs(n) === 1 ? singular : plural}`
}

export function formatBedrooms(n: number): string {
  return formatCount(n, 'recámara', 'recámaras')
}

export function formatBathrooms(n: number): string {
  return formatCount(n, 'baño', 'baños')
}

export function formatParking(n: number): string {
  return formatCount(n, 'estacionamiento', 'estacionamientos')
}

interface LongDateParts {
  day: string
  month: string
  year: string
}

/** The parts Intl's es-MX long date gives for a date's UTC fields (year 0 is its "1", 1 BC). */
function utcParts(date: Date): LongDateParts {
  const year = date.getUTCFullYear()
  return { day: String(date.getUTCDate()), month: MONTHS_ES[date.getUTCMonth()]!, year: String(year > 0 ? year : 1 - year) }
}

/** The parts of an instant's day in Cancún, on the agency's clock. */
function cancunParts(utc: number): LongDateParts {
  const { y, m, d } = agencyWallClock(new Date(utc))
  return { day: String(d), month: MONTHS_ES[m - 1]!, year: String(y) }
}

/** "15 de marzo de 2026", independent of the ICU version's literals. */
const longDate = ({ day, month, year }: LongDateParts): string => `${day} de ${month} de ${year}`

/** The UTC-midnight Date of a calendar day, or null when the day does not exist (2026-02-30). */
function calendarDay(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day))
  date.setUTCFullYear(year) // years 0–99 would otherwise mean 1900–1999
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return valid ? date : null
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/i

/**
 * An ISO 8601 date as a Spanish long date: "15 de marzo de 2026".
 * - An instant (with "Z" or an offset) is read on the agency's clock: "2026-03-16T03:30:00Z" is
 *   still "15 de marzo de 2026" there.
 * - A date without a time ("2026-03-15"), or a time without an offset, is a Cancún calendar date
 *   and is printed as written, whatever the process's time zone.
 * The string is parsed here, not by Date's lenient parser. Throws a RangeError for anything else.
 */
export function formatDate(iso: string): string {
  const match = ISO_DATE.exec(iso.trim())
  const invalid = (): RangeError => new RangeError(`formatDate: not a valid ISO 8601 date: ${JSON.stringify(iso)}`)
  if (!match) throw invalid()
  const [, y, mo, d, h = '0', mi = '0', sec = '0', fraction = '', zone, sign, offH = '0', offM = '0'] = match
  const day = calendarDay(Number(y), Number(mo), Number(d))
  if (!day || Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59 || Number(offH) > 23 || Number(offM) > 59) {
    throw invalid()
  }
  if (!zone) return longDate(utcParts(day)) // a calendar date: where Date.UTC put it
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(offH) * 60 + Number(offM))
  const milliseconds = Math.floor(Number(`0.${fraction || '0'}`) * 1000)
  const utc =
    day.getTime() + ((Number(h) * 60 + Number(mi) - offsetMinutes) * 60 + Number(sec)) * 1000 + milliseconds
  return longDate(cancunParts(utc))
}

/** A "YYYY-MM" month (e.g. a pre-sale delivery date) in Spanish: "2027-06" → "junio de 2027". Throws a RangeError otherwise. */
export function formatMonth(yyyyMm: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yyyyMm.trim())
  const day = match ? calendarDay(Number(match[1]), Number(match[2]), 1) : null
  if (!day) throw new RangeError(`formatMonth: not a "YYYY-MM" month: ${JSON.stringify(yyyyMm)}`)
  const { month, year } = utcParts(day)
  return `${month} de ${year}`
}
