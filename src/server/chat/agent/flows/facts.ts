/**
 * Questions about one property (docs/behaviour.md#agent-facts): which property the visitor means
 * (a position in the last cards, the cheapest shown, a link, the page they are on, the one in
 * focus), and the answer from its data with a link to its page; what the data does not hold is
 * said honestly, with a person offered. Never a new search. Pure: the property comes looked up.
 */
import { formatArea, formatPrice } from '../../../../catalogue/format'
import type { Amenity, Property } from '../../../../catalogue/model'
import { isOffered } from '../../../../catalogue/similar'
import { approxPrice, furnishedWord, listingPrice, propertyUrl, zonePhrase } from '../cards'
import type { ConversationState } from '../types'
import type { Understanding } from '../understand'
import { pickShown } from './criteria'
import { has, type Step, type TurnContext } from './step'

/** A message worded as a question («¿…?», «tiene…», «does…»), not as a requirement («que tenga alberca»). */
/** «is it…?», «does it…?»: a question about one property. */
const ABOUT_ONE = / (?:is|does|has) (?:it|this|that)\b/
const ASKS = /\?|^ (?:y )?(?:tiene|cuant|es |esta |en que |donde |cual es |does|is |how |where |what |which )/

/** «que tenga alberca», «y con jardín»: worded as a requirement (no question mark), not as a question. */
const REQUIREMENT = /^[\s¡]*(?:y\s+)?(?:que\s+(?:tenga|tengan|acepte|acepten|incluya|sea)|con)\b[^?]*$/

/** A question about something a property has or includes. */
const HAS_SOMETHING = /\b(?:tiene|tienen|cuenta con|incluye|incluyen|viene con|hay|have|has|include|includes|come with|comes with)\b/

/** «el de 43,500», «la de 3 millones», «the one for 5,200»: a property named by its price. */
const PRICED_ONE = /(?:^|[^a-z])(?:el|la|the one) (?:de|for|at) \$?\d/

/**
 * «¿el de 43,500 incluye servicios?»: a shown property named by its price is that property (as
 * «la segunda» would be), not a new budget.
 */
export function pricedReference(state: ConversationState, u: Understanding): Understanding {
  const amount = u.criteria.precio_max
  if (amount === undefined || u.criteria.precio_min !== undefined || !PRICED_ONE.test(u.norm)) return u
  const index = state.shown.findIndex((p) => p.price.amount === amount)
  if (index < 0) return u
  const { precio_max: _max, moneda: _currency, operacion: _operation, ...criteria } = u.criteria
  return { ...u, criteria, ordinal: index }
}

/** «¿en qué zona están?», «¿cuántas recámaras tienen?», «where are they?»: worded about all of them. */
const ABOUT_ALL = /\b(?:estan|quedan|tienen|cuestan|miden|incluyen|aceptan|permiten|entregan|are they delivered|puedo tener|se puede tener|are they|do they|they|can i (?:have|bring|keep))\b/

/**
 * Whether the message asks a fact of every result shown (several on screen, none of them named):
 * it is answered for each, instead of «¿de cuál?».
 */
export function asksAboutShown(state: ConversationState, u: Understanding, target: string | null): boolean {
  if (target !== null || state.shown.length < 2 || u.fact === null || u.fact === 'unknown') return false
  if (u.ordinal !== null || u.pick !== null || u.demonstrative || u.more || u.cheaper || u.newSearch) return false
  const keys = Object.keys(u.criteria)
  // «que tenga estacionamiento»: a requirement the search cannot filter by is checked in each result shown.
  if (keys.length === 0 && REQUIREMENT.test(u.norm)) return true
  return keys.every((key) => key === 'amenidades') && ABOUT_ALL.test(u.norm)
}

/** The fact asked, for each result shown, numbered as the cards; `listings`: each looked up (null: no longer in the catalogue). */
export function answerAboutShown(u: Understanding, t: TurnContext, shown: ConversationState['shown'], listings: ReadonlyArray<Property | null>): Step {
  const lines = shown.map((p, i) => {
    const listing = listings[i]
    return `${i + 1}. **${p.title}**: ${listing ? factLine(u, t, listing) : t.say.facts.notFound}`
  })
  return { messages: [lines.join('\n')], dialogue: [t.say.facts.nextQuestion], state: { lastAsk: 'after-results' } }
}

