/**
 * The vocabulary of the persona conversations' expectations (docs/agent.md#personas): per visitor
 * message, the acts it asks (each request of a multi-act message is an act; the first is the main
 * one), what each reply must state and must not state, and what it must and must not do. Facts
 * are read from the catalogue when a reply is graded (content/catalogue.json), never copied into
 * the sets, and matched by meaning (a figure however it is written, a yes or a no, a day and an
 * hour in either language), not by wording.
 */
import { MONTHS_ES, toMxn } from '../../../src/catalogue/format'
import type { Amenity, Catalogue, Development, Property } from '../../../src/catalogue/model'
import type { AgentAppointment, AgentLead } from '../../../src/server/chat/agent'
import type { SearchQuery } from '../../../src/site/search/query'
import { numberWordsPattern } from '../../../src/domain/number-words'
import type { Wanted } from '../cases'
import { satisfies } from '../check'

export type Lang = 'es' | 'en'

/** Who the visitor is: what they want from the agency decides what a right answer is. */
export type Who = 'buyer' | 'tenant' | 'owner' | 'investor' | 'partner' | 'holiday' | 'other'

/**
 * What a check is about. The issue's metrics count a listing's `price`, `status` and `amenity`
 * apart; `fact` is any other fact of a listing or development, `action` a booking, lead or
 * hand-off, `answer` a general answer, `filter` a search filter.
 */
export type CheckKind = 'price' | 'status' | 'amenity' | 'fact' | 'action' | 'answer' | 'filter'

/** One agent reply as the grader reads it: what crossed the wire (grade.ts `replyOf`). */
export interface Reply {
  /** Every message of the reply, joined. */
  text: string
  /** The prose: no cards, no link targets, no bold titles (titles are listing data, not statements). */
  prose: string
  /** The slugs of the property cards shown, in order. */
  cards: string[]
  lead: AgentLead | null
  appointment: AgentAppointment | null
  handoff: boolean
  /** The search filters in force when the reply shows listings (cards or a search link), else null. */
  filters: SearchQuery | null
  lang: Lang
  /** The listings shown last before this reply (what «el segundo», «ese» refer to). */
  seen: readonly string[]
}

/**
 * A check of one reply: null when it holds, else why not. Among an act's checks: what must be
 * stated or done. Among the forbidden ones: null when the forbidden thing did not happen, else
 * what happened.
 */
export interface Check {
  label: string
  kind: CheckKind
  test(reply: Reply, catalogue: Catalogue): string | null
}

/** What a request is about, for the report's rows by situation. */
export type Area = 'search' | 'listing' | 'development' | 'visit' | 'contact' | 'general' | 'owner' | 'small-talk'

/** One request of the visitor's message. */
export interface Act {
  type: 'act'
  label: string
  area: Area
  /** All must hold for the act to be answered. */
  checks: Check[]
  /** What answering it must not state or do (a false status, a booking the visitor did not ask for). */
  forbid: Check[]
  /** Whether the reply speaks of the act's subject at all: a wrong answer does, an irrelevant one does not. */
  touches(reply: Reply): boolean
  /** The filters of the search the act asks for (the filter rule: no other filter may be applied). */
  search?: Wanted
}

export interface Forbid {
  type: 'forbid'
  check: Check
}

export interface Turn {
  /** The page the visitor is on (a route of the demo catalogue's site). */
  page: string
  text: string
  /** The first is the main request. */
  acts: Act[]
  forbid: Check[]
}

export interface Visitor {
  id: string
  who: Who
  lang: Lang
  /** One line: who they are and what happens. */
  about: string
  turns: Turn[]
}

export function visitor(id: string, who: Who, lang: Lang, about: string, turns: Turn[]): Visitor {
  return { id, who, lang, about, turns }
}

