/**
 * The rules of a lead's contact fields (docs/behaviour.md#forms), the one definition that the
 * site's form checks before sending and the lead service's schema checks on arrival, so the
 * visitor hears the same Spanish message from both. What a phone or an e-mail is, is the domain's
 * (src/domain/phone-shape.ts, phone.ts, email.ts). Pure.
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
