/**
 * The grading rule of the persona conversations (docs/agent.md#personas), one reply at a time:
 *
 * - nonsense: empty or broken, or it answers none of the message's requests and speaks of none
 *   of them;
 * - wrong: it states something false (a listing's price, status or amenity among them), does a
 *   forbidden thing (books a visit nobody asked for or to a listing that is not available,
 *   applies a search filter the visitor did not ask for, shows listings to an owner), answers in
 *   the other language, or leaves the main request unanswered;
 * - acceptable: right, but a secondary request of the message is left unanswered;
 * - helpful: every request answered right and nothing false.
 */
import { toMxn } from '../../../src/catalogue/format'
import type { Catalogue, Property } from '../../../src/catalogue/model'
import type { AgentOutcome } from '../../../src/server/chat/agent'
import { searchPlaces } from '../../../src/site/search/options'
import { parseSearchQuery, type SearchQuery } from '../../../src/site/search/query'
import type { Wanted } from '../cases'
import { cardSlugs, languageOf, satisfies } from '../check'
import { listing, type Check, type CheckKind, type Lang, type Reply, type Turn } from './expect'

export type Grade = 'helpful' | 'acceptable' | 'wrong' | 'nonsense'
export const GRADES: readonly Grade[] = ['helpful', 'acceptable', 'wrong', 'nonsense']

export interface TurnGrade {
  grade: Grade
  /** Why it is not helpful: what was false or forbidden, which request went unanswered. */
  reasons: string[]
  /** The turn asks or risks a listing's price, status or amenity; wrong: one of them was false or not stated. */
  listingFacts: { asked: boolean; wrong: boolean }
  /** A visit was booked to a listing that is not available. */
  unavailableVisit: boolean
  /** The reply showed a search, with these filters the visitor did not ask for. */
  search: { shown: boolean; unasked: string[] }
}

export interface GradeContext {
  catalogue: Catalogue
  /** The visitor's language. */
  lang: Lang
  /** The search filters the visitor asked for so far in the conversation (this turn's, else the last); null: none yet. */
  asked: Wanted | null
}

const LISTING_FACTS: readonly CheckKind[] = ['price', 'status', 'amenity']
const SEARCH_LINK = /\/buscar-propiedades\?([^)\s]*)/

const isCard = (message: string) => /^\[?!\[/.test(message)

/**
 * The prose of a reply: no cards, no link targets, and no listing titles (listing data such as
 * «Casa con alberca…», not a statement). Bold is kept as text: a day, a price, a percentage.
 */
export function proseOf(outcome: AgentOutcome, catalogue: Catalogue): string {
  const titles = new Set(catalogue.properties.map((p) => p.title.toLowerCase()))
  return outcome.messages
    .filter((m) => !isCard(m))
    .join('\n')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\*\*([^*]+)\*\*/g, (_, inner: string) => (titles.has(inner.trim().toLowerCase()) ? ' ' : inner))
}

/** A reply as the grader reads it, from what the agent returned. `broken`: it threw. */
export function replyOf(outcome: AgentOutcome, catalogue: Catalogue, options: { seen?: readonly string[]; broken?: boolean } = {}): Reply & { broken: boolean } {
  const text = outcome.messages.join('\n')
  const cards = cardSlugs(outcome).filter(Boolean)
  const link = SEARCH_LINK.exec(text)
  let filters: SearchQuery | null = null
  if (cards.length || link) {
    // What the visitor sees (the search link) and what the agent keeps (its criteria, which a
    // relaxed search leaves out of the link): a filter in either is applied.
    const places = searchPlaces(catalogue)
    const fromLink = parseSearchQuery(link?.[1] ?? '', places)
    const criteria = (outcome.state as { criteria?: Record<string, unknown> } | undefined)?.criteria ?? {}
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(criteria)) if (value !== undefined && value !== null) params.set(key, Array.isArray(value) ? value.join(',') : String(value))
    const fromState = parseSearchQuery(params, places)
    filters = { ...fromLink, ...fromState, amenidades: [...new Set([...(fromLink.amenidades ?? []), ...(fromState.amenidades ?? [])])] }
    if (!filters.amenidades?.length) delete filters.amenidades
  }
  return {
    text,
    prose: proseOf(outcome, catalogue),
    cards,
    lead: outcome.lead ?? null,
    appointment: outcome.appointment ?? null,
    handoff: Boolean(outcome.handoff),
    filters,
    lang: languageOf(outcome),
    seen: options.seen ?? [],
    broken: options.broken ?? false,
  }
}

