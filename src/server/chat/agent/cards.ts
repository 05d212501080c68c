/**
 * Markdown the widget renders (docs/behaviour.md#agent-search): property cards (image, **title**, price and facts,
 * link), the search-page link with the criteria as Spanish query parameters, and criteria in
 * words, in the conversation's language (docs/behaviour.md#agent-language; property data such as
 * titles and zone names stays as the catalogue has it). Pure; Spanish labels and number formatting
 * come from the catalogue modules.
 */
import { convertPrice, formatArea, formatBathrooms, formatBedrooms, formatCount, formatPrice } from '../../../catalogue/format'
import { AMENITY_LABELS, propertyTypeLabel } from '../../../catalogue/labels'
import type { Amenity, Currency, Development, Operation, Price, Property, Zone } from '../../../catalogue/model'
import type { Language } from './language'
import { joinY, markdownLabel } from './text'
import type { Criteria } from './types'
import { CHAT_IMAGE_WIDTH, imageUrl as proxyUrl } from '../../../shared/images'
import { propertyPath } from '../../../domain/site-paths'

/** The site URL without trailing slashes. */
export function siteBase(siteUrl: string): string {
  return siteUrl.trim().replace(/\/+$/, '')
}

/** A URL safe inside markdown parentheses: no spaces or parentheses. */
function markdownUrl(url: string): string {
  return encodeURI(decodeSafe(url)).replace(/\(/g, '%28').replace(/\)/g, '%29')
}

function decodeSafe(url: string): string {
  try {
    return decodeURI(url)
  } catch {
    return url
  }
}

/** The chat's WebP of a catalogue image through the site's /_ipx proxy, as an absolute URL. */
export function imageUrl(base: string, src: string): string {
  return markdownUrl(`${base}${proxyUrl(src, CHAT_IMAGE_WIDTH)}`)
}

export function propertyUrl(base: string, slug: string): string {
  return `${base}${propertyPath(slug)}`
}

export interface Names {
  zone(slug: string): string | null
  development(slug: string): string | null
}

export function namesOf(zones: Zone[], developments: Development[]): Names {
  const zoneNames = new Map(zones.map((z) => [z.slug, z.name]))
  const devNames = new Map(developments.map((d) => [d.slug, d.name]))
  return { zone: (slug) => zoneNames.get(slug) ?? null, development: (slug) => devNames.get(slug) ?? null }
}

/** "Centro / Supermanzanas" → "Centro". */
function shortZoneName(name: string): string {
  return name.split('/')[0]?.trim() || name
}

/**
 * Zones English speakers call by an English name (docs/behaviour.md#agent-language), by slug; the
 * others keep the catalogue's name in English too («Puerto Cancún», «Huayacán»).
 */
const ZONE_NAMES_EN: Readonly<Record<string, string>> = { 'zona-hotelera': 'Hotel Zone' }

/** A zone's name on a card: the catalogue's, short, or its English name for an English visitor. */
function zoneLabel(slug: string, names: Names, language: Language): string | null {
  const name = names.zone(slug)
  if (!name) return null
  return (language === 'en' ? ZONE_NAMES_EN[slug] : undefined) ?? shortZoneName(name)
}

/** "Zona Hotelera" → "la Zona Hotelera", "Centro / Supermanzanas" → "el Centro"; in English "the Hotel Zone", "Puerto Cancún". */
export function zonePhrase(slug: string, names: Names, language: Language = 'es'): string {
  const name = names.zone(slug)
  if (!name) return slug
  const short = shortZoneName(name)
  if (language === 'en') return ZONE_NAMES_EN[slug] ? `the ${ZONE_NAMES_EN[slug]}` : short
  if (/^zona\b/i.test(short)) return `la ${short}`
  if (/^(?:centro|pol[ií]gono)\b/i.test(short)) return `el ${short}`
  return short
}

/** The words of a card and of a price, per language. */
interface CardWords {
  bedrooms(n: number): string
  bathrooms(n: number): string
  /** After a monthly rent. */
  perMonth: string
  seeProperty: string
  /** The photo's text when the listing gives none. */
  photo: string
}

