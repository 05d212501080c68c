// Small talk and yes/no over fixed understandings.
import { describe, expect, it } from 'vitest'
import { greetFirst, smallTalk } from '../../src/server/chat/agent/flows/small-talk'
import { startTurn } from '../../src/server/chat/agent/flows/step'
import { answerYesNo } from '../../src/server/chat/agent/flows/yes-no'
import { memory, turnContext, understood } from '../support/agent-flows'

describe('smallTalk', () => {
  const t = turnContext()

  it('greets, thanks and says goodbye by what the message carries', () => {
    expect(smallTalk(memory(), understood({ intents: ['greeting'] }), t).messages?.[0]).toMatch(/^¡Hola! Soy el asistente virtual de \*\*Cancún Propiedades\*\*/)
    expect(smallTalk(memory(), understood({ intents: ['thanks'] }), t).messages).toEqual([t.say.smallTalk.thanks])
    expect(smallTalk(memory(), understood({ intents: ['goodbye'] }), t).messages).toEqual([t.say.smallTalk.goodbye('Cancún Propiedades')])
  })

  it('asks for more detail when the classifier had no topic and nothing was understood', () => {
    expect(smallTalk(memory(), understood(), t).messages).toEqual([t.say.unclear])
    expect(smallTalk(memory(), understood({ topic: 'search' }), t).messages).toEqual([t.say.notUnderstood])
  })

  it('greets back at the start of the first answer', () => {
    const turn = { ...startTurn(memory({ turns: 1 })), messages: ['Encontré 3 casas.'] }
    expect(greetFirst(turn, understood({ intents: ['greeting'] }), t).messages).toEqual(['¡Hola! Encontré 3 casas.'])
  })
})

describe('answerYesNo', () => {
  it('answers «no» to a proposed slot by asking for another', () => {
    const t = turnContext('es', { previousAsk: 'slot' })
    const step = answerYesNo(memory({ visit: { date: null, proposed: '2026-11-28T11:00:00-05:00', at: null, booked: null } }), understood({ intents: ['no'] }), t, false)
    expect(step.dialogue).toEqual([t.say.visit.otherSlot])
    expect(step.state?.visit?.proposed).toBeNull()
  })

  it('lets a request for contact data go on «no», and keeps collecting on «sí»', () => {
    const t = turnContext('es', { previousAsk: 'contact' })
    expect(answerYesNo(memory({ pending: 'contact' }), understood({ intents: ['no'] }), t, false)).toEqual({ state: { pending: null }, dialogue: [t.say.contact.noThanks] })
    expect(answerYesNo(memory(), understood({ intents: ['yes'] }), t, false)).toEqual({ state: { pending: 'contact' } })
  })

  it('says nothing when the message was already taken as a visit or a search', () => {
    expect(answerYesNo(memory(), understood({ intents: ['no'] }), turnContext('es', { previousAsk: 'slot' }), true)).toEqual({})
  })
})
