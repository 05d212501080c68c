import { batch, computed, signal } from '@preact/signals-react'
import { PERSON_NAME_MAX_CHARS, TYPING_BY_PERSON, TYPING_IN_PROGRESS, type ChatMessage, type ChatRole, type CustomWidgetConfig } from '../protocol'
import type { WelcomeStage } from './welcome'

/** A message as the widget shows it: the wire message plus a stable key and delivery state. */
export interface DisplayMessage extends ChatMessage {
  /** React key, unique within this widget. */
  key: string
  /** Order in which this widget added it; used to merge a history re-sync. */
  seq: number
  /** Visitor message typed while the server could not be reached; sent on reconnect. */
  pending?: boolean
}

/**
 * Connection as the visitor sees it: 'reconnecting', 'failed' and 'offline' (the browser has no
 * network, so nothing is tried until it is back) show a notice.
 */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'failed' | 'offline'

/**
 * The widget's one store (docs/behaviour.md#launcher), one per mounted widget: no module state.
 * Signals are read by components through useSignals().
 */
export function createWidgetStore() {
  let nextSeq = 0
  const messages = signal<readonly DisplayMessage[]>([])
  const typingState = signal('')
  /** Who types while typingState is in progress: a person of the agency, or null for the automated agent. */
  const typist = signal<{ name: string | null } | null>(null)
  const openChat = signal(false)
  const customStyle = signal<CustomWidgetConfig>({})
  const alertsEnabled = signal(false)
  const locationShared = signal(false)
  const bannerDismissed = signal(false)
  const connection = signal<ConnectionStatus>('connecting')
  const draft = signal('')
  const welcomeStage = signal<WelcomeStage>('hidden')
  /** Short Spanish notice from the server (e.g. a refused message), shown above the composer. */
  const notice = signal('')

  /**
   * docs/behaviour.md#banner: set by a close action, or when the state of every button the
   * configuration offers is on (both buttons unless `banner_location` / `banner_alerts` is false).
   */
  const closeModalOption = computed(() => {
    const { banner_location: offersLocation = true, banner_alerts: offersAlerts = true } = customStyle.value
    return bannerDismissed.value || ((!offersLocation || locationShared.value) && (!offersAlerts || alertsEnabled.value))
  })

  const typing = computed(() => typingState.value === TYPING_IN_PROGRESS)
  /**
   * docs/behaviour.md#composer: the spec's lock («Esperando respuesta...») is for the automated
   * agent's reply only; a person typing never stops the visitor from writing.
   */
  const awaitingReply = computed(() => typing.value && typist.value === null)

  function toDisplay(message: ChatMessage, pending = false): DisplayMessage {
    const seq = nextSeq++
    return { ...message, key: message.id ? `id:${message.id}` : `local:${seq}`, seq, ...(pending ? { pending } : {}) }
  }

  return {
    messages,
    typingState,
    typist,
    typing,
    awaitingReply,
    openChat,
    customStyle,
    alertsEnabled,
    locationShared,
    bannerDismissed,
    closeModalOption,
    connection,
    draft,
    welcomeStage,
    notice,
    /**
     * The server's typing state (`typing-state-widget`) and, with 'in-progress', its optional second
     * argument: `{ by: 'person', name? }` when a person of the agency types
     * (docs/behaviour.md#typing-indicator). Anything else is the automated agent.
     */
    setTyping(state: unknown, author?: unknown) {
      batch(() => {
        typingState.value = typeof state === 'string' ? state : ''
        typist.value = state === TYPING_IN_PROGRESS ? typingPerson(author) : null
      })
    },
    /** The seq the next added message will get: a re-sync keeps messages from here on. */
    get nextSeq() {
      return nextSeq
    },
    addMessage(message: ChatMessage, pending = false): DisplayMessage {
      const shown = toDisplay(message, pending)
      messages.value = [...messages.value, shown]
      return shown
    },
    /**
     * The server refused a visitor message (docs/behaviour.md#chat-budgets): it was not stored, so
     * it leaves the list and its text goes back to the composer, ahead of anything typed since.
     */
    returnToDraft(key: string) {
      const refused = messages.value.find((m) => m.key === key)
      if (!refused) return
      messages.value = messages.value.filter((m) => m.key !== key)
      draft.value = draft.value ? `${refused.content}\n${draft.value}` : refused.content
    },
    /** Pending visitor messages have been flushed to the server by the socket. */
    markAllSent() {
      if (!messages.value.some((m) => m.pending)) return
      messages.value = messages.value.map((m) => (m.pending ? { ...m, pending: false } : m))
    },
    /**
     * Replace the list with the server's history after (re)connecting, so every message shows
     * exactly once: the server's list, then what this widget added since it asked
     * (`sinceSeq`) or still holds as pending, unless the server already has it. An empty history
     * (a server that lost its memory) keeps what is on screen.
     */
    syncHistory(history: readonly ChatMessage[], sinceSeq: number) {
      if (history.length === 0) return
      const known = new Set(history.flatMap((m) => [m.id, m.clientMessageId]).filter(Boolean))
      const kept = messages.value.filter(
        (m) => (m.seq >= sinceSeq || m.pending) && !known.has(m.id) && !known.has(m.clientMessageId),
      )
      messages.value = [...history.map((m) => toDisplay(m)), ...kept]
    },
  }
}

export type WidgetStore = ReturnType<typeof createWidgetStore>

/** Accept what a server sends as a message and return a safe ChatMessage, or null. */
export function toChatMessage(raw: unknown, fallbackRole: ChatRole = 'agent'): ChatMessage | null {
  if (typeof raw === 'string') return raw.trim() ? { role: fallbackRole, content: raw } : null
  if (!raw || typeof raw !== 'object') return null
  const record = raw as Record<string, unknown>
  const content = contentText(record.content ?? record.message ?? record.text)
  if (!content.trim()) return null
  const role: ChatRole = record.role === 'user' ? 'user' : record.role === undefined ? fallbackRole : 'agent'
  const message: ChatMessage = { role, content }
  if (typeof record.id === 'string' || typeof record.id === 'number') message.id = String(record.id)
  if (typeof record.clientMessageId === 'string') message.clientMessageId = record.clientMessageId
  return message
}

/** The person a typing event names, or null when it is not a person's (the automated agent's). */
function typingPerson(author: unknown): { name: string | null } | null {
  if (!author || typeof author !== 'object' || (author as { by?: unknown }).by !== TYPING_BY_PERSON) return null
  const name = (author as { name?: unknown }).name
  const shown = typeof name === 'string' ? name.trim() : ''
  return { name: shown && shown.length <= PERSON_NAME_MAX_CHARS ? shown : null }
}

/** Numbers and booleans are shown as text; anything else that is not a string is dropped. */
function contentText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}