const CARD_WORDS: Readonly<Record<Language, CardWords>> = {
  es: { bedrooms: formatBedrooms, bathrooms: formatBathrooms, perMonth: ' / mes', seeProperty: 'Ver propiedad', photo: 'Foto' },
  en: {
    bedrooms: (n) => formatCount(n, 'bedroom', 'bedrooms'),
    bathrooms: (n) => formatCount(n, 'bathroom', 'bathrooms'),
    perMonth: ' / month',
    seeProperty: 'See the property',
    photo: 'Photo',
  },
}

/** A listing's price as its operation reads: "$25,000 MXN / mes" (a rent) or "USD 450,000", in the visitor's language. */
export function listingPrice(price: Price, operation: Operation, language: Language): string {
  return `${formatPrice(price)}${operation === 'renta' ? CARD_WORDS[language].perMonth : ''}`
}

/** The price in another currency at the site's exchange rate, rounded: "≈ USD 1,030 / month". */
export function approxPrice(price: Price, to: Currency, operation: Operation, language: Language): string {
  return `≈ ${listingPrice(convertPrice(price, to), operation, language)}`
}

export interface CardOptions {
  /** The labels' language (Spanish unless the visitor writes English). */
  language?: Language
  /** Adds the price converted to this currency. */
  currency?: Currency
}

/** One property as a markdown card. */
export function propertyCard(property: Property, base: string, names: Names, { language = 'es', currency }: CardOptions = {}): string {
  const words = CARD_WORDS[language]
  const lines: string[] = []
  const image = property.images[0]
  // The photo opens the property's page, not the image file (docs/behaviour.md#agent-search).
  if (image?.src) lines.push(`[![${markdownLabel(image.alt || property.title) || words.photo}](${imageUrl(base, image.src)})](${propertyUrl(base, property.slug)})`)
  lines.push(`**${markdownLabel(property.title).replace(/\*+/g, '')}**`)
  let price = listingPrice(property.price, property.operation, language)
  if (currency && currency !== property.price.currency) price += ` (${approxPrice(property.price, currency, property.operation, language)})`
  const facts = [price]
  if (property.bedrooms > 0) facts.push(words.bedrooms(property.bedrooms))
  if (property.bathrooms > 0) facts.push(words.bathrooms(property.bathrooms))
  const area = formatArea(property.constructionM2 ?? property.lotM2)
  if (area) facts.push(area)
  const zone = zoneLabel(property.zone, names, language)
  if (zone) facts.push(zone)
  lines.push(facts.join(' · '))
  lines.push(`[${words.seeProperty}](${propertyUrl(base, property.slug)})`)
  return lines.join('\n')
}

/** A property's card in the agent's messages: `propertyCard` with the agent's site URL and names. */
export type Cards = (property: Property, options?: CardOptions) => string

/**
 * The agent's cards, each made once per property, language and currency: the site URL and the
 * names are fixed for the agent's lifetime, the catalogue's properties are the same objects from
 * search to search (the in-memory index), and a card (escaping, URLs, number formats) was a few
 * per cent of a visitor message's CPU at load (docs/behaviour.md#chat-at-load). Held per property
 * object, so they go with the catalogue they came from.
 */
export function agentCards(base: string, names: Names): Cards {
  const made = new WeakMap<Property, Map<string, string>>()
  return (property, options = {}) => {
    const key = `${options.language ?? 'es'} ${options.currency ?? ''}`
    let cards = made.get(property)
    if (!cards) made.set(property, (cards = new Map()))
    let card = cards.get(key)
    if (card === undefined) cards.set(key, (card = propertyCard(property, base, names, options)))
    return card
  }
}

/** /buscar-propiedades with the criteria as the site's Spanish query parameters. */
export function searchUrl(base: string, criteria: Criteria): string {
  const params = new URLSearchParams()
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  set('operacion', criteria.operacion)
  set('tipo', criteria.tipo)
  set('zona', criteria.zona)
  set('desarrollo', criteria.desarrollo)
  set('precio_min', criteria.precio_min)
  set('precio_max', criteria.precio_max)
  if (criteria.precio_min !== undefined || criteria.precio_max !== undefined) set('moneda', criteria.moneda ?? 'MXN')
  set('recamaras', criteria.recamaras)
  set('m2_min', criteria.m2_min)
  set('m2_max', criteria.m2_max)
  set('banos', criteria.banos)
  if (criteria.amenidades?.length) set('amenidades', criteria.amenidades.join(','))
  set('orden', criteria.orden)
  const query = params.toString()
  return `${base}/buscar-propiedades${query ? `?${query}` : ''}`
}

