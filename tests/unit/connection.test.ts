// @vitest-environment jsdom
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server, type Socket as ServerSocket } from 'socket.io'
import { Manager } from 'socket.io-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from '../../src/protocol'
import { createChatConnection, retryRoundDelay, type ChatConnection } from '../../src/widget/connection'
import { CONFIG_POLL_MS, RECONNECTION_ATTEMPTS, RETRY_ROUND_MAX_MS } from '../../src/widget/constants'
import { createWidgetEvents, type WidgetEventName } from '../../src/widget/events'
import { USER_UUID_KEY, VISITOR_TOKEN_KEY, visitorIdentity } from '../../src/widget/identity'
import { safeStorage, type SafeStorage } from '../../src/widget/storage'
import type { WidgetProps } from '../../src/widget/props'
import { createWidgetStore, type WidgetStore } from '../../src/widget/store'
import { waitFor } from '../support/wait'

/**
 * The widget's connection against a real socket.io server on a loopback port, playing the chat
 * backend: it keeps each visitor's history, acks messages and answers the configuration.
 */

const VISITOR = '3b0d6a0e-8f7c-4d1e-9b2a-5c4f3e2d1a00'
const UTMS = { source: 'Facebook', page_url: 'http://localhost:3000/' }

interface Received {
  event: string
  payload: Record<string, unknown>
}

/** A chat backend the test can stop and start again on the same port, as a restarted server. */
function chatBackend() {
  const received: Received[] = []
  const handshakes: Record<string, unknown>[] = []
  const auths: Record<string, unknown>[] = []
  /** A token to give each new connection, as our server gives one to a new visitor. */
  let issuedToken: string | null = null
  /** Handshakes this predicate refuses with invalid-visitor-token, as our server does. */
  let refuseVisitor: (query: Record<string, unknown>, auth: Record<string, unknown>) => boolean = () => false
  const history: ChatMessage[] = []
  const sockets: ServerSocket[] = []
  let config: Record<string, unknown> = { headerColor: '#112233' }
  let sendAck: (payload: Record<string, unknown>) => unknown = (payload) => {
    const stored = { role: 'user' as const, content: String(payload.message), id: `m${history.length + 1}`, clientMessageId: payload.clientMessageId as string }
    history.push(stored)
    return { ok: true, id: stored.id }
  }
  /** Resolves when the history may be answered: lets a test look at the widget before it is. */
  let historyGate: Promise<void> = Promise.resolve()
  let http: HttpServer | undefined
  let io: Server | undefined
  let port = 0
  let busyRefusals = 0

  const start = async () => {
    http = createServer()
    io = new Server(http)
    io.of('/chat').use((socket, next) => {
      if (busyRefusals > 0) {
        busyRefusals--
        return next(Object.assign(new Error('El chat está ocupado.'), { data: { code: 'server-busy' } }))
      }
      if (!refuseVisitor(socket.handshake.query, socket.handshake.auth)) return next()
      next(Object.assign(new Error('Esta conversación no te pertenece.'), { data: { code: 'invalid-visitor-token' } }))
    })
    io.of('/chat').on('connection', (socket) => {
      sockets.push(socket)
      handshakes.push({ ...socket.handshake.query })
      auths.push({ ...socket.handshake.auth })
      if (issuedToken) socket.emit('visitor-token', { token: issuedToken })
      socket.onAny((event: string, payload: Record<string, unknown>) => received.push({ event, payload }))
      socket.on('connected-chat', async (_payload: unknown, ack: (history: ChatMessage[]) => void) => {
        await historyGate
        ack([...history])
      })
      socket.on('send-chat-message', (payload: Record<string, unknown>, ack: (answer: unknown) => void) => ack(sendAck(payload)))
      socket.on('get-custom-widget', (_payload: unknown, ack: (answer: unknown) => void) => ack(config))
    })
    await new Promise<void>((resolve) => http!.listen(port, '127.0.0.1', resolve))
    port = (http.address() as AddressInfo).port
  }

  return {
    received,
    sockets,
    handshakes,
    auths,
    history,
    issueTokens: (token: string) => void (issuedToken = token),
    refuseWhen: (predicate: typeof refuseVisitor) => void (refuseVisitor = predicate),
    start,
    get url() {
      return `http://127.0.0.1:${port}`
    },
    /** Events of one name the server got, in order. */
    got: (event: string) => received.filter((r) => r.event === event).map((r) => r.payload),
    /** Push a server event to every connected widget. */
    emit: (event: string, ...payload: unknown[]) => io!.of('/chat').emit(event, ...payload),
    setConfig: (next: Record<string, unknown>) => void (config = next),
    /** Refuse the next `count` handshakes as a busy server does. */
    refuseAsBusy: (count: number) => void (busyRefusals = count),
    answerSendsWith: (answer: typeof sendAck) => void (sendAck = answer),
    holdHistory() {
      let release = () => {}
      historyGate = new Promise<void>((resolve) => (release = resolve))
      return () => {
        historyGate = Promise.resolve()
        release()
      }
    },
    /** Stop as a restarted server does: every connection drops (the widgets try again), nothing answers. */
    async stop() {
      io?.close()
      http?.closeAllConnections()
      await new Promise((resolve) => http?.close(resolve))
      io = undefined
    },
  }
}

