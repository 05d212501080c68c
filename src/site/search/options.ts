/**
 * The option lists of the search form (/buscar-propiedades). Static on purpose: the screen chunk
 * needs no extra request and the payload stays as it is. Zones and developments mirror
 * content/catalogue.json (a unit test keeps them in step).
 */
import { AMENITY_LABELS, OPERATION_NOUNS, PROPERTY_TYPE_LABELS, SORT_LABELS } from '../../catalogue/labels'
import { LISTING_SORTS } from '../../catalogue/listing-query'
import { CURRENCIES, OPERATIONS, PROPERTY_TYPES, type Amenity } from '../../catalogue/model'

export interface Option<T extends string = string> {
  value: T
  label: string
}

export const ZONE_OPTIONS: readonly Option[] = [
  { value: 'huayacan', label: 'Huayacán' },
  { value: 'puerto-cancun', label: 'Puerto Cancún' },
  { value: 'zona-hotelera', label: 'Zona Hotelera' },
  { value: 'centro', label: 'Centro / Supermanzanas' },
  { value: 'poligono-sur', label: 'Polígono Sur' },
]

export const DEVELOPMENT_OPTIONS: readonly Option[] = [
  { value: 'residencial-cumbres-suiko', label: 'Residencial Cumbres Suiko' },
  { value: 'torre-marea-puerto-cancun', label: 'Torre Marea Puerto Cancún' },
  { value: 'residencias-costa-marina', label: 'Residencias Costa Marina' },
  { value: 'condominios-arena-blanca', label: 'Condominios Arena Blanca' },
  { value: 'residencial-bosque-maya', label: 'Residencial Bosque Maya' },
  { value: 'residencial-jardines-del-sur', label: 'Residencial Jardines del Sur' },
  { value: 'torre-nativa-centro', label: 'Torre Nativa Centro' },
]

export const ZONE_SLUGS: readonly string[] = ZONE_OPTIONS.map((o) => o.value)
export const DEVELOPMENT_SLUGS: readonly string[] = DEVELOPMENT_OPTIONS.map((o) => o.value)

export const OPERATION_OPTIONS = OPERATIONS.map((value) => ({ value, label: OPERATION_NOUNS[value] }))
export const TYPE_OPTIONS = PROPERTY_TYPES.map((value) => ({ value, label: PROPERTY_TYPE_LABELS[value].singular }))
export const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value }))
export const SORT_OPTIONS = LISTING_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))

/** The amenities offered as checkboxes (the most common in the catalogue, plus what renters ask for). */
export const COMMON_AMENITIES: readonly Amenity[] = [
  'alberca',
  'seguridad-24h',
  'gimnasio',
  'terraza',
  'jardin',
  'vista-al-mar',
  'amueblado',
  'acepta-mascotas',
]

export const amenityLabel = (amenity: Amenity): string => AMENITY_LABELS[amenity]

/** Rooms minimums offered in the selects: "1+", "2+"… */
export const MINIMUM_OPTIONS = [1, 2, 3, 4, 5]
