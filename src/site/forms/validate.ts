/**
 * The lead form's rules (design.md §6), mirroring the lead service's leadSchema
 * (src/server/api/schemas.ts) so the visitor hears about a mistake before anything is sent.
 * Pure: no React, no I/O.
 */
import type { LeadSource } from '../../catalogue/model'

/** What the visitor types (the form's state). */
export interface LeadFormValues {
  name: string
  phone: string
  email: string
  message: string
  consent: boolean
  /** Honeypot: people never see it and leave it empty. */
  website: string
}

/** Fields that can carry a message, in the order they appear in the form. */
export const LEAD_FIELDS = ['name', 'phone', 'email', 'message', 'consent'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]
export type LeadErrors = Partial<Record<LeadField, string>>

export const LIMITS = { name: 120, email: 200, message: 2000 } as const

/** The Spanish messages; the ones the server also sends are word for word the same. */
export const MESSAGES = {
  name: 'Escribe tu nombre',
  nameTooLong: `Tu nombre es demasiado largo (máximo ${LIMITS.name} caracteres)`,
  phone: 'Escribe un teléfono válido (10 dígitos)',
  email: 'Escribe un correo válido',
  emailTooLong: `Tu correo es demasiado largo (máximo ${LIMITS.email} caracteres)`,
  contact: 'Déjanos un teléfono o un correo',
  message: `Tu mensaje es demasiado largo (máximo ${LIMITS.message} caracteres)`,
  consent: 'Debes aceptar el aviso de privacidad',
} as const

/** Same as the server: digits with an optional leading +, spaces, dashes, dots and parentheses. */
const PHONE = /^\+?[\d\s().-]{10,20}$/
/** zod's email pattern (the one z.email() uses on the server). */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/

export const digitCount = (value: string) => value.replace(/\D/g, '').length

/** A phone of 10 to 15 digits, written any usual way: "998 123 4567", "+52 998 123 4567", "(998) 123-4567". */
export function isValidPhone(phone: string): boolean {
  const value = phone.trim()
  return PHONE.test(value) && digitCount(value) >= 10 && digitCount(value) <= 15
}

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim())
}

/** The message of each field that is wrong (empty when the form can be sent). */
export function validateLead(values: LeadFormValues): LeadErrors {
  const errors: LeadErrors = {}
  const name = values.name.trim()
  const phone = values.phone.trim()
  const email = values.email.trim()

  if (name.length < 2) errors.name = MESSAGES.name
  else if (name.length > LIMITS.name) errors.name = MESSAGES.nameTooLong

  if (phone !== '' && !isValidPhone(phone)) errors.phone = MESSAGES.phone
  if (email.length > LIMITS.email) errors.email = MESSAGES.emailTooLong
  else if (email !== '' && !isValidEmail(email)) errors.email = MESSAGES.email
  if (phone === '' && email === '') errors.phone = MESSAGES.contact

  if (values.message.trim().length > LIMITS.message) errors.message = MESSAGES.message
  if (!values.consent) errors.consent = MESSAGES.consent
  return errors
}

/** The first field with a message, in form order (where focus goes), or null. */
export function firstInvalidField(errors: LeadErrors): LeadField | null {
  return LEAD_FIELDS.find((field) => errors[field] !== undefined) ?? null
}

/** The site's forms are the contact page's and a property's; the chat agent sends its own leads. */
export type FormLeadSource = Exclude<LeadSource, 'chat'>

/** The JSON the lead service accepts (leadSchema): trimmed text, '' as null for phone and email. */
export interface LeadBody {
  name: string
  email: string | null
  phone: string | null
  message: string
  source: FormLeadSource
  propertySlug: string | null
  consent: true
  website: string
  attribution: Record<string, unknown> | null
}

export function leadBody(
  values: LeadFormValues,
  context: { source: FormLeadSource; propertySlug?: string | null; attribution?: Record<string, unknown> | null },
): LeadBody {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim())
  return {
    name: values.name.trim(),
    email: orNull(values.email),
    phone: orNull(values.phone),
    message: values.message.trim(),
    source: context.source,
    propertySlug: context.propertySlug || null,
    consent: true,
    website: values.website,
    attribution: context.attribution ?? null,
  }
}

/**
 * The server's 400 `fields` split into what belongs next to a form field and what does not
 * (honeypot, campaign data, …): those are returned as `other`, to show above the button.
 */
export function serverFieldErrors(fields: Record<string, unknown> | null | undefined): { errors: LeadErrors; other: string[] } {
  const errors: LeadErrors = {}
  const other: string[] = []
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (typeof message !== 'string' || message === '') continue
    if ((LEAD_FIELDS as readonly string[]).includes(key)) errors[key as LeadField] ??= message
    else other.push(message)
  }
  return { errors, other }
}
