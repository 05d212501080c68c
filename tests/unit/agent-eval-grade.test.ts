// The grading rule of the agent's persona conversations (eval/agent/personas/grade.ts,
// docs/agent.md#personas) on fixed replies, not over the agent: what makes a reply helpful,
// acceptable, wrong or nonsense, and what the metrics count.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import type { AgentOutcome, ConversationState } from '../../src/server/chat/agent'
import {
  amenity, amountPattern, books, lead, never, price, search, status, turn, visit, type Lang, type Turn,
} from '../../eval/agent/personas/expect'
import { gradeReply, replyOf } from '../../eval/agent/personas/grade'
import { L, page } from '../../eval/agent/personas/listings'
import type { Wanted } from '../../eval/agent/cases'

const catalogue = JSON.parse(readFileSync('content/catalogue.json', 'utf8')) as Catalogue

/** A reply as the agent returns it: messages, and what it did. */
function outcome(messages: string[], extra: Partial<AgentOutcome> & { criteria?: Record<string, unknown> } = {}): AgentOutcome {
  const { criteria = {}, ...rest } = extra
  return { state: { criteria } as unknown as ConversationState, messages, ...rest }
}

/** A property card as the widget receives it. */
const card = (slug: string) => `![Foto](https://cancunpropiedades.mx/images/x.svg)\n**Título**\n[Ver propiedad](https://cancunpropiedades.mx/propiedad/${slug})`

function grade(t: Turn, o: AgentOutcome, options: { lang?: Lang; asked?: Wanted | null; seen?: string[] } = {}) {
  return gradeReply(t, replyOf(o, catalogue, { seen: options.seen ?? [] }), { catalogue, lang: options.lang ?? 'es', asked: options.asked ?? null })
}

// A house for sale that is available and whose listing names no pool, and a house that is rented.
const AVAILABLE = L.p013
const RENTED = L.p020
const twoQuestions = turn(page(AVAILABLE), 'sigue disponible? tiene alberca?', status(AVAILABLE), amenity(AVAILABLE, 'alberca'))

