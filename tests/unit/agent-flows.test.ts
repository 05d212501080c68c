import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListingPage } from '../../src/catalogue/listing-query'
import type { Property } from '../../src/catalogue/model'
import { INITIAL_STATE, type ConversationState } from '../../src/server/chat/agent'
import { PHRASES } from '../../src/server/chat/agent/phrases'
import { answerMessage } from '../../src/server/chat/agent/turn'
import { catalogue, context, demoAgent, SATURDAY } from '../support/agent-flows'

/** Every available property, whatever the query: enough to drive the dialogue. */
const everything = async (): Promise<ListingPage<Property>> => {
  const items = catalogue.properties.filter((p) => p.status === 'disponible')
  return { items, total: items.length, page: 1, pageSize: items.length, pages: 1 }
}

const bySlug = (slug: string) => catalogue.properties.find((p) => p.slug === slug) ?? null

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the turn', () => {
  it('never changes the memory it is given: every flow returns its changes instead', async () => {
    let state: ConversationState = INITIAL_STATE
    const dialogue = [
      'hola, busco casa en venta en huayacán con alberca',
      'más opciones',
      '¿y más barato?',
      'quiero ver la primera el sábado a las 11',
      'mi cel es 998 123',
      'soy Ana López, 998 123 4567',
      'quiero hablar con un asesor',
      'quiero vender mi casa',
      'no',
    ]
    for (const text of dialogue) {
      // Frozen in strict mode: an assignment anywhere in a flow would throw here.
      const outcome = await answerMessage(text, deepFreeze(structuredClone(state)), {}, SATURDAY, context, { search: everything, property: async (slug) => bySlug(slug) })
      expect(outcome.messages.length).toBeGreaterThan(0)
      state = outcome.state
    }
    expect(state.visit.booked).toBe('2026-11-28T11:00:00-05:00')
    expect(state.leadKey).not.toBeNull()
    expect(state.handoff).toBe(true)
  })
})

describe('the catch-all', () => {
  it('logs what went wrong before apologising', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const agent = demoAgent({ search: everything })
    const failure = new Error('unreadable message')
    const unreadable = {
      toString() {
        throw failure
      },
    } as unknown as string
    const outcome = await agent.reply(unreadable, INITIAL_STATE)
    expect(outcome.messages).toEqual([PHRASES.apology])
    expect(outcome.state.turns).toBe(1)
    // One line through the server's logger (src/server/safe-log.ts): the error quoted, its frames after.
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('[agent] a reply failed: "Error: unreadable message"'))
  })
})
