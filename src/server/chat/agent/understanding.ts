/**
 * What the agent understood of one message: a module of types alone, so the intent entries
 * (acts/entry.ts) and the phrases can name it without importing the understanding itself, which
 * loads the entries (understand.ts -> acts/builtin.ts): no import cycle (tests/unit/import-graph.test.ts).
 */
import type { Amenity } from '../../../catalogue/model'
import type { Intent } from './acts/names'
import type { ExtractedContact } from './contact'
import type { Language } from './language'
import type { ParsedWhen } from './schedule'
import type { Criteria } from './types'

export type FactKind =
  | 'parking' | 'bedrooms' | 'bathrooms' | 'price' | 'pricePerArea' | 'area' | 'lot' | 'amenity' | 'amenities' | 'zone' | 'delivery'
  | 'development' | 'unknown'

/** How a visitor picks one of the properties shown by comparing them. */
export type ShownPick = 'cheapest' | 'largest' | 'smallest'

export interface Understanding {
  /** What the message says about the search (only what it says; merged by the dialogue). */
  criteria: Criteria
  /** Amenities no longer wanted ("sin alberca"). */
  removeAmenities: Amenity[]
  clearPrice: boolean
  /** "cualquier zona": drop zone and development. */
  clearZone: boolean
  /** "otra zona": leave the current zone out. */
  otherZone: boolean
  /** «no en el centro» with no other zone named: that zone is left out of the search. */
  leaveOutZone: string | null
  clearType: boolean
  /** "¿y más barato?" */
  cheaper: boolean
  /** "más opciones" */
  more: boolean
  /** An explicit new search ("ahora busco…"). */
  newSearch: boolean
  intents: Intent[]
  contact: ExtractedContact
  when: ParsedWhen
  /** «el 31 de febrero»: a day its month does not have, as written. */
  impossibleDate: string | null
  /** A shown property by position: 0-based, -1 for the last one. */
  ordinal: number | null
  /** "esa", "esta casa": the property just discussed. */
  demonstrative: boolean
  /** A property named by its site URL (/propiedad/{slug}). */
  propertySlug: string | null
  english: boolean
  language: Language
  /** What the classifier says the message is about, when trusted (null: not confident). */
  topic: string | null
  /** The fact of a property asked about ("¿tiene estacionamiento?"), or 'unknown' for one the data does not hold. */
  fact: FactKind | null
  /** «¿cuál es la más barata?», «¿cuánto mide el más grande?»: one of the properties shown by a superlative. */
  pick: ShownPick | null
  /** «¿qué tan cerca está de la playa?»: how far the beach is (no listing holds it; its zone tells something). */
  asksBeach: boolean
  /** A place outside the agency's area ("Tulum"), as it is written. */
  outsidePlace: string | null
  /** A development or zone by a name the catalogue does not have («Residencial Arbolada»): the word before it (folded) and the name, lower-case. */
  unknownPlace: { kind: string; name: string } | null
  /** Nothing but spaces, punctuation or symbols. */
  empty: boolean
  /** Folded, typo-corrected text. */
  norm: string
}
