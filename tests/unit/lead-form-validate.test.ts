import { describe, expect, it } from 'vitest'
import { leadSchema } from '../../src/server/api/schemas'
import { LEAD_MESSAGES as MESSAGES } from '../../src/shared/lead-rules'
import { isValidPhone } from '../../src/domain/phone-shape'
import {
  firstInvalidField,
  isValidEmail,
  leadBody,
  serverFieldErrors,
  validateLead,
  type LeadFormValues,
} from '../../src/site/forms/validate'

const valid: LeadFormValues = { name: 'Ana López', phone: '998 123 4567', email: '', message: '', consent: true, website: '' }
const withValues = (patch: Partial<LeadFormValues>): LeadFormValues => ({ ...valid, ...patch })

describe('validateLead', () => {
  it('accepts a complete form', () => {
    expect(validateLead(valid)).toEqual({})
    expect(validateLead(withValues({ phone: '', email: 'ana@correo.mx' }))).toEqual({})
  })

  it('asks for every missing field at once, in Spanish', () => {
    const errors = validateLead({ name: '', phone: '', email: '', message: '', consent: false, website: '' })
    expect(errors).toEqual({ name: 'Escribe tu nombre', phone: 'Déjanos un teléfono o un correo', consent: 'Debes aceptar el aviso de privacidad' })
    expect(firstInvalidField(errors)).toBe('name')
  })

  it('needs a name of at least two characters, trimmed, accents welcome', () => {
    expect(validateLead(withValues({ name: 'A' })).name).toBe(MESSAGES.name)
    expect(validateLead(withValues({ name: '   A   ' })).name).toBe(MESSAGES.name)
    expect(validateLead(withValues({ name: '      ' })).name).toBe(MESSAGES.name)
    for (const name of ['Íñigo Peña', 'José María Gutiérrez', 'Zoë', 'Ñu', 'María-José O’Connor']) expect(validateLead(withValues({ name })).name).toBeUndefined()
    expect(validateLead(withValues({ name: 'x'.repeat(121) })).name).toBe(MESSAGES.nameTooLong)
    expect(validateLead(withValues({ name: 'x'.repeat(120) })).name).toBeUndefined()
  })

  it('accepts phones of 10 to 15 digits written the usual ways', () => {
    for (const phone of ['9981234567', '998 123 4567', '+52 998 123 4567', '(998) 123-4567', '998.123.4567', '+1 (305) 555-0100', ' 998 123 4567 ', '+52 1 998 123 4567']) {
      expect(isValidPhone(phone), phone).toBe(true)
      expect(validateLead(withValues({ phone })).phone, phone).toBeUndefined()
    }
  })

  it('refuses phones that are too short, too long or not phone-like', () => {
    for (const phone of ['998 123 456', '12345', '1234567890123456', 'abc 123 4567', '998-123-4567 ext 2', '998/123/4567', '52+9981234567', '+52 998 123 4567 0000 0000', '９９８１２３４５６７']) {
      expect(isValidPhone(phone), phone).toBe(false)
      expect(validateLead(withValues({ phone })).phone, phone).toBe(MESSAGES.phone)
    }
  })

  it('checks the email pattern, and only when one is given', () => {
    for (const email of ['ana@correo.mx', 'ana.lopez+casa@sub.dominio.com', ' ana@correo.mx ']) expect(isValidEmail(email), email).toBe(true)
    for (const email of ['ana', 'ana@', 'ana@correo', '@correo.mx', 'ana @correo.mx', 'ana..lopez@correo.mx', 'ana@correo.m']) {
      expect(isValidEmail(email), email).toBe(false)
      expect(validateLead(withValues({ email })).email, email).toBe(MESSAGES.email)
    }
    expect(validateLead(withValues({ email: `${'a'.repeat(195)}@correo.mx` })).email).toBe(MESSAGES.emailTooLong)
  })

  it('needs a phone or an email; a wrong email alone is not reported as missing contact', () => {
    expect(validateLead(withValues({ phone: '', email: '' })).phone).toBe(MESSAGES.contact)
    expect(validateLead(withValues({ phone: '  ', email: ' ' })).phone).toBe(MESSAGES.contact)
    expect(validateLead(withValues({ phone: '', email: 'ana@' }))).toEqual({ email: MESSAGES.email })
  })

  it('caps the message and requires consent', () => {
    expect(validateLead(withValues({ message: 'x'.repeat(2001) })).message).toBe(MESSAGES.message)
    expect(validateLead(withValues({ message: 'x'.repeat(2000) })).message).toBeUndefined()
    expect(validateLead(withValues({ consent: false }))).toEqual({ consent: MESSAGES.consent })
  })

  it('points focus at the first wrong field in form order', () => {
    expect(firstInvalidField({ consent: 'x', email: 'y' })).toBe('email')
    expect(firstInvalidField({})).toBeNull()
  })
})

