/**
 * The console's catalogue API (docs/catalogue.md): the JSON shapes of /consola/api/catalogue, which
 * the server (server/catalogue/console-api.ts) answers and the console's «Catálogo» screens read.
 * Types and names only; the rules of each record are the zod schemas of src/catalogue/schema.ts.
 */
import type { BlogPost, Development, Price, Product, Property, PropertyStatus, Zone } from '../catalogue/model'
import { CONSOLE_API_PATH } from './console'

export const CATALOGUE_API_PATH = `${CONSOLE_API_PATH}/catalogue`

/**
 * Whether the public sees a record: a `borrador` never shows on the site, the API or to the agent;
 * `publicada` does; `archivada` is kept for the agency (and its old address answers 301).
 * Zones and products are always `publicada`.
 */
export const PUBLICATIONS = ['borrador', 'publicada', 'archivada'] as const
export type Publication = (typeof PUBLICATIONS)[number]

/** The kinds of records, as the API's path names them. */
export const CATALOGUE_KINDS = ['properties', 'developments', 'posts', 'zones', 'products'] as const
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number]

/** The record of each kind. */
export interface CatalogueRecords {
  properties: Property
  developments: Development
  posts: BlogPost
  zones: Zone
  products: Product
}

/** Kinds that may be drafts or archived; zones and products are always published. */
export const PUBLISHABLE_KINDS = ['properties', 'developments', 'posts'] as const satisfies readonly CatalogueKind[]

/** A record with what the console needs to edit it. */
export interface Editable<T> {
  record: T
  publication: Publication
  /** Names the version edited: a save sends it back, and a stale one is refused (409 `stale`). */
  revision: number
  updatedAt: string
  /** The name of the person who saved it last; null for the seeded catalogue. */
  updatedBy: string | null
}

export interface EditablePage<T> {
  items: Editable<T>[]
  total: number
  page: number
  pageSize: number
}

/** Fields the server keeps itself: a save may send them back, they are ignored. */
export type ServerFields<K extends CatalogueKind> = K extends 'properties'
  ? 'id' | 'createdAt' | 'updatedAt' | 'priceDrop'
  : K extends 'posts'
    ? 'updatedAt'
    : never

/** What POST and PUT carry; `slug` may be empty: the server makes it from the title (or name). */
export interface SaveRequest<K extends CatalogueKind> {
  record: Omit<CatalogueRecords[K], ServerFields<K>>
  /** Default `borrador` for a new property, development or post. */
  publication?: Publication
  /** Required by PUT: the revision this edit started from. */
  revision?: number
}

/** PATCH /properties/{id}: the list's one-step change of status or price. */
export interface QuickChangeRequest {
  status?: PropertyStatus
  price?: Price
  revision: number
}

/** The list's query string (every filter optional; `page` from 1). */
export interface CatalogueListQuery {
  q?: string
  status?: PropertyStatus
  operation?: string
  type?: string
  zone?: string
  development?: string
  featured?: 'true' | 'false'
  publication?: Publication
  page?: number
}

/** One changed field of one save, as GET …/history lists them (newest first). */
export interface HistoryEntry {
  field: string
  old: unknown
  new: unknown
  actorName: string | null
  at: string
}

/** GET /zones-and-developments: the choices of the forms' selects (drafts included, marked). */
export interface CatalogueChoices {
  zones: { slug: string; name: string }[]
  developments: { slug: string; name: string; zone: string; publication: Publication }[]
}

/** The answer to a stale save (409 `stale`): someone else saved this record since it was opened; nothing was overwritten. */
export const STALE_MESSAGES: Readonly<Record<CatalogueKind, string>> = {
  properties: 'Otra persona guardó esta propiedad mientras la editabas. Recarga para ver sus cambios y vuelve a aplicar los tuyos.',
  developments: 'Otra persona guardó este desarrollo mientras lo editabas. Recarga para ver sus cambios y vuelve a aplicar los tuyos.',
  posts: 'Otra persona guardó esta entrada mientras la editabas. Recarga para ver sus cambios y vuelve a aplicar los tuyos.',
  zones: 'Otra persona guardó esta zona mientras la editabas. Recarga para ver sus cambios y vuelve a aplicar los tuyos.',
  products: 'Otra persona guardó esta página mientras la editabas. Recarga para ver sus cambios y vuelve a aplicar los tuyos.',
}

/** Records per page of the console's lists. */
export const CATALOGUE_PAGE_SIZE = 25