export function turn(page: string, text: string, ...items: Array<Act | Forbid>): Turn {
  return {
    page,
    text,
    acts: items.filter((i): i is Act => i.type === 'act'),
    forbid: items.filter((i): i is Forbid => i.type === 'forbid').map((i) => i.check),
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the catalogue

/**
 * The listing a question is about: a slug, or the one at a position among the listings shown
 * last («el segundo de la lista»: the visitor means what they saw, right or wrong).
 */
export type Target = string | { shown: number | 'cheapest' }

/** The listing at this position (0-based) among those shown last, or the cheapest of them. */
export const shown = (position: number | 'cheapest'): Target => ({ shown: position })

/** The slug a target names, or null when nothing was shown at that position. */
export function slugOf(target: Target, reply: Reply, catalogue?: Catalogue): string | null {
  if (typeof target === 'string') return target
  if (target.shown !== 'cheapest') return reply.seen[target.shown] ?? null
  const price = (slug: string) => {
    const p = catalogue?.properties.find((x) => x.slug === slug)
    return p ? toMxn(p.price.amount, p.price.currency) : Infinity
  }
  return [...reply.seen].sort((a, b) => price(a) - price(b))[0] ?? null
}

const NOTHING_SHOWN = 'no listing was shown at that position'
/** Nothing was shown at that position: the right answer says so or asks which. */
const noSuch = (reply: Reply) => (/(?:solo|s[oó]lo) te (?:mostr|ense)|only (?:showed|shown)|cu[aá]l de|which (?:one|property)/i.test(reply.prose) ? null : NOTHING_SHOWN)

export function listing(catalogue: Catalogue, slug: string): Property {
  const p = catalogue.properties.find((x) => x.slug === slug)
  if (!p) throw new Error(`persona sets: no listing ${slug} in the catalogue`)
  return p
}

export function developmentOf(catalogue: Catalogue, slug: string): Development {
  const d = catalogue.developments.find((x) => x.slug === slug)
  if (!d) throw new Error(`persona sets: no development ${slug} in the catalogue`)
  return d
}

function modelOf(catalogue: Catalogue, dev: string, model: string) {
  const m = developmentOf(catalogue, dev).models.find((x) => x.slug === model)
  if (!m) throw new Error(`persona sets: no model ${model} in ${dev}`)
  return m
}

// ---------------------------------------------------------------------------------------------
// Meaning patterns

const MONTHS_EN = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
const WEEKDAYS = [
  ['domingo', 'sunday'], ['lunes', 'monday'], ['martes', 'tuesday'], ['mi[eé]rcoles', 'wednesday'],
  ['jueves', 'thursday'], ['viernes', 'friday'], ['s[aá]bado', 'saturday'],
] as const

const re = (source: string) => new RegExp(source, 'i')

/** An amount as a reply may write it: «3,800,000», «3800000», «3.8 millones», «3.8 MDP», «15 mil», «350k». */
export function amountPattern(amount: number): string {
  const digits = String(Math.round(amount))
  const alternatives = [`(?<![\\d.,])${digits.replace(/\B(?=(\d{3})+$)/g, '[,. ]?')}(?![\\d]|[.,]\\d)`]
  const short = (n: number) => String(Number(n.toFixed(3))).replace('.', '[.,]')
  if (amount >= 1e6) alternatives.push(`(?<![\\d.,])${short(amount / 1e6)}\\s*(?:millones|mill[oó]n|mill?\\b|mdp|mm?\\b|million)`)
  else if (amount >= 1000) alternatives.push(`(?<![\\d.,])${short(amount / 1000)}\\s*(?:mil\\b|k\\b|thousand)`)
  return alternatives.join('|')
}

/** A whole number in digits or in words («3», «tres», «three»). */
export function countPattern(n: number): string {
  const words = n >= 1 && n <= 12 ? numberWordsPattern(n, n) : ''
  return `(?<![\\d.,])${n}(?![\\d]|[.,]\\d)${words ? `|\\b(?:${words})\\b` : ''}`
}

/** A number of bathrooms: «2.5», «2 y medio», «2 baños completos y medio baño», "two and a half". */
function bathsPattern(n: number): string {
  const whole = Math.floor(n)
  if (whole === n) return countPattern(n)
  const w = `(?:${countPattern(whole)})`
  return `${w}(?:[.,]5\\b|\\s*½|\\s+(?:baños?\\s+)?(?:completos?\\s+)?y\\s+(?:un\\s+)?medio|\\s+(?:full\\s+)?(?:bath(?:room)?s?\\s+)?and\\s+(?:a\\s+|one\\s+)?half)`
}

/** A month of a year, «2027-02»: «febrero de 2027», "February 2027", «02/2027». */
function monthPattern(yyyyMm: string): string {
  const [year, month] = yyyyMm.split('-')
  const i = Number(month) - 1
  return `(?:${MONTHS_ES[i]}|${MONTHS_EN[i]})\\s*(?:de(?:l)?\\s+|of\\s+|,\\s*)?${year}|${month}/${year}|${year}-${month}`
}

/** The words a reply uses for an amenity, in Spanish and English. */
const AMENITY_WORDS: Record<Amenity, string> = {
  alberca: 'alberca|piscina|pool',
  gimnasio: 'gimnasio|\\bgym',
  'seguridad-24h': 'seguridad|vigilancia|caseta|privada|security|guard|gated',
  'casa-club': 'casa club|club ?house',
  'areas-verdes': '[aá]reas verdes|green (?:areas|spaces)',
  jardin: 'jard[ií]n|garden|yard',
  terraza: 'terraza|terrace|balc[oó]n|balcony',
  'roof-garden': 'roof ?garden|rooftop',
  'vista-al-mar': 'vista al mar|vista al caribe|(?:ocean|sea) ?view',
  'frente-a-la-playa': 'frente a la playa|beach ?front|on the beach',
  'acceso-a-playa': 'acceso a (?:la )?playa|beach access|salida (?:directa )?a la playa',
  muelle: 'muelle|dock|pier',
  marina: 'marina',
  'campo-de-golf': 'golf',
  'cancha-de-padel': 'p[aá]del',
  'juegos-infantiles': 'juegos infantiles|playground',
  asador: 'asador|grill|bbq',
  elevador: 'elevador|ascensor|elevator|\\blift',
  'estacionamiento-visitas': 'estacionamiento (?:de|para) visitas|(?:visitor|guest) parking',
  amueblado: 'amueblad|muebles|furnished|furniture',
  'aire-acondicionado': 'aires? acondicionados?|minisplit|\\bclima|a/c|air[- ]?condition',
  'cocina-integral': 'cocina|kitchen',
  'cuarto-de-servicio': 'cuarto de servicio|service room|maid',
  estudio: 'estudio|\\bstudy',
  bodega: 'bodega|storage',
  'acepta-mascotas': 'mascota|perr[oa]|gat[oa]s?\\b|\\bpets?\\b|\\bdogs?\\b|\\bcats?\\b',
  coworking: 'coworking',
  spa: '\\bspa\\b',
  ciclovia: 'ciclov[ií]a|bike',
  lobby: 'lobby|recepci[oó]n|reception',
  'planta-de-emergencia': 'planta de emergencia|generador|generator',
  cisterna: 'cisterna|cistern|water tank',
  'paneles-solares': 'solar',
}

/** Sentences of a reply's prose (a fact is affirmed or denied sentence by sentence). */
const sentences = (prose: string) => prose.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim())
const NEGATION = /(?:^|[^\p{L}])(?:no|not|sin|ni|without|never|tampoco|doesn't|does not|isn't|is not|aren't)(?![\p{L}])|n't\b/iu
/** The reply says the listing does not tell (or that it does not know). */
const NOT_TOLD =
  /no tengo (?:ese |el |este )?dato|no (?:lo )?indica|no tiene indicad|no (?:est[aá]|viene|aparece) (?:indicad|especificad|en la ficha)|no (?:lo )?s[eé]\b|no cuento con|don't have (?:that|this)|doesn't (?:say|list|mention)|does not (?:say|list|mention)|not (?:listed|specified|indicated)|don't know|rather not guess/i

/** «I don't have that information», about whatever was asked. */
const GENERIC_NOT_TOLD = /no tengo (?:ese|el|este) dato|don't have that information|do not have that information/i

/** Whether a reply affirms or denies something sentence by sentence. */
export function statement(prose: string, words: RegExp): { yes: boolean; no: boolean } {
  const about = sentences(prose).filter((s) => words.test(s))
  return { yes: about.some((s) => !NEGATION.test(s)), no: about.some((s) => NEGATION.test(s)) }
}

const AVAILABLE = /(?<!\bno\s)(?<!\bya no\s)(?<!\bnot\s)\b(?:sigue|est[aá]|contin[uú]a|todav[ií]a est[aá]|a[uú]n est[aá]|queda)\s+disponible|(?<!\bnot\s)(?<!n't\s)\b(?:is )?still available|\bit(?:'s| is) available|\bsí,? (?:est[aá] )?disponible/i
const UNAVAILABLE =
  /\bno (?:est[aá] |sigue |se encuentra )?disponible|\bya no est[aá]|\b(?:vendid|rentad|apartad|reservad)[ao]s?\b|no longer available|not available|isn't available|\balready (?:sold|rented|reserved)|\b(?:was|is|been|has been) (?:sold|rented|reserved)\b|under offer/i

/** Whether a reply says there is nothing matching. */
export const SAYS_NONE =
  /no tengo (?:disponibles?|ning|opciones|propiedades|casas|departamentos|terrenos|locales|oficinas|bodegas)|no encontr|no hay (?:ning|opciones|propiedades|disponibles)|ninguna? (?:opci|propiedad)|don't have any|do not have any|couldn't find|could not find|no (?:listings?|properties|options) (?:match|available)|nothing (?:matches|available)/i

/** The local day (YYYY-MM-DD) and hour in Cancún (UTC-5 all year) of an ISO instant. */
function cancunDayHour(iso: string): { day: string; hour: number; minute: number } {
  const local = new Date(Date.parse(iso) - 5 * 3_600_000)
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours(), minute: local.getUTCMinutes() }
}

/** A day named the way a reply names it: its weekday and its day of the month («martes 24», "Tuesday, November 24"). */
function dayNamed(day: string, prose: string): boolean {
  const date = new Date(`${day}T12:00:00Z`)
  const [es, en] = WEEKDAYS[date.getUTCDay()] ?? ['', '']
  return re(`\\b(?:${es}|${en})\\b`).test(prose) && re(`(?<![\\d:])${date.getUTCDate()}(?![\\d:])`).test(prose)
}

/** An hour named: «10:00», «10 am», «las 10», «5 pm», «17:00». */
function hourNamed(hour: number, prose: string): boolean {
  const h12 = hour > 12 ? hour - 12 : hour
  return re(`(?<!\\d)${hour}:00|(?<![\\d:])${h12}(?::00)?\\s*(?:a\\.?\\s?m\\.?|p\\.?\\s?m\\.?)|\\blas ${h12}(?![\\d:])`).test(prose)
}

// ---------------------------------------------------------------------------------------------
// Acts

function act(area: Area, label: string, checks: Check[], touches: RegExp | ((reply: Reply) => boolean), extra: Partial<Pick<Act, 'forbid' | 'search'>> = {}): Act {
  // «No tengo ese dato» answers a question about a listing, rightly or wrongly: never beside the point.
  const told = (reply: Reply) => (area === 'listing' || area === 'development') && NOT_TOLD.test(reply.prose)
  const touch = typeof touches === 'function' ? touches : (reply: Reply) => touches.test(reply.prose) || told(reply)
  return { type: 'act', area, label, checks, forbid: extra.forbid ?? [], touches: touch, ...(extra.search ? { search: extra.search } : {}) }
}

const check = (label: string, kind: CheckKind, test: Check['test']): Check => ({ label, kind, test })
const holds = (pattern: RegExp, what: string) => (reply: Reply) => (pattern.test(reply.prose) ? null : `does not state ${what}`)

export interface SearchOptions {
  /** The reply must state how many listings match. */
  count?: boolean
  /** The listings shown must go from the cheapest up. */
  ascending?: boolean
  label?: string
}

/**
 * A search: every listing shown fits what the visitor asked; when the catalogue has none, the
 * reply says so (nearby options may follow). Its filters are those the visitor asked: no other
 * may be applied (grade.ts).
 */
export function search(want: Wanted, options: SearchOptions = {}): Act {
  const fitting = (catalogue: Catalogue) => catalogue.properties.filter((p) => satisfies(p, want) === null)
  const shows = check('shows listings that fit', 'fact', (reply, catalogue) => {
    const fit = fitting(catalogue)
    if (!fit.length) return SAYS_NONE.test(reply.prose) ? null : 'does not say that nothing fits (the catalogue has none)'
    if (!reply.cards.length) return `shows no listing (${fit.length} fit)`
    for (const slug of reply.cards) {
      const problem = satisfies(listing(catalogue, slug), want)
      if (problem) return `shows a listing that does not fit: ${problem}`
    }
    return null
  })
  const checks = [shows]
  if (options.count) {
    checks.push(check('states how many fit', 'fact', (reply, catalogue) => {
      const n = fitting(catalogue).length
      return re(countPattern(n)).test(reply.prose) ? null : `does not state that ${n} fit`
    }))
  }
  if (options.ascending) {
    checks.push(check('cheapest first', 'fact', (reply, catalogue) => {
      const prices = reply.cards.map((slug) => listing(catalogue, slug)).map((p) => toMxn(p.price.amount, p.price.currency))
      return prices.every((p, i) => i === 0 || p >= (prices[i - 1] ?? 0)) ? null : 'does not show the cheapest first'
    }))
  }
  const falseNone = check('does not deny listings that exist', 'fact', (reply, catalogue) =>
    fitting(catalogue).length && SAYS_NONE.test(reply.prose) && reply.cards.some((s) => satisfies(listing(catalogue, s), want) === null)
      ? 'says nothing fits while showing one that does'
      : null)
  return act('search', options.label ?? 'search', checks, (reply) => reply.cards.length > 0 || SAYS_NONE.test(reply.prose), { search: want, forbid: [falseNone] })
}

const PRICE_WORDS = /precio|cuesta|cuestan|vale|renta|\$|USD|MXN|pesos|d[oó]lares|price|cost|rent/i

/** A listing's price (its currency too, when it is in dollars). */
export function price(target: Target): Act {
  return act('listing', 'price', [check('the price', 'price', (reply, catalogue) => {
    const slug = slugOf(target, reply, catalogue)
    if (!slug) return noSuch(reply)
    const p = listing(catalogue, slug)
    if (!re(amountPattern(p.price.amount)).test(reply.prose)) return `does not state the price (${p.price.amount} ${p.price.currency})`
    if (p.price.currency === 'USD' && !/USD|US\$|d[oó]lar|dollar|dlls/i.test(reply.prose)) return 'does not say the price is in dollars'
    return null
  })], PRICE_WORDS, {
    forbid: [check('no other price', 'price', (reply, catalogue) => {
      const slug = slugOf(target, reply, catalogue)
      if (!slug) return null
      const p = listing(catalogue, slug)
      const truth = toMxn(p.price.amount, p.price.currency)
      // Figures stated as what it costs («Cuesta $X», «La renta es de $X», "It costs USD X"), in either currency.
      const stated = sentences(reply.prose)
        .filter((s) => /cuesta|precio|la renta es|vale|costs?\b|price|rent is/i.test(s))
        .flatMap((s) => [...s.matchAll(/(USD|US\$|\$)\s?([\d,]+(?:\.\d+)?)/g)].map((m) => toMxn(Number((m[2] ?? '').replace(/,/g, '')), m[1] === '$' ? 'MXN' : 'USD')))
      if (!stated.length || stated.some((x) => Math.abs(x - truth) <= truth * 0.02)) return null
      return `states a price that is not the listing's (${p.price.amount} ${p.price.currency})`
    })],
  })
}

/** Whether a listing is available (and, if not, that it is not); stating the opposite is a false status. */
export function status(target: Target): Act {
  const truth = (catalogue: Catalogue, reply: Reply) => {
    const slug = slugOf(target, reply, catalogue)
    return slug ? listing(catalogue, slug).status : null
  }
  return act('listing', 'status', [check('the status', 'status', (reply, catalogue) => {
    const s = truth(catalogue, reply)
    if (!s) return noSuch(reply)
    if (s === 'disponible') return AVAILABLE.test(reply.prose) && !UNAVAILABLE.test(reply.prose) ? null : 'does not say it is available'
    return UNAVAILABLE.test(reply.prose) ? null : `does not say it is ${s}`
  })], /disponible|available|vendid|rentad|apartad|sold|rented|reserved/i, {
    forbid: [check('no false status', 'status', (reply, catalogue) => {
      const s = truth(catalogue, reply)
      if (!s) return null
      if (s === 'disponible') return UNAVAILABLE.test(reply.prose) && !AVAILABLE.test(reply.prose) ? 'says it is not available' : null
      return AVAILABLE.test(reply.prose) ? `says it is available (it is ${s})` : null
    })],
  })
}

/**
 * An amenity of a listing. Listed: the reply says yes; a «no» or «the listing does not say» is
 * false. Not listed: the listing says nothing either way, so «no» and «not indicated» are both
 * right and only a yes is false.
 */
export function amenity(target: Target, which: Amenity): Act {
  return amenityAct('listing', which, (catalogue, reply) => {
    const slug = slugOf(target, reply, catalogue)
    return slug ? listing(catalogue, slug).amenities.includes(which) : null
  })
}

/** An amenity of a development (its own list, as its page shows it), judged as a listing's. */
export function devAmenity(development: string, which: Amenity): Act {
  return amenityAct('development', which, (catalogue) => developmentOf(catalogue, development).amenities.includes(which))
}

function amenityAct(area: Area, which: Amenity, has: (catalogue: Catalogue, reply: Reply) => boolean | null): Act {
  const words = re(AMENITY_WORDS[which])
  return act(area, which, [check(which, 'amenity', (reply, catalogue) => {
    const said = statement(reply.prose, words)
    const truth = has(catalogue, reply)
    if (truth === null) return noSuch(reply)
    if (truth) return said.yes ? null : `does not say it has ${which}`
    // «No tengo ese dato» covers it; «la ficha no indica que tenga jardín» does not answer «roof garden».
    const notTold = NOT_TOLD.test(reply.prose) && (words.test(reply.prose) || GENERIC_NOT_TOLD.test(reply.prose))
    return said.no || notTold ? null : `does not say the listing does not list ${which}`
  })], words, {
    forbid: [check(`no false ${which}`, 'amenity', (reply, catalogue) => {
      const said = statement(reply.prose, words)
      const truth = has(catalogue, reply)
      if (truth === null) return null
      if (truth) return !said.yes && (said.no || NOT_TOLD.test(reply.prose)) ? `denies or does not know ${which}, which the listing has` : null
      return said.yes && !said.no ? `says it has ${which}, which the listing does not list` : null
    })],
  })
}

/** A number of a listing: bedrooms, bathrooms, parking places, built m² (else the lot), lot m². */
export function figure(target: Target, what: 'bedrooms' | 'bathrooms' | 'parking' | 'area' | 'lot'): Act {
  // The number counts only in a sentence that names what it counts («Tiene 2 recámaras» is no bathroom count).
  const topic = {
    bedrooms: /rec[aá]mara|habitaci|cuarto|bedroom|\bbr\b|\bbeds?\b/i,
    bathrooms: /baño|bath/i,
    parking: /estacionamiento|caj[oó]n|cajones|cochera|lugar|autos|carros|coches|parking|garage|spots?\b|spaces?\b|\bcars?\b/i,
    area: /m²|m2|metros|square|sq/i,
    lot: /m²|m2|metros|terreno|lote|lot|square/i,
  }[what]
  return act('listing', what, [check(what, 'fact', (reply, catalogue) => {
    const slug = slugOf(target, reply, catalogue)
    if (!slug) return noSuch(reply)
    const p = listing(catalogue, slug)
    const m2 = (n: number | null) => `(?<![\\d.,])${String(n).replace(/\B(?=(\d{3})+$)/g, ',?')}\\s*(?:m²|m2|mts|metros|square|sq)`
    const pattern = {
      bedrooms: countPattern(p.bedrooms),
      bathrooms: bathsPattern(p.bathrooms),
      parking: countPattern(p.parking),
      area: m2(p.constructionM2 ?? p.lotM2),
      lot: m2(p.lotM2),
    }[what]
    const number = re(pattern)
    return sentences(reply.prose).some((s) => number.test(s) && topic.test(s)) ? null : `does not state the ${what}`
  })], topic)
}

/** When a pre-sale listing or a development is delivered (month and year). */
export function delivery(slugOrDevelopment: string): Act {
  return act('listing', 'delivery', [check('delivery date', 'fact', (reply, catalogue) => {
    const p = catalogue.properties.find((x) => x.slug === slugOrDevelopment)
    const dev = p ? (p.development ? developmentOf(catalogue, p.development) : null) : developmentOf(catalogue, slugOrDevelopment)
    const date = p?.deliveryDate ?? dev?.deliveryDate
    if (!date) return /terminad|lista para|entrega inmediata|finished|ready|move-in/i.test(reply.prose) ? null : 'does not say it is finished'
    return re(monthPattern(date)).test(reply.prose) ? null : `does not state the delivery (${date})`
  })], /entrega|entregan|termina|listo|delivery|deliver|finish|complet|ready/i)
}

/** A model of a development: its price, or how many units are left. */
export function model(development: string, slug: string, what: 'price' | 'available'): Act {
  return act('development', `${slug} ${what}`, [check(`${slug} ${what}`, what === 'price' ? 'price' : 'fact', (reply, catalogue) => {
    const m = modelOf(catalogue, development, slug)
    const elsewhere = reply.cards.find((card) => listing(catalogue, card).development !== development)
    if (elsewhere) return `answers with listings outside the development (${elsewhere})`
    // The development's page shows the model's price, a listing of that model its own: either is true.
    const listed = catalogue.properties.filter((p) =>
      p.development === development && p.status === 'disponible' && p.type === m.type && p.bedrooms === m.bedrooms &&
      (p.constructionM2 ?? p.lotM2) === (m.constructionM2 ?? m.lotM2))
    const pattern = what === 'price' ? [m.price.amount, ...listed.map((p) => p.price.amount)].map(amountPattern).join('|') : countPattern(m.available)
    return re(pattern).test(reply.prose) ? null : `does not state the ${what} of ${m.name} (${what === 'price' ? m.price.amount : m.available})`
  })], what === 'price' ? PRICE_WORDS : /disponible|quedan|unidades|available|left|units/i)
}

/** Something a listing's or development's description says, or any meaning its pattern holds. */
export function says(label: string, pattern: RegExp, options: { topic?: RegExp; kind?: CheckKind; area?: Area } = {}): Act {
  const { topic = pattern, kind = 'fact', area = 'listing' } = options
  return act(area, label, [check(label, kind, holds(pattern, label))], topic)
}

/**
 * A yes the listing's description holds (food allowed, maintenance included, a loading dock): a
 * sentence that speaks of it without a negation. A sentence that negates it is false.
 */
export function affirms(label: string, words: RegExp, options: { topic?: RegExp; area?: Area } = {}): Act {
  const { topic = words, area = 'listing' } = options
  return act(area, label, [check(label, 'fact', (reply) => (statement(reply.prose, words).yes ? null : `does not say ${label}`))], topic, {
    forbid: [check(`no false ${label}`, 'fact', (reply) => {
      const said = statement(reply.prose, words)
      return !said.yes && (said.no || NOT_TOLD.test(reply.prose)) ? `denies or does not know ${label}, which the listing says` : null
    })],
  })
}

/**
 * A general answer (a process, a cost, a policy): every pattern holds the words that carry its
 * meaning. A reply on its subject that misses them is wrong; one not on it (no pattern and not
 * `topic`) is beside the point.
 */
export function answer(label: string, ...patterns: RegExp[]): Act {
  return answerOn(label, new RegExp(patterns.map((p) => p.source).join('|'), 'i'), ...patterns)
}

/** `answer` with the words of its subject given apart (when the meaning is narrower than the subject). */
export function answerOn(label: string, topic: RegExp, ...patterns: RegExp[]): Act {
  return act('general', label, patterns.map((p) => check(label, 'answer', holds(p, `${label} (${p.source.slice(0, 40)})`))), topic)
}

/**
 * Something the catalogue does not hold (a fee, a tax, a rule): an honest «no tengo ese dato», or
 * an answer on the subject with a figure or an adviser offered.
 */
export function unknown(label: string, topic: RegExp): Act {
  return act('general', label, [check(label, 'answer', (reply) =>
    NOT_TOLD.test(reply.prose) || (topic.test(reply.prose) && (/\d/.test(reply.prose) || /asesor|agent|adviser/i.test(reply.prose)))
      ? null
      : `does not answer about ${label}`)], (reply) => topic.test(reply.prose) || NOT_TOLD.test(reply.prose))
}

// Visits, leads, hand-offs

const VISIT_WORDS = /visita|visit|cita|agend|book|viewing|tour|d[ií]a|hora|day|time|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}:\d{2}/i

