/**
 * The rules of a catalogue record (docs/catalogue.md#rules), one zod schema per kind, shared by
 * the console's forms and the server's API (server/catalogue/console-api.ts), so a form and the
 * server refuse the same input with the same Spanish message at the same field. Pure: no server
 * import, the console's bundle takes it whole. What needs the database (a zone or development
 * that exists, a slug no other record has) the server checks after these, with the messages of
 * CATALOGUE_MESSAGES below.
 */
import { z } from 'zod'
import { formatPrice, toMxn } from './format'
import {
  AMENITIES,
  CURRENCIES,
  DEVELOPMENT_STAGES,
  OPERATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type ImageAsset,
  type Operation,
  type Price,
  type PropertyStatus,
} from './model'
import { isSlug, SLUG_MAX_LENGTH, slugFromTitle } from './slug'
import { PUBLICATIONS, type CatalogueKind, type Publication } from '../protocol/catalogue'

/**
 * Sane prices, in pesos (a dollar price is compared at the site's exchange rate, format.ts).
 * A sale from $100,000 MXN (below that no lot in the Cancún area is sold: a missing zero) to
 * $5,000,000,000 MXN (about USD 270 million, far beyond the dearest mansion of the Riviera Maya:
 * an extra zero or a phone number pasted in); a monthly rent from $1,000 MXN (less than a room
 * costs) to $5,000,000 MXN (about USD 270,000 a month, ten times the dearest villa). The demo
 * catalogue's prices run from $4,300 (a rent) to $37.3 million.
 */
export const PRICE_BOUNDS_MXN: Readonly<Record<'sale' | 'rent', { min: number; max: number }>> = {
  sale: { min: 100_000, max: 5_000_000_000 },
  rent: { min: 1_000, max: 5_000_000 },
}

/** Text limits of the forms (characters). */
export const TEXT_LIMITS = {
  title: 120,
  name: 80,
  summary: 300,
  excerpt: 300,
  description: 10_000,
  body: 50_000,
  address: 200,
  alt: 200,
  author: 80,
  tag: 40,
  tags: 10,
  images: 40,
  models: 30,
} as const

/** The messages of the checks that need the database, and of the publish rules. */
export const CATALOGUE_MESSAGES = {
  zoneMissing: 'Esa zona no existe. Elige una de la lista.',
  developmentMissing: 'Ese desarrollo no existe. Elige uno de la lista.',
  slugTaken: 'Ya hay otro registro con esta dirección. Cambia el título o escribe otra dirección.',
  slugTakenRoot: 'Esa dirección ya la usa otra página del sitio (un desarrollo o un producto). Escribe otra.',
  pathTaken: 'Esa página ya la usa otra zona u otra sección del sitio. Escribe otra.',
  altMissing: 'Escribe el texto alternativo de la foto antes de publicar: describe lo que se ve.',
  noImages: 'Agrega al menos una foto antes de publicar.',
} as const

const text = (label: string, max: number, min = 1) =>
  z
    .string(`${label} debe ser texto.`)
    .trim()
    .min(min, min === 1 ? `Escribe ${label.toLowerCase()}.` : `${label} debe tener al menos ${min} caracteres.`)
    .max(max, `${label} admite hasta ${max.toLocaleString('es-MX')} caracteres.`)

const count = (label: string, max: number) =>
  z.number(`${label}: escribe un número.`).int(`${label}: escribe un número entero.`).min(0, `${label} no puede ser negativo.`).max(max, `${label}: como máximo ${max}.`)

const bathrooms = z
  .number('Baños: escribe un número.')
  .min(0, 'Los baños no pueden ser negativos.')
  .max(50, 'Baños: como máximo 50.')
  .refine((n) => Number.isInteger(n * 2), 'Los baños van en medios: 1, 1.5, 2…')

const area = (label: string, max: number) =>
  z.number(`${label}: escribe los metros cuadrados.`).positive(`${label} debe ser mayor que cero (o déjalo vacío).`).max(max, `${label}: como máximo ${max.toLocaleString('es-MX')} m².`).nullable()

/** A slug as typed; "" means «make it from the title» (see withSlug). */
const slugInput = z
  .string('La dirección debe ser texto.')
  .trim()
  .max(SLUG_MAX_LENGTH, `La dirección admite hasta ${SLUG_MAX_LENGTH} caracteres.`)
  .refine((s) => s === '' || isSlug(s), 'La dirección solo admite minúsculas sin acentos, números y guiones: «casa-en-cancun».')
  .default('')

const deliveryDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'La fecha de entrega va como año-mes: 2027-06.')
  .nullable()

