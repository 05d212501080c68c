import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RunningServer, StartOptions } from '../../src/server/app'
import { NOTICES, type Responder } from '../../src/server/chat/namespace'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'
import { client, collect, connected, disconnectAll, history, newVisitor, refusalWithData, send, tokenOf } from '../support/chat-client'
import { TEST_WORK_MS, withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { WAIT_FOR_MS, within } from '../support/wait'

/**
 * The attacks of issue 14 on the chat, each reproduced over real sockets against the real server
 * on its default settings unless a test names a limit (docs/behaviour.md#chat-budgets).
 */

/** A quiet agent: these tests are about what reaches the server, not about its answers. */
const silent: Responder = async () => ({ state: null, messages: ['ok'] })

/** Limits small enough to reach in a test, on the second server. */
const TIGHT = { messagesPerWindow: 3, windowSeconds: 60, outboxMessages: 5, addressWritesPerMinute: 40, addressEventsPerSecond: 50, connectionsPerAddress: 25 }

// Two servers for the whole file: one on the default settings, one with TIGHT limits. Both take
// the client address from X-Forwarded-For, so each test is an address of its own.
let open: RunningServer
let tight: RunningServer
const start = (options: Partial<StartOptions>) => startTestServer({ replyDelayMs: 0, responder: silent, trustProxy: true, ...options })
beforeAll(async () => {
  open = await start({})
  tight = await start({ chatLimits: TIGHT })
}, withEmbeddedStarts(2))
afterEach(() => {
  disconnectAll()
  vi.restoreAllMocks()
})
afterAll(async () => {
  await Promise.all([open?.close(), tight?.close()])
})

let addressCount = 0
/** Handshake headers of a new client address (TEST-NET-3, never routed). */
const newAddress = () => ({ 'X-Forwarded-For': `203.0.113.${++addressCount}` })

/** Every line the server logs while the test runs (the server runs in this process). */
function capturedLog() {
  const lines: string[] = []
  const keep = (...args: unknown[]) => void lines.push(args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(' '))
  vi.spyOn(console, 'warn').mockImplementation(keep)
  vi.spyOn(console, 'error').mockImplementation(keep)
  return lines
}

/** Ask something with an ack; null when the server dropped it (no answer within the wait). */
const answer = (socket: Socket, event: string, payload: unknown, ms = 3000) =>
  socket.timeout(ms).emitWithAck(event, payload).catch(() => null) as Promise<unknown>

let rawAckId = 90_000
/**
 * Emit a frame written by hand, as an attacker would (socket.io-client itself walks a payload
 * recursively and cannot send one this deep); resolves with the server's ack.
 */
function rawEmitWithAck(socket: Socket, event: string, payloadJson: string) {
  const id = ++rawAckId
  const prefix = `3/chat,${id}` // socket.io ACK packet (engine.io adds its own message type)
  return new Promise<unknown>((resolve) => {
    const onMessage = (data: unknown) => {
      if (typeof data !== 'string' || !data.startsWith(prefix)) return
      socket.io.engine.off('message', onMessage)
      resolve((JSON.parse(data.slice(prefix.length)) as unknown[])[0])
    }
    socket.io.engine.on('message', onMessage)
    socket.io.engine.write(`2/chat,${id}[${JSON.stringify(event)},${payloadJson}]`)
  })
}
/** JSON text of an array nested `depth` levels deep. */
const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

const tableBytes = async (s: RunningServer) => {
  const [row] = await s.storage.db.query<{ bytes: string }>(
    "SELECT (pg_total_relation_size('chat_visitors') + pg_total_relation_size('chat_navigation'))::text AS bytes",
  )
  return Number(row!.bytes)
}

describe('chat abuse (issue 14)', { timeout: 2 * TEST_WORK_MS }, () => {
  it('finding 3: another visitor’s id without their token gets none of their conversation', async () => {
    const from = newAddress()
    const victim = newVisitor()
    const own = client(open.url, victim, { headers: from })
    const token = tokenOf(own)
    await connected(own)
    expect(await send(own, victim, 'Soy Ana, mi teléfono es 998 123 4567', { clientMessageId: 'v-1' })).toMatchObject({ ok: true })

    // The attacker knows the victim's userUUID (it used to be in window.dataLayer).
    for (const visitorToken of [undefined, 'adivinado']) {
      const attacker = client(open.url, victim, { headers: newAddress(), visitorToken })
      const live = collect(attacker, 'response')
      expect(await refusalWithData(attacker)).toEqual({ message: NOTICES.notYours, data: { code: 'invalid-visitor-token' } })
      expect(attacker.connected).toBe(false)
      await send(own, victim, 'otro mensaje')
      expect(live).toEqual([])
    }

    // The visitor's own token opens the conversation again, from another tab or after a reload.
    const again = client(open.url, victim, { headers: from, visitorToken: await token })
    await connected(again)
    expect((await history(again, victim)).map((m) => m.content)).toContain('Soy Ana, mi teléfono es 998 123 4567')
  })

  it('finding 8: send-chat-message with another api_key is refused', async () => {
    const visitor = newVisitor()
    const socket = client(open.url, visitor, { headers: newAddress() })
    await connected(socket)
    expect(await send(socket, visitor, 'hola', { api_key: 'pk_falsa' })).toEqual({ ok: false, error: NOTICES.invalidKey })
    expect(await send(socket, visitor, 'hola', { api_key: undefined })).toEqual({ ok: false, error: NOTICES.invalidKey })
    expect(await open.storage.chat.history(visitor)).toEqual([])
  })

  it('finding 8: a whole office behind one address (NAT) can open the chat, up to a bound', async () => {
    const office = newAddress()
    await Promise.all(Array.from({ length: 150 }, () => connected(client(open.url, newVisitor(), { headers: office }))))
    const small = newAddress()
    await Promise.all(Array.from({ length: TIGHT.connectionsPerAddress }, () => connected(client(tight.url, newVisitor(), { headers: small }))))
    expect(await refusalWithData(client(tight.url, newVisitor(), { headers: small }))).toMatchObject({ data: { code: 'too-many-connections' } })
  })

  it('issue 30: a restart\'s reconnect wave from one address (NAT) is admitted whole: every widget back, its history and outbox served', async () => {
    const office = newAddress()
    /** An office of widgets with their tokens, each with one message typed while the server was away. */
    const WIDGETS = 200
    const widgets = await Promise.all(
      Array.from({ length: WIDGETS }, async () => {
        const visitor = newVisitor()
        const socket = client(open.url, visitor, { headers: office })
        const token = tokenOf(socket)
        await connected(socket)
        const given = await token
        socket.disconnect()
        return { visitor, token: given }
      }),
    )
    // The server is back: every widget at once, doing what the widget does on connect (connection.ts
    // flushAndSync, visitor.ts): its outbox, its history, the page it is on.
    const back = await Promise.all(
      widgets.map(async ({ visitor, token }) => {
        const socket = client(open.url, visitor, { headers: office, visitorToken: token })
        await connected(socket)
        const [ack, past] = await Promise.all([
          send(socket, visitor, 'escrito durante el reinicio', { clientMessageId: `wave-${visitor}` }),
          history(socket, visitor),
          socket.emit('navigation-path-chat', { urlPath: '/contacto', time: new Date().toISOString(), clientId: visitor, instance: 'Pruebas' }),
        ])
        return { ack, past }
      }),
    )
    expect(back.filter(({ ack }) => (ack as { ok?: boolean }).ok === true)).toHaveLength(WIDGETS)
    expect(back.filter(({ past }) => Array.isArray(past))).toHaveLength(WIDGETS)
  })

  it('finding 7: an outbox flushed after a reconnect is stored past the message rate limit, within a bound', async () => {
    const visitor = newVisitor()
    const socket = client(tight.url, visitor, { headers: newAddress() })
    await connected(socket)
    // What the widget does at a reconnect: every pending message at once, each with its clientMessageId.
    const flush = await Promise.all(Array.from({ length: 8 }, (_, i) => send(socket, visitor, `escrito sin conexión ${i}`, { clientMessageId: `out-${i}` })))
    expect(flush.every((ack) => (ack as { ok: boolean }).ok)).toBe(true)
    expect((await tight.storage.chat.history(visitor)).filter((m) => m.role === 'user')).toHaveLength(8)

    // Not a hole for spam: the outbox budget (here 5, 30 per 10 minutes by default), then the rate limit, still hold.
    const spammer = newVisitor()
    const spam = client(tight.url, spammer, { headers: newAddress() })
    await connected(spam)
    const acks = (await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(spam, spammer, `spam ${i}`, { clientMessageId: `spam-${i}` })),
    )) as { ok: boolean; error?: string }[]
    expect(acks.filter((a) => a.ok)).toHaveLength(TIGHT.outboxMessages + TIGHT.messagesPerWindow)
    expect(acks.filter((a) => !a.ok).every((a) => a.error === NOTICES.tooFast)).toBe(true)
  })

  it('finding 4: page views and metrics from many sockets of one address cannot grow the database without bound', async () => {
    const from = newAddress()
    const before = await tableBytes(tight)
    const big = (n: number, i: number) => `${String(i).padStart(6, '0')}${'x'.repeat(n)}`
    const sockets = Array.from({ length: 20 }, () => newVisitor()).map((visitor) => ({ visitor, socket: client(tight.url, visitor, { headers: from }) }))
    await Promise.all(sockets.map(({ socket }) => connected(socket)))
    // Each socket stays under its own 20 events a second: 9 page views with 2 KB paths and 8 KB utms, 9 metrics of 8 KB.
    for (const { visitor, socket } of sockets) {
      for (let i = 0; i < 9; i++) {
        socket.emit('navigation-path-chat', { urlPath: `/${big(2000, i)}`, time: new Date().toISOString(), clientId: visitor, instance: 'Pruebas', utms: { relleno: big(7800, i) } })
        socket.emit('metrics-chat', { idClient: visitor, relleno: big(7800, i) })
      }
    }
    // The events of a socket are handled in order: its history answer comes after all of them.
    // The address's event budget may drop a barrier too: it is asked again until answered.
    for (const { visitor, socket } of sockets) {
      while ((await answer(socket, 'connected-chat', { userUUID: visitor, agentId: DEV_AGENT_ID })) === null);
    }
    const [rows] = await tight.storage.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_navigation WHERE visitor_id = ANY($1)`, [sockets.map((s) => s.visitor)])
    expect(rows!.n).toBeLessThanOrEqual(TIGHT.addressWritesPerMinute)
    // 20 × 9 × (2 KB + 8 KB + 8 KB) ≈ 3.2 MB went in before; now at most the budget's writes of 8 KB.
    expect((await tableBytes(tight)) - before).toBeLessThan(TIGHT.addressWritesPerMinute * 8 * 1024 + 256 * 1024)
  })

  it('finding 4: events spread over many sockets of one address meet one budget', async () => {
    const from = newAddress()
    const sockets = Array.from({ length: 10 }, () => client(tight.url, newVisitor(), { headers: from }))
    await Promise.all(sockets.map(connected))
    const answers = await Promise.all(sockets.flatMap((socket) => Array.from({ length: 15 }, () => answer(socket, 'get-custom-widget', { instance: 'Pruebas' }))))
    const served = answers.filter((a) => a !== null).length
    expect(served).toBeGreaterThanOrEqual(TIGHT.addressEventsPerSecond)
    expect(served).toBeLessThan(150) // each socket alone stayed under its 20 a second
  })

  it('finding 8: a deeply nested payload is refused before anything walks it; no stack in the log', async () => {
    const log = capturedLog()
    const visitor = newVisitor()
    const socket = client(open.url, visitor, { headers: newAddress() })
    await connected(socket)
    for (const event of ['metrics-chat', 'navigation-path-chat', 'send-chat-message']) {
      const fields = { idClient: visitor, clientId: visitor, userUUID: visitor, urlPath: '/', message: 'hola', agentId: DEV_AGENT_ID, api_key: DEV_API_KEY }
      const payload = `${JSON.stringify(fields).slice(0, -1)},"utms":{"hondo":${deepJson(20_000)}}}`
      expect(await within(rawEmitWithAck(socket, event, payload), WAIT_FOR_MS, `the answer to a deep ${event}`)).toEqual({ ok: false, error: NOTICES.invalidPayload })
    }
    expect(log.filter((line) => /call stack|\n\s+at /.test(line))).toEqual([])
    expect(await answer(socket, 'get-custom-widget', { instance: 'Pruebas' })).toMatchObject({ visibility_welcome_modal: true })
  })

  it('finding 8: a visitor id with a newline cannot forge a log line, and a flood of refusals is not a flood of lines', async () => {
    const log = capturedLog()
    const from = newAddress()
    const forged = 'x\n[chat] the agent failed to answer admin'
    const sockets = Array.from({ length: 8 }, () => client(open.url, `${newVisitor()}\n[chat] forjada`, { headers: from }))
    await Promise.all(sockets.map(connected))
    await Promise.all(sockets.flatMap((socket) => Array.from({ length: 15 }, () => answer(socket, 'connected-chat', { userUUID: forged }))))
    expect(log.length).toBeGreaterThan(0)
    expect(log.filter((line) => line.includes('\n'))).toEqual([])
    expect(log.length).toBeLessThanOrEqual(21) // 120 refusals: 20 lines, then at most a count of the rest
  })
})
