// How the turn's steps add up (flows/step.ts): state changes applied, messages appended, events kept.
import { describe, expect, it } from 'vitest'
import { add, has, quiet, startTurn } from '../../src/server/chat/agent/flows/step'
import { memory, understood } from '../support/agent-flows'

describe('a turn built step by step', () => {
  it('applies each step’s memory changes and appends its messages and sentences', () => {
    let turn = startTurn(memory())
    expect(quiet(turn)).toBe(true)
    turn = add(turn, { state: { pending: 'contact' }, messages: ['uno'], reason: 'contact' })
    turn = add(turn, { state: { lastAsk: 'contact' }, dialogue: ['¿Tu nombre?'], handoff: true, searched: true })
    expect(turn.state).toMatchObject({ pending: 'contact', lastAsk: 'contact' })
    expect([turn.messages, turn.dialogue, turn.reasons]).toEqual([['uno'], ['¿Tu nombre?'], ['contact']])
    expect([turn.handoff, turn.searched, quiet(turn)]).toEqual([true, true, false])
  })

  it('freezes the memory, so a flow must return its changes', () => {
    const turn = startTurn(memory({ criteria: { tipo: 'casa' } }))
    expect(() => {
      ;(turn.state.criteria as { tipo?: string }).tipo = 'terreno'
    }).toThrow(TypeError)
  })

  it('tells whether a message carries an intent', () => {
    expect(has(understood({ intents: ['visit'] }), 'visit')).toBe(true)
    expect(has(understood({ intents: ['visit'] }), 'sell')).toBe(false)
  })
})
