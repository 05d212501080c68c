import { io } from 'socket.io-client'
import {
  ClientEvent,
  HandshakeRefusal,
  ServerEvent,
  type ChatHandshakeAuth,
  type AttributionRecord,
  type ChatMessage,
  type CustomWidgetConfig,
  type SendChatMessagePayload,
  type SendChatMessageAck,
} from '../protocol'
import {
  ACK_TIMEOUT_MS,
  CONFIG_POLL_MS,
  LATER_ROUND_ATTEMPTS,
  QUICK_RETRY_GAP_MS,
  RECONNECTION_ATTEMPTS,
  RECONNECTION_DELAY_MS,
  RETRY_ROUND_JITTER,
  RETRY_ROUND_MAX_MS,
  RETRY_ROUND_MS,
} from './constants'
import type { WidgetEvents } from './events'
import { randomUUID, type VisitorIdentity } from './identity'
import { visiblePoll } from './poll'
import type { WidgetProps } from './props'
import {
  blockedByPolicyMessage,
  blocksChatServer,
  connectFailureMessage,
  connectionLostMessage,
  isBusyRefusal,
  isNetworkFailure,
  refusalCode,
  unreachableMessage,
  type ConnectFailure,
} from './setup-errors'
import { toChatMessage, type DisplayMessage, type WidgetStore } from './store'

export interface ChatConnectionOptions {
  props: WidgetProps
  store: WidgetStore
  events: WidgetEvents
  /** The visitor's userUUID and token (docs/behaviour.md#visitor-token). */
  identity: VisitorIdentity
  /** The outgoing attribution record sent as `utms` (docs/behaviour.md#attribution). */
  attribution: () => AttributionRecord
  /** Profanity clean-up applied to what the visitor sends (docs/behaviour.md#profanity). */
  cleanText: (text: string) => string
}

/** Longest token the widget keeps (the server's are 43 characters). */
const MAX_TOKEN_CHARS = 200

/**
 * The pause before later round `round` (1: the one after the first round ran out): RETRY_ROUND_MS
 * doubled each round up to RETRY_ROUND_MAX_MS, then randomised by ±RETRY_ROUND_JITTER.
 */
export function retryRoundDelay(round: number, random: () => number = Math.random): number {
  const pause = Math.min(RETRY_ROUND_MS * 2 ** Math.max(0, round - 1), RETRY_ROUND_MAX_MS)
  return pause * (1 - RETRY_ROUND_JITTER + 2 * RETRY_ROUND_JITTER * random())
}

/**
 * All socket.io traffic of the widget (docs/behaviour.md#connection) in one place: connection,
 * history re-sync, sending with an offline outbox, the configuration poll and server events.
 */
