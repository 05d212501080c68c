import type { Server, Socket } from 'socket.io'
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { ZodType, z } from 'zod'
import {
  CHAT_NAMESPACE,
  ClientEvent,
  HandshakeRefusal,
  ServerEvent,
  type HandshakeRefusalData,
  type CustomWidgetConfig,
  type SendChatMessageAck,
  type VisitorTokenPayload,
} from '../../protocol'
import type { AgentConfig } from '../config'
import type { LeadService } from '../leads/service'
import type { Storage } from '../storage'
import type { StoredMessage } from '../storage/chat-repo'
import type { Visit } from '../../protocol/crm'
import { chatBudgets, type BudgetLimits, type SharedLimiter, type WriteKind } from './budgets'
import { isPreviewInstance } from '../../shared/widget-settings'
import { nobodyIn } from '../rooms'
import { errorLine, faultLines, log, untrusted } from '../safe-log'
import { checkVisitor, claimVisitor } from './visitor-token'
import {
  checkPayload,
  connectedChatSchema,
  firstIssue,
  getCustomWidgetSchema,
  metricsSchema,
  navigationPathSchema,
  sendChatMessageSchema,
  typingUserStateSchema,
} from './schemas'
import { agentTurns, publicMessage, roomOf } from './turns'
import type { ChatMail, Responder, TurnHooks } from './turn-types'
import { workInFlight } from '../in-flight'

export { roomOf }

export type { Responder, ResponderOutcome, ResponderVisitor, TurnHooks } from './turn-types'

/**
 * What the console's live list hears of a widget (docs/behaviour.md#console-live-visitors): only
 * events the chat accepted, within its budgets, validated, naming the socket's own visitor.
 */
export interface LiveHooks {
  navigation(socket: Socket, view: z.infer<typeof navigationPathSchema>): void
  metrics(socket: Socket, metrics: Record<string, unknown>): void
  typing(socket: Socket, typing: boolean): void
  message(socket: Socket, utms: Record<string, unknown> | undefined): void
}

export interface ChatLimits extends BudgetLimits {
  /** Visitor messages allowed per window, per visitor. */
  messagesPerWindow: number
  windowSeconds: number
  /** Open sockets allowed per client address (per process). */
  connectionsPerAddress: number
  /** Any events per second per socket; beyond that they are dropped. */
  eventsPerSecond: number
  /**
   * Agent turns and writes waiting in this process past which new connections are refused as
   * busy (docs/behaviour.md#chat-at-load): work it could not finish in time is not accepted.
   */
  pendingTurns: number
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  messagesPerWindow: 8,
  windowSeconds: 10,
  // A whole office or a mobile carrier may sit behind one address (NAT): hundreds, still bounded.
  connectionsPerAddress: 500,
  eventsPerSecond: 20,
  pendingTurns: 1000,
  // Hundreds of widgets behind one NAT each poll their configuration every second.
  addressEventsPerSecond: 600,
  // Those widgets store a page view or metrics now and then; a flood of writes is not that.
  addressWritesPerMinute: 300,
  navigationPerMinute: 20,
  metricsPerMinute: 6, // one per 10 s check
  utmsPerMinute: 6,
  // The outbox a visitor fills while offline, flushed at the reconnect (docs/behaviour.md#outbox-flush).
  outboxMessages: 30,
  outboxWindowSeconds: 600,
  // A NAT of 50 visitors opening the chat within the hour gets in; a script making up ids does not.
  newVisitorsPerAddressPerHour: 60,
  // ~30 messages of 2,000 characters a minute from one address; people type far less.
  storedBytesPerAddressPerMinute: 65_536,
}

/** Messages with a clientMessageId this soon after the handshake are the widget's outbox flush. */
const OUTBOX_FLUSH_MS = 10_000

export interface ChatOptions {
  storage: Storage
  agents: AgentConfig[]
  /** Least time the agent "types" before answering, so replies do not feel abrupt. */
  replyDelayMs: number
  responder: Responder
  /** The lead service: the agent's leads go through the policy every channel shares. */
  leads: LeadService
  limits?: Partial<ChatLimits>
  /** Shared rate-limit store across processes (Redis); per process in memory otherwise. */
  messageLimiter?: RateLimiterAbstract
  /** Rate limits shared by every process (Redis): the address budgets of new visitor ids and stored bytes. */
  sharedLimiter?: SharedLimiter
  clientAddress: (socket: Socket) => string
  turns?: TurnHooks
  /** The visitor's e-mails: a booking's confirmation, a copy of the conversation (docs/email.md). */
  mail?: ChatMail
  live?: LiveHooks
  /** What every configuration starts from: the agency's colours, name and logo (docs/agency.md#widget); an instance's settings win. */
  widgetDefaults?: () => CustomWidgetConfig
}

