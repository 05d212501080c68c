/** `node scripts/eval-agent.mjs --try "mensaje" [--page /propiedad/x] ["otro mensaje"…]`: one conversation, printed (for looking, not grading). */
import { INITIAL_STATE, type ConversationState } from '../../src/server/chat/agent'
import { evalAgent, readCatalogue } from './agent'

export async function tryConversation(args: string[]): Promise<void> {
  const agent = evalAgent(readCatalogue())
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
