/**
 * Automatic grading of one agent answer (docs/behaviour.md#agent-evaluation): what crosses the
 * wire (the messages, the lead, the hand-off) against the catalogue data and the labelled case.
 * Returns null when the answer is right, else why it is not.
 */
import { EXCHANGE_RATE_MXN_PER_USD, formatNumber } from '../../src/catalogue/format'
import type { Catalogue, Currency, Property } from '../../src/catalogue/model'
import type { AgentOutcome } from '../../src/server/chat/agent'
import type { Fact, Turn, Wanted } from './cases'

/** The agency's channels as configured for the site (src/shared/business.ts). */
const WHATSAPP = /wa\.me\/529981234567/
const PHONE = /998 123 4567/
const EMAIL = /hola@cancunpropiedades\.mx/

const toMxn = (amount: number, currency: Currency) => (currency === 'USD' ? amount * EXCHANGE_RATE_MXN_PER_USD : amount)

/** The property slugs an answer links to, in order, without repeats. */
export function linkedSlugs(outcome: AgentOutcome): string[] {
  const slugs: string[] = []
  for (const m of outcome.messages.join('\n').matchAll(/\/propiedad\/([a-z0-9-]+)/g)) if (m[1] && !slugs.includes(m[1])) slugs.push(m[1])
  return slugs
}