/** What a visit is to: a listing, a development (no listing, or one of its listings), or anything (null). */
export type VisitTo = string | { dev: string } | null

function bookedAt(appointment: AgentAppointment | null, to: VisitTo, day: string, hour: number | undefined, catalogue: Catalogue): string | null {
  if (!appointment) return 'books no visit'
  const slug = appointment.propertySlug
  if (typeof to === 'string' && slug !== to) return `books ${slug ?? 'no listing'}, not ${to}`
  if (to && typeof to === 'object' && slug && listing(catalogue, slug).development !== to.dev) return `books ${slug}, not in ${to.dev}`
  const at = cancunDayHour(appointment.at)
  if (at.day !== day) return `books ${at.day}, not ${day}`
  if (hour !== undefined && (at.hour !== hour || at.minute !== 0)) return `books ${at.hour}:${String(at.minute).padStart(2, '0')}, not ${hour}:00`
  return null
}

/** The visit is booked: to that listing or development, that day (YYYY-MM-DD, Cancún), at that hour if given. */
export function books(to: VisitTo, day: string, hour?: number): Act {
  return act('visit', 'books the visit', [check('books the visit', 'action', (reply, catalogue) => bookedAt(reply.appointment, to, day, hour, catalogue))], VISIT_WORDS)
}

