import type { Server, Socket } from 'socket.io'
import {
  CHAT_NAMESPACE,
  ClientEvent,
  ServerEvent,
  TYPING_DONE,
  TYPING_IN_PROGRESS,
  type ChatMessage,
  type SendChatMessageAck,
} from '../../protocol'
import type { AgentConfig } from '../config'
import { automatedReply } from './reply'
import type { ChatStore } from '../storage/chat-repo'
import { boundedRecord, isRecord, MESSAGE_MAX_CHARS, shortString, textField } from './validate'

export interface ChatOptions {
  store: ChatStore
  agents: AgentConfig[]
  replyDelayMs: number
}

/** What a socket proved at the handshake; every event is checked against it. */
interface SocketIdentity {
  visitorId: string
  agent: AgentConfig
  instance: string
}

const roomOf = (visitorId: string) => `visitor:${visitorId}`
const publicMessage = ({ role, content, id, clientMessageId }: ChatMessage): ChatMessage => ({
  role,
  content,
  ...(id ? { id } : {}),
  ...(clientMessageId ? { clientMessageId } : {}),
})

/** The reference chat backend on the '/chat' namespace (spec §7, design.md §5). */
export function attachChat(io: Server, { store, agents, replyDelayMs }: ChatOptions) {
  const chat = io.of(CHAT_NAMESPACE)
  const pendingReplies = new Set<ReturnType<typeof setTimeout>>()

  // Handshake: a known agent with its own key, an allowed page origin, and a visitor id.
  chat.use((socket, next) => {
    const query = socket.handshake.query
    const agent = agents.find((a) => a.idAgent === query.idOwner)
    if (!agent || agent.apiKey !== query.api_key) return next(new Error('Clave de chat no válida'))
    const origin = socket.handshake.headers.origin
    if (!agent.origins.includes('*') && !(origin && agent.origins.includes(origin))) {
      return next(new Error('Origen no permitido'))
    }
    const visitorId = shortString(query.idClient)
    if (!visitorId) return next(new Error('Falta idClient'))
    const identity: SocketIdentity = { visitorId, agent, instance: shortString(query.instance, 200) ?? '' }
    socket.data = identity
    next()
  })

  chat.on('connection', (socket: Socket) => {
    const { visitorId, agent, instance } = socket.data as SocketIdentity
    void socket.join(roomOf(visitorId))
    const room = chat.to(roomOf(visitorId))
    const ownVisitor = (value: unknown) => value === visitorId
    const ack = (callback: unknown, value: unknown) => {
      if (typeof callback === 'function') callback(value)
    }
    // A socket's events are handled one after another, in the order they arrived (a history
    // request sent after a message must include it); a failing handler is logged, never unhandled.
    let queue = Promise.resolve()
    const on = (event: string, handler: (payload: unknown, callback: unknown) => Promise<void> | void) =>
      socket.on(event, (payload: unknown, callback: unknown) => {
        queue = queue
          .then(() => handler(payload, callback))
          .catch((error: unknown) => console.error(`[chat] ${event} failed for ${visitorId}:`, error))
      })

    on(ClientEvent.connectedChat, async (payload: unknown, callback: unknown) => {
      if (!isRecord(payload) || !ownVisitor(payload.userUUID)) return ack(callback, [])
      ack(callback, (await store.history(visitorId)).map(publicMessage))
    })

    on(ClientEvent.sendChatMessage, async (payload: unknown, callback: unknown) => {
      const refuse = (error: string) => ack(callback, { ok: false, error } satisfies SendChatMessageAck)
      if (!isRecord(payload) || !ownVisitor(payload.userUUID) || payload.agentId !== agent.idAgent) {
        return refuse('Mensaje no válido.')
      }
      const content = typeof payload.message === 'string' ? payload.message.trim() : ''
      if (!content) return refuse('El mensaje está vacío.')
      if (content.length > MESSAGE_MAX_CHARS) {
        return refuse(`El mensaje es demasiado largo (máximo ${MESSAGE_MAX_CHARS} caracteres).`)
      }
      const clientMessageId = shortString(payload.clientMessageId) ?? undefined
      if (clientMessageId) {
        const existing = await store.findByClientMessageId(visitorId, clientMessageId)
        if (existing) return ack(callback, { ok: true, id: existing.id } satisfies SendChatMessageAck)
      }
      const utms = boundedRecord(payload.utms)
      if (utms) await store.saveUtms(visitorId, utms)
      const stored = await store.append(visitorId, { role: 'user', content, ...(clientMessageId ? { clientMessageId } : {}) })
      ack(callback, { ok: true, id: stored.id } satisfies SendChatMessageAck)
      socket.to(roomOf(visitorId)).emit(ServerEvent.response, publicMessage(stored)) // the visitor's other tabs

      room.emit(ServerEvent.typingStateWidget, TYPING_IN_PROGRESS)
      const timer = setTimeout(() => {
        pendingReplies.delete(timer)
        store
          .append(visitorId, { role: 'agent', content: automatedReply(content, instance) })
          .then((reply) => room.emit(ServerEvent.response, publicMessage(reply)))
          .catch((error: unknown) => console.error(`[chat] reply failed for ${visitorId}:`, error))
          .finally(() => room.emit(ServerEvent.typingStateWidget, TYPING_DONE))
      }, replyDelayMs)
      pendingReplies.add(timer)
    })

    on(ClientEvent.typingUserState, () => {
      // Accepted; a human agent's console would show it.
    })

    on(ClientEvent.navigationPathChat, async (payload: unknown) => {
      if (!isRecord(payload) || !ownVisitor(payload.clientId)) return
      const urlPath = textField(payload.urlPath)
      if (!urlPath) return
      const time = textField(payload.time, 40) ?? new Date().toISOString()
      const utms = boundedRecord(payload.utms)
      await store.addNavigation(visitorId, urlPath, time)
      if (utms) await store.saveUtms(visitorId, utms)
    })

    on(ClientEvent.getCustomWidget, async (payload: unknown, callback: unknown) => {
      const requested = isRecord(payload) ? shortString(payload.instance, 200) : null
      ack(callback, await store.widgetConfig(requested ?? instance))
    })

    on(ClientEvent.metricsChat, async (payload: unknown) => {
      const metrics = boundedRecord(payload)
      if (!metrics || !ownVisitor(metrics.idClient)) return
      await store.saveMetrics(visitorId, metrics)
    })
  })

  return {
    namespace: chat,
    /** Stop the automated replies still waiting (on shutdown). */
    close() {
      pendingReplies.forEach(clearTimeout)
      pendingReplies.clear()
    },
  }
}