let backend: ReturnType<typeof chatBackend>
let store: WidgetStore
let events: ReturnType<typeof createWidgetEvents>
let heard: { event: WidgetEventName; payload: unknown }[]
let connection: ChatConnection | undefined
/** The visitor's keys, in memory (storage blocked), as the widget keeps them. */
let storage: SafeStorage

function connect(overrides: Partial<WidgetProps> = {}) {
  const props: WidgetProps = { socketUrl: backend.url, idAgent: 'agente-prueba', api_key: 'pk_prueba', nameSpace: '/chat', instanceName: 'Prueba', ...overrides }
  connection = createChatConnection({ props, store, events, identity: visitorIdentity(storage), attribution: () => UTMS, cleanText: (text) => text.replace(/tonto/g, '*****') })
  return connection
}

const online = () => waitFor(() => store.connection.value === 'online', 'the widget online')
const shown = () => store.messages.value.map((m) => ({ role: m.role, content: m.content, pending: m.pending ?? false }))

beforeEach(async () => {
  backend = chatBackend()
  await backend.start()
  storage = safeStorage(() => null)
  storage.set(USER_UUID_KEY, VISITOR)
  store = createWidgetStore()
  events = createWidgetEvents()
  heard = []
  for (const event of ['connect', 'disconnect', 'send', 'response', 'lead-registered', 'scheduled_appointment'] as const) {
    events.on(event, (payload: unknown) => heard.push({ event, payload }))
  }
})
afterEach(async () => {
  connection?.destroy()
  connection = undefined
  vi.useRealTimers()
  await backend.stop()
})

describe('the visitor token (docs/behaviour.md#visitor-token)', () => {
  it('keeps the token the server gives with the userUUID and presents it at every later handshake', async () => {
    backend.issueTokens('secreto-1')
    connect()
    await online()
    expect(backend.auths).toEqual([{}]) // a new visitor has none yet
    await waitFor(() => storage.get(VISITOR_TOKEN_KEY), 'the token stored')
    expect(JSON.parse(storage.get(VISITOR_TOKEN_KEY)!)).toEqual({ userUUID: VISITOR, token: 'secreto-1' })
    await backend.stop()
    await backend.start()
    await waitFor(() => backend.auths.length === 2, 'the handshake after the restart')
    expect(backend.auths[1]).toEqual({ visitorToken: 'secreto-1' })
  })

  it('refused with its token, tries once more, then starts over as a new visitor', async () => {
    storage.set(VISITOR_TOKEN_KEY, JSON.stringify({ userUUID: VISITOR, token: 'perdido' }))
    backend.refuseWhen((query) => query.idClient === VISITOR)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    connect()
    await waitFor(() => store.connection.value === 'online', 'the widget online as a new visitor', 5000)
    const renewed = storage.get(USER_UUID_KEY)!
    expect(renewed).not.toBe(VISITOR)
    expect(backend.handshakes).toEqual([expect.objectContaining({ idClient: renewed })])
    expect(backend.auths).toEqual([{}])
    expect(errors).not.toHaveBeenCalled()
    connection!.send('hola')
    await waitFor(() => backend.got('send-chat-message')[0], 'the message')
    expect(backend.got('send-chat-message')[0]).toMatchObject({ userUUID: renewed })
  })
})

