/**
 * The option lists of the search form (/buscar-propiedades). The fixed ones come from the
 * catalogue's model and labels; zones and developments are the catalogue's, carried by the search
 * page's payload (`searchPlaces`).
 */
import { AMENITY_LABELS, OPERATION_NOUNS, PROPERTY_TYPE_LABELS, SORT_LABELS } from '../../catalogue/labels'
import { LISTING_SORTS } from '../../catalogue/listing-query'
import { CURRENCIES, OPERATIONS, PROPERTY_TYPES, type Amenity, type Catalogue } from '../../catalogue/model'

export interface Option<T extends string = string> {
  value: T
  label: string
}

/** The zones and developments a search can name, in catalogue order. */
export interface SearchPlaces {
  zones: Option[]
  developments: Option[]
}

export function searchPlaces(catalogue: Pick<Catalogue, 'zones' | 'developments'>): SearchPlaces {
  const option = ({ slug, name }: { slug: string; name: string }): Option => ({ value: slug, label: name })
  return { zones: catalogue.zones.map(option), developments: catalogue.developments.map(option) }
}

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