/** The slug of the property a message asks about, or null when it names none. */
export function askedProperty(state: ConversationState, u: Understanding, page: string | null): string | null {
  if (u.pick && state.shown.length) return pickShown(state.shown, u.pick)?.slug ?? null
  if (u.ordinal !== null && state.shown.length) return state.shown[u.ordinal < 0 ? state.shown.length - 1 : u.ordinal]?.slug ?? null
  if (u.propertySlug) return u.propertySlug
  if (page) return page
  if (state.focus) return state.focus.slug
  return state.shown.length === 1 ? (state.shown[0]?.slug ?? null) : null
}

/**
 * Whether the message is a question about a property rather than a search or a request.
 * `shown`: whether results are on screen to ask about.
 */
export function isPropertyQuestion(u: Understanding, target: string | null, shown: boolean): boolean {
  // «¿es seguro vivir en Cancún?» with nothing discussed: asked, not searched («casa cerca de escuelas» is a search).
  const asked = ASKS.test(` ${u.norm}`) && !u.criteria.tipo && !u.criteria.operacion && !u.more && !u.newSearch && !u.cheaper
  if (u.fact === 'unknown' && !shown && target === null && asked) return true
  // «¿qué incluye?», «¿acepta niños?» with results shown: what no listing holds, said as such (not «no te entendí»).
  if (u.fact === 'unknown' && shown && asked && Object.keys(u.criteria).length === 0) return true
  // «la más barata la puedo ver el lunes a las 5?»: a visit to it, not a question about its price.
  if (has(u, 'visit') && (u.topic === 'visit' || u.when.date !== null || u.when.time !== null)) return false
  // "sin límite de precio", "otra zona", "más opciones" change the search.
  if (u.clearPrice || u.clearZone || u.otherZone || u.leaveOutZone !== null || u.clearType || u.more || u.newSearch || (u.cheaper && u.pick !== 'cheapest')) return false
  // «is it pet friendly?»: a fact of one property («it»), however the classifier read it; with several shown it asks which.
  const onlyAmenities = Object.keys(u.criteria).every((key) => key === 'amenidades')
  if (u.fact !== null && onlyAmenities && ABOUT_ONE.test(` ${u.norm} `)) return shown || target !== null
  if (has(u, 'propertyQuestion') || has(u, 'availability')) {
    // «que tenga alberca» after one result: a requirement narrowing the search, not a question about that one.
    if (REQUIREMENT.test(u.norm) && Object.keys(u.criteria).length > 0 && u.ordinal === null && !u.demonstrative && u.pick === null) return false
    if (target !== null || u.ordinal !== null || u.demonstrative || u.pick !== null) return true
    // No one property meant: «de 3 recámaras», «en venta», «que tenga alberca» narrow the search («¿tiene alberca?» still asks which)…
    const keys = Object.keys(u.criteria)
    if (keys.some((key) => key !== 'amenidades') || (keys.length > 0 && !ASKS.test(` ${u.norm}`))) return false
    // …and with nothing shown, a question naming no fact («¿cuál es la capital de Francia?») is about no property.
    return shown || u.fact !== null
  }
  // "¿y esa casa está cerca de una escuela?": what the data cannot hold, about a property being discussed.
  if (u.fact === 'unknown' && (target !== null || u.demonstrative)) return true
  // "la segunda… ¿tiene estacionamiento?", "¿aceptan mascotas en este depa?": a fact of a property pointed at.
  if (target !== null && u.fact !== null && (u.ordinal !== null || u.pick !== null || u.demonstrative)) return true
  // "¿tiene alberca?" with a property in view, when the classifier was unsure.
  return u.topic === null && target !== null && u.fact !== null && ASKS.test(` ${u.norm}`)
}