/** Property types named with a feminine noun: "casa", "oficina", "bodega" (and "propiedad" when there is no type). */
const FEMININE = new Set(['casa', 'oficina', 'bodega', undefined])

/** "amueblada", "amueblados"… agreeing with the type's noun in gender and number. */
export function furnishedWord(type: string | undefined, count = 1): string {
  return `amueblad${FEMININE.has(type) ? 'a' : 'o'}${count === 1 ? '' : 's'}`
}

/** An amenity as a Spanish phrase inside a sentence: "alberca", "mascotas permitidas". */
export function amenityWords(amenity: Amenity): string {
  if (amenity === 'acepta-mascotas') return 'mascotas permitidas'
  const label = AMENITY_LABELS[amenity]
  return /^[A-ZÁÉÍÓÚ][a-záéíóúñ]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label
}

/** The budget in words: "hasta $30,000 MXN al mes", "entre $3,000,000 MXN y $5,000,000 MXN". */
export function budgetWords(criteria: Criteria): string | null {
  const currency = criteria.moneda ?? 'MXN'
  const money = (amount: number) => formatPrice({ amount, currency })
  const monthly = criteria.operacion === 'renta' ? ' al mes' : ''
  if (criteria.precio_min !== undefined && criteria.precio_max !== undefined) {
    return `entre ${money(criteria.precio_min)} y ${money(criteria.precio_max)}${monthly}`
  }
  if (criteria.precio_max !== undefined) return `hasta ${money(criteria.precio_max)}${monthly}`
  if (criteria.precio_min !== undefined) return `desde ${money(criteria.precio_min)}${monthly}`
  return null
}

/**
 * The criteria in words, for `count` results: "casas en renta en Huayacán hasta $30,000 MXN al
 * mes, con 3 recámaras o más y alberca".
 */
export function describeCriteria(criteria: Criteria, names: Names, count = 2): string {
  const parts: string[] = []
  const noun = criteria.tipo ? propertyTypeLabel(criteria.tipo, count).toLowerCase() : count === 1 ? 'propiedad' : 'propiedades'
  // "Amueblado" is an adjective: it agrees with the noun ("casas amuebladas"), never "con amueblado".
  const furnished = criteria.amenidades?.includes('amueblado') ? furnishedWord(criteria.tipo, count) : null
  parts.push(furnished ? `${noun} ${furnished}` : noun)
  if (criteria.operacion) parts.push(`en ${criteria.operacion}`)
  if (criteria.desarrollo) parts.push(`en ${names.development(criteria.desarrollo) ?? criteria.desarrollo}`)
  else if (criteria.zona) parts.push(`en ${zonePhrase(criteria.zona, names)}`)
  const budget = budgetWords(criteria)
  if (budget) parts.push(budget)
  const size = sizeWords(criteria, SIZE_WORDS_ES)
  if (size) parts.push(size)
  const features: string[] = []
  if (criteria.recamaras !== undefined) features.push(`${formatBedrooms(criteria.recamaras)} o más`)
  if (criteria.banos !== undefined) features.push(`${formatBathrooms(criteria.banos)} o más`)
  for (const amenity of criteria.amenidades ?? []) if (amenity !== 'amueblado') features.push(amenityWords(amenity))
  let text = parts.join(' ')
  if (features.length) text += `${budget || size ? ',' : ''} con ${joinY(features)}`
  return text
}

const TYPE_WORDS_EN: Record<string, readonly [string, string]> = {
  casa: ['house', 'houses'],
  departamento: ['apartment', 'apartments'],
  terreno: ['lot', 'lots'],
  local: ['commercial space', 'commercial spaces'],
  oficina: ['office', 'offices'],
  bodega: ['warehouse', 'warehouses'],
}
const OPERATION_WORDS_EN: Record<string, string> = { venta: 'for sale', renta: 'for rent', preventa: 'in pre-sale' }