/** What a socket proved at the handshake; every event is checked against it. */
interface SocketIdentity {
  visitorId: string
  agent: AgentConfig
  instance: string
  address: string
  /** When the handshake was accepted: the outbox flush comes right after it. */
  connectedAt: number
  /** A token issued at this handshake, sent to the widget once connected. */
  issuedToken: string | null
  /** The handshake issued the visitor's first token: new to this server, no conversation yet. */
  firstVisit: boolean
  /**
   * False for a new visitor id let in over its address's budget of new ids: no token yet, nothing
   * stored, no history, not in its room; its first message asks the budget again.
   */
  registered: boolean
  /** The token presented at the handshake, claimed when an unregistered visitor registers. */
  presentedToken: string | null
}

export const NOTICES = {
  tooFast: 'Estás enviando mensajes muy rápido. Espera unos segundos y vuelve a intentarlo.',
  tooManyConnections: 'Hay demasiadas conexiones abiertas desde tu red. Cierra algunas pestañas o intenta más tarde.',
  busy: 'El chat está atendiendo a muchas personas en este momento. Volveremos a conectar en unos segundos.',
  invalidKey: 'Clave de chat no válida.',
  originNotAllowed: 'Este sitio no está autorizado para usar el chat.',
  missingVisitor: 'Falta el identificador del visitante.',
  notYours: 'Esta conversación no te pertenece.',
  invalidPayload: 'Mensaje no válido.',
  failed: 'No pudimos procesar tu mensaje. Intenta de nuevo en un momento.',
  preview: 'Esta es una vista previa del chat: los mensajes no se envían.',
  // The widget puts the text back in its box (docs/behaviour.md#chat-budgets): nothing typed is lost.
  tooManyVisitors: 'Hay muchas conversaciones nuevas desde tu red en este momento. Tu mensaje no se envió: sigue en el cuadro de texto para que lo envíes en unos minutos.',
  tooMuchFromAddress: 'Llegan demasiados mensajes desde tu red en este momento. Tu mensaje no se envió: sigue en el cuadro de texto para que lo envíes en un minuto.',
} as const

/** How long a configuration read answers the polls of every widget of its instance. */
const CONFIG_CACHE_MS = 250
const CONFIG_CACHE_MAX = 1000

/** Recently stored clientMessageIds this process answers a resend from without the database. */
const RECENT_IDS_MAX = 20_000
/** At most one busy-refusal log line per this many ms: an overload must not flood the log too. */
const BUSY_LOG_MS = 5000
/** On PostgreSQL, how often a process looks for pending turns whose process died. */
const PENDING_SWEEP_MS = 15_000
/** A handshake refusal: the Spanish message older widgets show, and the reason as data for integrators. */
const refusal = (message: string, data: HandshakeRefusalData) => Object.assign(new Error(message), { data })
const handshakeString = (value: unknown, max = 200) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null)