describe('the grading rule', () => {
  it('is helpful when every request is answered right and nothing is false', () => {
    const g = grade(twoQuestions, outcome(['Sí, sigue disponible. La ficha no indica si tiene alberca; un asesor te lo confirma.']))
    expect(g.grade).toBe('helpful')
    expect(g.listingFacts).toEqual({ asked: true, wrong: false })
  })

  it('is acceptable when a secondary request is left unanswered', () => {
    const g = grade(twoQuestions, outcome(['¡Hola! Sí, sigue disponible. ¿Quieres agendar una visita?']))
    expect(g.grade).toBe('acceptable')
    expect(g.reasons.join()).toMatch(/alberca/)
  })

  it('is wrong when it states a false amenity, even with the main request right', () => {
    const g = grade(twoQuestions, outcome(['Sí, sigue disponible. Sí, tiene alberca.']))
    expect(g.grade).toBe('wrong')
    expect(g.listingFacts).toEqual({ asked: true, wrong: true })
  })

  it('is wrong when it states a false status', () => {
    expect(grade(twoQuestions, outcome(['Ya no está disponible: está vendida.'])).grade).toBe('wrong')
    const onRented = turn(page(RENTED), 'la puedo ver?', status(RENTED))
    expect(grade(onRented, outcome(['¡Claro! Sí, sigue disponible.'])).grade).toBe('wrong')
    expect(grade(onRented, outcome(['Ya no está disponible: está rentada. ¿Te muestro otras?'])).grade).toBe('helpful')
  })

  it('takes a price however it is written, and makes another listing\'s price wrong', () => {
    const t = turn(page(L.p038), 'how much is it?', price(L.p038))
    expect(grade(t, outcome(['It costs **USD 350,000** (≈ $6,475,000 MXN).']), { lang: 'en' }).grade).toBe('helpful')
    expect(grade(t, outcome(['It costs 350k dollars.']), { lang: 'en' }).grade).toBe('helpful')
    const other = grade(t, outcome(['It costs **USD 650,000**.']), { lang: 'en' })
    expect(other.grade).toBe('wrong')
    expect(other.reasons.join()).toMatch(/not the listing's/)
    expect(other.listingFacts).toEqual({ asked: true, wrong: true })
  })

  it('is wrong when the main request is left unanswered on its subject', () => {
    const g = grade(twoQuestions, outcome(['La ficha no indica si tiene alberca.']))
    expect(g.grade).toBe('wrong')
  })

  it('is nonsense when empty, broken, or answering none of the requests and speaking of none', () => {
    expect(grade(twoQuestions, outcome([])).grade).toBe('nonsense')
    expect(grade(twoQuestions, outcome(['Tiene 3 recámaras.'])).grade).toBe('nonsense')
    expect(gradeReply(twoQuestions, replyOf(outcome(['(threw)']), catalogue, { broken: true }), { catalogue, lang: 'es', asked: null }).grade).toBe('nonsense')
  })

  it('is wrong when it answers in the other language', () => {
    const g = grade(twoQuestions, outcome(['Sí, sigue disponible. La ficha no indica si tiene alberca.']), { lang: 'en' })
    expect(g.grade).toBe('wrong')
  })

  it('counts a visit booked to a listing that is not available as wrong, whatever was asked', () => {
    const t = turn(page(RENTED), 'el miercoles a las 10 voy, soy Ana 9981112233', status(RENTED), never.book())
    const g = grade(t, outcome(['Ya no está disponible: está rentada. ¡Listo, Ana! Tu visita quedó agendada.'], {
      appointment: { at: '2026-11-25T10:00:00-05:00', name: 'Ana', phone: '9981112233', propertySlug: RENTED, email: null, note: '', adviser: null },
    }))
    expect(g.grade).toBe('wrong')
    expect(g.unavailableVisit).toBe(true)
  })

  it('holds a booking to the day and hour the visitor accepted', () => {
    const t = turn(page(AVAILABLE), 'a las 10 está bien, Ana 9981112233', books(AVAILABLE, '2026-11-23', 10), lead({ name: 'Ana' }))
    const booked = (at: string) => outcome([`¡Listo, Ana! Tu visita quedó agendada.`], {
      appointment: { at, name: 'Ana', phone: '9981112233', propertySlug: AVAILABLE, email: null, note: '', adviser: null },
      lead: { name: 'Ana', phone: '9981112233', email: null, message: '', propertySlug: AVAILABLE },
    })
    expect(grade(t, booked('2026-11-23T10:00:00-05:00')).grade).toBe('helpful')
    expect(grade(t, booked('2026-11-23T11:00:00-05:00')).grade).toBe('wrong')
    // Proposing the day is not booking it.
    const proposed = turn(page(AVAILABLE), 'el lunes en la mañana', visit(AVAILABLE, '2026-11-23'))
    expect(grade(proposed, outcome(['¿Te parece el **lunes 23 de noviembre a las 10:00**?'])).grade).toBe('helpful')
    expect(grade(proposed, outcome(['¿Te parece el **martes 24 de noviembre a las 10:00**?'])).grade).toBe('wrong')
  })

  it('is wrong when the thanks name someone else', () => {
    const t = turn('/acerca', 'Lic. Ana Ruiz, ana@x.mx', lead({ name: 'Ana' }))
    const o = (greeting: string) => outcome([`¡Gracias, ${greeting}! Un asesor te contactará.`], { lead: { name: 'Lic Ana Ruiz', phone: null, email: 'ana@x.mx', message: '', propertySlug: null } })
    expect(grade(t, o('Ana')).grade).toBe('helpful')
    expect(grade(t, o('Lic')).grade).toBe('wrong')
  })
})

describe('the filter rule', () => {
  const want: Wanted = { op: 'renta', type: 'departamento', zone: 'centro', beds: 2 }
  const t = turn('/renta-cancun', 'depa en renta en el centro de 2 rec', search(want))
  const shown = [L.p056, L.p057]
  const criteria = { operacion: 'renta', tipo: 'departamento', zona: 'centro', recamaras: 2 }

  it('lets the filters the visitor asked for through', () => {
    const g = grade(t, outcome(['Encontré 2 departamentos en renta en el Centro.', ...shown.map(card)], { criteria }), { asked: want })
    expect(g.grade).toBe('helpful')
    expect(g.search).toEqual({ shown: true, unasked: [] })
  })

  it('makes a filter the visitor did not ask for wrong, even one kept only in the agent\'s criteria', () => {
    const g = grade(t, outcome(['Encontré 2 departamentos.', ...shown.map(card)], { criteria: { ...criteria, amenidades: ['acepta-mascotas'] } }), { asked: want })
    expect(g.grade).toBe('wrong')
    expect(g.search.unasked).toEqual(['amenidades=acepta-mascotas'])
  })

  it('lets a filter through that leaves nothing out', () => {
    // Both flats have air conditioning: filtering on it narrows nothing the visitor asked for.
    const g = grade(t, outcome(['Encontré 2 departamentos.', ...shown.map(card)], { criteria: { ...criteria, amenidades: ['aire-acondicionado'] } }), { asked: want })
    expect(g.search.unasked).toEqual([])
  })

  it('makes listings that do not fit wrong, and an honest «none» right when the catalogue has none', () => {
    expect(grade(t, outcome(['Encontré 1.', card(L.p016)], { criteria }), { asked: want }).grade).toBe('wrong')
    const none = turn('/renta-cancun', 'depa en renta en el centro con mascotas hasta 15 mil', search({ ...want, beds: undefined, amen: ['acepta-mascotas'], max: [15_000, 'MXN'] }))
    expect(grade(none, outcome(['No tengo disponibles departamentos así. Te muestro los más cercanos:', card(L.p056)])).grade).toBe('helpful')
    expect(grade(none, outcome(['Aquí tienes opciones:', card(L.p056)])).grade).toBe('wrong')
  })
})

describe('figures as visitors and replies write them', () => {
  it('recognises an amount however it is written, and no other', () => {
    const p = new RegExp(amountPattern(3_800_000), 'i')
    for (const text of ['$3,800,000 MXN', '3800000', '3.8 millones', '3.8 MDP']) expect(text).toMatch(p)
    for (const text of ['$13,800,000', '3,800,0001', '38 millones']) expect(text).not.toMatch(p)
    expect('15 mil al mes').toMatch(new RegExp(amountPattern(15_000), 'i'))
  })
})
