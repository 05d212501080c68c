import type { Server, Socket } from 'socket.io'
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { ZodType } from 'zod'
import {
  CHAT_NAMESPACE,
  ClientEvent,
  HandshakeRefusal,
  ServerEvent,
  TYPING_DONE,
  TYPING_IN_PROGRESS,
  type ChatMessage,
  type HandshakeRefusalData,
  type SendChatMessageAck,
} from '../../protocol'
import type { AgentConfig } from '../config'
import type { Storage } from '../storage'
import {
  connectedChatSchema,
  firstIssue,
  getCustomWidgetSchema,
  metricsSchema,
  navigationPathSchema,
  sendChatMessageSchema,
  typingUserStateSchema,
} from './schemas'

/** What the automated agent gives back for one visitor message. */
export interface ResponderOutcome {
  state: unknown
  messages: string[]
  lead?: { name: string; phone: string | null; email: string | null; message: string; propertySlug: string | null }
  appointment?: { at: string; name: string | null; phone: string | null; propertySlug: string | null; note: string }
  handoff?: boolean
}
/** The agent: the visitor's text and its memory of the conversation (null at first) -> outcome. */
export type Responder = (text: string, state: unknown) => Promise<ResponderOutcome>

export interface ChatLimits {
  /** Visitor messages allowed per window, per visitor. */
  messagesPerWindow: number
  windowSeconds: number
  /** Open sockets allowed per client address (per process). */
  connectionsPerAddress: number
  /** Any events per second per socket; beyond that they are dropped. */
  eventsPerSecond: number
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  messagesPerWindow: 8,
  windowSeconds: 10,
  connectionsPerAddress: 50,
  eventsPerSecond: 20,
}

export interface ChatOptions {
  storage: Storage
  agents: AgentConfig[]
  /** Least time the agent "types" before answering, so replies do not feel abrupt. */
  replyDelayMs: number
  responder: Responder
  limits?: Partial<ChatLimits>
  /** Shared rate-limit store across processes (Redis); per process in memory otherwise. */
  messageLimiter?: RateLimiterAbstract
  clientAddress: (socket: Socket) => string
}

/** What a socket proved at the handshake; every event is checked against it. */
interface SocketIdentity {
  visitorId: string
  agent: AgentConfig
  instance: string
  address: string
}

export const NOTICES = {
  tooFast: 'Estás enviando mensajes muy rápido. Espera unos segundos y vuelve a intentarlo.',
  tooManyConnections: 'Hay demasiadas conexiones abiertas desde tu red. Cierra algunas pestañas o intenta más tarde.',
  invalidKey: 'Clave de chat no válida.',
  originNotAllowed: 'Este sitio no está autorizado para usar el chat.',
  missingVisitor: 'Falta el identificador del visitante.',
  notYours: 'Esta conversación no te pertenece.',
  failed: 'No pudimos procesar tu mensaje. Intenta de nuevo en un momento.',
} as const

/** How long a configuration read answers the polls of every widget of its instance. */
const CONFIG_CACHE_MS = 250
const CONFIG_CACHE_MAX = 1000

const roomOf = (visitorId: string) => `visitor:${visitorId}`
const publicMessage = ({ role, content, id, clientMessageId }: ChatMessage): ChatMessage => ({
  role,
  content,
  ...(id ? { id } : {}),
  ...(clientMessageId ? { clientMessageId } : {}),
})
/** A handshake refusal: the Spanish message older widgets show, and the reason as data for integrators. */
const refusal = (message: string, data: HandshakeRefusalData) => Object.assign(new Error(message), { data })
const handshakeString = (value: unknown, max = 200) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null)

