// The hand-off and contact flows over fixed understandings.
import { describe, expect, it } from 'vitest'
import { askForContact, offerAdviser, offerToSell, registerLead, rememberContact } from '../../src/server/chat/agent/flows/contact'
import { acknowledgeWait, askedForMember, handOff, handOffToMember } from '../../src/server/chat/agent/flows/handoff'
import { startTurn } from '../../src/server/chat/agent/flows/step'
import { memory, turnContext, understood } from '../support/agent-flows'

const t = turnContext()
const ana = { name: 'Ana López', phone: '9981234567', email: null }

describe('handOff', () => {
  it('marks the conversation for a person and asks for a phone when there is none', () => {
    const step = handOff(memory(), t)
    expect(step).toMatchObject({ handoff: true, askedContact: true, state: { handoff: true, pending: 'contact', lastAsk: 'contact' } })
    expect(step.messages).toEqual([t.say.handoff.connecting('Cancún Propiedades', true)])
  })

  it('asks nothing of a visitor whose phone it has', () => {
    expect(handOff(memory({ contact: ana }), t).messages).toEqual([t.say.handoff.connecting('Cancún Propiedades', false)])
  })

  it('apologises to a visitor still waiting and gives the channels', () => {
    const step = acknowledgeWait(memory(), t)
    expect(step.messages).toEqual([t.say.waiting(t.channels, true)])
  })
})

describe('a member of the team asked for by name', () => {
  const team = [
    { name: 'Mariana Cetina', role: 'Directora comercial', accountId: 'cuenta-mariana' },
    { name: 'Ana Sofía Villanueva', role: 'Asesora jurídica', accountId: null },
    { name: 'Luis Alberto Pech', role: 'Asesor de inversión', accountId: 'cuenta-luis' },
    { name: 'Luis Canul', role: 'Asesor de rentas', accountId: 'cuenta-canul' },
  ]
  it.each([
    ['quiero hablar con Mariana', 'Mariana Cetina'],
    ['¿Está la licenciada Mariana Cetina?', 'Mariana Cetina'],
    ['pásame con ana sofia villanueva', 'Ana Sofía Villanueva'],
    ['busco a Ana', 'Ana Sofía Villanueva'],
    ['Can I talk to Luis Alberto Pech?', 'Luis Alberto Pech'],
  ])('«%s» asks for %s', (text, name) => {
    expect(askedForMember(text, team)?.name).toBe(name)
  })
  it.each([['me llamo Ana'], ['Mariana, ¿me ayudas?'], ['quiero hablar con Luis'], ['busco casa en Huayacán']])('«%s» asks for nobody (a name said otherwise, or two of that name)', (text) => {
    expect(askedForMember(text, team)).toBeNull()
  })

  it('hands a linked member the conversation and names them; an unlinked one goes to the whole team', () => {
    const linked = handOffToMember(memory(), t, team[0]!)
    // The memory keeps her account: a visit booked later in this conversation is hers.
    expect(linked).toMatchObject({ handoff: true, handoffTo: 'cuenta-mariana', state: { handoff: true, adviser: 'cuenta-mariana' } })
    expect(linked.messages).toEqual([t.say.handoff.member(team[0]!, true, true)])
    expect(linked.messages![0]).toContain('Te comunico con **Mariana Cetina** (Directora comercial)')
    const unlinked = handOffToMember(memory({ contact: ana }), t, team[1]!)
    expect(unlinked.handoffTo).toBeUndefined()
    expect(unlinked.state?.adviser).toBeUndefined()
    expect(unlinked.messages).toEqual([t.say.handoff.member(team[1]!, false, false)])
  })
})

describe('contact capture', () => {
  it('remembers the data a message gives, keeping what it does not', () => {
    const u = understood({ contact: { name: null, phone: '9981234567', email: null, invalidPhone: null, invalidEmail: null, rest: '' } })
    expect(rememberContact(memory({ contact: { name: 'Ana', phone: null, email: null } }), u).state?.contact).toEqual({ name: 'Ana', phone: '9981234567', email: null })
  })

  it('asks for the name when only a phone was given', () => {
    const state = memory({ pending: 'contact', contact: { name: null, phone: '9981234567', email: null } })
    expect(askForContact(state, understood(), t, startTurn(state)).dialogue).toEqual([t.say.contact.askName])
  })

  it('registers one lead once the data is complete, and thanks', () => {
    const state = memory({ pending: 'contact', contact: ana })
    const step = registerLead(state, understood({ intents: ['contact'] }), t, startTurn(state))
    expect(step.lead).toMatchObject({ name: 'Ana López', phone: '9981234567', propertySlug: null })
    expect(step.dialogue?.[0]).toMatch(/^¡Gracias, Ana! Un asesor te contactará /)
    expect(registerLead({ ...state, leadKey: step.state?.leadKey ?? null, pending: null }, understood(), t, startTurn(state))).toEqual({})
  })

  it('offers an adviser for the property in focus, and a seller the valuation', () => {
    const focused = memory({ focus: { slug: 'casa', title: 'Casa en Huayacán' } })
    expect(offerAdviser(focused, t).dialogue).toEqual([t.say.contact.adviserFor('Casa en Huayacán')])
    expect(offerToSell(memory(), t).messages).toEqual([t.say.contact.sellOrList('Cancún Propiedades')])
    expect(offerToSell(memory({ seller: true }), t).messages).toEqual([t.say.contact.sellValuation])
  })
})
