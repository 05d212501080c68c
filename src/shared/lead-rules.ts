/**
 * The rules of a lead's contact fields (docs/behaviour.md#forms), the one definition that the
 * site's form checks before sending and the lead service's schema checks on arrival, so the
 * visitor hears the same Spanish message from both. Pure.
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
const PHONE_DIGITS = { min: 10, max: 15 } as const

export const digitCount = (value: string) => value.replace(/\D/g, '').length

/** A phone of 10 to 15 digits, written any usual way: "998 123 4567", "+52 998 123 4567", "(998) 123-4567". */
export function isValidPhone(phone: string): boolean {
  const value = phone.trim()
  return PHONE.test(value) && digitCount(value) >= PHONE_DIGITS.min && digitCount(value) <= PHONE_DIGITS.max
}
