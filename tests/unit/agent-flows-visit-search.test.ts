// The visit, search and criteria flows over fixed understandings (the catalogue search is a fake).
import { describe, expect, it } from 'vitest'
import type { ListingPage, ListingQuery } from '../../src/catalogue/listing-query'
import type { Property } from '../../src/catalogue/model'
import { BUILT_IN_BOOK } from '../../src/server/chat/agent/acts/builtin'
import { keepCriteria } from '../../src/server/chat/agent/flows/criteria'
import { searchCatalogue, shouldSearch } from '../../src/server/chat/agent/flows/search'
import { arrangeVisit, wantsVisit } from '../../src/server/chat/agent/flows/visit'
import { catalogue, memory, turnContext, understood } from '../support/agent-flows'

const t = turnContext()

describe('a visit', () => {
  it('is wanted when asked for, never with a person asked for', () => {
    expect(wantsVisit(memory(), understood({ intents: ['visit'] }), t)).toBe(true)
    expect(wantsVisit(memory(), understood({ intents: ['visit', 'handoff'] }), t)).toBe(false)
    expect(wantsVisit(memory(), understood({ intents: ['yes'] }), turnContext('es', { previousAsk: 'visit' }))).toBe(true)
  })

  it('holds a valid slot, asks the time for a day alone, and asks when for nothing said', () => {
    const saturday = understood({ intents: ['visit'], when: { date: { y: 2026, m: 11, d: 28 }, time: 11 * 60 } })
    expect(arrangeVisit(memory(), saturday, t).state).toMatchObject({ pending: 'appointment', visit: { at: '2026-11-28T11:00:00-05:00' } })
    const day = arrangeVisit(memory(), understood({ intents: ['visit'], when: { date: { y: 2026, m: 11, d: 28 }, time: null } }), t)
    expect(day.state).toMatchObject({ visit: { date: '2026-11-28' }, lastAsk: 'visit' })
    expect(arrangeVisit(memory(), understood({ intents: ['visit'] }), t).dialogue).toEqual([t.say.visit.askWhen(null, 0, t.calendar.visitText.es)])
  })
})

describe('the search', () => {
  it('runs for criteria, not for a question the classifier recognised nor for a seller', () => {
    const houses = { criteria: { tipo: 'casa' as const } }
    expect(shouldSearch(understood(houses), false, false, BUILT_IN_BOOK)).toBe(true)
    expect(shouldSearch(understood({ ...houses, topic: 'greeting', intents: ['greeting'] }), false, false, BUILT_IN_BOOK)).toBe(true)
    expect(shouldSearch(understood({ ...houses, topic: 'closingCosts', intents: ['closingCosts'] }), false, false, BUILT_IN_BOOK)).toBe(false)
    expect(shouldSearch(understood({ ...houses, intents: ['sell'] }), false, false, BUILT_IN_BOOK)).toBe(false)
    expect(shouldSearch(understood(), false, false, BUILT_IN_BOOK)).toBe(false)
  })

  it('shows the cards found and remembers them', async () => {
    const queries: ListingQuery[] = []
    const houses = catalogue.properties.filter((p) => p.type === 'casa' && p.status === 'disponible')
    const search = async (query: ListingQuery): Promise<ListingPage<Property>> => {
      queries.push(query)
      return { items: houses, total: houses.length, page: 1, pageSize: houses.length, pages: 1 }
    }
    const step = await searchCatalogue(memory(), understood({ criteria: { tipo: 'casa' } }), t, search)
    expect(queries[0]).toMatchObject({ tipo: 'casa' })
    expect(step.searched).toBe(true)
    expect(step.messages?.[0]).toMatch(new RegExp(`^Encontré ${houses.length} casas\\. Te comparto 3 opciones:`))
    expect(step.state?.shown?.map((p) => p.slug)).toEqual(houses.slice(0, 3).map((p) => p.slug))
  })

  it('says so when the catalogue fails, keeping the criteria', async () => {
    const step = await searchCatalogue(memory(), understood({ criteria: { tipo: 'casa' } }), t, async () => Promise.reject(new Error('down')))
    expect(step.messages).toEqual([t.say.search.unavailable])
    expect(step.state?.criteria).toEqual({ tipo: 'casa' })
  })

  it('keeps criteria said with a visit, without searching', () => {
    expect(keepCriteria(memory({ criteria: { operacion: 'renta' } }), understood({ criteria: { zona: 'centro' } }), t).state?.criteria).toEqual({ operacion: 'renta', zona: 'centro' })
  })
})