const SIZE_WORDS_ES = { between: (a: string, b: string) => `de ${a} a ${b}`, atLeast: (a: string) => `de al menos ${a}`, upTo: (a: string) => `de hasta ${a}` }
const SIZE_WORDS_EN = { between: (a: string, b: string) => `${a} to ${b}`, atLeast: (a: string) => `at least ${a}`, upTo: (a: string) => `up to ${a}` }

/** The size asked for, in words («al menos 120 m²»), or null. */
function sizeWords(criteria: Criteria, words: typeof SIZE_WORDS_ES): string | null {
  const { m2_min: min, m2_max: max } = criteria
  if (min !== undefined && max !== undefined) return words.between(formatArea(min), formatArea(max))
  if (min !== undefined) return words.atLeast(formatArea(min))
  if (max !== undefined) return words.upTo(formatArea(max))
  return null
}

/** The criteria in English words: "houses for rent in Huayacán up to $30,000 MXN a month, with 3+ bedrooms and alberca". */
export function describeCriteriaEn(criteria: Criteria, names: Names, count = 2): string {
  const forms = criteria.tipo ? TYPE_WORDS_EN[criteria.tipo] : (['property', 'properties'] as const)
  const parts: string[] = [(count === 1 ? forms?.[0] : forms?.[1]) ?? 'properties']
  if (criteria.operacion) parts.push(OPERATION_WORDS_EN[criteria.operacion] ?? '')
  if (criteria.desarrollo) parts.push(`in ${names.development(criteria.desarrollo) ?? criteria.desarrollo}`)
  else if (criteria.zona) parts.push(`in ${zonePhrase(criteria.zona, names, 'en')}`)
  const currency = criteria.moneda ?? 'MXN'
  const money = (amount: number) => formatPrice({ amount, currency })
  const monthly = criteria.operacion === 'renta' ? ' a month' : ''
  if (criteria.precio_min !== undefined && criteria.precio_max !== undefined) parts.push(`between ${money(criteria.precio_min)} and ${money(criteria.precio_max)}${monthly}`)
  else if (criteria.precio_max !== undefined) parts.push(`up to ${money(criteria.precio_max)}${monthly}`)
  else if (criteria.precio_min !== undefined) parts.push(`from ${money(criteria.precio_min)}${monthly}`)
  const features: string[] = []
  if (criteria.recamaras !== undefined) features.push(`${criteria.recamaras}+ bedrooms`)
  if (criteria.banos !== undefined) features.push(`${criteria.banos}+ bathrooms`)
  const size = sizeWords(criteria, SIZE_WORDS_EN)
  if (size) features.push(size)
  for (const amenity of criteria.amenidades ?? []) features.push(AMENITY_WORDS_EN[amenity])
  let text = parts.filter(Boolean).join(' ')
  if (features.length) text += ` with ${features.join(', ').replace(/, ([^,]*)$/, ' and $1')}`
  return text
}

/** Every amenity as an English phrase inside a sentence ("it has a pool", "with a pool and an ocean view"). */
export const AMENITY_WORDS_EN: Readonly<Record<Amenity, string>> = {
  alberca: 'a pool',
  gimnasio: 'a gym',
  'seguridad-24h': '24-hour security',
  'casa-club': 'a clubhouse',
  'areas-verdes': 'green areas',
  jardin: 'a garden',
  terraza: 'a terrace',
  'roof-garden': 'a roof garden',
  'vista-al-mar': 'an ocean view',
  'frente-a-la-playa': 'a beachfront',
  'acceso-a-playa': 'beach access',
  muelle: 'a dock',
  marina: 'a marina',
  'campo-de-golf': 'a golf course',
  'cancha-de-padel': 'a padel court',
  'juegos-infantiles': 'a playground',
  asador: 'a barbecue grill',
  elevador: 'an elevator',
  'estacionamiento-visitas': 'visitor parking',
  amueblado: 'furniture',
  'aire-acondicionado': 'air conditioning',
  'cocina-integral': 'a fitted kitchen',
  'cuarto-de-servicio': "a maid's room",
  estudio: 'a study',
  bodega: 'a storage room',
  'acepta-mascotas': 'pets allowed',
  coworking: 'a coworking space',
  spa: 'a spa',
  ciclovia: 'a bike path',
  lobby: 'a lobby',
  'planta-de-emergencia': 'a backup generator',
  cisterna: 'a water cistern',
  'paneles-solares': 'solar panels',
}
