import type { Namespace } from 'socket.io'
import { ServerEvent, TYPING_DONE, TYPING_IN_PROGRESS, type ChatMessage } from '../../protocol'
import type { LeadService } from '../leads/service'
import type { Storage } from '../storage'
import type { StoredMessage } from '../storage/chat-repo'
import type { ChatMail, Responder, TurnHooks } from './turn-types'
import { errorLine, untrusted } from '../safe-log'

export const roomOf = (visitorId: string) => `visitor:${visitorId}`
export const publicMessage = ({ role, content, id, clientMessageId }: ChatMessage): ChatMessage => ({
  role,
  content,
  ...(id ? { id } : {}),
  ...(clientMessageId ? { clientMessageId } : {}),
})

/** A stored visitor message the agent is to answer, with what the process knows of the visitor. */
export interface TurnRequest {
  visitorId: string
  /** The client address the message came from (the lead policy counts per address). */
  address: string
  /** The page the visitor is on, when known (the agent reads "esta casa" from it). */
  page?: string | null
  message: StoredMessage
  /** The agent's memory as read when the message was stored. */
  agentState: unknown
  /** The visitor's attribution record (a lead made in this turn carries it). */
  utms: Record<string, unknown> | null
  /** Whether a person owned the conversation when the message was stored; unknown for a turn resumed after a crash. */
  personOwns?: boolean
}

export interface TurnOptions {
  chat: Namespace
  storage: Storage
  /** The lead service: the agent's leads go through the policy every channel shares. */
  leads: LeadService
  responder: Responder
  /** Least time the agent "types" before answering. */
  replyDelayMs: number
  /** The agent console's hooks: who answers now, stored messages, hand-offs. */
  hooks?: TurnHooks
  /** The visitor's e-mails (docs/email.md); without them a booking is stored alone and no copy is sent. */
  mail?: ChatMail
}

/** What the agent adds when a copy of the conversation it promised does not go (docs/email.md#transcript). */
const TRANSCRIPT_NOTICES = {
  unsubscribed: {
    es: 'Ese correo se dio de baja de nuestros envíos, así que no te mandamos la copia. Si quieres recibirla, escríbenos otro correo.',
    en: 'That address unsubscribed from our e-mails, so we did not send the copy. To get it, give us another address.',
  },
  invalid: {
    es: 'No pudimos usar ese correo para mandarte la copia. ¿Me lo escribes de nuevo?',
    en: 'We could not use that address to send the copy. Could you write it again?',
  },
  limited: {
    es: 'Ya enviamos varias copias de esta conversación hace poco, así que esta vez no la mandamos. Inténtalo de nuevo en una hora.',
    en: 'We sent several copies of this conversation a short while ago, so we did not send this one. Try again in an hour.',
  },
} as const

/**
 * The agent's turns (docs/behaviour.md#chat-at-load). Every visitor message the agent answers
 * comes through `answer`: live ones after their ack, and the pending turns a crash left, claimed
 * at start (and, on PostgreSQL, by a sweep). Per visitor, turns run one after another; the memory
 * a turn leaves is handed to the next one in this process without reading it back. A turn's
 * replies, memory and the end of its pending record are one write (chat-journal.ts).
 */
