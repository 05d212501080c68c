/**
 * Reading a phone number (docs/domain.md#phone), with libphonenumber-js: a number typed without a
 * country code is Mexican, and the forms Mexicans still type that the library does not know (the
 * old mobile "1" after +52, the 044 / 045 prefixes, a US or Canadian number as 1 and ten digits
 * without "+") are rewritten first. Everything the agency does with a phone goes through here:
 * how it is shown, how it is dialled, and which two leads share one.
 */
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min'
import { phoneDigits } from './phone-shape'

/** A number without a country code is Mexican. */
export const DEFAULT_REGION = 'MX'
const MX_CODE = '52'
const MX_NATIONAL_DIGITS = 10

/** The text as libphonenumber-js reads it, the legacy Mexican and North American forms rewritten. */
function canonical(text: string): string {
  const digits = phoneDigits(text)
  const plus = text.trim().startsWith('+')
  // "044 998 555 0142", "045 …": the mobile prefixes dialled inside Mexico until 2019.
  if (!plus && digits.length === MX_NATIONAL_DIGITS + 3 && /^04[45]/.test(digits)) return digits.slice(3)
  // "+52 1 998 555 0142": the mobile "1" after the country code, dropped in 2019.
  if (digits.length === MX_NATIONAL_DIGITS + 3 && digits.startsWith(`${MX_CODE}1`)) return `+${MX_CODE}${digits.slice(3)}`
  // "52 998 555 0142" and "1 305 555 0199" written without "+": a country code all the same.
  if (!plus && digits.length === MX_NATIONAL_DIGITS + 2 && digits.startsWith(MX_CODE)) return `+${digits}`
  if (!plus && digits.length === MX_NATIONAL_DIGITS + 1 && digits.startsWith('1')) return `+${digits}`
  return text
}

/** The number a text holds, or null when it cannot be one (too short, too long, no such country code). */
export function parsePhone(text: string): PhoneNumber | null {
  if (!/\d/.test(text)) return null
  const phone = parsePhoneNumberFromString(canonical(text), DEFAULT_REGION)
  return phone?.isPossible() ? phone : null
}

/** "+529985550142": the number in E.164, or null when it is not one. */
export const phoneE164 = (text: string): string | null => parsePhone(text)?.number ?? null

/**
 * What two phones are compared by (the lead policy's duplicates, a person's data): E.164, so
 * "+1 305 555 0199" and a Mexican "305 555 0199" are two people; the bare digits for a text that
 * is no number, so it still matches itself.
 */
export const phoneKey = (text: string): string => phoneE164(text) ?? phoneDigits(text)

/**
 * A phone as people read it: a Mexican number typed without its country code stays national
 * ("998 555 0142", "55 1234 5678"), any other is international ("+52 998 555 0142",
 * "+1 305 555 0199"); a text that is no number stays as typed.
 */
export function phoneText(text: string): string {
  const phone = parsePhone(text)
  if (!phone) return text.trim()
  const typedNational = phone.country === DEFAULT_REGION && !canonical(text).trim().startsWith('+')
  return typedNational ? phone.formatNational() : phone.formatInternational()
}

/** The agency's own number as its site shows it: national when Mexican ("998 555 0142"), else international. */
export function agencyPhoneText(text: string): string {
  const phone = parsePhone(text)
  if (!phone) return text.trim()
  return phone.country === DEFAULT_REGION ? phone.formatNational() : phone.formatInternational()
}

/**
 * A phone as the chat agent keeps it (docs/behaviour.md#agent-contact): a Mexican number as its ten
 * national digits, any other in E.164 ("+13055550199"); null when it is no number.
 */
export function agencyPhone(text: string): string | null {
  const phone = parsePhone(text)
  if (!phone) return null
  return phone.country === DEFAULT_REGION || phone.countryCallingCode === MX_CODE ? phone.nationalNumber : phone.number
}

/** `tel:` and WhatsApp (`https://wa.me/…`) links of a phone; null when it is no number. */
export function phoneLinks(text: string | null): { tel: string; whatsapp: string } | null {
  const e164 = text ? phoneE164(text) : null
  return e164 ? { tel: `tel:${e164}`, whatsapp: `https://wa.me/${e164.slice(1)}` } : null
}

/**
 * Last digits every way of writing one number shares ("+52 1 998 555 0142", "(998) 555-0142"):
 * SQL narrows the candidates by them (phoneTailSql), phoneKey decides.
 */
export const PHONE_TAIL_DIGITS = 7
/** The tail of a phone, in TypeScript. */
export const phoneTail = (text: string): string => phoneDigits(text).slice(-PHONE_TAIL_DIGITS)
/** The tail of a phone column, in SQL: the same digits as phoneTail. */
export const phoneTailSql = (column: string): string => `right(regexp_replace(coalesce(${column}, ''), '\\D', '', 'g'), ${PHONE_TAIL_DIGITS})`
