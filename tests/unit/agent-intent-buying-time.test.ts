// The example of docs/guides/add-an-intent.md: one new file in src/server/chat/agent/intents/,
// and the agent answers the question in Spanish and English — nothing else was touched.
import { describe, expect, it } from 'vitest'
import type { ListingPage } from '../../src/catalogue/listing-query'
import type { Property } from '../../src/catalogue/model'
import { INITIAL_STATE } from '../../src/server/chat/agent'
import { BUILT_IN_BOOK, BUILT_IN_INTENTS } from '../../src/server/chat/agent/acts/builtin'
import { catalogue, demoAgent } from '../support/agent-flows'

const agent = demoAgent({
  search: async (): Promise<ListingPage<Property>> => ({ items: catalogue.properties, total: catalogue.properties.length, page: 1, pageSize: 48, pages: 1 }),
})

describe('the buyingTime entry', () => {
  it('is loaded from the folder: a classifier topic, a rule and an answer', () => {
    expect(BUILT_IN_INTENTS.map((entry) => entry.name)).toContain('buyingTime')
    expect(BUILT_IN_BOOK.topics).toContain('buyingTime')
    expect(BUILT_IN_BOOK.corpus.buyingTime?.es).toContain('cuanto tarda comprar una casa')
    expect(BUILT_IN_BOOK.answers.map((entry) => entry.name)).toContain('buyingTime')
  })

  it('is answered in Spanish', async () => {
    const outcome = await agent.reply('¿Cuánto tiempo se tarda la compra de una casa?', INITIAL_STATE)
    expect(outcome.messages[0]).toMatch(/^Depende de cómo pagues:\n- \*\*De contado\*\*: de \*\*30 a 45 días\*\*/)
  })

  it('is answered in English', async () => {
    const outcome = await agent.reply('How long does it take to buy a condo?', INITIAL_STATE)
    expect(outcome.messages[0]).toMatch(/^It depends on how you pay:\n- \*\*Cash\*\*: \*\*30 to 45 days\*\*/)
  })
})
