/**
 * A copy of the conversation, e-mailed when the visitor asks the chat for it («envíame la
 * conversación», docs/email.md#transcript): stored as a row that names the visitor and the moment
 * of the request, and written when it goes from the conversation as stored (what they said and
 * what the agency answered, up to that moment), in the conversation's language.
 */
import type { Agency } from '../../shared/agency'
import type { OutboxRepository } from '../storage/outbox-repo'
import type { StoredMessage } from '../storage/chat-repo'
import { composeMail, type MailBlock } from './compose'
import type { MailRenderer } from './outbox'
import { mailWords, shortTimeText, type MailLanguage } from './words'

export const TRANSCRIPT_KIND = 'conversation-copy'

/** The most recent messages a copy carries (a conversation is capped far lower by the chat's budgets anyway). */
const MAX_MESSAGES = 500

export async function planTranscript(outbox: OutboxRepository, visitorId: string, address: string, now: Date): Promise<void> {
  await outbox.enqueue({ kind: TRANSCRIPT_KIND, topic: `conversation:${visitorId}`, visitorId, recipient: address.trim(), payload: { requestedAt: now.toISOString() } })
}

/** The chat's markdown as plain text: a card's image and a link keep their words and address. */
export function plainMessage(content: string): string {
  return content
    .replace(/\[!\[([^\]]*)\]\([^)]*\)\]\(([^)]*)\)/g, '$1 ($2)')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, text: string, url: string) => (text === url ? url : `${text} (${url})`))
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export interface TranscriptContext {
  history: (visitorId: string) => Promise<StoredMessage[]>
  visitor: (visitorId: string) => Promise<{ language: MailLanguage; name: string | null }>
  agency: () => Agency
  siteUrl: () => string
  unsubscribeUrl: (address: string) => Promise<string>
}

export function transcriptRenderers(context: TranscriptContext): Record<string, MailRenderer> {
  return {
    [TRANSCRIPT_KIND]: async (row) => {
      if (!row.visitorId) return { skip: 'La conversación ya no existe.' }
      const requestedAt = typeof row.payload.requestedAt === 'string' ? Date.parse(row.payload.requestedAt) : Date.now()
      const messages = (await context.history(row.visitorId)).filter((m) => Date.parse(m.at) <= requestedAt).slice(-MAX_MESSAGES)
      const agency = context.agency()
      const { language, name } = await context.visitor(row.visitorId)
      const words = mailWords(language)
      const blocks: MailBlock[] = [
        { kind: 'text', text: words.transcript.lead(agency.profile.name) },
        ...(messages.length
          ? messages.map((m): MailBlock => ({
              kind: 'quote',
              who: m.role === 'user' ? words.transcript.visitor : words.transcript.agent(agency.profile.name),
              when: shortTimeText(m.at, language),
              text: plainMessage(m.content),
            }))
          : [{ kind: 'text' as const, text: words.transcript.empty }]),
        { kind: 'text', text: words.transcript.more },
      ]
      const composed = composeMail({
        agency,
        siteUrl: context.siteUrl(),
        language,
        subject: words.transcript.subject(agency.profile.name),
        greeting: words.greeting(name),
        blocks,
        unsubscribeUrl: await context.unsubscribeUrl(row.recipient),
      })
      return { honorsUnsubscribe: true, mail: { subject: composed.subject, text: composed.text, html: composed.html } }
    },
  }
}