/** The reference chat backend on the '/chat' namespace (spec §7, design.md §5). */
export function attachChat(io: Server, options: ChatOptions) {
  const { storage, agents, responder } = options
  const store = storage.chat
  const limits = { ...DEFAULT_CHAT_LIMITS, ...options.limits }
  const messageLimiter =
    options.messageLimiter ?? new RateLimiterMemory({ points: limits.messagesPerWindow, duration: limits.windowSeconds, keyPrefix: 'chat-msg' })
  const chat = io.of(CHAT_NAMESPACE)
  const connectionsByAddress = new Map<string, number>()
  /** Per visitor, the agent's turns run one after another (its memory is read, then written). */
  const visitorTurns = new Map<string, Promise<void>>()
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

  // Every open widget polls its configuration each second (spec §7): one read per instance per
  // CONFIG_CACHE_MS serves them all, and a change still reaches every widget within a second.
  const configs = new Map<string, { at: number; config: Promise<unknown> }>()
  const widgetConfig = (name: string) => {
    const hit = configs.get(name)
    if (hit && Date.now() - hit.at < CONFIG_CACHE_MS) return hit.config
    const config = store.widgetConfig(name)
    if (configs.size >= CONFIG_CACHE_MAX) configs.clear() // instance names come from clients: stay bounded
    configs.set(name, { at: Date.now(), config })
    config.catch(() => configs.delete(name))
    return config
  }

  // Handshake: a known agent with its own key, an allowed page origin, a visitor id, and room
  // for one more connection from this address.
  chat.use((socket, next) => {
    const query = socket.handshake.query
    const agent = agents.find((a) => a.idAgent === query.idOwner)
    // Agent ids are public (they are in every page's tag), so saying which one is unknown leaks nothing.
    if (!agent) return next(refusal(NOTICES.invalidKey, { code: HandshakeRefusal.unknownAgent }))
    if (agent.apiKey !== query.api_key) return next(refusal(NOTICES.invalidKey, { code: HandshakeRefusal.invalidKey }))
    const origin = socket.handshake.headers.origin
    if (!agent.origins.includes('*') && !(origin && agent.origins.includes(origin))) {
      return next(refusal(NOTICES.originNotAllowed, { code: HandshakeRefusal.originNotAllowed, ...(origin ? { origin } : {}) }))
    }
    const visitorId = handshakeString(query.idClient, 100)
    if (!visitorId) return next(refusal(NOTICES.missingVisitor, { code: HandshakeRefusal.missingVisitor }))
    const address = options.clientAddress(socket)
    const open = connectionsByAddress.get(address) ?? 0
    if (open >= limits.connectionsPerAddress) {
      console.warn(`[chat] refused a connection from ${address}: ${open} already open`)
      return next(refusal(NOTICES.tooManyConnections, { code: HandshakeRefusal.tooManyConnections }))
    }
    connectionsByAddress.set(address, open + 1)
    socket.data = { visitorId, agent, instance: handshakeString(query.instance) ?? '', address } satisfies SocketIdentity
    next()
  })

  chat.on('connection', (socket: Socket) => {
    const { visitorId, agent, instance, address } = socket.data as SocketIdentity
    void socket.join(roomOf(visitorId))
    const room = chat.to(roomOf(visitorId))
    socket.on('disconnect', () => {
      const open = (connectionsByAddress.get(address) ?? 1) - 1
      if (open > 0) connectionsByAddress.set(address, open)
      else connectionsByAddress.delete(address)
    })

    const eventBudget = new RateLimiterMemory({ points: limits.eventsPerSecond, duration: 1 })
    const ack = (callback: unknown, value: unknown) => {
      if (typeof callback === 'function') callback(value)
    }
    const refuse = (callback: unknown, error: string) => ack(callback, { ok: false, error } satisfies SendChatMessageAck)

    // A socket's events are handled one after another, in arrival order (a history request sent
    // after a message must include it). Each payload is validated first; a failing handler is
    // logged with its event and the visitor, never left unhandled.
    let queue = Promise.resolve()
    function on<T>(event: string, schema: ZodType<T>, handler: (payload: T, callback: unknown) => Promise<void> | void) {
      socket.on(event, (payload: unknown, callback: unknown) => {
        queue = queue
          .then(async () => {
            try {
              await eventBudget.consume(socket.id)
            } catch {
              return // a flood from one socket is dropped, the others are served
            }
            const parsed = schema.safeParse(payload)
            if (!parsed.success) return refuse(callback, firstIssue(parsed.error))
            await handler(parsed.data, callback)
          })
          .catch((error: unknown) => {
            console.error(`[chat] ${event} failed for ${visitorId}:`, error)
            refuse(callback, NOTICES.failed)
          })
      })
    }
    /** Every event names its visitor; a socket may only speak for the one of its handshake. */
    const own = (event: string, named: string, callback: unknown) => {
      if (named === visitorId) return true
      console.warn(`[chat] refused ${event}: the socket of ${visitorId} named ${named}`)
      refuse(callback, NOTICES.notYours)
      return false
    }

    on(ClientEvent.connectedChat, connectedChatSchema, async (payload, callback) => {
      if (!own(ClientEvent.connectedChat, payload.userUUID, callback)) return
      ack(callback, (await store.history(visitorId)).map(publicMessage))
    })

    on(ClientEvent.sendChatMessage, sendChatMessageSchema, async (payload, callback) => {
      if (!own(ClientEvent.sendChatMessage, payload.userUUID, callback)) return
      if (payload.agentId !== agent.idAgent) return refuse(callback, NOTICES.invalidKey)
      if (payload.clientMessageId) {
        const existing = await store.findByClientMessageId(visitorId, payload.clientMessageId)
        if (existing) return ack(callback, { ok: true, id: existing.id } satisfies SendChatMessageAck)
      }
      try {
        await messageLimiter.consume(visitorId)
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error
        return refuse(callback, NOTICES.tooFast)
      }
      if (payload.utms) await store.saveUtms(visitorId, payload.utms)
      const stored = await store.append(visitorId, {
        role: 'user',
        content: payload.message,
        ...(payload.clientMessageId ? { clientMessageId: payload.clientMessageId } : {}),
      })
      ack(callback, { ok: true, id: stored.id } satisfies SendChatMessageAck)
      socket.to(roomOf(visitorId)).emit(ServerEvent.response, publicMessage(stored)) // the visitor's other tabs
      answer(payload.message, payload.utms ?? null)
    })

    /** The agent's turn, after the visitor's message is stored; runs after any earlier turn. */
    const answer = (text: string, utms: Record<string, unknown> | null) => {
      const previous = visitorTurns.get(visitorId) ?? Promise.resolve()
      const turn = previous
        .then(async () => {
          room.emit(ServerEvent.typingStateWidget, TYPING_IN_PROGRESS)
          const started = Date.now()
          try {
            const outcome = await responder(text, await store.agentState(visitorId))
            await store.saveAgentState(visitorId, outcome.state)
            await pause(options.replyDelayMs - (Date.now() - started))
            for (const content of outcome.messages) {
              const reply = await store.append(visitorId, { role: 'agent', content })
              room.emit(ServerEvent.response, publicMessage(reply))
            }
            if (outcome.lead) {
              const lead = await storage.leads.insert({ ...outcome.lead, source: 'chat', attribution: utms })
              room.emit(ServerEvent.leadRegistered, { id: lead.id, name: lead.name })
            }
            if (outcome.appointment) {
              const lead = outcome.lead
              const appointment = await store.addAppointment(visitorId, { ...outcome.appointment, email: lead?.email ?? null })
              room.emit(ServerEvent.scheduledAppointment, { id: appointment.id, at: appointment.at })
            }
            if (outcome.handoff) await store.requestHuman(visitorId)
          } finally {
            room.emit(ServerEvent.typingStateWidget, TYPING_DONE)
          }
        })
        .catch((error: unknown) => console.error(`[chat] the agent failed to answer ${visitorId}:`, error))
      visitorTurns.set(visitorId, turn)
      void turn.then(() => {
        if (visitorTurns.get(visitorId) === turn) visitorTurns.delete(visitorId)
      })
    }

    on(ClientEvent.typingUserState, typingUserStateSchema, () => {
      // Accepted; a human agent's console would show it.
    })

    on(ClientEvent.navigationPathChat, navigationPathSchema, async (payload, callback) => {
      if (!own(ClientEvent.navigationPathChat, payload.clientId, callback)) return
      await store.addNavigation(visitorId, payload.urlPath, payload.time ?? new Date().toISOString())
      if (payload.utms) await store.saveUtms(visitorId, payload.utms)
    })

    on(ClientEvent.getCustomWidget, getCustomWidgetSchema, async (payload, callback) => {
      ack(callback, await widgetConfig(payload.instance || instance))
    })

    on(ClientEvent.metricsChat, metricsSchema, async (payload, callback) => {
      if (!own(ClientEvent.metricsChat, payload.idClient, callback)) return
      await store.saveMetrics(visitorId, payload)
    })
  })

  return {
    namespace: chat,
    /** Shutdown: replies still waiting go out now, and every turn under way is finished. */
    async drain() {
      closing = true
      wakers.forEach((wake) => wake())
      await Promise.all(visitorTurns.values())
    },
  }
}