describe('agrees with the lead service', () => {
  const cases: Partial<LeadFormValues>[] = [
    {},
    { name: 'Íñigo', phone: '', email: 'inigo@correo.mx' },
    { name: 'A' },
    { phone: '998 123 456' },
    { phone: '(998) 123-4567' },
    { phone: '+52 998 123 4567' },
    { phone: '1234567890123456' },
    { phone: '', email: 'no-es-correo' },
    { phone: '', email: '' },
    { consent: false },
    { message: 'x'.repeat(2001) },
  ]
  it.each(cases.map((patch) => [JSON.stringify(patch).slice(0, 60), patch] as const))('%s', (_label, patch) => {
    const values = withValues(patch)
    const client = validateLead(values)
    const body = { ...leadBody(values, { source: 'contacto' }), consent: values.consent }
    const server = leadSchema.safeParse(body)
    expect(server.success).toBe(Object.keys(client).length === 0)
    if (!server.success) {
      const paths = new Set(server.error.issues.map((i) => String(i.path[0])))
      for (const field of Object.keys(client)) expect(paths, field).toContain(field)
    }
  })
})

describe('leadBody', () => {
  it('builds the JSON leadSchema accepts: trimmed, empty contact as null, consent true', () => {
    const body = leadBody(
      { name: '  Ana  ', phone: ' 998 123 4567 ', email: '  ', message: ' Hola ', consent: true, website: '' },
      { source: 'propiedad', propertySlug: 'casa-en-huayacan', attribution: { source: 'Facebook' } },
    )
    expect(body).toEqual({
      name: 'Ana',
      phone: '998 123 4567',
      email: null,
      message: 'Hola',
      source: 'propiedad',
      propertySlug: 'casa-en-huayacan',
      consent: true,
      website: '',
      attribution: { source: 'Facebook' },
    })
    expect(leadSchema.safeParse(body).success).toBe(true)
    expect(leadBody(valid, { source: 'contacto' })).toMatchObject({ propertySlug: null, attribution: null })
    expect(leadSchema.safeParse(leadBody(valid, { source: 'contacto' })).success).toBe(true)
  })

  it('passes the honeypot through, so the service can refuse bots', () => {
    const body = leadBody(withValues({ website: 'http://spam.example' }), { source: 'contacto' })
    expect(body.website).toBe('http://spam.example')
    expect(leadSchema.safeParse(body).success).toBe(false)
  })
})

describe('serverFieldErrors', () => {
  it('puts the server messages on the form fields and keeps the rest apart', () => {
    expect(serverFieldErrors({ phone: 'Escribe un teléfono válido (10 dígitos)', website: 'Solicitud rechazada', email: 7 })).toEqual({
      errors: { phone: 'Escribe un teléfono válido (10 dígitos)' },
      other: ['Solicitud rechazada'],
    })
    expect(serverFieldErrors(undefined)).toEqual({ errors: {}, other: [] })
  })
})