/**
 * A visit asked for a day: booked, or that day (and hour) proposed or held while the agent asks
 * for what it still needs. Booking another day is wrong.
 */
export function visit(to: VisitTo, day: string, hour?: number): Act {
  return act('visit', 'visit on that day', [check('the visit day', 'action', (reply, catalogue) => {
    if (reply.appointment) return bookedAt(reply.appointment, to, day, hour, catalogue)
    if (!dayNamed(day, reply.prose)) return `does not name the day (${day})`
    if (hour !== undefined && !hourNamed(hour, reply.prose)) return `does not name the hour (${hour}:00)`
    return null
  })], VISIT_WORDS)
}

/** A visit asked without a day: the reply asks when, or proposes a day. */
export function asksWhen(): Act {
  return act('visit', 'asks when', [check('asks when', 'action', holds(/qu[eé] d[ií]a|qu[eé] hora|cu[aá]ndo|te (?:parece|acomoda|queda)|what day|what time|when would|how about|would .{0,30} work|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|monday|tuesday|wednesday|thursday|friday|saturday/i, 'a question of day and time'))], VISIT_WORDS)
}

/** The visit is not booked on a day the agency does not show properties (a Sunday): another day is offered. */
export function closedDay(day: string): Act {
  return act('visit', 'not that day', [check('offers another day', 'action', (reply) => {
    if (reply.appointment && cancunDayHour(reply.appointment.at).day === day) return `books ${day}, a day without visits`
    return /domingo|sunday|lunes|monday|s[aá]bado|saturday|otro d[ií]a|another day|horario|hours/i.test(reply.prose) ? null : 'does not offer another day'
  })], VISIT_WORDS)
}