/** An image of the site (content/images) or an uploaded photo (/photos/<key>); its alt may wait for publishing. */
export const imageSchema = z.object({
  src: z
    .string('Falta la foto.')
    .trim()
    .min(1, 'Falta la foto.')
    .max(300, 'La ruta de la foto es demasiado larga.')
    .regex(/^\/(photos|images)\/[\w./-]+$/, 'Sube la foto desde la consola: su ruta empieza por /photos/.')
    .refine((src) => !src.includes('..'), 'Ruta de foto no válida.'),
  width: z.number('Falta el ancho de la foto.').int().positive('Ancho de foto no válido.').max(20_000, 'Ancho de foto no válido.'),
  height: z.number('Falta el alto de la foto.').int().positive('Alto de foto no válido.').max(20_000, 'Alto de foto no válido.'),
  alt: z.string('El texto alternativo debe ser texto.').trim().max(TEXT_LIMITS.alt, `El texto alternativo admite hasta ${TEXT_LIMITS.alt} caracteres.`).default(''),
})

/**
 * A place on the map, within the Yucatán peninsula (Quintana Roo, Yucatán, Campeche): a latitude
 * and longitude swapped, or a longitude without its minus sign, is the usual slip, and it would
 * put a Cancún house in Asia.
 */
export const geoSchema = z.object({
  lat: z.number('Latitud: escribe un número.').min(17.5, 'La latitud debe estar entre 17.5 y 22 (península de Yucatán).').max(22, 'La latitud debe estar entre 17.5 y 22 (península de Yucatán).'),
  lng: z.number('Longitud: escribe un número.').min(-92.5, 'La longitud debe estar entre -92.5 y -86.5 (península de Yucatán; lleva signo menos).').max(-86.5, 'La longitud debe estar entre -92.5 y -86.5 (península de Yucatán; lleva signo menos).'),
})

const priceShape = z.object({
  amount: z.number('Precio: escribe una cantidad.').positive('El precio debe ser mayor que cero.').int('Escribe el precio sin centavos.'),
  currency: z.enum(CURRENCIES, 'La moneda debe ser MXN o USD.'),
})

/** Why a status does not fit the operation (a rental is «rentada», a sale «vendida»), or null. */
export function statusProblem(status: PropertyStatus, operation: Operation): string | null {
  if (status === 'rentada' && operation !== 'renta') return 'Solo una propiedad en renta se marca rentada: esta se vende.'
  if (status === 'vendida' && operation === 'renta') return 'Una propiedad en renta se marca rentada, no vendida.'
  return null
}

/** Why a positive price is not believable for its operation, or null. */
export function priceProblem(price: Price, operation: Operation): string | null {
  const kind = operation === 'renta' ? 'rent' : 'sale'
  const { min, max } = PRICE_BOUNDS_MXN[kind]
  const mxn = toMxn(price.amount, price.currency)
  if (mxn >= min && mxn <= max) return null
  const range = `de ${formatPrice({ amount: min, currency: 'MXN' })} a ${formatPrice({ amount: max, currency: 'MXN' })}`
  const what = kind === 'rent' ? 'Una renta mensual' : 'Un precio de venta'
  return `${what} va ${range} (o su equivalente en dólares): revisa los ceros.`
}

const amenities = z
  .array(z.enum(AMENITIES, 'Esa amenidad no está en la lista.'), 'Las amenidades van en una lista.')
  .max(AMENITIES.length)
  .refine((list) => new Set(list).size === list.length, 'Una amenidad está repetida.')
  .default([])

const images = z.array(imageSchema, 'Las fotos van en una lista.').max(TEXT_LIMITS.images, `Como máximo ${TEXT_LIMITS.images} fotos.`).default([])

/** The slug made from the title when none was typed; a title without letters leaves an error at the slug. */
function withSlug<T extends { slug: string }>(record: T, title: string, ctx: z.RefinementCtx): T {
  const slug = record.slug || slugFromTitle(title)
  if (!slug) ctx.addIssue({ code: 'custom', path: ['slug'], message: 'Escribe un título con letras para hacer la dirección.' })
  return { ...record, slug }
}

export const propertySchema = z
  .object({
    slug: slugInput,
    title: text('El título', TEXT_LIMITS.title, 5),
    description: text('La descripción', TEXT_LIMITS.description),
    type: z.enum(PROPERTY_TYPES, 'Elige el tipo de propiedad.'),
    operation: z.enum(OPERATIONS, 'Elige la operación: venta, renta o preventa.'),
    price: priceShape,
    zone: z.string('Elige la zona.').trim().min(1, 'Elige la zona.').max(SLUG_MAX_LENGTH),
    development: z.string().trim().max(SLUG_MAX_LENGTH).nullable().default(null).transform((d) => d || null),
    bedrooms: count('Recámaras', 50),
    bathrooms,
    parking: count('Estacionamientos', 100),
    constructionM2: area('La construcción', 100_000),
    lotM2: area('El terreno', 10_000_000),
    amenities,
    images,
    geo: geoSchema,
    address: text('La dirección postal', TEXT_LIMITS.address),
    status: z.enum(PROPERTY_STATUSES, 'Elige el estado: disponible, apartada, vendida o rentada.'),
    featured: z.boolean('Destacada: sí o no.').default(false),
    deliveryDate: deliveryDate.default(null),
  })
  .superRefine((p, ctx) => {
    if (p.price.amount > 0) {
      const problem = priceProblem(p.price, p.operation)
      if (problem) ctx.addIssue({ code: 'custom', path: ['price', 'amount'], message: problem })
    }
    const status = statusProblem(p.status, p.operation)
    if (status) ctx.addIssue({ code: 'custom', path: ['status'], message: status })
  })
  .transform((p, ctx) => withSlug(p, p.title, ctx))

