/**
 * The catalogue as a file (issue 32): the shape of content/catalogue.json (model.ts `Catalogue`),
 * which `npm run catalogue -- export` writes and `import` reads (docs/catalogue-io.md). A
 * property, development or blog post not published carries `publication`; without it a record is
 * `publicada`, so the demo file is a valid catalogue file as it is.
 *
 * The zod schema checks every record of a file before anything is written. When the console's
 * record schema (src/catalogue/schema.ts, docs/catalogue.md) lands, the two are meant to be one.
 */
import { z } from 'zod'
import {
  AMENITIES,
  CURRENCIES,
  DEVELOPMENT_STAGES,
  OPERATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type BlogPost,
  type Development,
  type Product,
  type Property,
  type Zone,
} from './model'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug'

export const PUBLICATIONS = ['borrador', 'publicada', 'archivada'] as const
export type Publication = (typeof PUBLICATIONS)[number]
export const PUBLISHED: Publication = 'publicada'

type Published<T> = T & { publication?: Publication }
export interface CatalogueFile {
  zones: Zone[]
  properties: Published<Property>[]
  developments: Published<Development>[]
  blog: Published<BlogPost>[]
  products: Product[]
}

const slug = z.string().max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN, 'Debe ser un slug: minúsculas y dígitos unidos por guiones («casa-marina-3»).')
const text = z.string().trim().min(1, 'No puede estar vacío.')
const instant = z.iso.datetime({ offset: true, message: 'Debe ser una fecha y hora ISO («2026-04-14T15:00:00.000Z»).' })
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Debe ser un mes «AAAA-MM».')
const count = z.number().int('Debe ser un número entero.').min(0, 'No puede ser negativo.')
const area = z.number().positive('Debe ser mayor que cero.').max(1_000_000, 'Es demasiado grande para una superficie en m².')
/** Above any real listing (a billion pesos or dollars): a typo's extra zeros are caught. */
const price = z.strictObject({
  amount: z.number().positive('El precio debe ser mayor que cero.').max(1_000_000_000, 'El precio es absurdo: revisa los ceros.'),
  currency: z.enum(CURRENCIES),
})
const geo = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
/** Where an image of the catalogue lives: an uploaded photo (/photos/<key>) or a demo image (/images/…). */
export const IMAGE_SOURCE = /^\/(photos|images)\/[A-Za-z0-9][A-Za-z0-9._/-]*$/
const image = z.strictObject({
  src: z.string().regex(IMAGE_SOURCE, 'Debe ser una foto subida («/photos/<clave>») o una imagen de la demo («/images/…»).').refine((src) => !src.includes('..'), 'No puede contener «..».'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: text,
})
const amenities = z.array(z.enum(AMENITIES))
const publication = z.enum(PUBLICATIONS).optional()

const zone = z.strictObject({ slug, name: text, path: z.string().regex(/^\/[a-z0-9-]+$/).nullable(), description: text, image, geo })
const property = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Debe ser un identificador de letras, dígitos, «-» o «_».'),
  slug,
  title: text,
  description: text,
  type: z.enum(PROPERTY_TYPES),
  operation: z.enum(OPERATIONS),
  price,
  zone: slug,
  development: slug.nullable(),
  bedrooms: count,
  bathrooms: z.number().min(0).multipleOf(0.5, 'Debe ser un número de baños entero o con medio baño.'),
  parking: count,
  constructionM2: area.nullable(),
  lotM2: area.nullable(),
  amenities,
  images: z.array(image),
  geo,
  address: text,
  status: z.enum(PROPERTY_STATUSES),
  featured: z.boolean(),
  deliveryDate: month.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** Set by the console's edit service when the price is lowered (docs/catalogue.md). */
  priceDrop: z.strictObject({ previous: price, at: instant }).optional(),
  publication,
})
const model = z.strictObject({
  slug,
  name: text,
  type: z.enum(['casa', 'departamento', 'terreno']),
  bedrooms: count,
  bathrooms: z.number().min(0).multipleOf(0.5),
  constructionM2: area.nullable(),
  lotM2: area.nullable(),
  price,
  available: count,
  total: count,
  image,
})
const development = z.strictObject({
  slug,
  name: text,
  zone: slug,
  stage: z.enum(DEVELOPMENT_STAGES),
  summary: text,
  description: text,
  deliveryDate: month.nullable(),
  amenities,
  images: z.array(image),
  priceFrom: price,
  models: z.array(model),
  geo,
  address: text,
  publication,
})
const post = z.strictObject({
  slug,
  title: text,
  excerpt: text,
  body: text,
  cover: image,
  author: text,
  tags: z.array(text),
  publishedAt: instant,
  updatedAt: instant,
  publication,
})
const product = z.strictObject({
  slug,
  name: text,
  title: text,
  description: text,
  filter: z.strictObject({ operation: z.enum(OPERATIONS).optional(), type: z.enum(PROPERTY_TYPES).optional(), zone: slug.optional(), development: slug.optional() }),
  image,
})

/** Each kind of record in the file, with its Spanish name and the field that names a record. */
export const FILE_KINDS = {
  zones: { schema: zone, noun: 'zona', key: 'slug' },
  properties: { schema: property, noun: 'propiedad', key: 'id' },
  developments: { schema: development, noun: 'desarrollo', key: 'slug' },
  blog: { schema: post, noun: 'artículo', key: 'slug' },
  products: { schema: product, noun: 'producto', key: 'slug' },
} as const
export type FileKind = keyof typeof FILE_KINDS
export const FILE_KIND_NAMES = Object.keys(FILE_KINDS) as FileKind[]

/** Every image of a record, with the field it is in («images.2», «models.0.image», «cover»). */
export function imagesOf(kind: FileKind, record: Record<string, unknown>): { field: string; src: string }[] {
  const at = (field: string, value: unknown) => (value && typeof (value as { src?: unknown }).src === 'string' ? [{ field, src: (value as { src: string }).src }] : [])
  const list = (field: string, values: unknown) => (Array.isArray(values) ? values.flatMap((value, i) => at(`${field}.${i}`, value)) : [])
  switch (kind) {
    case 'zones':
    case 'products':
      return at('image', record.image)
    case 'properties':
      return list('images', record.images)
    case 'developments':
      return [...list('images', record.images), ...(Array.isArray(record.models) ? record.models.flatMap((m, i) => at(`models.${i}.image`, (m as { image?: unknown })?.image)) : [])]
    case 'blog':
      return at('cover', record.cover)
  }
}