export function agentTurns({ chat, storage, leads, responder, replyDelayMs, hooks, mail }: TurnOptions) {
  /** Whether the automated agent answers this visitor now (a person may own the conversation). */
  const automated = (visitorId: string) => hooks?.answersAutomatically(visitorId) ?? Promise.resolve(true)
  const ownerIdleSeconds = hooks?.ownerIdleSeconds
  const chains = new Map<string, Promise<void>>()
  /** The memory the last turn of a visitor's chain left, while the chain runs. */
  const held = new Map<string, unknown>()
  /** Ids of the visitor messages whose turn is queued or running here. */
  const inFlight = new Set<string>()
  let closing = false
  const wakers = new Set<() => void>()
  /** A pause that ends at once when the server shuts down (the reply then goes out right away). */
  const pause = (ms: number) =>
    closing || ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer)
            wakers.delete(wake)
            resolve()
          }
          const timer = setTimeout(wake, ms)
          wakers.add(wake)
        })

  async function run({ visitorId, address, page, message, agentState, utms, personOwns }: TurnRequest) {
    const room = chat.to(roomOf(visitorId))
    // A person answers this conversation: the message is theirs, the pending turn ends.
    const settled = () => storage.journal.storeTurn({ visitorId, answers: message.id, replies: [] })
    if (personOwns ?? !(await automated(visitorId))) return void (await settled())
    room.emit(ServerEvent.typingStateWidget, TYPING_IN_PROGRESS)
    const started = Date.now()
    try {
      // Who would answer if the visitor asks for a person: read only by a turn that hands off (docs/console.md#routing).
      const routing = hooks ? (member: string | null) => hooks.outlook(visitorId, member) : undefined
      const outcome = await responder(message.content, held.has(visitorId) ? held.get(visitorId) : agentState, { page: page ?? null, ...(routing ? { routing } : {}) })
      await pause(replyDelayMs - (Date.now() - started))
      const replies = await storage.journal.storeTurn({ visitorId, answers: message.id, replies: outcome.messages, state: outcome.state, ownerIdleSeconds })
      if (!replies) return // a person took it over while the agent was thinking: nothing of this turn was stored
      held.set(visitorId, outcome.state)
      for (const reply of replies) {
        room.emit(ServerEvent.response, publicMessage(reply))
        hooks?.stored(visitorId, reply)
      }
      // A lead past a volume limit is stored (marked for review) like any other: the agent's
      // answer, which promised the contact or the visit, is the truth. (A lead already known
      // says nothing either.) Only certain spam is dropped, and then said so, once.
      let spam = false
      if (outcome.lead) {
        const result = await leads.register({ ...outcome.lead, source: 'chat', attribution: utms }, { channel: 'chat', address, visitorId })
        if (result.kind === 'created') room.emit(ServerEvent.leadRegistered, { id: result.lead.id, name: result.lead.name })
        else if (result.kind === 'spam') {
          spam = true
          // The notice is part of the conversation: the console sees it live too.
          const notice = await storage.chat.append(visitorId, { role: 'agent', content: result.message })
          room.emit(ServerEvent.response, publicMessage(notice))
          hooks?.stored(visitorId, notice)
        }
        hooks?.contact(visitorId)
      }
      // Spam does not fill the agency's agenda either.
      if (outcome.appointment && !spam) {
        const { adviser, ...appointment } = outcome.appointment
        // The member the visitor asked for attends the visit, unless their account went meanwhile.
        const assignedTo = adviser && (await storage.accounts.byId(adviser)) ? adviser : null
        const booking = { ...appointment, email: appointment.email ?? outcome.lead?.email ?? null, assignedTo }
        // Stored with its confirmation e-mail when the visitor gave an address (docs/email.md#visits).
        const visit = await (mail ? mail.bookVisit(visitorId, booking) : storage.chat.addAppointment(visitorId, booking))
        room.emit(ServerEvent.scheduledAppointment, { id: visit.id, at: visit.at })
        hooks?.booked(visit)
      }
      if (outcome.handoff) await storage.chat.requestHuman(visitorId)
      // The member asked for by name owns it now (when they can answer: the agent's outlook said so); else it is offered.
      const assigned = outcome.handoffTo ? ((await hooks?.assign(visitorId, outcome.handoffTo)) ?? false) : false
      if (outcome.handoff) await hooks?.handoff(visitorId, { ...(outcome.route ? { route: outcome.route } : {}), assigned })
      if (outcome.transcript && mail) {
        const requested = await mail.requestTranscript(visitorId, outcome.transcript.email)
        if (requested !== 'queued') {
          // The agent promised the copy: the truth follows in the conversation, as the spam notice does.
          const notice = await storage.chat.append(visitorId, { role: 'agent', content: TRANSCRIPT_NOTICES[requested][outcome.transcript.language] })
          room.emit(ServerEvent.response, publicMessage(notice))
          hooks?.stored(visitorId, notice)
        }
      }
    } finally {
      room.emit(ServerEvent.typingStateWidget, TYPING_DONE)
    }
  }

  /** The one place every visitor message the agent answers goes through; after any earlier turn of that visitor. */
  function answer(request: TurnRequest) {
    const { visitorId, message } = request
    if (inFlight.has(message.id)) return
    inFlight.add(message.id)
    const turn = (chains.get(visitorId) ?? Promise.resolve())
      .then(() => run(request))
      .catch((error: unknown) => console.error(`[chat] the agent failed to answer ${untrusted(visitorId)}: ${errorLine(error)}`))
      .finally(() => inFlight.delete(message.id))
    chains.set(visitorId, turn)
    void turn.then(() => {
      if (chains.get(visitorId) !== turn) return
      chains.delete(visitorId)
      held.delete(visitorId)
    })
  }

  return {
    answer,
    /** Turns queued or running in this process (the overload bound counts them). */
    pending: () => inFlight.size,
    /** Answer the pending turns nobody holds (left by a crash); how many were claimed. */
    async resume(): Promise<number> {
      const claimed = await storage.journal.claimPendingTurns()
      for (const turn of claimed) answer(turn)
      return claimed.length
    },
    /** Shutdown: replies still waiting go out now, and every turn under way is finished. */
    async drain() {
      closing = true
      wakers.forEach((wake) => wake())
      while (chains.size) await Promise.all(chains.values())
    },
  }
}