/** The answer about `property` (null: the slug names no property); `shown`: the last results, to say which one a superlative picked. */
export function answerAboutProperty(u: Understanding, t: TurnContext, property: Property | null, target: string | null, shown: ConversationState['shown'] = []): Step {
  const say = t.say.facts
  // «¿tiene chimenea?», «does the first one have a fireplace?», «¿incluye servicios?»: something it has that the data does not name is not answered with the price.
  if (u.fact === null && !has(u, 'availability') && HAS_SOMETHING.test(` ${u.norm} `)) {
    return { messages: [say.unknown], state: { pending: 'contact', lastAsk: 'contact' }, askedContact: true }
  }
  // «¿qué tan cerca está de la playa?»: no distance in the listing, but its zone and sea view say something.
  if (u.fact === 'unknown' && u.asksBeach && property && !has(u, 'availability')) {
    const line = say.beach(zonePhrase(property.zone, t.names, t.language), property.amenities.includes('vista-al-mar'), property.zone === t.lexicon.beachZone)
    const link = say.link(propertyUrl(t.base, property.slug))
    return { messages: [`${line}\n**${property.title}** · ${link}`], state: { focus: { slug: property.slug, title: property.title }, pending: 'contact', lastAsk: 'contact' }, askedContact: true }
  }
  if (u.fact === 'unknown' && !has(u, 'availability')) {
    // No property discussed: the city, not a listing, is what the agent has no data about.
    return { messages: [target ? say.unknown : say.unknownGeneral], state: { pending: 'contact', lastAsk: 'contact' }, askedContact: true }
  }
  if (!target) return { messages: [say.which] }
  if (!property) return { messages: [say.notFound] }
  const focus = { focus: { slug: property.slug, title: property.title } }
  const link = say.link(propertyUrl(t.base, property.slug))
  const lines = has(u, 'availability') && !u.fact ? [availability(property, t)] : [factLine(u, t, property)]
  // «¿cuánto mide el más grande?»: which of the results it is, before its data.
  const position = u.pick && shown.length > 1 ? shown.findIndex((p) => p.slug === property.slug) : -1
  if (u.pick && position >= 0) lines.unshift(say.picked(u.pick, position + 1))
  // A property no longer offered (sold, rented, reserved) is not offered a visit: its status is said instead.
  const next = isOffered(property) ? say.nextQuestion : lines.includes(availability(property, t)) ? null : availability(property, t)
  return { messages: [`${lines.join(' ')}\n**${property.title}** · ${link}`], dialogue: next ? [next] : [], state: { ...focus, lastAsk: 'after-results' } }
}

function availability(p: Property, t: TurnContext): string {
  const say = t.say.facts
  return isOffered(p) ? say.available : say.unavailable(statusWord(p, t))
}

/** «vendida», «sold»: a status in the visitor's language. */
export const statusWord = (p: Pick<Property, 'status'>, t: TurnContext) => t.say.facts.status[p.status] ?? p.status

function factLine(u: Understanding, t: TurnContext, p: Property): string {
  const say = t.say.facts
  const built = p.constructionM2 ? formatArea(p.constructionM2) : null
  const lot = p.lotM2 ? formatArea(p.lotM2) : null
  switch (u.fact) {
    case 'parking':
      return say.parking(p.parking)
    case 'bedrooms':
      return say.bedrooms(p.bedrooms)
    case 'bathrooms':
      return say.bathrooms(p.bathrooms)
    case 'area':
      return say.area(built, lot)
    case 'pricePerArea': {
      // A plot is priced by its land, anything else by what is built.
      const land = p.type === 'terreno' || !p.constructionM2
      const m2 = land ? p.lotM2 : p.constructionM2
      if (!m2) return say.area(built, lot)
      const perM2 = { amount: Math.round(p.price.amount / m2), currency: p.price.currency }
      return say.pricePerArea(formatPrice(perM2), listingPrice(p.price, p.operation, t.language), formatArea(m2), land, p.operation === 'renta')
    }
    case 'lot':
      return say.lot(lot, built)
    case 'amenity':
      return (u.criteria.amenidades ?? []).map((a) => amenityLine(a, p, t)).join(' ')
    case 'amenities':
      return say.amenities(t.say.words.list(p.amenities.map((a) => t.say.words.amenity(a))))
    case 'zone':
      return say.zone(t.language === 'en' ? zonePhrase(p.zone, t.names, 'en') : (t.names.zone(p.zone) ?? p.zone), p.address)
    case 'delivery': {
      const development = t.developments.find((d) => d.slug === p.development)
      const month = p.deliveryDate ?? (p.operation === 'preventa' ? development?.deliveryDate : null) ?? null
      return say.delivery(month ? t.say.words.month(month) : null, development?.name ?? null)
    }
    case 'development':
      return say.development(t.names.development(p.development ?? '') ?? null)
    default: {
      if (has(u, 'availability')) return availability(p, t)
      const other = p.price.currency === 'MXN' ? 'USD' : 'MXN'
      return say.price(listingPrice(p.price, p.operation, t.language), approxPrice(p.price, other, p.operation, t.language), p.operation === 'renta')
    }
  }
}

function amenityLine(amenity: Amenity, p: Property, t: TurnContext): string {
  const say = t.say.facts
  if (amenity === 'acepta-mascotas') return say.pets(p.amenities.includes(amenity))
  if (amenity === 'amueblado') return say.furnished(p.amenities.includes(amenity), furnishedWord(p.type))
  return say.amenity(p.amenities.includes(amenity), t.say.words.amenity(amenity))
}

