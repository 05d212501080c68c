import { z } from 'zod'
import { LISTING_SORTS, MAX_PAGE_SIZE } from '../../catalogue/listing-query'
import { AMENITIES, CURRENCIES, LEAD_SOURCES, OPERATIONS, PROPERTY_TYPES, UNIT_KINDS } from '../../catalogue/model'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../catalogue/slug'
import { MAX_ATTRIBUTION_JSON } from '../../domain/attribution-record'
import { LEAD_LIMITS, LEAD_MESSAGES } from '../../shared/lead-rules'
import { isValidPhone } from '../../domain/phone-shape'
import { EMAIL_PATTERN } from '../../domain/email'

/** Spanish messages: the site shows them next to the form fields. */
z.config(z.locales.es())

const slug = z.string().max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN, 'Debe ser un identificador en minúsculas con guiones')
/** Query-string numbers: "" counts as absent, anything else must be a non-negative number. */
const queryNumber = (max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(max).optional())
const queryInt = (max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).optional())
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional())

/** The listing search, with the names the site keeps in its URL (see ListingQuery). */
export const listingQuerySchema = z
  .object({
    operacion: optionalEnum(OPERATIONS),
    tipo: optionalEnum(PROPERTY_TYPES),
    zona: slug.optional(),
    desarrollo: slug.optional(),
    precio_min: queryNumber(1e10),
    precio_max: queryNumber(1e10),
    moneda: optionalEnum(CURRENCIES),
    recamaras: queryNumber(20),
    banos: queryNumber(20),
    estacionamientos: queryNumber(20),
    m2_min: queryNumber(1e7),
    m2_max: queryNumber(1e7),
    amenidades: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
        z.array(z.enum(AMENITIES)).max(AMENITIES.length),
      )
      .optional(),
    q: z.string().trim().max(200).optional(),
    orden: optionalEnum(LISTING_SORTS),
    pagina: queryInt(1000),
    por_pagina: queryInt(MAX_PAGE_SIZE),
  })
  .strict()
  .refine((q) => q.precio_min === undefined || q.precio_max === undefined || q.precio_min <= q.precio_max, {
    message: 'El precio mínimo no puede ser mayor que el máximo',
    path: ['precio_min'],
  })
  .refine((q) => q.m2_min === undefined || q.m2_max === undefined || q.m2_min <= q.m2_max, {
    message: 'Los m² mínimos no pueden ser mayores que los máximos',
    path: ['m2_min'],
  })

export const pageQuerySchema = z.object({ pagina: queryInt(1000), por_pagina: queryInt(MAX_PAGE_SIZE) }).strict()
/** The path parameters of /api/{collection}/{slug} and /api/developments/{slug}/{kind}. */
export const slugParams = z.object({ slug })
export const unitsParams = z.object({ slug, kind: z.enum(UNIT_KINDS) })


/** A lead from the contact or property form (or the chat agent). */
export const leadSchema = z
  .object({
    name: z.string().trim().min(2, LEAD_MESSAGES.name).max(LEAD_LIMITS.name, LEAD_MESSAGES.nameTooLong),
    email: z.preprocess((v) => (v === '' ? null : v), z.email({ pattern: EMAIL_PATTERN, error: LEAD_MESSAGES.email }).max(LEAD_LIMITS.email, LEAD_MESSAGES.emailTooLong).nullable().default(null)),
    phone: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .trim()
        .refine(isValidPhone, LEAD_MESSAGES.phone)
        .nullable()
        .default(null),
    ),
    message: z.string().trim().max(LEAD_LIMITS.message, LEAD_MESSAGES.message).default(''),
    source: z.enum(LEAD_SOURCES).default('contacto'),
    propertySlug: slug.nullable().default(null),
    consent: z.literal(true, LEAD_MESSAGES.consent),
    /** Honeypot: people leave it empty; bots fill it. */
    website: z.string().max(0, 'Solicitud rechazada').optional(),
    attribution: z
      .record(z.string(), z.unknown())
      .refine((a) => JSON.stringify(a).length <= MAX_ATTRIBUTION_JSON, 'Datos de campaña demasiado grandes')
      .nullable()
      .default(null),
  })
  .strict()
  .refine((lead) => lead.email || lead.phone, { message: LEAD_MESSAGES.contact, path: ['phone'] })

export type LeadInput = z.infer<typeof leadSchema>
