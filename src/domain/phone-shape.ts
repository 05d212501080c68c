/**
 * What a phone field accepts as typed (docs/domain.md#phone): its shape only, checked in the
 * browser before a form is sent and by the lead service on arrival. No phone library here, so the
 * site's form bundle stays small; reading the number is src/domain/phone.ts's job.
 */

/** Digits with an optional leading +, spaces, dashes, dots and parentheses. */
const PHONE_SHAPE = /^\+?[\d\s().-]{10,20}$/
/** Fewest and most digits of a phone: a Mexican ten-digit number, up to an international one. */
export const PHONE_DIGITS = { min: 10, max: 15 } as const

/** The digits of a typed phone, every separator dropped: "+52 (998) 555-0142" → "529985550142". */
export const phoneDigits = (value: string) => value.replace(/\D/g, '')

/** A phone of 10 to 15 digits, written any usual way: "998 555 0142", "+52 998 555 0142", "(998) 555-0142". */
export function isValidPhone(phone: string): boolean {
  const value = phone.trim()
  const count = phoneDigits(value).length
  return PHONE_SHAPE.test(value) && count >= PHONE_DIGITS.min && count <= PHONE_DIGITS.max
}
