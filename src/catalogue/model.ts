/**
 * The business data model (docs/behaviour.md#api), shared by the API, the site and the chat agent.
 * Types and constant lists only; Spanish labels live in labels.ts, formatting in format.ts.
 */

export const OPERATIONS = ['venta', 'renta', 'preventa'] as const
export type Operation = (typeof OPERATIONS)[number]

export const PROPERTY_TYPES = ['casa', 'departamento', 'terreno', 'local', 'oficina', 'bodega'] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

/** The three unit kinds of a residential development (routes /{residencial}/casas|departamentos|terrenos). */
export const UNIT_KINDS = ['casas', 'departamentos', 'terrenos'] as const
export type UnitKind = (typeof UNIT_KINDS)[number]
export const UNIT_KIND_TYPE: Record<UnitKind, PropertyType> = { casas: 'casa', departamentos: 'departamento', terrenos: 'terreno' }

export const CURRENCIES = ['MXN', 'USD'] as const
export type Currency = (typeof CURRENCIES)[number]

export const PROPERTY_STATUSES = ['disponible', 'apartada', 'vendida', 'rentada'] as const
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number]

export const DEVELOPMENT_STAGES = ['preventa', 'construccion', 'entrega-inmediata'] as const
export type DevelopmentStage = (typeof DEVELOPMENT_STAGES)[number]

/** Amenity slugs; their Spanish names are in labels.ts. */
export const AMENITIES = [
  'alberca', 'gimnasio', 'seguridad-24h', 'casa-club', 'areas-verdes', 'jardin', 'terraza', 'roof-garden',
  'vista-al-mar', 'frente-a-la-playa', 'acceso-a-playa', 'muelle', 'marina', 'campo-de-golf', 'cancha-de-padel',
  'juegos-infantiles', 'asador', 'elevador', 'estacionamiento-visitas', 'amueblado', 'aire-acondicionado',
  'cocina-integral', 'cuarto-de-servicio', 'estudio', 'bodega', 'acepta-mascotas', 'coworking', 'spa',
  'ciclovia', 'lobby', 'planta-de-emergencia', 'cisterna', 'paneles-solares',
] as const
export type Amenity = (typeof AMENITIES)[number]

export interface Price {
  amount: number
  currency: Currency
}

/** An image in content/images, served through /_ipx; width and height are the original's. */
export interface ImageAsset {
  /** Path under the site root, e.g. "/images/propiedades/casa-marina-1.svg". */
  src: string
  width: number
  height: number
  /** Spanish alternative text. */
  alt: string
}

export interface GeoPoint {
  lat: number
  lng: number
}

export interface Zone {
  slug: string
  name: string
  /** The site path of the zone's page, when it has one (e.g. "/huayacan-cancun"). */
  path: string | null
  description: string
  image: ImageAsset
  geo: GeoPoint
}

export interface Property {
  id: string
  slug: string
  title: string
  /** Paragraphs separated by blank lines. */
  description: string
  type: PropertyType
  operation: Operation
  /** Sale price, or monthly rent for 'renta'. */
  price: Price
  zone: string
  development: string | null
  bedrooms: number
  bathrooms: number
  parking: number
  constructionM2: number | null
  lotM2: number | null
  amenities: Amenity[]
  images: ImageAsset[]
  geo: GeoPoint
  address: string
  status: PropertyStatus
  featured: boolean
  /** Pre-sale delivery, "YYYY-MM". */
  deliveryDate: string | null
  createdAt: string
  updatedAt: string
  /**
   * The last price cut: the price before it and when (set by the console's edit when the price is
   * lowered, removed when it is raised). The page says «Bajó de precio» for 30 days (price-drop.ts).
   */
  priceDrop?: PriceDrop | null
}

export interface PriceDrop {
  previous: Price
  /** ISO instant of the cut. */
  at: string
}

export interface DevelopmentModel {
  slug: string
  name: string
  type: 'casa' | 'departamento' | 'terreno'
  bedrooms: number
  bathrooms: number
  constructionM2: number | null
  lotM2: number | null
  price: Price
  available: number
  total: number
  image: ImageAsset
}

export interface Development {
  slug: string
  name: string
  zone: string
  stage: DevelopmentStage
  summary: string
  description: string
  deliveryDate: string | null
  amenities: Amenity[]
  images: ImageAsset[]
  priceFrom: Price
  models: DevelopmentModel[]
  geo: GeoPoint
  address: string
}

export interface BlogPost {
  slug: string
  title: string
  excerpt: string
  /** Markdown-light: paragraphs, "## " headings, "- " lists, **bold**. */
  body: string
  cover: ImageAsset
  author: string
  tags: string[]
  publishedAt: string
  updatedAt: string
}

/** Filters a landing category (/{product}) applies to the listings. */
export interface ProductFilter {
  operation?: Operation
  type?: PropertyType
  zone?: string
  development?: string
}

export interface Product {
  slug: string
  name: string
  title: string
  description: string
  filter: ProductFilter
  image: ImageAsset
}

export const LEAD_SOURCES = ['contacto', 'propiedad', 'chat'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

export interface Lead {
  id: string
  name: string
  email: string | null
  phone: string | null
  message: string
  source: LeadSource
  propertySlug: string | null
  /** Outgoing attribution record of the visitor (docs/behaviour.md#attribution), with utm_obj. */
  attribution: Record<string, unknown> | null
  createdAt: string
}

/** The whole demo catalogue as content/ holds it. */
export interface Catalogue {
  zones: Zone[]
  properties: Property[]
  developments: Development[]
  blog: BlogPost[]
  products: Product[]
}
