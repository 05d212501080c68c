import { effect } from '@preact/signals-react'
import type { SafeStorage } from './storage'
import type { WidgetStore } from './store'

/** sessionStorage key: this tab's visitor messages still waiting to be sent (docs/behaviour.md#connection). */
export const OUTBOX_KEY = 'chat_outbox'

interface OutboxEntry {
  content: string
  clientMessageId: string
}

/**
 * Keeps the pending messages («Pendiente de envío») in the tab's session storage, so a reload
 * while the server cannot be reached loses none: they come back pending and go out at the next
 * connect with the same clientMessageId (stored once by the server). Returns the effect's disposer.
 */
export function keepOutbox(store: WidgetStore, session: SafeStorage): () => void {
  for (const entry of readOutbox(session)) store.addMessage({ role: 'user', ...entry }, true)
  let written = ''
  return effect(() => {
    const pending = store.messages.value
      .filter((m) => m.pending && m.clientMessageId)
      .map(({ content, clientMessageId }): OutboxEntry => ({ content, clientMessageId: clientMessageId! }))
    const json = pending.length ? JSON.stringify(pending) : ''
    if (json === written) return
    written = json
    session.set(OUTBOX_KEY, json)
  })
}

/** What storage holds, each entry checked: anything else in there is ignored, never shown. */
function readOutbox(session: SafeStorage): OutboxEntry[] {
  const raw = session.get(OUTBOX_KEY)
  if (!raw) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed.filter(isEntry) : []
  } catch {
    return []
  }
}

const isEntry = (value: unknown): value is OutboxEntry =>
  !!value &&
  typeof (value as OutboxEntry).content === 'string' &&
  (value as OutboxEntry).content.trim() !== '' &&
  typeof (value as OutboxEntry).clientMessageId === 'string'
