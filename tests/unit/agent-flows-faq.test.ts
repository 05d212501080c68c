// The common questions' flow over fixed understandings: the answers come from the intent entries.
import { describe, expect, it } from 'vitest'
import { answerQuestions } from '../../src/server/chat/agent/flows/faq'
import { listing, turnContext, understood } from '../support/agent-flows'

describe('answerQuestions', () => {
  it('answers the commission to a buyer, and to a seller what they would pay', () => {
    const buyer = answerQuestions(understood({ intents: ['commission'] }), turnContext(), null, false)
    expect(buyer.messages).toEqual([expect.stringMatching(/^Si compras o rentas con nosotros, \*\*no te cobramos comisión\*\*/)])
    expect(buyer.offersAdviser).toBe(false)
    const seller = answerQuestions(understood({ intents: ['commission'] }), turnContext(), null, false, true)
    expect(seller.messages[0]).toMatch(/^Por vender o rentar tu propiedad/)
  })

  it('answers in the visitor’s language', () => {
    const answer = answerQuestions(understood({ intents: ['commission'], language: 'en' }), turnContext('en'), null, false)
    expect(answer.messages[0]).toMatch(/^If you buy or rent with us, \*\*we don't charge you a commission\*\*/)
  })

  it('says hours and location in one answer, and neither beside the channels', () => {
    const both = answerQuestions(understood({ intents: ['hours', 'location'] }), turnContext(), null, false)
    expect(both.messages).toHaveLength(1)
    expect(both.messages[0]).toMatch(/^Nuestra oficina está en .*\nAtendemos /)
    const channels = answerQuestions(understood({ intents: ['contactChannels', 'hours'] }), turnContext(), null, false)
    expect(channels.messages).toEqual([expect.stringMatching(/^Con gusto, estos son nuestros datos de contacto/)])
  })

  it('offers an adviser after the ways to buy, but not credit for a rental', () => {
    const credit = answerQuestions(understood({ intents: ['credit'] }), turnContext(), null, false)
    expect(credit.messages[0]).toMatch(/^Puedes comprar con:/)
    expect(credit.offersAdviser).toBe(true)
    const rental = listing('renta')
    const forRental = answerQuestions(understood({ intents: ['credit', 'returns'] }), turnContext(), rental, false)
    expect(forRental.messages[0]).toBe(`**${rental.title}** es en renta: un crédito Infonavit, Fovissste o bancario sirve para comprar, no para rentar. Si quieres comprar con crédito, dime la zona y tu presupuesto y te busco opciones en venta.`)
    expect(forRental.offersAdviser).toBe(false)
  })

  it('answers a foreigner once, with the bank trust, however many of credit and foreigner are asked', () => {
    const answer = answerQuestions(understood({ intents: ['foreigner', 'credit'] }), turnContext(), null, false)
    expect(answer.messages).toHaveLength(1)
    expect(answer.messages[0]).toMatch(/fideicomiso bancario/)
  })

  it('answers in the entries’ order, whatever the order of the intents', () => {
    const answer = answerQuestions(understood({ intents: ['who', 'closingCosts', 'rentRequirements'] }), turnContext(), null, false)
    expect(answer.messages.map((m) => m.slice(0, 20))).toEqual(['Para rentar normalme', 'Los **gastos de escr', 'Soy el asistente vir'])
  })

  it('answers nothing to a message that asks no question', () => {
    expect(answerQuestions(understood({ intents: ['greeting', 'searchVerb'] }), turnContext(), null, false)).toEqual({ messages: [], offersAdviser: false })
  })
})