/** The reference chat backend on the '/chat' namespace (docs/behaviour.md#chat-server). */
export function attachChat(io: Server, options: ChatOptions) {
  const { storage, agents, responder } = options
  const store = storage.chat
  const limits = { ...DEFAULT_CHAT_LIMITS, ...options.limits }
  const messageLimiter =
    options.messageLimiter ?? new RateLimiterMemory({ points: limits.messagesPerWindow, duration: limits.windowSeconds, keyPrefix: 'chat-msg' })
  const budgets = chatBudgets(limits, options.sharedLimiter)
  const chat = io.of(CHAT_NAMESPACE)
  const connectionsByAddress = new Map<string, number>()
  const turns = agentTurns({ chat, storage, leads: options.leads, responder, replyDelayMs: options.replyDelayMs, hooks: options.turns, ...(options.mail ? { mail: options.mail } : {}) })
  /** visitor + clientMessageId -> stored id, for resends (bounded: the oldest go first). */
  const recentIds = new Map<string, string>()
  const remember = (visitorId: string, clientMessageId: string | undefined, id: string) => {
    if (!clientMessageId) return
    if (recentIds.size >= RECENT_IDS_MAX) recentIds.delete(recentIds.keys().next().value!)
    recentIds.set(`${visitorId}\n${clientMessageId}`, id)
  }
  const resume = () => turns.resume().catch((error: unknown) => console.error('[chat] resuming pending turns failed:', error))
  let sweep: ReturnType<typeof setInterval> | undefined
  /** The sockets' event queues: at shutdown no event is taken and these end before the database closes. */
  const events = workInFlight('[chat]')
  let closing = false

  // Every open widget polls its configuration each second (docs/behaviour.md#config-poll): one read per instance per
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

  // Past the bound of waiting work, new connections are refused as busy (the widget retries);
  // the log says so at most once per BUSY_LOG_MS, with how many it refused.
  let busyRefused = 0
  let busyLoggedAt = 0
  chat.use((_socket, next) => {
    const waiting = turns.pending() + storage.journal.queued()
    if (waiting < limits.pendingTurns) return next()
    busyRefused++
    if (Date.now() - busyLoggedAt >= BUSY_LOG_MS) {
      console.warn(`[chat] busy: refused ${busyRefused} connection(s), ${waiting} agent turns and writes waiting`)
      busyLoggedAt = Date.now()
      busyRefused = 0
    }
    next(refusal(NOTICES.busy, { code: HandshakeRefusal.serverBusy }))
  })

  // Handshake: a known agent with its own key, an allowed page origin, a visitor id with its
  // token, and room for one more connection from this address.
  chat.use((socket, next) => {
    const query = socket.handshake.query
    const agent = agents.find((a) => a.idAgent === query.idOwner)
    // Agent ids are public (they are in every page's tag), so saying which one is unknown leaks nothing.
    if (!agent) return next(refusal(NOTICES.invalidKey, { code: HandshakeRefusal.unknownAgent }))
    if (agent.apiKey !== query.api_key) return next(refusal(NOTICES.invalidKey, { code: HandshakeRefusal.invalidKey }))
    // Browsers always send the page's Origin; a client without one is no page, so the list cannot concern it.
    const origin = socket.handshake.headers.origin
    if (origin !== undefined && !agent.origins.includes('*') && !agent.origins.includes(origin)) {
      return next(refusal(NOTICES.originNotAllowed, { code: HandshakeRefusal.originNotAllowed, ...(origin ? { origin } : {}) }))
    }
    const visitorId = handshakeString(query.idClient, 100)
    if (!visitorId) return next(refusal(NOTICES.missingVisitor, { code: HandshakeRefusal.missingVisitor }))
    const address = options.clientAddress(socket)
    const open = connectionsByAddress.get(address) ?? 0
    if (open >= limits.connectionsPerAddress) {
      log.warn('connections', `[chat] refused a connection from ${untrusted(address)}: ${open} already open`)
      return next(refusal(NOTICES.tooManyConnections, { code: HandshakeRefusal.tooManyConnections }))
    }
    connectionsByAddress.set(address, open + 1) // held while the token is checked
    const release = () => closeConnection(address)
    const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>
    const presentedToken = handshakeString(auth.visitorToken)
    // A new visitor id is counted against its address's budget before it is stored.
    checkVisitor(store, visitorId, presentedToken, () => budgets.newVisitor(address)).then(
      (access) => {
        // A client gone during the check never becomes a socket (no disconnect event): free its place now.
        if (socket.conn.readyState !== 'open') return release()
        if (!access.ok) {
          release()
          log.warn('visitor-token', `[chat] refused a handshake for ${untrusted(visitorId)} from ${untrusted(address)}: not its token`)
          return next(refusal(NOTICES.notYours, { code: HandshakeRefusal.invalidVisitorToken }))
        }
        const identity: SocketIdentity = {
          visitorId,
          agent,
          instance: handshakeString(query.instance) ?? '',
          address,
          connectedAt: Date.now(),
          issuedToken: access.issued,
          firstVisit: access.issued !== null || !access.registered,
          registered: access.registered,
          presentedToken,
        }
        socket.data = identity
        next()
      },
      (error: unknown) => {
        release()
        log.error('handshake', `[chat] the handshake of ${untrusted(visitorId)} failed: ${errorLine(error)}`)
        next(new Error(NOTICES.failed)) // no reason code: the widget must not give up its identity over this
      },
    )
  })

  const closeConnection = (address: string) => {
    const open = (connectionsByAddress.get(address) ?? 1) - 1
    if (open > 0) connectionsByAddress.set(address, open)
    else connectionsByAddress.delete(address)
  }

  chat.on('connection', (socket: Socket) => {
    const identity = socket.data as SocketIdentity
    const { visitorId, agent, instance, address } = identity
    if (identity.registered) void socket.join(roomOf(visitorId))
    socket.on('disconnect', () => closeConnection(address))
    if (identity.issuedToken) {
      socket.emit(ServerEvent.visitorToken, { token: identity.issuedToken } satisfies VisitorTokenPayload)
      identity.issuedToken = null
    }

    const eventBudget = new RateLimiterMemory({ points: limits.eventsPerSecond, duration: 1 })
    const ack = (callback: unknown, value: unknown) => {
      if (typeof callback === 'function') callback(value)
    }
    const refuse = (callback: unknown, error: string) => ack(callback, { ok: false, error } satisfies SendChatMessageAck)

    // A socket's events are handled one after another, in arrival order (a history request sent
    // after a message must include it). Floods are dropped per socket and per address; each
    // payload's shape is checked before anything walks it, then it is validated; a failing
    // handler is logged (rate-limited, values quoted) and answered, never left unhandled.
    let queue = Promise.resolve()
    /** The page this socket's visitor is on (navigation-path-chat): the agent reads "esta casa" from it (docs/behaviour.md#agent-page). */
    let page: string | null = null
    function on<T>(event: string, schema: ZodType<T>, handler: (payload: T, callback: unknown) => Promise<void> | void) {
      socket.on(event, (payload: unknown, callback: unknown) => {
        // Shutting down: unanswered, the widget sends it again to the process it reconnects to.
        if (closing) return
        queue = queue
          .then(async () => {
            try {
              await eventBudget.consume(socket.id)
            } catch {
              // A flood from one socket is dropped, the others are served; an event that waits for
              // an answer is told, so the widget puts a refused message back in its box, not «sent».
              return refuse(callback, NOTICES.tooFast)
            }
            if (!(await budgets.event(address))) return refuse(callback, NOTICES.tooFast) // so is a flood spread over many sockets
            const parsed = checkPayload(schema, payload)
            if (!parsed) return refuse(callback, NOTICES.invalidPayload)
            if (!parsed.success) return refuse(callback, firstIssue(parsed.error))
            await handler(parsed.data, callback)
          })
          .catch((error: unknown) => {
            log.error('handler', `[chat] ${event} failed for ${untrusted(visitorId)}: ${faultLines(error)}`)
            refuse(callback, NOTICES.failed)
          })
        events.track(queue, 'a socket event') // its queue logs its own failures
      })
    }
    /** Every event names its visitor; a socket may only speak for the one of its handshake. */
    const own = (event: string, named: string, callback: unknown) => {
      if (named === visitorId) return true
      log.warn('not-yours', `[chat] refused ${event}: the socket of ${untrusted(visitorId)} named ${untrusted(named)}`)
      refuse(callback, NOTICES.notYours)
      return false
    }
    /** Attribution is stored when it changed, within the visitor's and the address's budgets. */
    const saveUtms = async (utms: Record<string, unknown> | undefined) => {
      if (utms && (await mayWrite('utms'))) await store.saveUtms(visitorId, utms)
    }
    /** A page view, metrics or attribution may be stored: a registered visitor, within the budgets. */
    const mayWrite = async (kind: WriteKind) => identity.registered && (await budgets.write(kind, visitorId, address))
    /**
     * An unregistered visitor's first message registers them, within the address's budget of new
     * visitor ids (null: registered); a refusal tells why.
     */
    const register = async (): Promise<string | null> => {
      if (identity.registered) return null
      if (!(await budgets.newVisitor(address))) return NOTICES.tooManyVisitors
      const access = await claimVisitor(store, visitorId, identity.presentedToken)
      if (!access.ok) return NOTICES.notYours // the id was taken meanwhile
      identity.registered = true
      await socket.join(roomOf(visitorId))
      if (access.issued) socket.emit(ServerEvent.visitorToken, { token: access.issued } satisfies VisitorTokenPayload)
      return null
    }
    /**
     * Why a new message may not be stored (null: it may). The console's settings preview stores
     * none: it runs as the admin's own visitor, and what is typed there is no conversation. Any
     * other is stored within the message rate limit, or as a recent outbox flush within its own
     * bounded budget.
     */
    const refusalOf = async (clientMessageId: string | undefined): Promise<string | null> => {
      if (isPreviewInstance(instance)) return NOTICES.preview
      const flushing = clientMessageId !== undefined && Date.now() - identity.connectedAt <= OUTBOX_FLUSH_MS
      if (flushing && (await budgets.outbox(visitorId))) return null
      try {
        await messageLimiter.consume(visitorId)
        return null
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error
        return NOTICES.tooFast
      }
    }

    on(ClientEvent.connectedChat, connectedChatSchema, async (payload, callback) => {
      if (!own(ClientEvent.connectedChat, payload.userUUID, callback)) return
      ack(callback, identity.registered ? (await store.history(visitorId)).map(publicMessage) : [])
    })

    // One write per message (docs/behaviour.md#chat-at-load): the ack goes after it committed.
    on(ClientEvent.sendChatMessage, sendChatMessageSchema, async (payload, callback) => {
      if (!own(ClientEvent.sendChatMessage, payload.userUUID, callback)) return
      if (payload.agentId !== agent.idAgent || payload.api_key !== agent.apiKey) return refuse(callback, NOTICES.invalidKey)
      options.live?.message(socket, payload.utms)
      const known = payload.clientMessageId && recentIds.get(`${visitorId}\n${payload.clientMessageId}`)
      if (known) return ack(callback, { ok: true, id: known } satisfies SendChatMessageAck)
      const refused = await refusalOf(payload.clientMessageId)
      if (refused) return refuse(callback, refused)
      // The address's stored bytes are counted before anything is written: over them, nothing is
      // stored, a new visitor is not registered, no conversation starts.
      const bytes = Buffer.byteLength(payload.message) + (payload.utms ? Buffer.byteLength(JSON.stringify(payload.utms)) : 0)
      if (!(await budgets.stored(address, bytes))) {
        log.warn('stored-bytes', `[chat] refused a message of ${untrusted(visitorId)} from ${untrusted(address)}: over the address's stored bytes a minute`)
        return refuse(callback, NOTICES.tooMuchFromAddress)
      }
      const unregistered = await register()
      if (unregistered) return refuse(callback, unregistered)
      // Attribution rides on the message's write, within the visitor's and the address's budgets.
      const utms = payload.utms && (await mayWrite('utms')) ? payload.utms : undefined
      const stored = await storage.journal.storeVisitorMessage({
        visitorId,
        address,
        content: payload.message,
        ...(payload.clientMessageId ? { clientMessageId: payload.clientMessageId } : {}),
        ...(utms ? { utms } : {}),
        ...(options.turns ? { ownerIdleSeconds: options.turns.ownerIdleSeconds } : {}),
      })
      remember(visitorId, payload.clientMessageId, stored.message.id)
      ack(callback, { ok: true, id: stored.message.id } satisfies SendChatMessageAck)
      if (stored.duplicate) {
        await messageLimiter.reward(visitorId, 1) // a resend is not a new message
        // Stored before a crash and never answered: its turn runs now.
        if (stored.wake) turns.answer({ visitorId, address, page, ...stored })
        return
      }
      options.turns?.stored(visitorId, stored.message)
      // The visitor's other tabs, if any can be open.
      if (!nobodyIn(chat, roomOf(visitorId), socket.id)) socket.to(roomOf(visitorId)).emit(ServerEvent.response, publicMessage(stored.message))
      turns.answer({ visitorId, address, page, ...stored })
    })

    on(ClientEvent.typingUserState, typingUserStateSchema, (typing) => {
      options.live?.typing(socket, typing)
    })

    on(ClientEvent.navigationPathChat, navigationPathSchema, async (payload, callback) => {
      if (!own(ClientEvent.navigationPathChat, payload.clientId, callback)) return
      page = payload.urlPath
      options.live?.navigation(socket, payload)
      // Over budget, a page view is left out: the trail is context for the agent, not a record.
      if (await mayWrite('navigation')) {
        await store.addNavigation(visitorId, payload.urlPath, payload.time ?? new Date().toISOString())
      }
      await saveUtms(payload.utms)
    })

    on(ClientEvent.getCustomWidget, getCustomWidgetSchema, async (payload, callback) => {
      const stored = (await widgetConfig(payload.instance || instance)) as CustomWidgetConfig
      ack(callback, { ...options.widgetDefaults?.(), ...stored })
    })

    on(ClientEvent.metricsChat, metricsSchema, async (payload, callback) => {
      if (!own(ClientEvent.metricsChat, payload.idClient, callback)) return
      options.live?.metrics(socket, payload)
      if (await mayWrite('metrics')) await store.saveMetrics(visitorId, payload)
    })
  })

  return {
    namespace: chat,
    /**
     * Once the server listens: the pending turns a crash left are answered; on PostgreSQL a sweep
     * also answers those of a process that died (docs/behaviour.md#chat-at-load).
     */
    resumePendingTurns() {
      void resume()
      if (storage.db.kind === 'postgres') sweep ??= setInterval(resume, PENDING_SWEEP_MS).unref()
    },
    /**
     * Shutdown: no socket event is taken any more, the ones under way end (they may start turns),
     * replies still waiting go out now, and every turn under way is finished.
     */
    async drain() {
      closing = true
      clearInterval(sweep)
      await events.settled()
      await turns.drain()
    },
  }
}
