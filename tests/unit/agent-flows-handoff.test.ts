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

describe('with the console\'s outlook: who answers and about when (docs/console.md#routing)', () => {
  const toAna = { kind: 'person', accountId: 'cuenta-ana', name: 'Ana', minutes: 2 } as const
  /** Monday 2 March 2026, 03:40 in Cancún; the office opens at 9:00. */
  const night = turnContext('es', { now: new Date('2026-03-02T08:40:00Z') })
  const closed = { kind: 'later', closed: true, at: '2026-03-02T14:00:00.000Z' } as const

  it('names the person it is offered to and their answer time, and tells the routing whom', () => {
    const step = handOff(memory(), t, toAna)
    expect(step.route).toEqual(toAna)
    expect(step.messages![0]).toBe(
      '¡Claro! Te comunico con un asesor de **Cancún Propiedades**. **Ana** te responderá aquí en unos 2 minutos.\n' +
        'Mientras tanto, ¿me compartes tu nombre y tu teléfono para que te pueda llamar o escribir por WhatsApp si no alcanzas a leernos aquí?',
    )
  })

  it('at 03:40 says the office answers today at 9:00, here or by the contact left, and the agency\'s channels; never «en breve»', () => {
    const [message] = handOff(memory(), night, closed).messages!
    expect(message).toMatch(/^¡Claro! Le dejo tu mensaje a nuestro equipo de \*\*Cancún Propiedades\*\*\. Nuestra oficina está cerrada en este momento: te responderemos \*\*hoy a las 9:00\*\* \(hora de Cancún\), aquí mismo o al teléfono o correo que nos dejes\./)
    expect(message).toContain(`Desde esa hora también nos encuentras por [WhatsApp](${night.channels.whatsapp}), al ${night.channels.phone} o en ${night.channels.email}.`)
    expect(message).toMatch(/\n¿Me compartes tu nombre y tu teléfono o correo para contactarte\?$/)
    expect(message).not.toContain('en breve')
    // Saturday 15:00 (closed at 14:00): on Monday, said with its date.
    const saturday = turnContext('es', { now: new Date('2026-03-07T20:00:00Z') })
    expect(handOff(memory({ contact: ana }), saturday, { kind: 'later', closed: true, at: '2026-03-09T14:00:00.000Z' }).messages![0]).toContain('te responderemos **el lunes 9 de marzo a las 9:00** (hora de Cancún)')
  })

  it('with nobody online in office hours: at the latest at the next opening; in English too', () => {
    const monday = turnContext('en', { now: new Date('2026-03-02T17:00:00Z') })
    expect(handOff(memory({ contact: ana }), monday, { kind: 'later', closed: false, at: '2026-03-03T14:00:00.000Z' }).messages![0]).toBe(
      "Sure! I'll pass your message on to our team at **Cancún Propiedades**. Nobody from our team is online right now: we will answer you **tomorrow at 9:00** (Cancún time) at the latest, right here or at the phone or e-mail you leave us. " +
        `You can also write to us on [WhatsApp](${monday.channels.whatsapp}), call us at ${monday.channels.phone} or e-mail ${monday.channels.email}.`,
    )
  })

  it('a busy team, and a visitor still waiting', () => {
    expect(handOff(memory({ contact: ana }), t, { kind: 'busy', names: ['Ana', 'Luis'] }).messages![0]).toContain('Nuestro equipo está atendiendo otras conversaciones: **Ana** o **Luis** te responderá aquí en cuanto se desocupe.')
    const waiting = acknowledgeWait(memory({ contact: ana }), t, { ...toAna, minutes: 1 })
    expect(waiting).toMatchObject({ handoff: true, route: { ...toAna, minutes: 1 } })
    expect(waiting.messages).toEqual(['Perdón por la espera. **Ana** te responderá aquí en un minuto.'])
  })

  it('gives a member asked for by name the conversation only when they answer now; else says so, and who does', () => {
    const mariana = { name: 'Mariana Cetina', role: 'Directora comercial', accountId: 'cuenta-mariana' }
    const hers = handOffToMember(memory(), t, mariana, { kind: 'person', accountId: 'cuenta-mariana', name: 'Mariana C.', minutes: 2 })
    expect(hers).toMatchObject({ handoffTo: 'cuenta-mariana', state: { adviser: 'cuenta-mariana' } })
    expect(hers.messages![0]).toMatch(/^¡Claro! Te comunico con \*\*Mariana Cetina\*\* \(Directora comercial\): te responderá aquí en unos 2 minutos\./)
    const away = handOffToMember(memory(), t, mariana, toAna)
    expect(away.handoffTo).toBeUndefined()
    // Still her visitor: a visit booked later is hers.
    expect(away).toMatchObject({ state: { adviser: 'cuenta-mariana' }, route: toAna })
    expect(away.messages![0]).toMatch(/^¡Claro! \*\*Mariana Cetina\*\* \(Directora comercial\) no está disponible en este momento\. \*\*Ana\*\* te responderá aquí en unos 2 minutos\./)
  })
})