export const developmentModelSchema = z
  .object({
    slug: slugInput,
    name: text('El nombre del modelo', TEXT_LIMITS.name),
    type: z.enum(['casa', 'departamento', 'terreno'], 'El modelo es casa, departamento o terreno.'),
    bedrooms: count('Recámaras', 50),
    bathrooms,
    constructionM2: area('La construcción', 100_000),
    lotM2: area('El terreno', 10_000_000),
    price: priceShape,
    available: count('Unidades disponibles', 100_000),
    total: count('Unidades en total', 100_000).min(1, 'Unidades en total: al menos 1.'),
    image: imageSchema,
  })
  .superRefine((m, ctx) => {
    if (m.available > m.total) ctx.addIssue({ code: 'custom', path: ['available'], message: 'No puede haber más unidades disponibles que en total.' })
    if (m.price.amount > 0) {
      const problem = priceProblem(m.price, 'venta')
      if (problem) ctx.addIssue({ code: 'custom', path: ['price', 'amount'], message: problem })
    }
  })
  .transform((m, ctx) => withSlug(m, m.name, ctx))

export const developmentSchema = z
  .object({
    slug: slugInput,
    name: text('El nombre', TEXT_LIMITS.name, 3),
    zone: z.string('Elige la zona.').trim().min(1, 'Elige la zona.').max(SLUG_MAX_LENGTH),
    stage: z.enum(DEVELOPMENT_STAGES, 'Elige la etapa: preventa, en construcción o entrega inmediata.'),
    summary: text('El resumen', TEXT_LIMITS.summary),
    description: text('La descripción', TEXT_LIMITS.description),
    deliveryDate: deliveryDate.default(null),
    amenities,
    images,
    priceFrom: priceShape,
    models: z.array(developmentModelSchema, 'Los modelos van en una lista.').max(TEXT_LIMITS.models, `Como máximo ${TEXT_LIMITS.models} modelos.`).default([]),
    geo: geoSchema,
    address: text('La dirección postal', TEXT_LIMITS.address),
  })
  .superRefine((d, ctx) => {
    if (d.priceFrom.amount > 0) {
      const problem = priceProblem(d.priceFrom, 'venta')
      if (problem) ctx.addIssue({ code: 'custom', path: ['priceFrom', 'amount'], message: problem })
    }
    const seen = new Set<string>()
    d.models.forEach((m, i) => {
      if (seen.has(m.slug)) ctx.addIssue({ code: 'custom', path: ['models', i, 'name'], message: 'Dos modelos tienen el mismo nombre.' })
      seen.add(m.slug)
    })
  })
  .transform((d, ctx) => withSlug(d, d.name, ctx))

/**
 * A post's body in the site's text subset (site/components render it): paragraphs separated by
 * blank lines, "## " headings, "- " lists, **bold**. HTML is not part of it: refused rather than
 * shown as text.
 */
const postBody = text('El texto', TEXT_LIMITS.body).refine((body) => !/<\/?[a-z][^>]*>/i.test(body), 'El texto no admite HTML: usa «## » para subtítulos, «- » para listas y **negritas**.')

const instant = z.iso.datetime({ offset: true, error: 'Fecha no válida.' })

export const blogPostSchema = z
  .object({
    slug: slugInput,
    title: text('El título', TEXT_LIMITS.title, 5),
    excerpt: text('El resumen', TEXT_LIMITS.excerpt),
    body: postBody,
    cover: imageSchema,
    author: text('El autor', TEXT_LIMITS.author),
    tags: z
      .array(text('Una etiqueta', TEXT_LIMITS.tag), 'Las etiquetas van en una lista.')
      .max(TEXT_LIMITS.tags, `Como máximo ${TEXT_LIMITS.tags} etiquetas.`)
      .default([]),
    /** Empty: set when first published. */
    publishedAt: instant.nullable().default(null),
  })
  .transform((p, ctx) => withSlug(p, p.title, ctx))

