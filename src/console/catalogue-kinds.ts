/**
 * The five kinds «Catálogo» edits (docs/console.md#catalogue): the Spanish path of each tab
 * (#/catalogo/propiedades), its labels, how a record is keyed and named, and a new record's
 * first values. Pure: the screens and the tests read it.
 */
import type { BlogPost, Development, ImageAsset, Product, Property, Zone } from '../catalogue/model'
import type { AccountRole } from '../protocol/console'
import type { AnyRecord, CatalogueKind, CatalogueRecord, Publication } from './catalogue-types'

export interface KindInfo {
  kind: CatalogueKind
  /** The tab's path after #/catalogo/. */
  path: string
  label: string
  /** «Nueva propiedad», the create button. */
  create: string
  /** The record in a sentence: «esta propiedad». */
  this: string
  /** Drafts and publishing apply (zones and product pages are always published). */
  publishable: boolean
}

export const KINDS: readonly KindInfo[] = [
  { kind: 'properties', path: 'propiedades', label: 'Propiedades', create: 'Nueva propiedad', this: 'esta propiedad', publishable: true },
  { kind: 'developments', path: 'desarrollos', label: 'Desarrollos', create: 'Nuevo desarrollo', this: 'este desarrollo', publishable: true },
  { kind: 'posts', path: 'blog', label: 'Blog', create: 'Nueva entrada', this: 'esta entrada', publishable: true },
  { kind: 'zones', path: 'zonas', label: 'Zonas', create: 'Nueva zona', this: 'esta zona', publishable: false },
  { kind: 'products', path: 'paginas', label: 'Páginas', create: 'Nueva página', this: 'esta página', publishable: false },
]

export const CATALOGUE_SCREEN = 'catalogo'
/** The path segment of a record not yet saved. */
export const NEW_RECORD = 'nueva'

export const kindInfo = (kind: CatalogueKind): KindInfo => KINDS.find((k) => k.kind === kind)!

/** `#/catalogo/<tab>[/<key>]` read back: the tab (the first by default) and the open record's key, or NEW_RECORD. */
export function readCatalogueParam(param: string | null): { info: KindInfo; key: string | null } {
  const [path = '', ...rest] = (param ?? '').split('/')
  const info = KINDS.find((k) => k.path === path) ?? KINDS[0]!
  return { info, key: rest.length && rest.join('/') ? rest.join('/') : null }
}

/** The console path (for ScreenProps.go) of a tab or of one of its records. */
export const cataloguePath = (kind: CatalogueKind, key?: string) => `${CATALOGUE_SCREEN}/${kindInfo(kind).path}${key ? `/${encodeURIComponent(key)}` : ''}`

/** A record's key in the API: a property's id, everything else's slug. */
export const recordKey = (kind: CatalogueKind, record: AnyRecord): string => (kind === 'properties' ? (record as Property).id : (record as { slug: string }).slug)

/** How a record is named in lists and headings. */
export function recordTitle(kind: CatalogueKind, record: AnyRecord): string {
  const named = record as { title?: string; name?: string }
  return (kind === 'properties' || kind === 'posts' ? named.title : named.name) || 'Sin título'
}

/** The record's photos in order (its cover first), for the list's thumbnail. */
export function recordImages(kind: CatalogueKind, record: AnyRecord): ImageAsset[] {
  if (kind === 'properties' || kind === 'developments') return (record as Property | Development).images
  if (kind === 'posts') return [(record as BlogPost).cover].filter((image) => image?.src)
  return [(record as Zone | Product).image].filter((image) => image?.src)
}

export const PUBLICATION_LABELS: Record<Publication, string> = { borrador: 'Borrador', publicada: 'Publicada', archivada: 'Archivada' }

/** Who may publish (or take back to draft): admins always, an adviser when their account says so. */
export const mayPublish = (account: { role: AccountRole; canPublish: boolean }) => account.role === 'admin' || account.canPublish

export const NO_IMAGE: ImageAsset = { src: '', width: 0, height: 0, alt: '' }
const NO_PLACE = { lat: 21.1619, lng: -86.8515 }

/** A new record's first values: every field there, empty or the commonest choice. */
export function emptyRecord<K extends CatalogueKind>(kind: K): CatalogueRecord<K> {
  const now = new Date().toISOString()
  const records: { [Kind in CatalogueKind]: () => CatalogueRecord<Kind> } = {
    properties: () => ({
      id: '', slug: '', title: '', description: '', type: 'casa', operation: 'venta', price: { amount: 0, currency: 'MXN' },
      zone: '', development: null, bedrooms: 0, bathrooms: 0, parking: 0, constructionM2: null, lotM2: null, amenities: [], images: [],
      geo: { ...NO_PLACE }, address: '', status: 'disponible', featured: false, deliveryDate: null, createdAt: now, updatedAt: now,
    }),
    developments: () => ({
      slug: '', name: '', zone: '', stage: 'preventa', summary: '', description: '', deliveryDate: null, amenities: [], images: [],
      priceFrom: { amount: 0, currency: 'MXN' }, models: [], geo: { ...NO_PLACE }, address: '',
    }),
    // publishedAt stays empty until it is first published (catalogue/schema.ts).
    posts: () => ({ slug: '', title: '', excerpt: '', body: '', cover: { ...NO_IMAGE }, author: '', tags: [], publishedAt: null as unknown as string, updatedAt: now }),
    zones: () => ({ slug: '', name: '', path: null, description: '', image: { ...NO_IMAGE }, geo: { ...NO_PLACE } }),
    products: () => ({ slug: '', name: '', title: '', description: '', filter: {}, image: { ...NO_IMAGE } }),
  }
  return records[kind]() as CatalogueRecord<K>
}
