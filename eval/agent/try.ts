/** `node scripts/eval-agent.mjs --try "mensaje" [--page /propiedad/x] ["otro mensaje"…]`: one conversation, printed (for looking, not grading). */
import { readFileSync } from 'node:fs'
import { filterListings } from '../../src/catalogue/listing-index'
import type { Catalogue } from '../../src/catalogue/model'
import { createAgent, INITIAL_STATE, type ConversationState } from '../../src/server/chat/agent'

export async function tryConversation(args: string[]): Promise<void> {
  const catalogue = JSON.parse(readFileSync('content/catalogue.json', 'utf8')) as Catalogue
  const agent = createAgent({
    search: async (query) => filterListings(catalogue, query),
    property: async (slug) => catalogue.properties.find((p) => p.slug === slug) ?? null,
    zones: catalogue.zones,
    developments: catalogue.developments,
    siteUrl: 'https://cancunpropiedades.mx',
    agencyName: 'Cancún Propiedades',
    now: () => new Date('2026-11-21T15:00:00Z'),
  })
  let state: ConversationState = INITIAL_STATE
  let page: string | null = null
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--page') {
      page = args[++i] ?? null
      continue
    }
    const text = args[i] ?? ''
    const outcome = await agent.reply(text, state, { page })
    state = outcome.state
    console.log(`> ${text}\n${outcome.messages.map((m) => (/^\[?!\[/.test(m) ? `  [card ${/propiedad\/([^)]+)/.exec(m)?.[1]}]` : `  ${m}`)).join('\n')}`)
    if (outcome.lead) console.log('  lead:', JSON.stringify(outcome.lead))
  }
}
