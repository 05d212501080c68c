// The flows about properties shown or named, over fixed understandings: focus, prices in another
// currency, questions about one property, unknown places.
import { describe, expect, it } from 'vitest'
import { askedCurrency, pricesIn } from '../../src/server/chat/agent/flows/currency'
import { answerAboutProperty, askedProperty } from '../../src/server/chat/agent/flows/facts'
import { focusOnProperty, withinShown } from '../../src/server/chat/agent/flows/focus'
import { sayUnknownPlace } from '../../src/server/chat/agent/flows/places'
import type { ShownProperty } from '../../src/server/chat/agent/types'
import { catalogue, memory, turnContext, understood } from '../support/agent-flows'

const available = catalogue.properties.filter((p) => p.status === 'disponible').slice(0, 3)
const shown: ShownProperty[] = available.map((p) => ({ slug: p.slug, title: p.title, price: p.price, m2: p.constructionM2 ?? p.lotM2 }))
const t = turnContext()

describe('focus', () => {
  it('focuses the property named by its position among those shown', () => {
    expect(focusOnProperty(memory({ shown }), understood({ ordinal: 1 })).state?.focus).toEqual({ slug: shown[1]?.slug, title: shown[1]?.title })
    expect(focusOnProperty(memory({ shown }), understood({ ordinal: -1 })).state?.focus?.slug).toBe(shown[2]?.slug)
  })

  it('says how many were shown when the visitor names one beyond them', () => {
    const { u, step } = withinShown(memory({ shown: shown.slice(0, 2) }), understood({ ordinal: 2 }), t)
    expect(u.ordinal).toBeNull()
    expect(step.messages).toEqual([t.say.facts.onlySome(2)])
  })
})

describe('prices in another currency', () => {
  it('reads «¿y en dólares?» only with results on screen and nothing else asked', () => {
    expect(askedCurrency(memory({ shown }), understood({ norm: 'y en dolares' }))).toBe('USD')
    expect(askedCurrency(memory(), understood({ norm: 'y en dolares' }))).toBeNull()
    expect(askedCurrency(memory({ shown }), understood({ norm: 'y en dolares', intents: ['currency'] }))).toBeNull()
  })

  it('lists each shown price converted, in the order shown', () => {
    const step = pricesIn(memory({ shown }), 'USD', t, available)
    const lines = step.messages?.[0]?.split('\n') ?? []
    expect(lines[0]).toMatch(/^En dólares, al tipo de cambio de referencia/)
    expect(lines.slice(1).map((line) => line.slice(0, 3))).toEqual(['1. ', '2. ', '3. '])
    expect(step.state?.lastAsk).toBe('after-results')
  })
})

describe('a question about one property', () => {
  const property = available[0]!

  it('answers the fact asked from the listing, with its link', () => {
    const step = answerAboutProperty(understood({ fact: 'parking' }), t, property, property.slug)
    expect(step.messages?.[0]).toMatch(new RegExp(`^${t.say.facts.parking(property.parking)}\\n\\*\\*${property.title}\\*\\* · \\[Ver propiedad\\]`))
    expect(step.state?.focus?.slug).toBe(property.slug)
  })

  it('says honestly what the listing does not hold', () => {
    expect(answerAboutProperty(understood({ fact: 'unknown' }), t, property, property.slug).messages).toEqual([t.say.facts.unknown])
    expect(answerAboutProperty(understood({ fact: 'unknown' }), t, null, null).messages).toEqual([t.say.facts.unknownGeneral])
  })

  it('asks which one when none is meant', () => {
    expect(askedProperty(memory({ shown }), understood({ fact: 'price' }), null)).toBeNull()
    expect(answerAboutProperty(understood({ fact: 'price' }), t, null, null).messages).toEqual([t.say.facts.which])
  })
})

describe('an unknown place', () => {
  it('says the catalogue does not have it, with its close names', () => {
    const step = sayUnknownPlace(understood({ unknownPlace: { kind: 'residencial', name: 'cumbre alta' } }), t)
    expect(step.messages).toEqual([t.say.unknownPlace('Residencial Cumbre Alta', ['Residencial Cumbres Suiko'])])
    expect(sayUnknownPlace(understood(), t)).toEqual({})
  })
})
