// «envíame la conversación» (docs/email.md#transcript): one intent file and one flow; the agent
// sends the copy to the address it knows, asks for one when it knows none, and sends it when the
// next message brings it. What the copy holds and that it arrives: tests/integration/mail.test.ts.
import { describe, expect, it } from 'vitest'
import type { ListingPage } from '../../src/catalogue/listing-query'
import type { Property } from '../../src/catalogue/model'
import { INITIAL_STATE } from '../../src/server/chat/agent'
import { BUILT_IN_BOOK, BUILT_IN_INTENTS } from '../../src/server/chat/agent/acts/builtin'
import { normalizeState } from '../../src/server/chat/agent/state'
import { catalogue, demoAgent } from '../support/agent-flows'

const agent = demoAgent({
  search: async (): Promise<ListingPage<Property>> => ({ items: catalogue.properties, total: catalogue.properties.length, page: 1, pageSize: 48, pages: 1 }),
})

describe('the transcript entry', () => {
  it('is loaded from the folder: a classifier topic and a rule', () => {
    expect(BUILT_IN_INTENTS.map((entry) => entry.name)).toContain('transcript')
    expect(BUILT_IN_BOOK.topics).toContain('transcript')
  })

  it('asks for the address when it knows none, then sends the copy there', async () => {
    const asked = await agent.reply('envíame la conversación', INITIAL_STATE)
    expect(asked.transcript).toBeUndefined()
    expect(asked.messages.join(' ')).toBe('¡Claro! ¿A qué correo te envío la copia de esta conversación?')
    const given = await agent.reply('ana@ejemplo.mx', asked.state)
    expect(given.transcript).toEqual({ email: 'ana@ejemplo.mx', language: 'es' })
    expect(given.messages.join(' ')).toMatch(/^Listo: te envío la copia de esta conversación a \*\*ana@ejemplo\.mx\*\*/)
    expect(given.lead).toBeUndefined()
    expect(given.state.copyWanted).toBe(false)
  })

  it('asks again for an address that is no e-mail', async () => {
    const asked = await agent.reply('mándame una copia del chat', INITIAL_STATE)
    const wrong = await agent.reply('ana@ejemplo', asked.state)
    expect(wrong.transcript).toBeUndefined()
    expect(wrong.messages.join(' ')).toMatch(/no parece válido/)
    expect(wrong.state.copyWanted).toBe(true)
  })

  it('sends it at once to the address the visitor gave before, in English', async () => {
    const known = normalizeState({ ...INITIAL_STATE, lang: 'en', contact: { name: 'John', phone: null, email: 'john@example.com' } })
    const outcome = await agent.reply('Can you send me the conversation?', known)
    expect(outcome.transcript).toEqual({ email: 'john@example.com', language: 'en' })
    expect(outcome.messages.join(' ')).toMatch(/^Done: I'm sending the copy of this conversation to \*\*john@example\.com\*\*/)
  })

  it('does not read a search or a question about the chat as a request for a copy', async () => {
    for (const text of ['busco casa en renta en Huayacán', '¿tienen chat en whatsapp?', 'send me more information about the first one']) {
      expect((await agent.reply(text, INITIAL_STATE)).transcript, text).toBeUndefined()
    }
  })
})