describe('an erased visitor (docs/behaviour.md#data-rights)', () => {
  it('dropped and refused as that visitor, starts over as a new one without the old conversation, keeping what was typed meanwhile', async () => {
    backend.issueTokens('secreto-1')
    backend.history.push({ role: 'user', content: 'Soy Ana, 998 123 4567', id: 'm1' }, { role: 'agent', content: 'Gracias, Ana', id: 'm2' })
    connect()
    await waitFor(() => store.messages.value.length === 2, 'the conversation shown')
    await waitFor(() => storage.get(VISITOR_TOKEN_KEY), 'the token stored')
    // The agency erases the visitor: the server drops the link and refuses that id from now on.
    backend.history.splice(0)
    backend.refuseWhen((query) => query.idClient === VISITOR)
    backend.sockets[0]!.disconnect(true)
    await waitFor(() => store.connection.value !== 'online', 'the link dropped')
    connection!.send('¿siguen ahí?')
    await waitFor(() => store.connection.value === 'online' && backend.handshakes.length === 2, 'online as a new visitor')
    const renewed = storage.get(USER_UUID_KEY)!
    expect(renewed).not.toBe(VISITOR)
    expect(backend.handshakes[1]).toMatchObject({ idClient: renewed })
    expect(backend.auths[1]).toEqual({})
    await waitFor(() => backend.got('send-chat-message').length === 1, 'the message typed meanwhile sent')
    expect(backend.got('send-chat-message')[0]).toMatchObject({ userUUID: renewed, message: '¿siguen ahí?' })
    // The server has it; the widget marks it sent once the acknowledgement is back.
    await waitFor(() => shown()[0]?.pending === false, 'the message marked sent')
    expect(shown()).toEqual([{ role: 'user', content: '¿siguen ahí?', pending: false }])
  })
})

describe('connecting', () => {
  it('opens the chat namespace with the handshake query the server checks', async () => {
    connect()
    await online()
    expect(backend.handshakes).toEqual([expect.objectContaining({ idOwner: 'agente-prueba', api_key: 'pk_prueba', idClient: VISITOR, instance: 'Prueba' })])
    expect(heard.map((h) => h.event)).toEqual(['connect'])
  })

  it('tries again after a busy server refused it, without a console error, and gets online', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.refuseAsBusy(1)
    connect()
    await waitFor(() => store.connection.value === 'reconnecting', 'the widget reconnecting after the busy refusal')
    await online()
    expect(backend.handshakes).toHaveLength(1)
    expect(errors).not.toHaveBeenCalled()
  })

  it('asks for the history after connecting and shows it', async () => {
    backend.history.push({ role: 'user', content: 'Busco casa', id: 'm1' }, { role: 'agent', content: 'Tengo **3** opciones', id: 'm2' })
    connect()
    await waitFor(() => store.messages.value.length === 2, 'the history on screen')
    expect(backend.got('connected-chat')).toEqual([{ userUUID: VISITOR, agentId: 'agente-prueba' }])
    expect(shown()).toEqual([
      { role: 'user', content: 'Busco casa', pending: false },
      { role: 'agent', content: 'Tengo **3** opciones', pending: false },
    ])
  })
})