/** The reply asks for the visitor's name and a phone or e-mail. */
export function asksContact(): Act {
  return act('contact', 'asks for contact', [check('asks for contact', 'action', holds(/tu nombre|tel[eé]fono|celular|whats|correo|\bname\b|phone|e-?mail/i, 'a request for contact data'))], /nombre|tel[eé]fono|correo|name|phone|e-?mail|contact/i)
}

/** A lead is registered (of kind `venta` for an owner), with that name if given. */
export function lead(options: { kind?: 'venta'; name?: string } = {}): Act {
  return act('contact', 'registers the lead', [check('registers the lead', 'action', (reply) => {
    if (!reply.lead) return 'registers no lead'
    if (options.kind && reply.lead.kind !== options.kind) return `registers a lead of kind ${reply.lead.kind ?? 'buyer'}, not ${options.kind}`
    if (options.name && !fold(reply.lead.name).includes(fold(options.name))) return `registers the lead as «${reply.lead.name}», not ${options.name}`
    // The name the reply thanks them by is what they read: «¡Gracias, Lic!» is a wrong name too.
    const called = /(?:gracias|listo|thank you|thanks|done),\s+(\p{L}+)/iu.exec(reply.prose)?.[1]
    if (options.name && called && !fold(options.name).split(/\s+/).includes(fold(called))) return `calls them «${called}», not ${options.name}`
    return null
  })], /gracias|thank|contact|asesor|agent|listo|done/i)
}

