/**
 * The one Spanish display dictionary of the catalogue: how every slug of model.ts reads on the
 * site and in the chat. Pure data plus tiny lookups; no React, no I/O.
 *
 * Each map is checked with `satisfies Record<Slug, …>`, so adding a value to a list in model.ts
 * without its label here (or leaving a stale key behind) fails compilation. The maps are frozen:
 * they are shared by the server, the site and the agent, and nobody should patch them at run time.
 */
import { LISTING_SORTS, type ListingSort as Sort } from './listing-query'
import type {
  Amenity,
  Currency,
  DevelopmentStage,
  Operation,
  PropertyStatus,
  PropertyType,
  UnitKind,
} from './model'

/** Operation as a listing badge: "En venta", "En renta", "Preventa". */
export const OPERATION_LABELS: Readonly<Record<Operation, string>> = Object.freeze({
  venta: 'En venta',
  renta: 'En renta',
  preventa: 'Preventa',
} satisfies Record<Operation, string>)

/** Operation as a noun, for filters and headings: "Venta", "Renta", "Preventa". */
export const OPERATION_NOUNS: Readonly<Record<Operation, string>> = Object.freeze({
  venta: 'Venta',
  renta: 'Renta',
  preventa: 'Preventa',
} satisfies Record<Operation, string>)

export interface NounForms {
  singular: string
  plural: string
}

export const PROPERTY_TYPE_LABELS: Readonly<Record<PropertyType, Readonly<NounForms>>> = Object.freeze({
  casa: Object.freeze({ singular: 'Casa', plural: 'Casas' }),
  departamento: Object.freeze({ singular: 'Departamento', plural: 'Departamentos' }),
  terreno: Object.freeze({ singular: 'Terreno', plural: 'Terrenos' }),
  local: Object.freeze({ singular: 'Local comercial', plural: 'Locales comerciales' }),
  oficina: Object.freeze({ singular: 'Oficina', plural: 'Oficinas' }),
  bodega: Object.freeze({ singular: 'Bodega', plural: 'Bodegas' }),
} satisfies Record<PropertyType, NounForms>)

/** The unit kinds of a development, as the section names of /{residencial}/casas|departamentos|terrenos. */
export const UNIT_KIND_LABELS: Readonly<Record<UnitKind, string>> = Object.freeze({
  casas: 'Casas',
  departamentos: 'Departamentos',
  terrenos: 'Terrenos',
} satisfies Record<UnitKind, string>)

/** Status of a property; the feminine agrees with "propiedad" ("Apartada", "Vendida"). */
export const STATUS_LABELS: Readonly<Record<PropertyStatus, string>> = Object.freeze({
  disponible: 'Disponible',
  apartada: 'Apartada',
  vendida: 'Vendida',
  rentada: 'Rentada',
} satisfies Record<PropertyStatus, string>)

export const STAGE_LABELS: Readonly<Record<DevelopmentStage, string>> = Object.freeze({
  preventa: 'Preventa',
  construccion: 'En construcción',
  'entrega-inmediata': 'Entrega inmediata',
} satisfies Record<DevelopmentStage, string>)

export const AMENITY_LABELS: Readonly<Record<Amenity, string>> = Object.freeze({
  alberca: 'Alberca',
  gimnasio: 'Gimnasio',
  'seguridad-24h': 'Seguridad 24 h',
  'casa-club': 'Casa club',
  'areas-verdes': 'Áreas verdes',
  jardin: 'Jardín',
  terraza: 'Terraza',
  'roof-garden': 'Roof garden',
  'vista-al-mar': 'Vista al mar',
  'frente-a-la-playa': 'Frente a la playa',
  'acceso-a-playa': 'Acceso a la playa',
  muelle: 'Muelle',
  marina: 'Marina',
  'campo-de-golf': 'Campo de golf',
  'cancha-de-padel': 'Cancha de pádel',
  'juegos-infantiles': 'Juegos infantiles',
  asador: 'Asador',
  elevador: 'Elevador',
  'estacionamiento-visitas': 'Estacionamiento de visitas',
  amueblado: 'Amueblado',
  'aire-acondicionado': 'Aire acondicionado',
  'cocina-integral': 'Cocina integral',
  'cuarto-de-servicio': 'Cuarto de servicio',
  estudio: 'Estudio',
  bodega: 'Bodega',
  'acepta-mascotas': 'Se aceptan mascotas',
  coworking: 'Coworking',
  spa: 'Spa',
  ciclovia: 'Ciclovía',
  lobby: 'Lobby',
  'planta-de-emergencia': 'Planta de emergencia',
  cisterna: 'Cisterna',
  'paneles-solares': 'Paneles solares',
} satisfies Record<Amenity, string>)

/** Currency names, e.g. for a currency switch; prices themselves are written by format.ts. */
export const CURRENCY_LABELS: Readonly<Record<Currency, string>> = Object.freeze({
  MXN: 'Pesos mexicanos',
  USD: 'Dólares estadounidenses',
} satisfies Record<Currency, string>)

/** Sort orders of the listings (the `orden` of a listing page), defined with the query. */
export { LISTING_SORTS as SORTS, DEFAULT_SORT, type ListingSort as Sort } from './listing-query'

export const SORT_LABELS: Readonly<Record<Sort, string>> = Object.freeze({
  recientes: 'Más recientes',
  'precio-asc': 'Precio: menor a mayor',
  'precio-desc': 'Precio: mayor a menor',
  'm2-desc': 'Más metros cuadrados',
} satisfies Record<Sort, string>)

/** Whether a raw value (e.g. a query-string parameter) is one of the sort keys. */
export function isSort(value: unknown): value is Sort {
  return typeof value === 'string' && (LISTING_SORTS as readonly string[]).includes(value)
}

/** "Casa" for one, "Casas" otherwise (Spanish uses the plural for 0 too). */
export function propertyTypeLabel(type: PropertyType, count = 1): string {
  const forms = PROPERTY_TYPE_LABELS[type]
  return count === 1 ? forms.singular : forms.plural
}
