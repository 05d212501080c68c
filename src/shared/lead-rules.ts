/**
 * The rules of a lead's contact fields (docs/behaviour.md#forms), the one definition that the
 * site's form checks before sending and the lead service's schema checks on arrival, so the
 * visitor hears the same Spanish message from both; and how a phone is written for people to read,
 * the one way the agent's answers and the console show it. Pure.
 */

/** Longest name, e-mail and message accepted, in characters. */
export const LEAD_LIMITS = { name: 120, email: 200, message: 2000 } as const

/** The Spanish messages; the form and the server send them word for word. */
export const LEAD_MESSAGES = {
  name: 'Escribe tu nombre',
  nameTooLong: `Tu nombre es demasiado largo (máximo ${LEAD_LIMITS.name} caracteres)`,
  phone: 'Escribe un teléfono válido (10 dígitos)',
  email: 'Escribe un correo válido',
  emailTooLong: `Tu correo es demasiado largo (máximo ${LEAD_LIMITS.email} caracteres)`,
  contact: 'Déjanos un teléfono o un correo',
  message: `Tu mensaje es demasiado largo (máximo ${LEAD_LIMITS.message} caracteres)`,
  consent: 'Debes aceptar el aviso de privacidad',
} as const

/** Digits with an optional leading +, spaces, dashes, dots and parentheses. */
const PHONE = /^\+?[\d\s().-]{10,20}$/
/** Fewest and most digits of a phone: a Mexican ten-digit number, up to an international one. */
export const PHONE_DIGITS = { min: 10, max: 15 } as const

export const digitCount = (value: string) => value.replace(/\D/g, '').length

/** A phone of 10 to 15 digits, written any usual way: "998 123 4567", "+52 998 123 4567", "(998) 123-4567". */
export function isValidPhone(phone: string): boolean {
  const value = phone.trim()
  return PHONE.test(value) && digitCount(value) >= PHONE_DIGITS.min && digitCount(value) <= PHONE_DIGITS.max
}

/** Mexico's country code, and the old mobile prefix (+52 1) some still type. */
export const MX_CODE = '52'
const MX_MOBILE_CODE = `${MX_CODE}1`
/** Digits of a Mexican number without the country code. */
export const MX_DIGITS = 10
/** Area codes of two digits (CDMX, Guadalajara, Monterrey): the number reads "55 1234 5678". */
const TWO_DIGIT_AREAS = /^(?:55|56|33|81)/

/**
 * The ten national digits of a Mexican number however it was typed ("998 123 4567",
 * "+52 998 123 4567", "+52 1 998…"), or null for any other number. The one reading of a phone
 * behind its text (`phoneText`) and the console's call links.
 */
export function mexicanNational(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === MX_DIGITS) return digits
  for (const code of [MX_CODE, MX_MOBILE_CODE]) if (digits.length === MX_DIGITS + code.length && digits.startsWith(code)) return digits.slice(code.length)
  return null
}

/** A US or Canadian number with its country code: 1 and ten digits ("1 305 555 0199"). */
export const isNorthAmerican = (digits: string) => digits.length === MX_DIGITS + 1 && digits.startsWith('1')

/** Ten digits grouped as Mexicans read them: "998 123 4567", "55 1234 5678". */
const groupMexican = (digits: string) =>
  TWO_DIGIT_AREAS.test(digits) ? `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}` : `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`

/**
 * A stored phone as people read it: "9981234567" → "998 123 4567", "+5219981234567" →
 * "+52 998 123 4567", "+13055550199" → "+1 305 555 0199"; any other number stays as it was typed.
 */
export function phoneText(phone: string): string {
  const national = mexicanNational(phone)
  const digits = phone.replace(/\D/g, '')
  if (!national) return isNorthAmerican(digits) ? `+1 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}` : phone.trim()
  return digits.length === MX_DIGITS ? groupMexican(national) : `+${MX_CODE} ${groupMexican(national)}`
}