/** The slugs of the cards (image messages), in the order shown. */
export function cardSlugs(outcome: AgentOutcome): string[] {
  return outcome.messages.filter((m) => /^\[?!\[/.test(m)).map((m) => /\/propiedad\/([a-z0-9-]+)/.exec(m)?.[1] ?? '')
}

/** The prose of an answer: no cards, no link targets, no bold titles (property titles are Spanish data). */
export function prose(outcome: AgentOutcome): string {
  return outcome.messages
    .filter((m) => !/^\[?!\[/.test(m))
    .join('\n')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\*\*[^*]+\*\*/g, ' ')
}

const EN_WORDS = /\b(?:the|you|your|and|is|are|we|can|have|for|with|to|of|this|it|i|our|would|what|or|in|on|me|do|an?|be|will|there|that)\b/gi
const ES_WORDS = /\b(?:el|la|los|las|de|del|que|en|con|para|por|una?|es|tu|te|tus|nuestr[oa]s?|y|o|se|lo|le|me|al|est[aá]|hay|puedo|quieres|tienes)\b/gi

/** The language an answer is written in, by its function words. */
export function languageOf(outcome: AgentOutcome): 'en' | 'es' {
  const text = prose(outcome)
  const english = text.match(EN_WORDS)?.length ?? 0
  const spanish = text.match(ES_WORDS)?.length ?? 0
  return english > spanish ? 'en' : 'es'
}

/** Whether a value is the one wanted or one of those wanted (nothing wanted: any). */
const fits = <T>(value: T, wanted: T | readonly T[] | undefined) =>
  wanted === undefined || (Array.isArray(wanted) ? (wanted as readonly T[]).includes(value) : value === wanted)
const named = (wanted: unknown) => (Array.isArray(wanted) ? wanted.join(' or ') : String(wanted))

/** Whether a property satisfies what the visitor stated. */
export function satisfies(p: Property, want: Wanted): string | null {
  if (p.status !== 'disponible') return `${p.slug} is ${p.status}`
  if (!fits(p.operation, want.op)) return `${p.slug} is ${p.operation}, not ${named(want.op)}`
  if (!fits(p.type, want.type)) return `${p.slug} is a ${p.type}, not a ${named(want.type)}`
  if (!fits(p.zone, want.zone)) return `${p.slug} is in ${p.zone}, not ${named(want.zone)}`
  if (want.dev && p.development !== want.dev) return `${p.slug} is not in ${want.dev}`
  if (want.beds && p.bedrooms < want.beds) return `${p.slug} has ${p.bedrooms} bedrooms, fewer than ${want.beds}`
  if (want.baths && p.bathrooms < want.baths) return `${p.slug} has ${p.bathrooms} bathrooms`
  const price = toMxn(p.price.amount, p.price.currency)
  // One percent of slack for the exchange rounding of a converted budget.
  if (want.max && price > toMxn(want.max[0], want.max[1]) * 1.01) return `${p.slug} costs ${p.price.amount} ${p.price.currency}, over ${want.max.join(' ')}`
  if (want.min && price < toMxn(want.min[0], want.min[1]) * 0.99) return `${p.slug} costs ${p.price.amount} ${p.price.currency}, under ${want.min.join(' ')}`
  const m2 = p.constructionM2 ?? p.lotM2 ?? 0
  if (want.m2 && m2 < want.m2[0]) return `${p.slug} has ${m2} m², under ${want.m2[0]}`
  if (want.m2?.[1] !== undefined && m2 > want.m2[1]) return `${p.slug} has ${m2} m², over ${want.m2[1]}`
  for (const a of want.amen ?? []) if (!p.amenities.includes(a)) return `${p.slug} has no ${a}`
  return null
}

// No \b after an accented letter: JavaScript's \b only knows ASCII word characters. «Sí» may open any line
// (a line before it may say which property the answer is about).
const YES = /^\W*(?:s[ií](?![a-z])|yes\b)|\b(?:s[ií] (?:tiene|acepta|est[aá]|cuenta)|it (?:does|is|has)|(?:is|are) (?:allowed|furnished))\b/im
/**
 * A listing that does not name an amenity says nothing either way (docs/behaviour.md#agent):
 * the answer says the listing does not tell, not that the property lacks it.
 */
const NOT_LISTED = /no tiene indicad|no (?:lo )?indica|no est[aá] entre|doesn't (?:say|list|mention)|does not (?:say|list|mention)|not (?:listed|among)/i

/** The words an answer must hold to state a fact of a property. */
function factCheck(p: Property, fact: Fact, text: string, zones: Catalogue['zones'], developments: Catalogue['developments']): string | null {
  const has = (re: RegExp, what: string) => (re.test(text) ? null : `does not state the ${fact} (${what})`)
  const listed = (truth: boolean) =>
    truth ? (YES.test(text) && !/^\W*no\b/im.test(text) ? null : `should say yes (${fact})`) : NOT_LISTED.test(text) ? null : `should say the listing does not tell (${fact})`
  switch (fact) {
    case 'parking':
      return has(new RegExp(`\\b${p.parking}\\b`), String(p.parking))
    case 'bedrooms':
      return has(new RegExp(`\\b${p.bedrooms}\\b`), String(p.bedrooms))
    case 'bathrooms':
      return has(new RegExp(`\\b${Math.floor(p.bathrooms)}(?:\\.5)?\\b`), String(p.bathrooms))
    case 'price':
      return has(new RegExp(formatNumber(p.price.amount, 0).replace(/[.,]/g, '[.,]')), formatNumber(p.price.amount, 0))
    case 'area':
      return has(new RegExp(`\\b${formatNumber(p.constructionM2 ?? p.lotM2 ?? 0, 0)}\\s*m`), `${p.constructionM2} m²`)
    case 'lot':
      return has(new RegExp(`\\b${formatNumber(p.lotM2 ?? 0, 0)}\\s*m`), `${p.lotM2} m²`)
    case 'pool':
      return listed(p.amenities.includes('alberca'))
    case 'pets':
      return listed(p.amenities.includes('acepta-mascotas'))
    case 'furnished':
      return listed(p.amenities.includes('amueblado'))
    case 'zone': {
      const name = zones.find((z) => z.slug === p.zone)?.name.split('/')[0]?.trim() ?? p.zone
      return has(new RegExp(name, 'i'), name)
    }
    case 'delivery': {
      const date = p.deliveryDate ?? developments.find((d) => d.slug === p.development)?.deliveryDate
      return date ? has(new RegExp(date.slice(0, 4)), date) : has(/terminad|finished/i, 'a finished property')
    }
    case 'development': {
      const name = developments.find((d) => d.slug === p.development)?.name
      return name ? has(new RegExp(name, 'i'), name) : has(/independiente|standalone/i, 'no development')
    }
  }
}

export interface CheckContext {
  catalogue: Catalogue
  /** The property the turn is about (resolved from its `ref`), when it has one. */
  property: Property | null
}

const NOT_UNDERSTOOD = /no te entend[ií]|didn't understand|did not understand/i
const OFFERS_PERSON = /asesor|advis[eo]r|agent|persona|person|someone|alguien/i

/** Null when the answer is right; otherwise what is wrong with it. */
export function checkTurn(turn: Turn, outcome: AgentOutcome, ctx: CheckContext): string | null {
  const text = outcome.messages.join('\n')
  const language = languageOf(outcome)
  const expected = turn.en ? 'en' : 'es'
  if (language !== expected) return `answered in ${language}`
  const cards = cardSlugs(outcome)
  const linked = linkedSlugs(outcome)
  const noCards = () => (cards.length ? `showed ${cards.length} cards` : null)
  const need = (re: RegExp, what: string) => (re.test(text) ? null : `missing ${what}`)
  const first = (...checks: Array<() => string | null>) => {
    for (const check of checks) {
      const problem = check()
      if (problem) return problem
    }
    return null
  }
  const byslug = (slug: string) => ctx.catalogue.properties.find((p) => p.slug === slug)
  const aboutProperty = () => {
    if (!ctx.property) return 'no property to ask about'
    if (cards.length) return `showed ${cards.length} cards instead of answering`
    if (linked.some((s) => s !== ctx.property?.slug)) return `links another property (${linked.join(', ')})`
    return null
  }

  switch (turn.intent) {
    case 'search': {
      if (!cards.length) return 'no cards'
      for (const slug of linked) {
        const p = byslug(slug)
        if (!p) return `links unknown ${slug}`
        const problem = satisfies(p, turn.want ?? {})
        if (problem) return problem
      }
      return null
    }
    case 'fact':
      return first(aboutProperty, () => factCheck(ctx.property as Property, turn.fact as Fact, text, ctx.catalogue.zones, ctx.catalogue.developments))
    case 'availability': {
      const available = ctx.property?.status === 'disponible'
      const says = available ? /disponible|available/i : /(?:ya )?no (?:est[aá] )?disponible|(?:vendid|rentad|apartad)[ao]|no longer available|not available|(?:sold|rented|reserved)\b/i
      return first(aboutProperty, () => need(says, available ? 'available' : 'not available'))
    }
    case 'unknownFact':
      return first(noCards, () => need(/no (?:tengo|cuento|s[eé])|no lo s[eé]|don't (?:have|know)|do not (?:have|know)|not sure/i, 'an honest "I don\'t know"'), () => need(OFFERS_PERSON, 'an offer of a person'))
    case 'contactChannels':
      return first(noCards, () => need(WHATSAPP, 'the WhatsApp link'), () => need(PHONE, 'the phone'), () => need(EMAIL, 'the e-mail'))
    case 'hours':
      return first(noCards, () => need(/9:00|9 ?(?:a\.?m|am)/i, 'the opening hours'))
    case 'location':
      return first(noCards, () => need(/Bonampak/, 'the office address'))
    case 'credit':
      return first(noCards, () => need(/infonavit/i, 'Infonavit'), () => need(/banc|bank/i, 'banks'))
    case 'downPayment': {
      const presale = ctx.property?.operation === 'preventa'
      return first(noCards, () => need(/enganche|down payment/i, 'the down payment'), () => need(/\d+\s?%/, 'a percentage'), () =>
        ctx.property && !presale && /mensualidades|monthly payments during/i.test(text) ? 'pre-sale process for a resale property' : null)
    }
    case 'foreigner':
      return first(noCards, () => need(/fideicomiso|bank trust/i, 'the fideicomiso'))
    case 'closingCosts':
      return first(noCards, () => need(/escritura|closing costs|notar/i, 'closing costs'), () => need(/\d+\s?%/, 'a percentage'))
    case 'commission':
      return first(noCards, () => need(/comisi[oó]n|commission/i, 'the commission'))
    case 'presale':
      return first(noCards, () => need(/preventa|pre-sale|presale/i, 'pre-sale'), () => need(/apartado|reserv/i, 'the reservation step'))
    case 'rentRequirements':
      return first(noCards, () => need(/aval|guarantor|p[oó]liza|deposit|dep[oó]sito/i, 'the requirements'))
    case 'sell': {
      if (cards.length) return 'showed buyer listings'
      if (outcome.lead) return outcome.lead.kind === 'venta' ? null : `lead of kind ${outcome.lead.kind ?? 'none'}`
      return need(/vend|rent|sell/i, 'selling') ?? need(/nombre|name/i, 'a request for contact data')
    }
    case 'handoff':
      return outcome.handoff ? null : 'no hand-off'
    case 'waiting':
      return first(noCards, () => (NOT_UNDERSTOOD.test(text) ? 'did not understand' : null), () => need(WHATSAPP, 'the WhatsApp channel'))
    case 'contactMe':
      return first(noCards, () => need(/tel[eé]fono|phone|nombre|name|whatsapp|correo|e-?mail/i, 'a request for contact data'))
    case 'visit':
      if (turn.slot) return first(noCards, () => need(new RegExp(turn.slot?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') ?? ''), turn.slot ?? 'the slot'))
      return first(noCards, () => need(/visita|visit|viewing/i, 'the visit'), () => need(/d[ií]a|hora|day|time|s[aá]bado|saturday/i, 'when'))
    case 'outOfArea':
      return first(() => need(/Canc[uú]n/, 'the area covered'), () => need(new RegExp(turn.place ?? '', 'i'), turn.place ?? 'the place'), () =>
        NOT_UNDERSTOOD.test(text) ? 'did not understand' : null)
    case 'greeting':
      return first(noCards, () => need(/hola|hello|hi\b|buen[oa]s/i, 'a greeting'))
    case 'thanks':
      return first(noCards, () => need(/con gusto|de nada|a ti|you're welcome|my pleasure|glad|no problem/i, 'a reply to thanks'))
    case 'goodbye':
      return first(noCards, () => need(/hasta|bye|saludos|gracias por|thanks for|take care|good ?bye/i, 'a goodbye'))
    case 'unclear':
      return first(noCards, () => need(/\?/, 'a clarifying question'))
  }
}