/** The conversation is handed to a person. */
export function handoff(): Act {
  return act('contact', 'hands off to a person', [check('hands off', 'action', (reply) => (reply.handoff ? null : 'does not hand off'))], /asesor|persona|equipo|agent|person|team|someone/i)
}

/** An owner who sells or rents out: answered as an owner (their lead of kind `venta`, or selling spoken of and contact asked). */
export function seller(): Act {
  return act('owner', 'treated as an owner', [check('treated as an owner', 'action', (reply) => {
    if (reply.lead) return reply.lead.kind === 'venta' ? null : 'registers a buyer lead for an owner'
    return /vend|publica|promocion|valua|aval[uú]o|administr|sell|list (?:it|your)|valuation|apprais|rent (?:it )?out/i.test(reply.prose) ? null : 'does not speak of selling or renting out their property'
  })], /vend|publica|valua|comisi|sell|list|valuation|commission|propietario|owner/i, {
    forbid: [check('no listings for an owner', 'action', (reply) => (reply.cards.length ? `shows ${reply.cards.length} listings to an owner` : null))],
  })
}

/**
 * A realtor, notary or lender proposing business: put in touch with the team (handed off, or the
 * commercial director or the agency's channels named), not answered as a buyer.
 */
export function partner(): Act {
  return act('owner', 'put in touch as a partner', [check('put in touch', 'action', (reply) =>
    reply.handoff || /Mariana|direct(?:ora|or)|comercial|alianza|convenio|colabora|referral|referido|co-?brok|partner|hola@cancunpropiedades\.mx|998 123 4567/i.test(reply.prose)
      ? null
      : 'does not put them in touch with the team')], /asesor|equipo|direct|comercial|alianza|convenio|colabora|referral|partner|team|contact/i, {
    forbid: [check('not answered as a buyer', 'answer', (reply) =>
      /no te cobramos|don't charge you|do not charge you|puedes comprar con|you can buy with/i.test(reply.prose) ? 'answers as if to a buyer' : null)],
  })
}

/** A place the agency does not cover: the reply says it works in Cancún and names the place. */
export function outOfArea(place: RegExp): Act {
  return act('general', 'out of area', [check('out of area', 'answer', (reply) => (/canc[uú]n/i.test(reply.prose) && place.test(reply.prose) ? null : 'does not say it works in Cancún only'))], place)
}

/** Small talk (thanks, goodbye, a greeting): a short answer in kind, with no listings. */
export function smallTalk(label: string, pattern: RegExp): Act {
  return act('small-talk', label, [check(label, 'answer', holds(pattern, label))], pattern, {
    forbid: [check('no listings to small talk', 'action', (reply) => (reply.cards.length ? `shows ${reply.cards.length} listings` : null))],
  })
}

// ---------------------------------------------------------------------------------------------
// Forbidden

const forbid = (check: Check): Forbid => ({ type: 'forbid', check })

export const never = {
  /** No visit booked (the visitor said no, is no buyer, or gave no day). */
  book: () => forbid(check('no booking', 'action', (reply) => (reply.appointment ? `books a visit (${reply.appointment.at})` : null))),
  /** No listings shown (the visitor is not searching). */
  cards: () => forbid(check('no listings', 'action', (reply) => (reply.cards.length ? `shows ${reply.cards.length} listings` : null))),
  lead: () => forbid(check('no lead', 'action', (reply) => (reply.lead ? 'registers a lead' : null))),
  /** A statement that would be false or out of place, by its meaning. */
  say: (label: string, pattern: RegExp, kind: CheckKind = 'fact') =>
    forbid(check(label, kind, (reply) => (pattern.test(reply.prose) ? `says ${label}` : null))),
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The meanings general answers are recognised by, shared by both sets. */
export const MEANS = {
  /** The agency rents by the month or year, not by the night or week. */
  longTermOnly:
    /no (?:manejamos|rentamos|tenemos|hacemos|ofrecemos|trabajamos)[^.]{0,60}(?:d[ií]as?|noches?|semanas?|vacacional|cort[ao]|temporada)|(?:solo|s[oó]lo|[uú]nicamente)[^.]{0,40}(?:largo plazo|por mes|mensual|un año|anual|12 meses)|largo plazo|contrato (?:m[ií]nimo )?de (?:un|1|12|doce) (?:año|mes)|(?:don't|do not) (?:do|offer|have|handle) (?:short|nightly|vacation|holiday|weekly)|only (?:long[- ]term|monthly|by the month|yearly)|long[- ]term/i,
  /** What a reply about a stay speaks of. */
  stays: /rent|renta|noche|night|semana|week|temporada|vacacion|vacation|\bmes\b|month|plazo|term|departamento|apartment|encontr|found/i,
  /** A visit being arranged (not the usual «¿quieres agendar una visita?»): for someone who said they want none. */
  visitStarted: /agendamos tu visita|te aparto|qu[eé] d[ií]a y (?:a )?qu[eé] hora|what day and (?:what )?time|I'm holding/i,
  /** A price per night stated (the catalogue has none). */
  nightlyPrice: /[\d,.]+\s*(?:MXN|USD|pesos|d[oó]lares)?\s*(?:por noche|la noche|per night|a night|\/noche|\/night)/i,
  credit: /infonavit|cr[eé]dito|banc|mortgage|bank|loan/i,
  downPayment: /enganche|down payment/i,
  percent: /\d+\s?%/,
  fideicomiso: /fideicomiso|bank trust/i,
  rentRequirements: /aval|p[oó]liza|guarantor|comprobante|ingresos|income|identificaci|\bID\b/i,
  maintenance: /mantenimiento|cuota|HOA|maintenance|condo fee/i,
  propertyTax: /predial|property tax/i,
  commission: /comisi[oó]n|commission|\bfee/i,
  valuation: /val[uú]a|aval[uú]o|valuation|apprais/i,
  returns: /rendimiento|retorno|ocupaci|return|yield|occupancy/i,
  /** The agency's WhatsApp or phone (content/agency.json). */
  whatsapp: /wa\.me\/529981234567|998 123 4567/,
  goodbye: /gracias|con gusto|de nada|hasta (?:luego|pronto)|saludos|suerte|aqu[ií] (?:estoy|estar)|thank|bye|welcome|take care|anytime/i,
  /** The visitor will be contacted by the agency. */
  willContact: /te (?:contact|llam|escrib|busc)|(?:contactar|llamar|escribir|buscar)te|(?:te |le )?contactar[aá]|se (?:pondr[aá]|comunicar[aá])|will (?:contact|call|write|reach)|Mariana/i,
  /** An offer to help with property matters. */
  offersHelp: /ayud|busca|propiedad|casa|depa|help|property|looking/i,
  /** A refusal or a redirect, never data about other people. */
  refuses: /no (?:puedo|comparto|compartimos|tengo acceso|es posible)|privacidad|confidencial|(?:can't|cannot|won't) (?:share|give|do)|privacy|ayud|help/i,
  /** A phone number that is not the agency's. */
  otherPhone: /(?<!\d)(?!998 ?123 ?4567)(?:\+?52 ?)?\d{2,3}[ -]?\d{3,4}[ -]?\d{4}(?!\d)/,
} as const