const sizeOf = (p: Property) => p.constructionM2 ?? p.lotM2 ?? 0

/** Whether one applied filter leaves a listing out. */
function leavesOut(p: Property, key: keyof SearchQuery, filters: SearchQuery, amenity?: string): boolean {
  const price = () => toMxn(p.price.amount, p.price.currency)
  switch (key) {
    case 'operacion': return p.operation !== filters.operacion
    case 'tipo': return p.type !== filters.tipo
    case 'zona': return p.zone !== filters.zona
    case 'desarrollo': return p.development !== filters.desarrollo
    case 'recamaras': return p.bedrooms < (filters.recamaras ?? 0)
    case 'banos': return p.bathrooms < (filters.banos ?? 0)
    case 'estacionamientos': return p.parking < (filters.estacionamientos ?? 0)
    case 'precio_max': return price() > toMxn(filters.precio_max ?? Infinity, filters.moneda ?? 'MXN')
    case 'precio_min': return price() < toMxn(filters.precio_min ?? 0, filters.moneda ?? 'MXN')
    case 'm2_min': return sizeOf(p) < (filters.m2_min ?? 0)
    case 'm2_max': return sizeOf(p) > (filters.m2_max ?? Infinity)
    case 'amenidades': return !p.amenities.includes(amenity as Property['amenities'][number])
    default: return false
  }
}

/** The part of what the visitor asked each filter stands for: a filter on a part they stated is theirs. */
const STATED: Partial<Record<keyof SearchQuery, (w: Wanted) => unknown>> = {
  operacion: (w) => w.op,
  tipo: (w) => w.type,
  zona: (w) => w.zone ?? w.dev,
  desarrollo: (w) => w.dev,
  recamaras: (w) => w.beds,
  banos: (w) => w.baths,
  precio_max: (w) => w.max,
  precio_min: (w) => w.min,
  m2_min: (w) => w.m2,
  m2_max: (w) => w.m2,
}

/**
 * The filters applied that the visitor did not ask for: a filter on something they did not state
 * that leaves out listings fitting what they did state (or, when nothing fits, listings of the
 * operation and type they asked). A filter that leaves nothing out (a development's zone) is no
 * narrowing; wrong values of a stated filter are judged by the listings shown.
 */
export function unaskedFilters(filters: SearchQuery, want: Wanted, catalogue: Catalogue): string[] {
  const available = catalogue.properties.filter((p) => p.status === 'disponible')
  let base = available.filter((p) => satisfies(p, want) === null)
  if (!base.length) base = available.filter((p) => satisfies(p, { op: want.op, type: want.type }) === null)
  const unasked: string[] = []
  for (const key of Object.keys(filters) as (keyof SearchQuery)[]) {
    if (key === 'amenidades') {
      for (const a of filters.amenidades ?? []) {
        if (!(want.amen ?? []).includes(a) && base.some((p) => leavesOut(p, key, filters, a))) unasked.push(`amenidades=${a}`)
      }
      continue
    }
    const stated = STATED[key]
    if (!stated || stated(want) !== undefined) continue
    if (base.some((p) => leavesOut(p, key, filters))) unasked.push(`${key}=${String(filters[key])}`)
  }
  return unasked
}

/**
 * What every reply is held to, whatever the turn: its language, no visit to a listing that is
 * not available, no listing shown as an option that is not, and listings shown unasked (a turn
 * with no search) that fit what the visitor asked before.
 */