export function createChatConnection({ props, store, events, identity, attribution, cleanText }: ChatConnectionOptions) {
  const query = () => ({ idOwner: props.idAgent, api_key: props.api_key, idClient: identity.userUUID, instance: props.instanceName })
  /** The token presented at the last handshake: after a refusal, a newer one may be in storage. */
  let presentedToken: string | null = null
  const socket = io(props.socketUrl + props.nameSpace, {
    transports: ['websocket', 'polling'],
    reconnectionAttempts: RECONNECTION_ATTEMPTS,
    reconnectionDelay: RECONNECTION_DELAY_MS,
    reconnectionDelayMax: RECONNECTION_DELAY_MS, // spec: attempts 1 s apart, not an exponential backoff
    query: query(),
    // Read at every handshake, in the CONNECT packet rather than the URL.
    auth: (give: (auth: ChatHandshakeAuth) => void) => {
      presentedToken = identity.token()
      give(presentedToken ? { visitorToken: presentedToken } : {})
    },
  })

  const payloadOf = (message: DisplayMessage): SendChatMessagePayload => ({
    userUUID: identity.userUUID,
    message: message.content,
    agentId: props.idAgent,
    api_key: props.api_key,
    utms: attribution(),
    ...(message.clientMessageId ? { clientMessageId: message.clientMessageId } : {}),
  })

  const emitMessage = (message: DisplayMessage) => {
    socket.timeout(ACK_TIMEOUT_MS).emit(ClientEvent.sendChatMessage, payloadOf(message), (error: Error | null, ack?: SendChatMessageAck) => {
      if (error) {
        // No ack: delivered to a server that never acks, unless the link dropped meanwhile; then
        // it goes out again on reconnect (the clientMessageId keeps the server from storing it twice).
        if (!socket.connected) markPending(message.key)
        return
      }
      if (ack && ack.ok === false && typeof ack.error === 'string') {
        store.notice.value = ack.error.slice(0, 300)
        store.returnToDraft(message.key) // not stored: nothing the visitor typed is lost
      }
    })
  }

  const markPending = (key: string) => {
    store.messages.value = store.messages.value.map((m) => (m.key === key ? { ...m, pending: true } : m))
  }

  /**
   * After every (re)connect: send the outbox, then ask for the history, which then includes it.
   * Outbox messages stay pending until the history has answered, so a server that has not stored
   * them yet cannot make them vanish from the screen.
   */
  const flushAndSync = () => {
    const sinceSeq = store.nextSeq
    store.messages.value.filter((m) => m.pending).forEach(emitMessage)
    socket.timeout(ACK_TIMEOUT_MS).emit(
      ClientEvent.connectedChat,
      { userUUID: identity.userUUID, agentId: props.idAgent },
      (error: Error | null, history?: unknown) => {
        if (!error && Array.isArray(history)) {
          const messages = history.map((raw) => toChatMessage(raw)).filter((m): m is ChatMessage => m !== null)
          store.syncHistory(messages, sinceSeq)
        }
        // A refusal (a flood budget: { ok: false }) is no proof the messages before it were stored.
        if (socket.connected && (error || Array.isArray(history))) store.markAllSent()
      },
    )
  }

  // One console error per setup problem for the integrator (docs/behaviour.md#setup-errors): a
  // refusal at once; an unreachable server at once if it never answered, else once the attempts ran out.
  const reported = new Set<string>()
  const report = (text: string) => {
    if (reported.has(text)) return
    reported.add(text)
    console.error(text)
  }
  let everConnected = false
  // The browser reports a Content-Security-Policy violation before the failed socket's error.
  let blockedByDirective: string | null = null
  const onPolicyViolation = (event: SecurityPolicyViolationEvent) => {
    if (blocksChatServer(event.blockedURI, props)) blockedByDirective = event.effectiveDirective
  }
  document.addEventListener('securitypolicyviolation', onPolicyViolation)
  const networkFailureMessage = () => (blockedByDirective ? blockedByPolicyMessage(props, blockedByDirective) : unreachableMessage(props))
  // A busy server refuses at the handshake, which socket.io never retries by itself: the widget
  // does, with the same rules (RECONNECTION_ATTEMPTS, RECONNECTION_DELAY_MS), each delay
  // stretched by up to as much again so the widgets it refused do not come back all at once.
  let busyRefusals = 0
  let busyTimer: ReturnType<typeof setTimeout> | undefined
  const retryWhenBusy = () => {
    busyRefusals++
    if (busyRefusals > RECONNECTION_ATTEMPTS) return failed()
    store.connection.value = 'reconnecting'
    busyTimer = setTimeout(() => socket.connect(), RECONNECTION_DELAY_MS * (1 + Math.random()))
  }

  // The server refused this visitor's token (docs/behaviour.md#visitor-token): first try again
  // with what storage holds a moment later (another tab may be storing the token it was just
  // given), then start over as a new visitor, without the old conversation on screen (the agency
  // erased it, or it is not this visitor's); after that the refusal is reported like any other.
  let tokenRefusals = 0
  let tokenRetry: ReturnType<typeof setTimeout> | undefined
  const retryAfterTokenRefusal = (): boolean => {
    tokenRefusals++
    if (tokenRefusals > 2) return false
    if (tokenRefusals === 2 && identity.token() === presentedToken) {
      identity.renew()
      socket.io.opts.query = query()
      store.messages.value = store.messages.value.filter((m) => m.pending)
    }
    store.connection.value = 'reconnecting'
    tokenRetry = setTimeout(() => socket.connect(), tokenRefusals === 1 ? RECONNECTION_DELAY_MS : 0)
    return true
  }

  // Later rounds (docs/behaviour.md#connection): a connection that was up and whose first round
  // ran out tries again by itself after retryRoundDelay, one attempt a round, while the tab is
  // visible; a hidden tab waits to be shown (quickRetry).
  let laterRounds = 0
  let roundTimer: ReturnType<typeof setTimeout> | undefined
  const failed = () => {
    store.connection.value = 'failed'
    clearTimeout(roundTimer)
    if (!everConnected) return // a setup problem or a server never reached: the visitor's «Reintentar» says when
    socket.io.reconnectionAttempts(LATER_ROUND_ATTEMPTS - 1) // socket.connect() is one attempt, then these
    roundTimer = setTimeout(() => document.visibilityState !== 'hidden' && retry(), retryRoundDelay(++laterRounds))
  }

  socket.on('connect', () => {
    everConnected = true
    busyRefusals = 0
    tokenRefusals = 0
    laterRounds = 0
    clearTimeout(roundTimer)
    socket.io.reconnectionAttempts(RECONNECTION_ATTEMPTS) // the next loss starts with the spec's round again
    store.connection.value = 'online'
    flushAndSync()
    events.emit('connect')
  })
  socket.on('disconnect', (reason: string) => {
    store.setTyping('')
    // The server closed this visitor's link (the agency erased it: docs/behaviour.md#data-rights):
    // connect again at once, and the handshake's answer says whether to start over.
    if (reason === 'io server disconnect') socket.connect()
    if (socket.active) store.connection.value = 'reconnecting'
    else failed()
    events.emit('disconnect')
  })
  socket.on('connect_error', (error: ConnectFailure) => {
    // No network at all (a page opened offline): nothing to tell the integrator, nothing to try until 'online'.
    if (!navigator.onLine) return goOffline()
    if (isBusyRefusal(error)) return retryWhenBusy()
    if (refusalCode(error.data) === HandshakeRefusal.invalidVisitorToken && retryAfterTokenRefusal()) return
    if (socket.active) store.connection.value = 'reconnecting'
    else failed()
    if (everConnected && isNetworkFailure(error)) return
    report(isNetworkFailure(error) ? networkFailureMessage() : connectFailureMessage(error, props, window.location.origin))
  })
  socket.io.on('reconnect_failed', () => {
    failed()
    report(everConnected ? connectionLostMessage(props, RECONNECTION_ATTEMPTS) : networkFailureMessage())
  })

  socket.on(ServerEvent.response, (raw: unknown) => {
    const message = toChatMessage(raw)
    if (!message) return
    // A visitor message echoed from another tab of the same visitor shows once.
    const known = message.clientMessageId && store.messages.value.some((m) => m.clientMessageId === message.clientMessageId)
    if (known) return
    store.addMessage(message)
    if (message.role === 'agent') {
      // The answer ends the typing; the visitor's own message from another tab does not (a person may still be typing).
      store.setTyping('')
      store.openChat.value = true // docs/behaviour.md#messages: the open flag is set when a message is added
      events.emit('response', message)
    }
  })
  socket.on(ServerEvent.visitorToken, (payload: unknown) => {
    const token = payload && typeof payload === 'object' ? (payload as { token?: unknown }).token : undefined
    if (typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_CHARS) identity.remember(token)
  })
  socket.on(ServerEvent.typingStateWidget, (state: unknown, author?: unknown) => store.setTyping(state, author))
  socket.on(ServerEvent.leadRegistered, (payload: unknown) => events.emit('lead-registered', payload))
  socket.on(ServerEvent.scheduledAppointment, (payload: unknown) => events.emit('scheduled_appointment', payload))

  let lastConfig = ''
  let configInFlight = false
  const stopConfigPoll = visiblePoll(() => {
    if (!socket.connected || configInFlight) return
    configInFlight = true
    socket.timeout(ACK_TIMEOUT_MS).emit(ClientEvent.getCustomWidget, { instance: props.instanceName }, (error: Error | null, config?: unknown) => {
      configInFlight = false
      if (error || !config || typeof config !== 'object' || Array.isArray(config) || (config as { ok?: unknown }).ok === false) return
      const json = JSON.stringify(config)
      if (json === lastConfig) return // docs/behaviour.md#config-poll: applied only when changed
      lastConfig = json
      store.customStyle.value = config as CustomWidgetConfig
    })
  }, CONFIG_POLL_MS)

  /** Start a fresh round of attempts after they ran out (the visitor asked, came back online, or a later round is due); false when none was started. */
  const retry = (): boolean => {
    const status = store.connection.value
    if (socket.connected || (status !== 'failed' && status !== 'offline')) return false
    if (!navigator.onLine) {
      store.connection.value = 'offline'
      return false
    }
    busyRefusals = 0
    store.connection.value = 'reconnecting'
    socket.connect()
    return true
  }
  // Back online, or the tab shown again: a visible tab tries at once, at most once per
  // QUICK_RETRY_GAP_MS (one later if asked sooner); a hidden one waits to be shown.
  let quickRetryAt = -Infinity
  let quickTimer: ReturnType<typeof setTimeout> | undefined
  const quickRetry = () => {
    clearTimeout(quickTimer)
    if (document.visibilityState === 'hidden') return
    const wait = quickRetryAt + QUICK_RETRY_GAP_MS - Date.now()
    if (wait > 0) quickTimer = setTimeout(quickRetry, wait)
    else if (retry()) quickRetryAt = Date.now()
  }
  window.addEventListener('online', quickRetry)
  document.addEventListener('visibilitychange', quickRetry)
  // The browser lost the network: an open socket may only notice at its next heartbeat, tens of
  // seconds later, with messages sent into it meanwhile and nothing said, and its attempts would
  // end in «No pudimos conectar». Close it now, so what the visitor sends stays pending, and say
  // why; 'online' reconnects.
  const goOffline = () => {
    socket.disconnect()
    clearTimeout(roundTimer) // 'online' is what tries again
    store.connection.value = 'offline'
  }
  window.addEventListener('offline', goOffline)

  return {
    /** Send what the visitor typed; false when nothing is left after trimming and clean-up. */
    send(text: string): boolean {
      const content = cleanText(text.trim()).trim()
      if (!content) return false
      const offline = !socket.connected
      const message = store.addMessage({ role: 'user', content, clientMessageId: randomUUID() }, offline)
      store.notice.value = ''
      if (offline) retry()
      else emitMessage(message)
      events.emit('send', { message: content })
      return true
    },
    reportTyping(typing: boolean) {
      if (socket.connected) socket.emit(ClientEvent.typingUserState, typing)
    },
    /** Emit now, or when the connection is back (socket.io buffers while disconnected). */
    emit(event: string, payload: unknown) {
      socket.emit(event, payload)
    },
    isConnected: () => socket.connected,
    retry,
    destroy() {
      stopConfigPoll()
      clearTimeout(busyTimer)
      clearTimeout(tokenRetry)
      clearTimeout(roundTimer)
      clearTimeout(quickTimer)
      window.removeEventListener('online', quickRetry)
      document.removeEventListener('visibilitychange', quickRetry)
      window.removeEventListener('offline', goOffline)
      document.removeEventListener('securitypolicyviolation', onPolicyViolation)
      socket.removeAllListeners()
      socket.io.removeAllListeners()
      socket.disconnect()
    },
  }
}

export type ChatConnection = ReturnType<typeof createChatConnection>
