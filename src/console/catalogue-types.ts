/**
 * The catalogue's kinds as the console edits them, and the edit API's wire shapes
 * (docs/catalogue.md; issue 32). One place maps a kind's Spanish path in the console
 * (#/catalogo/propiedades) to its API name and says how a record is named and keyed.
 */
import type { BlogPost, Development, Product, Property, PropertyStatus, Price, Zone } from '../catalogue/model'

export type Publication = 'borrador' | 'publicada' | 'archivada'

export interface Editable<T> {
  record: T
  publication: Publication
  revision: number
  updatedAt: string
  updatedBy: string | null
}

export interface ListPage<T> {
  items: Editable<T>[]
  total: number
  page: number
  pageSize: number
}

export interface HistoryEntry {
  field: string
  old: unknown
  new: unknown
  actorName: string | null
  at: string
}

export interface QuickChange {
  status?: PropertyStatus
  price?: Price
  revision: number
}

interface Records {
  properties: Property
  developments: Development
  posts: BlogPost
  zones: Zone
  products: Product
}
export type CatalogueKind = keyof Records
export type CatalogueRecord<K extends CatalogueKind> = Records[K]
export type AnyRecord = Records[CatalogueKind]