export const zoneSchema = z
  .object({
    slug: slugInput,
    name: text('El nombre', TEXT_LIMITS.name, 2),
    path: z
      .string()
      .trim()
      .regex(/^\/[a-z0-9]+(-[a-z0-9]+)*$/, 'La página de la zona va como «/nombre-cancun»: minúsculas, números y guiones.')
      .nullable()
      .default(null),
    description: text('La descripción', TEXT_LIMITS.description),
    image: imageSchema,
    geo: geoSchema,
  })
  .transform((zone, ctx) => withSlug(zone, zone.name, ctx))

export const productSchema = z
  .object({
    slug: slugInput,
    name: text('El nombre', TEXT_LIMITS.name, 2),
    title: text('El título', TEXT_LIMITS.title, 5),
    description: text('La descripción', TEXT_LIMITS.description),
    filter: z
      .object({
        operation: z.enum(OPERATIONS, 'Operación no válida.').optional(),
        type: z.enum(PROPERTY_TYPES, 'Tipo no válido.').optional(),
        zone: z.string().trim().max(SLUG_MAX_LENGTH).optional(),
        development: z.string().trim().max(SLUG_MAX_LENGTH).optional(),
      })
      .transform((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as typeof f),
    image: imageSchema,
  })
  .transform((product, ctx) => withSlug(product, product.title, ctx))

/** The schema of each kind's record as a form edits it (server-kept fields are not in it: they are dropped). */
export const RECORD_SCHEMAS = {
  properties: propertySchema,
  developments: developmentSchema,
  posts: blogPostSchema,
  zones: zoneSchema,
  products: productSchema,
} as const satisfies Record<CatalogueKind, z.ZodType>

export type RecordInput<K extends CatalogueKind> = z.output<(typeof RECORD_SCHEMAS)[K]>

/** Every image of a record, with its path in the record (for the message at the field). */
export function recordImages(kind: CatalogueKind, record: Record<string, unknown>): { path: (string | number)[]; image: ImageAsset }[] {
  const list = (key: string) => ((record[key] as ImageAsset[] | undefined) ?? []).map((image, i) => ({ path: [key, i], image }))
  if (kind === 'properties') return list('images')
  if (kind === 'developments') {
    const models = (record.models as { image: ImageAsset }[] | undefined) ?? []
    return [...list('images'), ...models.map((m, i) => ({ path: ['models', i, 'image'], image: m.image }))]
  }
  if (kind === 'posts') return [{ path: ['cover'], image: record.cover as ImageAsset }]
  return [{ path: ['image'], image: record.image as ImageAsset }]
}

/**
 * What a record lacks to be published (a draft may lack it): the alt text of every image, and
 * for a property or development at least one photo. Issues at the record's own paths.
 */
export function publishIssues(kind: CatalogueKind, record: Record<string, unknown>): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = []
  if ((kind === 'properties' || kind === 'developments') && !((record.images as unknown[] | undefined)?.length)) {
    issues.push({ path: ['images'], message: CATALOGUE_MESSAGES.noImages })
  }
  for (const { path, image } of recordImages(kind, record)) {
    if (image && !image.alt?.trim()) issues.push({ path: [...path, 'alt'], message: CATALOGUE_MESSAGES.altMissing })
  }
  return issues
}

/** Whether a kind has drafts; zones and products are always published. */
export const hasPublication = (kind: CatalogueKind) => kind === 'properties' || kind === 'developments' || kind === 'posts'

const publication = z.enum(PUBLICATIONS, 'El estado de publicación es borrador, publicada o archivada.')
const revision = z.number('Falta la versión que editabas.').int().positive('Versión no válida.')

/**
 * The body of a save (POST and PUT): the record by its kind's schema, and when it is to be
 * published (zones and products always are), the publish rules on top.
 */
export function saveSchema<K extends CatalogueKind>(kind: K, options: { revision: boolean }) {
  return z
    .object({
      record: RECORD_SCHEMAS[kind] as unknown as z.ZodType<RecordInput<K>>,
      publication: publication.optional(),
      revision: options.revision ? revision : revision.optional(),
    })
    .superRefine((body, ctx) => {
      const published: Publication = hasPublication(kind) ? (body.publication ?? 'borrador') : 'publicada'
      if (published !== 'publicada') return
      for (const issue of publishIssues(kind, body.record as unknown as Record<string, unknown>)) {
        ctx.addIssue({ code: 'custom', path: ['record', ...issue.path], message: issue.message })
      }
    })
}

/** PATCH of a property from the list: its status or price, one step. */
export const quickChangeSchema = z
  .object({
    status: z.enum(PROPERTY_STATUSES, 'Elige el estado: disponible, apartada, vendida o rentada.').optional(),
    price: priceShape.optional(),
    revision,
  })
  .refine((c) => c.status !== undefined || c.price !== undefined, { message: 'Cambia el estado o el precio.', path: ['status'] })
