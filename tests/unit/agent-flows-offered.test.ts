// The agent offers and books only what a visitor can still buy or rent (catalogue/similar.ts
// `isOffered`): the search, a question about one property, a visit asked for, and a visit held
// while the property was sold (issue 32). The flows over fixed understandings, then whole turns
// over a catalogue whose statuses change between messages, as an edit in the console does.
import { describe, expect, it } from 'vitest'
import type { ListingPage, ListingQuery } from '../../src/catalogue/listing-query'
import type { Catalogue, Property, PropertyStatus } from '../../src/catalogue/model'
import { INITIAL_STATE, type AgentOutcome } from '../../src/server/chat/agent'
import { answerAboutProperty } from '../../src/server/chat/agent/flows/facts'
import { searchCatalogue } from '../../src/server/chat/agent/flows/search'
import { refuseVisit } from '../../src/server/chat/agent/flows/visit'
import { catalogue, conversation as demoConversation, memory, turnContext, understood } from '../support/agent-flows'

const t = turnContext()
const houses = catalogue.properties.filter((p) => p.type === 'casa' && p.operation === 'venta')
const sold = catalogue.properties.find((p) => p.status === 'vendida') as Property
const withStatus = (p: Property, status: PropertyStatus): Property => ({ ...p, status })

describe('the flows', () => {
  it('the search never shows a property that is not disponible, even when the search returns it', async () => {
    const notOffered = houses.slice(0, 3).map((p, i) => withStatus(p, (['apartada', 'vendida', 'rentada'] as const)[i] ?? 'vendida'))
    const offered = houses.filter((p) => p.status === 'disponible').slice(3, 5)
    const items = [...notOffered, ...offered]
    const search = async (_query: ListingQuery): Promise<ListingPage<Property>> => ({ items, total: items.length, page: 1, pageSize: items.length, pages: 1 })
    const step = await searchCatalogue(memory(), understood({ criteria: { tipo: 'casa', operacion: 'venta' } }), t, search)
    expect(step.state?.shown?.map((p) => p.slug)).toEqual(offered.map((p) => p.slug))
    expect(step.messages?.join('\n')).not.toContain(`/propiedad/${notOffered[0]?.slug}`)
  })

  it('a question about a sold property says its status instead of offering a visit', () => {
    const answer = answerAboutProperty(understood({ fact: 'bedrooms', intents: ['propertyQuestion'] }), t, sold, sold.slug)
    expect(answer.dialogue).toEqual([t.say.facts.unavailable('vendida')])
    const open = answerAboutProperty(understood({ fact: 'bedrooms', intents: ['propertyQuestion'] }), t, withStatus(sold, 'disponible'), sold.slug)
    expect(open.dialogue).toEqual([t.say.facts.nextQuestion])
  })

  it('a visit to a property no longer disponible is refused and its held slot let go; an available one is not refused', () => {
    const held = memory({ pending: 'appointment', visit: { ...INITIAL_STATE.visit, at: '2026-11-23T11:00:00-05:00' } })
    const refused = refuseVisit(held, withStatus(sold, 'apartada'), t)
    expect(refused?.dialogue).toEqual([t.say.visit.unavailable(sold.title, 'apartada')])
    expect(refused?.state).toMatchObject({ pending: null, visit: { at: null } })
    expect(refuseVisit(held, withStatus(sold, 'disponible'), t)).toBeNull()
    expect(refuseVisit(held, null, t)).toBeNull()
    expect(refuseVisit(held, sold, turnContext('en'))?.dialogue?.[0]).toMatch(/is no longer available: it has been sold/)
  })
})

/** A conversation over a copy of the catalogue whose statuses the test changes between messages. */
function conversation() {
  const live: Catalogue = structuredClone(catalogue)
  return Object.assign(demoConversation({ property: async (slug) => live.properties.find((p) => p.slug === slug) ?? null }, live), {
    setStatus(slug: string, status: PropertyStatus) {
      const property = live.properties.find((p) => p.slug === slug)
      if (!property) throw new Error(`no ${slug}`)
      property.status = status
    },
  })
}
const all = (o: AgentOutcome) => o.messages.join('\n')

describe('whole turns', () => {
  it('on a sold property\'s page, a visit asked for is refused and nothing is booked', async () => {
    const chat = conversation()
    const asked = await chat.say('quiero agendar una visita el lunes a las 11', { page: `/propiedad/${sold.slug}` })
    expect(all(asked)).toContain(`**${sold.title}** ya no está disponible: está vendida`)
    expect(asked.appointment).toBeUndefined()
    const data = await chat.say('Me llamo Laura Pérez, mi teléfono es 9987654321', { page: `/propiedad/${sold.slug}` })
    expect(data.appointment).toBeUndefined()
    expect(all(data)).not.toMatch(/quedó agendada/)
  })

  it('a slot held for a property sold before the contact data came is not booked', async () => {
    const chat = conversation()
    const target = houses.find((p) => p.status === 'disponible') as Property
    const page = { page: `/propiedad/${target.slug}` }
    expect(all(await chat.say('quiero agendar una visita el lunes a las 11', page))).not.toMatch(/ya no está disponible/)
    chat.setStatus(target.slug, 'vendida')
    const data = await chat.say('Me llamo Laura Pérez, mi teléfono es 9987654321', page)
    expect(data.appointment).toBeUndefined()
    expect(all(data)).toContain(`**${target.title}** ya no está disponible: está vendida`)
  })

  it('the same held slot is booked while the property is still disponible', async () => {
    const chat = conversation()
    const target = houses.find((p) => p.status === 'disponible') as Property
    const page = { page: `/propiedad/${target.slug}` }
    await chat.say('quiero agendar una visita el lunes a las 11', page)
    const data = await chat.say('Me llamo Laura Pérez, mi teléfono es 9987654321', page)
    expect(data.appointment).toMatchObject({ propertySlug: target.slug })
  })

  it('a property sold after it was shown is not among the next results', async () => {
    const chat = conversation()
    const first = await chat.say('busco casa en venta en huayacan')
    const shownSlug = /\/propiedad\/([a-z0-9-]+)\)/.exec(all(first))?.[1] ?? ''
    expect(shownSlug).not.toBe('')
    chat.setStatus(shownSlug, 'apartada')
    const again = await chat.say('busco casa en venta en huayacan')
    expect(all(again)).not.toContain(`/propiedad/${shownSlug})`)
  })
})