function globalChecks(turn: Turn, ctx: GradeContext): Check[] {
  return [
    { label: 'language', kind: 'answer', test: (reply) => (reply.lang === ctx.lang ? null : `answers in ${reply.lang === 'en' ? 'English' : 'Spanish'}`) },
    {
      label: 'no visit to a listing not available',
      kind: 'action',
      test: (reply, catalogue) => {
        const slug = reply.appointment?.propertySlug
        if (!slug) return null
        const p = catalogue.properties.find((x) => x.slug === slug)
        return p && p.status !== 'disponible' ? `books a visit to ${slug}, which is ${p.status}` : null
      },
    },
    {
      label: 'no listing shown as an option that is not available',
      kind: 'status',
      test: (reply, catalogue) => {
        const gone = reply.cards.map((s) => listing(catalogue, s)).find((p) => p.status !== 'disponible')
        return gone ? `shows ${gone.slug} (${gone.status}) as an option` : null
      },
    },
    {
      label: 'listings shown unasked fit what was asked',
      kind: 'fact',
      test: (reply, catalogue) => {
        if (!ctx.asked || turn.acts.some((a) => a.search)) return null
        for (const slug of reply.cards) {
          const problem = satisfies(listing(catalogue, slug), ctx.asked)
          if (problem) return `shows, unasked, a listing that does not fit what was asked: ${problem}`
        }
        return null
      },
    },
  ]
}

/** One reply graded against its turn's expectations (the rule at the top of this file). */
export function gradeReply(turn: Turn, reply: Reply & { broken?: boolean }, ctx: GradeContext): TurnGrade {
  const { catalogue } = ctx
  const problem = (c: Check) => c.test(reply, catalogue)
  const shown = reply.filters !== null
  const unasked = shown && ctx.asked ? unaskedFilters(reply.filters as SearchQuery, ctx.asked, catalogue) : []
  const globals = globalChecks(turn, ctx)
  const unavailableVisit = globals[1]?.test(reply, catalogue) != null

  const forbidden = [...globals, ...turn.forbid, ...turn.acts.flatMap((a) => a.forbid)]
  const happened = forbidden.flatMap((c) => {
    const p = problem(c)
    return p ? [{ kind: c.kind, text: p }] : []
  })
  for (const f of unasked) happened.push({ kind: 'filter', text: `applies a filter not asked for: ${f}` })

  const acts = turn.acts.map((a) => {
    const problems = a.checks.flatMap((c) => {
      const p = problem(c)
      return p ? [{ kind: c.kind, text: p }] : []
    })
    return { act: a, problems }
  })
  const unanswered = acts.filter((a) => a.problems.length)

  const factKinds = (kinds: CheckKind[]) => kinds.some((k) => LISTING_FACTS.includes(k))
  const askedFacts = factKinds(turn.acts.flatMap((a) => [...a.checks, ...a.forbid].map((c) => c.kind))) || factKinds(turn.forbid.map((c) => c.kind))
  const wrongFacts = factKinds(happened.map((h) => h.kind)) || factKinds(unanswered.flatMap((a) => a.problems.map((p) => p.kind)))
  const listingFacts = { asked: askedFacts || wrongFacts, wrong: wrongFacts }
  const base = { listingFacts, unavailableVisit, search: { shown, unasked } }

  if (reply.broken || !reply.text.trim()) return { grade: 'nonsense', reasons: [reply.broken ? 'the agent failed' : 'empty reply'], ...base }
  const reasons = [
    ...happened.map((h) => h.text),
    ...unanswered.map((a) => `${a.act === turn.acts[0] ? 'main request' : 'request'} «${a.act.label}» unanswered: ${a.problems.map((p) => p.text).join('; ')}`),
  ]
  const main = acts[0]
  if (main?.problems.length && unanswered.length === acts.length && !turn.acts.some((a) => a.touches(reply)) && !happened.length) {
    return { grade: 'nonsense', reasons: ['answers none of the requests and speaks of none of them', ...reasons], ...base }
  }
  if (happened.length || main?.problems.length) return { grade: 'wrong', reasons, ...base }
  if (unanswered.length) return { grade: 'acceptable', reasons, ...base }
  return { grade: 'helpful', reasons: [], ...base }
}