describe('sending', () => {
  it('sends the trimmed, cleaned text with the spec payload and shows it', async () => {
    connect()
    await online()
    expect(connection!.send('  eres tonto, busco casa  ')).toBe(true)
    const [sent] = await waitFor(() => backend.got('send-chat-message').length === 1 && backend.got('send-chat-message'), 'the message on the server')
    expect(sent).toEqual({ userUUID: VISITOR, message: 'eres *****, busco casa', agentId: 'agente-prueba', api_key: 'pk_prueba', utms: UTMS, clientMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(shown()).toEqual([{ role: 'user', content: 'eres *****, busco casa', pending: false }])
    expect(heard.filter((h) => h.event === 'send')).toEqual([{ event: 'send', payload: { message: 'eres *****, busco casa' } }])
  })

  it('sends nothing when nothing is left after trimming', async () => {
    connect()
    await online()
    expect(connection!.send('  \n ')).toBe(false)
    // A later message on the same socket: had the blank one gone out, the server would have it first.
    connection!.send('hola')
    await waitFor(() => backend.got('send-chat-message').length > 0, 'the later message on the server')
    expect(backend.got('send-chat-message').map((p) => p.message)).toEqual(['hola'])
    expect(shown()).toEqual([{ role: 'user', content: 'hola', pending: false }])
  })

  it('shows the server refusal as a notice, puts the refused text back in the composer, and clears the notice with the next message', async () => {
    backend.answerSendsWith(() => ({ ok: false, error: 'Vas muy rápido, espera unos segundos.' }))
    connect()
    await online()
    connection!.send('uno')
    store.draft.value = 'escrito después'
    await waitFor(() => store.notice.value, 'the refusal notice')
    expect(store.notice.value).toBe('Vas muy rápido, espera unos segundos.')
    // Not stored: it is not shown as sent, and nothing typed is lost.
    expect(shown()).toEqual([])
    expect(store.draft.value).toBe('uno\nescrito después')
    connection!.send('dos')
    expect(store.notice.value).toBe('')
  })

  it('keeps messages typed offline as pending, sends each once on reconnect, pending until the history answers', async () => {
    connect()
    await online()
    await backend.stop()
    await waitFor(() => store.connection.value === 'reconnecting', 'the widget reconnecting')
    expect(heard.map((h) => h.event)).toEqual(['connect', 'disconnect'])
    connection!.send('escrito sin conexión')
    connection!.send('y otro')
    expect(shown()).toEqual([
      { role: 'user', content: 'escrito sin conexión', pending: true },
      { role: 'user', content: 'y otro', pending: true },
    ])

    const releaseHistory = backend.holdHistory()
    const before = backend.received.length
    await backend.start() // same port: the widget's next attempt reaches it
    const since = () => backend.received.slice(before).filter((r) => r.event !== 'get-custom-widget')
    await waitFor(() => since().some((r) => r.event === 'connected-chat'), 'the history request after the reconnect')
    // The outbox went out before the history request, on the same socket.
    expect(since().map((r) => r.event)).toEqual(['send-chat-message', 'send-chat-message', 'connected-chat'])
    expect(since().slice(0, 2).map((r) => r.payload.message)).toEqual(['escrito sin conexión', 'y otro'])
    expect(shown().every((m) => m.pending)).toBe(true)

    releaseHistory()
    await waitFor(() => shown().every((m) => !m.pending), 'the pending marks cleared')
    expect(shown()).toEqual([
      { role: 'user', content: 'escrito sin conexión', pending: false },
      { role: 'user', content: 'y otro', pending: false },
    ])
    const ids = backend.got('send-chat-message').map((p) => p.clientMessageId)
    expect(new Set(ids).size).toBe(2)
  })

  it('after a reconnect shows the server history with every message once', async () => {
    backend.history.push({ role: 'user', content: 'antes', id: 'm1' })
    connect()
    await waitFor(() => store.messages.value.length === 1, 'the history on screen')
    connection!.send('antes del corte')
    await waitFor(() => backend.history.length === 2, 'the message stored')
    await backend.stop()
    // While the widget was away the agent answered, and the visitor typed something.
    backend.history.push({ role: 'agent', content: 'respuesta mientras tanto', id: 'm3' })
    await waitFor(() => store.connection.value === 'reconnecting', 'the widget reconnecting')
    connection!.send('sin conexión')
    await backend.start()
    await waitFor(() => shown().length === 4 && shown().every((m) => !m.pending), 'the re-synced list')
    expect(shown().map((m) => m.content)).toEqual(['antes', 'antes del corte', 'respuesta mientras tanto', 'sin conexión'])
  })
})

describe('server events', () => {
  it('shows an agent reply, opens the chat and tells the page; hides the typing indicator', async () => {
    connect()
    await online()
    backend.emit('typing-state-widget', 'in-progress')
    await waitFor(() => store.typingState.value === 'in-progress', 'the typing state')
    backend.emit('response', { role: 'agent', content: 'Hola, ¿qué buscas?', id: 'a1' })
    await waitFor(() => store.messages.value.length === 1, 'the reply on screen')
    expect(shown()).toEqual([{ role: 'agent', content: 'Hola, ¿qué buscas?', pending: false }])
    expect(store.openChat.value).toBe(true)
    expect(store.typingState.value).toBe('')
    expect(heard.filter((h) => h.event === 'response')).toEqual([{ event: 'response', payload: { role: 'agent', content: 'Hola, ¿qué buscas?', id: 'a1' } }])
  })

  it('shows a message echoed from another tab once, and ignores what is not a message', async () => {
    connect()
    await online()
    connection!.send('desde esta pestaña')
    const [sent] = await waitFor(() => backend.got('send-chat-message').length === 1 && backend.got('send-chat-message'), 'the message on the server')
    backend.emit('response', { role: 'user', content: 'desde esta pestaña', clientMessageId: sent!.clientMessageId })
    backend.emit('response', { role: 'user', content: 'desde la otra pestaña', clientMessageId: 'otra' })
    backend.emit('response', null)
    backend.emit('response', { role: 'agent', content: { html: '<b>x</b>' } })
    backend.emit('response', { role: 'agent', content: 'última' })
    await waitFor(() => shown().some((m) => m.content === 'última'), 'the last message on screen')
    expect(shown().map((m) => m.content)).toEqual(['desde esta pestaña', 'desde la otra pestaña', 'última'])
    expect(store.openChat.value).toBe(true)
  })

  it("a person's typing (the event's second argument) leaves the composer free; the visitor's message from another tab does not end it", async () => {
    connect()
    await online()
    backend.emit('typing-state-widget', 'in-progress', { by: 'person', name: 'Ana' })
    await waitFor(() => store.typing.value, 'the typing state')
    expect([store.typist.value?.name, store.awaitingReply.value]).toEqual(['Ana', false])
    backend.emit('response', { role: 'user', content: 'desde la otra pestaña', clientMessageId: 'otra' })
    await waitFor(() => store.messages.value.length === 1, 'the echoed message')
    expect([store.typing.value, store.typist.value?.name]).toEqual([true, 'Ana'])
    backend.emit('response', { role: 'agent', content: 'Hola, soy Ana', id: 'a1' })
    await waitFor(() => !store.typing.value, 'the end of the typing with her answer')
    backend.emit('typing-state-widget', 'in-progress')
    await waitFor(() => store.awaitingReply.value, "the automated agent's lock")
  })

  it('passes lead and appointment events to the page', async () => {
    connect()
    await online()
    backend.emit('lead-registered', { id: 'l1', name: 'Ana' })
    backend.emit('scheduled_appointment', { id: 'c1', at: '2026-12-01T16:00:00.000Z' })
    await waitFor(() => heard.some((h) => h.event === 'scheduled_appointment'), 'the appointment event')
    expect(heard.slice(1)).toEqual([
      { event: 'lead-registered', payload: { id: 'l1', name: 'Ana' } },
      { event: 'scheduled_appointment', payload: { id: 'c1', at: '2026-12-01T16:00:00.000Z' } },
    ])
  })
})

describe('configuration poll', () => {
  let visibility: DocumentVisibilityState = 'visible'
  const setVisibility = (state: DocumentVisibilityState) => {
    visibility = state
    document.dispatchEvent(new Event('visibilitychange'))
  }
  beforeEach(() => {
    visibility = 'visible'
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
    // Only the poll's interval is faked: socket.io keeps its real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  })
  afterEach(() => {
    delete (document as unknown as Record<string, unknown>).visibilityState
  })
  const asked = () => backend.got('get-custom-widget').length
  /** One poll period; resolves once its request was answered and the widget handled the answer. */
  const tick = async () => {
    const before = asked()
    vi.advanceTimersByTime(CONFIG_POLL_MS)
    await waitFor(() => asked() === before + 1, 'the configuration request')
    await widgetHandledAll()
  }
  /** The server sends one more event after its answers; once the widget shows it, it has handled them. */
  const widgetHandledAll = async () => {
    const state = `marca-${Math.random()}`
    backend.emit('typing-state-widget', state)
    await waitFor(() => store.typingState.value === state, 'the marker typing state in the widget')
  }
  /** An event after everything the widget sent so far, on the same socket; resolves when the server has it. */
  const marker = async () => {
    const id = Math.random()
    connection!.emit('marca', { id })
    await waitFor(() => backend.got('marca').some((p) => p.id === id), 'the marker on the server')
  }

  it('asks every second for the instance configuration and applies it only when it changed', async () => {
    connect()
    await online()
    await tick()
    expect(backend.got('get-custom-widget')).toEqual([{ instance: 'Prueba' }])
    await waitFor(() => store.customStyle.value.headerColor, 'the configuration applied')
    const applied = store.customStyle.value
    expect(applied).toEqual({ headerColor: '#112233' })
    await tick()
    expect(store.customStyle.value).toBe(applied) // the same answer changes nothing
    backend.setConfig({ headerColor: '#445566' })
    await tick()
    await waitFor(() => store.customStyle.value.headerColor === '#445566', 'the new configuration applied')
  })

  it('pauses while the tab is hidden and asks at once when it shows again', async () => {
    connect()
    await online()
    await tick()
    setVisibility('hidden')
    vi.advanceTimersByTime(10 * CONFIG_POLL_MS)
    await marker()
    expect(asked()).toBe(1)
    setVisibility('visible')
    await waitFor(() => asked() === 2, 'the request when the tab shows again')
  })

  it('stops with destroy(), which also closes the socket', async () => {
    connect()
    await online()
    const closed = new Promise((resolve) => backend.sockets[0]!.once('disconnect', resolve))
    connection!.destroy()
    connection = undefined
    await closed
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('reconnecting after the server went down (docs/behaviour.md#connection)', () => {
  const STEP_MS = 250
  let visibility: DocumentVisibilityState = 'visible'
  const setVisibility = (state: DocumentVisibilityState) => {
    visibility = state
    document.dispatchEvent(new Event('visibilitychange'))
  }
  /** When (simulated ms) each connection attempt left, and the client's manager, to see one in flight. */
  let attempts: number[]
  let manager: { _readyState: string } | undefined
  beforeEach(() => {
    visibility = 'visible'
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
    attempts = []
    manager = undefined
    const open = Manager.prototype.open
    vi.spyOn(Manager.prototype, 'open').mockImplementation(function (this: Manager, fn?: (err?: Error) => void) {
      if ((this as unknown as { _readyState: string })._readyState === 'closed') attempts.push(Date.now())
      manager = this as unknown as { _readyState: string }
      return open.call(this, fn)
    })
    // socket.io's timers and the widget's are simulated; the sockets' I/O is real (setImmediate is not faked).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    delete (document as unknown as Record<string, unknown>).visibilityState
  })

  /** Until `done`, letting real I/O run between checks (the fake clock stands still meanwhile). */
  const untilIo = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setImmediate(resolve))
  }
  const idle = () => untilIo(() => manager?._readyState !== 'opening')
  /** Connected, then the server goes away; resolves at the moment the widget noticed (simulated time). */
  const upThenDown = async () => {
    connect()
    await untilIo(() => store.connection.value === 'online')
    attempts = []
    await backend.stop()
    await untilIo(() => store.connection.value === 'reconnecting')
    return Date.now()
  }
  /**
   * Simulate `ms` more in steps of STEP_MS (every pause here is a multiple of it, so each timer
   * fires at its own time), each attempt's failure handled before the clock moves on; stops early once `until`.
   */
  const simulate = async (ms: number, until: () => boolean = () => false) => {
    const end = Date.now() + ms
    while (Date.now() < end && !until()) {
      await vi.advanceTimersByTimeAsync(STEP_MS)
      await idle()
    }
  }
  const secondsFrom = (start: number) => attempts.map((at) => (at - start) / 1000)

  it('pauses between later rounds double from 10 s up to 5 minutes, each within ±50%', () => {
    const pauses = (random: number) => Array.from({ length: 8 }, (_, i) => retryRoundDelay(i + 1, () => random) / 1000)
    expect(pauses(0.5)).toEqual([10, 20, 40, 80, 160, 300, 300, 300])
    expect(pauses(0)).toEqual([5, 10, 20, 40, 80, 150, 150, 150])
    expect(pauses(0.999_999).map(Math.round)).toEqual([15, 30, 60, 120, 240, 450, 450, 450])
    expect(RECONNECTION_ATTEMPTS).toBe(5) // the spec's first round
  })

  it('over 30 s with the server down: the first round of 5 a second apart, then rounds of one attempt further apart (7 at most, was 21)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0) // the shortest pauses jitter allows
    const start = await upThenDown()
    await simulate(30_000)
    expect(secondsFrom(start).filter((s) => s <= 30)).toEqual([1, 2, 3, 4, 5, 10, 20])
    expect(store.connection.value).toBe('failed')
  })

  it('keeps doubling the pause up to 5 minutes, and after the server is back the next loss starts with the first round again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5) // no jitter: the plain schedule
    const start = await upThenDown()
    await simulate(20 * 60_000)
    const later = secondsFrom(start).slice(RECONNECTION_ATTEMPTS)
    expect(later.slice(1).map((s, i) => s - later[i]!)).toEqual([20, 40, 80, 160, 300, 300])
    await backend.start() // the same port
    const before = attempts.length
    // Online before the client would miss the server's pings (its clock runs faster than the server's).
    await simulate(RETRY_ROUND_MAX_MS * 2, () => store.connection.value === 'online')
    await untilIo(() => store.connection.value === 'online')
    expect(attempts.length).toBe(before + 1)
    const again = await (async () => {
      attempts = []
      await backend.stop()
      await untilIo(() => store.connection.value === 'reconnecting')
      return Date.now()
    })()
    await simulate(6000)
    expect(secondsFrom(again)).toEqual([1, 2, 3, 4, 5])
  })

  it('a hidden tab tries no round; shown again, or back online, it tries at once, at most once per 3 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const start = await upThenDown()
    await simulate(6000) // the first round ran out
    expect(store.connection.value).toBe('failed')
    const afterFirstRound = attempts.length
    setVisibility('hidden')
    await simulate(30 * 60_000)
    expect(attempts.length).toBe(afterFirstRound)

    const shown = Date.now()
    setVisibility('visible')
    await idle()
    expect(secondsFrom(shown).slice(afterFirstRound)).toEqual([0])
    await untilIo(() => store.connection.value === 'failed')
    // Back online a second later: the next attempt waits until 3 s after the last quick one.
    vi.advanceTimersByTime(1000)
    window.dispatchEvent(new Event('online'))
    window.dispatchEvent(new Event('online'))
    await idle()
    expect(attempts.length).toBe(afterFirstRound + 1)
    await vi.advanceTimersByTimeAsync(2000)
    await idle()
    expect(secondsFrom(shown).slice(afterFirstRound)).toEqual([0, 3])
  })
})
