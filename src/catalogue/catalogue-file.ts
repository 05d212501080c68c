/**
 * The catalogue as a file (issue 32): the shape of content/catalogue.json (model.ts `Catalogue`),
 * which `npm run catalogue -- export` writes and `import` reads (docs/catalogue-io.md). A
 * property, development or blog post not published carries `publication`; without it a record is
 * `publicada`, so the demo file is a valid catalogue file as it is.
 *
 * A file's record is checked by the very schema the console's forms and API use (schema.ts
 * RECORD_SCHEMAS, with the publish rules when it is published): one set of rules at every edge.
 * Only the fields the server keeps itself (a property's id and dates, a price drop, a post's
 * update time) are checked here, since a form never sends them.
 */
import { z } from 'zod'
import { PUBLICATIONS, type CatalogueKind, type Publication } from '../protocol/catalogue'
import type { BlogPost, Development, Product, Property, Zone } from './model'
import { publishIssues, RECORD_SCHEMAS } from './schema'

export type { Publication }
export const PUBLISHED: Publication = 'publicada'

type Published<T> = T & { publication?: Publication }
export interface CatalogueFile {
  zones: Zone[]
  properties: Published<Property>[]
  developments: Published<Development>[]
  blog: Published<BlogPost>[]
  products: Product[]
}

const instant = z.iso.datetime({ offset: true, message: 'Debe ser una fecha y hora ISO («2026-04-14T15:00:00.000Z»).' })
const publication = z.enum(PUBLICATIONS, 'La publicación es borrador, publicada o archivada.').optional()
const price = z.object({ amount: z.number().positive('El precio debe ser mayor que cero.'), currency: z.enum(['MXN', 'USD']) })

/** The fields of each kind the server keeps (never in a form), as a file carries them. */
const SERVER_FIELDS = {
  zones: z.object({}),
  properties: z.object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Debe ser un identificador de letras, dígitos, «-» o «_».'),
    createdAt: instant,
    updatedAt: instant,
    /** Set by the console's edit service when the price is lowered (docs/catalogue.md). */
    priceDrop: z.object({ previous: price, at: instant }).optional(),
    publication,
  }),
  developments: z.object({ publication }),
  blog: z.object({ publishedAt: instant, updatedAt: instant, publication }),
  products: z.object({}),
} as const

/** The console's kind of each list of the file. */
const CONSOLE_KIND = { zones: 'zones', properties: 'properties', developments: 'developments', blog: 'posts', products: 'products' } as const satisfies Record<string, CatalogueKind>

/**
 * A record of the file: its server-kept fields by SERVER_FIELDS, the rest by the console's record
 * schema, and the publish rules (alt texts, a photo) when it is published; issues at the record's
 * own paths. The output is the record as stored.
 */
function fileRecord<K extends keyof typeof SERVER_FIELDS>(kind: K) {
  const server = SERVER_FIELDS[kind]
  const serverKeys = new Set(Object.keys(server.shape))
  const form = RECORD_SCHEMAS[CONSOLE_KIND[kind]] as unknown as z.ZodType<Record<string, unknown>>
  return z.record(z.string(), z.unknown(), 'Cada registro es un objeto.').transform((record, ctx) => {
    const [own, rest] = [{} as Record<string, unknown>, {} as Record<string, unknown>]
    for (const [key, value] of Object.entries(record)) (serverKeys.has(key) ? own : rest)[key] = value
    const kept = server.safeParse(own)
    const edited = form.safeParse(rest)
    for (const issue of [...(kept.error?.issues ?? []), ...(edited.error?.issues ?? [])]) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    if (!kept.success || !edited.success) return z.NEVER
    // The form's schema drops what it does not know; in a file that is a typo to say, not data to lose.
    for (const key of Object.keys(rest)) if (!(key in edited.data)) ctx.addIssue({ code: 'custom', path: [key], message: 'no es un campo de este tipo de registro.' })
    const stored: Record<string, unknown> = { ...edited.data, ...kept.data }
    if ((stored.publication ?? PUBLISHED) === PUBLISHED) {
      for (const issue of publishIssues(CONSOLE_KIND[kind], stored)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    }
    return stored
  })
}

/** Each kind of record in the file, with its Spanish name and the field that names a record. */
export const FILE_KINDS = {
  zones: { schema: fileRecord('zones'), noun: 'zona', key: 'slug' },
  properties: { schema: fileRecord('properties'), noun: 'propiedad', key: 'id' },
  developments: { schema: fileRecord('developments'), noun: 'desarrollo', key: 'slug' },
  blog: { schema: fileRecord('blog'), noun: 'artículo', key: 'slug' },
  products: { schema: fileRecord('products'), noun: 'producto', key: 'slug' },
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
