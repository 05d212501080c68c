/**
 * The lead form's rules (docs/behaviour.md#forms): the lead service's own (src/shared/lead-rules.ts),
 * checked in the page so the visitor hears about a mistake before anything is sent.
 * Pure: no React, no I/O.
 */
import type { LeadSource } from '../../catalogue/model'
import { LEAD_LIMITS, LEAD_MESSAGES } from '../../shared/lead-rules'
import { isValidPhone } from '../../domain/phone-shape'
import { isValidEmail } from '../../domain/email'

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

/** The one e-mail rule, the server's too (src/domain/email.ts). */
export { isValidEmail }

/** The message of each field that is wrong (empty when the form can be sent). */
export function validateLead(values: LeadFormValues): LeadErrors {
  const errors: LeadErrors = {}
  const name = values.name.trim()
  const phone = values.phone.trim()
  const email = values.email.trim()

  if (name.length < 2) errors.name = LEAD_MESSAGES.name
  else if (name.length > LEAD_LIMITS.name) errors.name = LEAD_MESSAGES.nameTooLong

  if (phone !== '' && !isValidPhone(phone)) errors.phone = LEAD_MESSAGES.phone
  if (email.length > LEAD_LIMITS.email) errors.email = LEAD_MESSAGES.emailTooLong
  else if (email !== '' && !isValidEmail(email)) errors.email = LEAD_MESSAGES.email
  if (phone === '' && email === '') errors.phone = LEAD_MESSAGES.contact

  if (values.message.trim().length > LEAD_LIMITS.message) errors.message = LEAD_MESSAGES.message
  if (!values.consent) errors.consent = LEAD_MESSAGES.consent
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
