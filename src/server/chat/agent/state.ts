/**
 * The conversation memory: its initial value and a defensive reader for stored states (a state
 * from storage may be missing, older or damaged; the agent never trusts it blindly).
 */
import { AMENITIES, CURRENCIES, OPERATIONS, PROPERTY_TYPES, type Amenity, type Price } from '../../../catalogue/model'
import { LISTING_SORTS } from '../../../catalogue/listing-query'
import { isSlug } from '../../../catalogue/slug'
import type { ConversationState, Criteria, LastAsk, ShownProperty } from './types'

export const INITIAL_STATE: ConversationState = Object.freeze({
  v: 1,
  turns: 0,
  criteria: Object.freeze({}) as Criteria,
  excludeZone: null,
  shown: Object.freeze([]) as unknown as ShownProperty[],
  seen: Object.freeze([]) as unknown as string[],
  focus: null,
  contact: Object.freeze({ name: null, phone: null, email: null }),
  pending: null,
  lastAsk: null,
  visit: Object.freeze({ date: null, proposed: null, at: null, booked: null }),
  leadKey: null,
  handoff: false,
  adviser: null,
  lang: 'es',
  seller: false,
  copyWanted: false,
}) as ConversationState

const MAX_SEEN = 60

type Rec = Record<string, unknown>
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, max = 200): string | null => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null)
const num = (v: unknown, min = 0, max = 1e10): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : undefined
const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined
const slug = (v: unknown): string | undefined => (isSlug(v) ? v : undefined)

function criteriaOf(v: unknown): Criteria {
  if (!isRec(v)) return {}
  const c: Criteria = {}
  const operacion = oneOf(OPERATIONS, v.operacion)
  if (operacion) c.operacion = operacion
  const tipo = oneOf(PROPERTY_TYPES, v.tipo)
  if (tipo) c.tipo = tipo
  const zona = slug(v.zona)
  if (zona) c.zona = zona
  const desarrollo = slug(v.desarrollo)
  if (desarrollo) c.desarrollo = desarrollo
  const min = num(v.precio_min)
  if (min !== undefined) c.precio_min = min
  const max = num(v.precio_max)
  if (max !== undefined) c.precio_max = max
  const moneda = oneOf(CURRENCIES, v.moneda)
  if (moneda && (min !== undefined || max !== undefined)) c.moneda = moneda
  const recamaras = num(v.recamaras, 0, 20)
  if (recamaras !== undefined) c.recamaras = recamaras
  const banos = num(v.banos, 0, 20)
  if (banos !== undefined) c.banos = banos
  const m2Min = num(v.m2_min, 0, 1e7)
  if (m2Min !== undefined) c.m2_min = m2Min
  const m2Max = num(v.m2_max, 0, 1e7)
  if (m2Max !== undefined) c.m2_max = m2Max
  if (Array.isArray(v.amenidades)) {
    const list = AMENITIES.filter((a) => (v.amenidades as unknown[]).includes(a)) as Amenity[]
    if (list.length) c.amenidades = list
  }
  const orden = oneOf(LISTING_SORTS, v.orden)
  if (orden) c.orden = orden
  return c
}

function priceOf(v: unknown): Price | null {
  if (!isRec(v)) return null
  const amount = num(v.amount)
  const currency = oneOf(CURRENCIES, v.currency)
  return amount !== undefined && currency ? { amount, currency } : null
}

function shownOf(v: unknown): ShownProperty[] {
  if (!Array.isArray(v)) return []
  const out: ShownProperty[] = []
  for (const item of v.slice(0, 10)) {
    if (!isRec(item)) continue
    const s = slug(item.slug)
    const price = priceOf(item.price)
    if (s && price) out.push({ slug: s, title: str(item.title, 300) ?? s, price, m2: num(item.m2, 0, 1e7) ?? null })
  }
  return out
}

const LAST_ASKS: ReadonlyArray<Exclude<LastAsk, null>> = ['after-results', 'slot', 'contact', 'visit', 'which']

/** A well-formed, independent copy of a stored state (defaults for anything missing or invalid). */
export function normalizeState(value: unknown): ConversationState {
  const v = isRec(value) ? value : {}
  const contact = isRec(v.contact) ? v.contact : {}
  const visit = isRec(v.visit) ? v.visit : {}
  const focus = isRec(v.focus) && slug(v.focus.slug) ? { slug: slug(v.focus.slug) as string, title: str(v.focus.title, 300) } : null
  return {
    v: 1,
    turns: num(v.turns, 0, 1e9) ?? 0,
    criteria: criteriaOf(v.criteria),
    excludeZone: slug(v.excludeZone) ?? null,
    shown: shownOf(v.shown),
    seen: Array.isArray(v.seen) ? v.seen.map(slug).filter((s): s is string => Boolean(s)).slice(-MAX_SEEN) : [],
    focus,
    contact: { name: str(contact.name, 120), phone: str(contact.phone, 20), email: str(contact.email, 200) },
    pending: v.pending === 'contact' || v.pending === 'appointment' ? v.pending : null,
    lastAsk: oneOf(LAST_ASKS, v.lastAsk) ?? null,
    visit: { date: str(visit.date, 10), proposed: str(visit.proposed, 40), at: str(visit.at, 40), booked: str(visit.booked, 40) },
    leadKey: str(v.leadKey, 600),
    handoff: v.handoff === true,
    adviser: str(v.adviser, 100),
    lang: v.lang === 'en' ? 'en' : 'es',
    seller: v.seller === true,
    copyWanted: v.copyWanted === true,
  }
}

export { MAX_SEEN }
