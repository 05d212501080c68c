import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RunningServer, StartOptions } from '../../src/server/app'
import { NOTICES, type Responder } from '../../src/server/chat/namespace'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'
import { ConsoleClientEvent, type InboxPage, type LiveVisitor } from '../../src/protocol/console'
import { LIVE_ADDRESS_VISITORS_PER_SECOND, LIVE_FLUSH_MS, LIVE_VISITOR_ENTRIES_PER_SECOND } from '../../src/server/console/live-coalescer'
import { client, collect, connected, disconnectAll, history, newVisitor, refusalWithData, send, tokenOf, track } from '../support/chat-client'
import { consoleFetch, consoleSocket, liveChanges, signIn, TEST_ADMIN } from '../support/console'
import { TEST_WORK_MS, withEmbeddedStarts } from '../support/limits'
import { openTestStorage, startTestServer, testRedisPrefix } from '../support/server'
import { waitFor, waitForAsync, WAIT_FOR_MS, within } from '../support/wait'

/**
 * The attacks of issue 14 on the chat, each reproduced over real sockets against the real server
 * on its default settings unless a test names a limit (docs/behaviour.md#chat-budgets).
 */

/** A quiet agent: these tests are about what reaches the server, not about its answers. */
const silent: Responder = async () => ({ state: null, messages: ['ok'] })

/** Limits small enough to reach in a test, on the second server. */
const TIGHT = {
  messagesPerWindow: 3,
  windowSeconds: 60,
  outboxMessages: 5,
  addressWritesPerMinute: 40,
  addressEventsPerSecond: 50,
  connectionsPerAddress: 25,
  newVisitorsPerAddressPerHour: 20,
  storedBytesPerAddressPerMinute: 16_000,
}

// Two servers for the whole file: one on the default settings, one with TIGHT limits. Both take
// the client address from X-Forwarded-For, so each test is an address of its own.
let open: RunningServer
let tight: RunningServer
const start = (options: Partial<StartOptions>) => startTestServer({ replyDelayMs: 0, responder: silent, trustProxy: true, ...TEST_ADMIN, ...options })
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
    // Their first visits came from several networks over time (the new-visitor budget counts
    // those); the wave is of known visitors, which that budget does not count.
    const firstVisits = Array.from({ length: 5 }, newAddress)
    const widgets = await Promise.all(
      Array.from({ length: WIDGETS }, async (_, i) => {
        const visitor = newVisitor()
        const socket = client(open.url, visitor, { headers: firstVisits[i % firstVisits.length] })
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
    // A dropped event that waits for an answer is answered with a refusal (namespace.ts on()).
    const served = answers.filter((a) => a !== null && (a as { ok?: boolean }).ok !== false).length
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

/** Visitor ids on the wire: the rows a server holds for them. */
const storedVisitors = async (s: RunningServer, ids: string[]) =>
  (await s.storage.db.query<{ id: string }>('SELECT id FROM chat_visitors WHERE id = ANY($1)', [ids])).map((row) => row.id)
const storedMessages = async (s: RunningServer, ids: string[]) =>
  (await s.storage.db.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_messages WHERE role = 'user' AND visitor_id = ANY($1)", [ids]))[0]!.n
const inboxIds = async (s: RunningServer) => ((await (await consoleFetch(s.url, '/inbox', { cookie: await signIn(s.url) })).json()) as InboxPage).items.map((i) => i.visitorId)
/** A message of 1,950 characters, as the attack sent. */
const long = (i: number) => `${String(i).padStart(4, '0')} ${'spam '.repeat(389)}`

describe('one budget per address (issue 30)', { timeout: 2 * TEST_WORK_MS }, () => {
  it('new visitor ids: past the address budget a fresh id stores nothing and its message is refused in Spanish; known visitors go on', async () => {
    const from = newAddress()
    const returning = newVisitor()
    const first = client(tight.url, returning, { headers: from })
    const token = tokenOf(first)
    await connected(first)
    first.disconnect()

    const ids = Array.from({ length: TIGHT.newVisitorsPerAddressPerHour + 4 }, () => newVisitor())
    const sockets = ids.map((id) => client(tight.url, id, { headers: from }))
    const tokens = sockets.map((socket) => collect(socket, 'visitor-token'))
    // Every widget opens: an office behind one address is not shut out of the site.
    await Promise.all(sockets.map(connected))
    const acks = (await Promise.all(sockets.map((socket, i) => send(socket, ids[i]!, `hola desde la oficina ${i}`)))) as { ok: boolean; error?: string }[]
    const refused = ids.filter((_, i) => !acks[i]!.ok)
    expect(refused).toHaveLength(5) // the returning visitor's first visit took one of the budget
    expect(acks.filter((a) => !a.ok).every((a) => a.error === NOTICES.tooManyVisitors)).toBe(true)
    expect(tokens.filter((t) => t.length > 0)).toHaveLength(TIGHT.newVisitorsPerAddressPerHour - 1)
    // Nothing is stored for the ids over the budget: no visitor row, no message, no conversation, no history.
    expect(await storedVisitors(tight, refused)).toEqual([])
    expect(await storedMessages(tight, refused)).toBe(0)
    expect((await inboxIds(tight)).filter((id) => refused.includes(id))).toEqual([])
    expect(await history(sockets[ids.indexOf(refused[0]!)]!, refused[0]!)).toEqual([])

    // Over the budget a stranger naming a known visitor's id is still refused, as before it.
    expect(await refusalWithData(client(tight.url, returning, { headers: from }))).toMatchObject({ data: { code: 'invalid-visitor-token' } })
    // A visitor the server knows (their token) is no new id: they come back and write.
    const back = client(tight.url, returning, { headers: from, visitorToken: await token })
    await connected(back)
    expect(await send(back, returning, 'vuelvo por la casa')).toMatchObject({ ok: true })
  })

  it('a NAT of 50 new visitors on the default settings: every one opens the chat and writes', async () => {
    const office = newAddress()
    const ids = Array.from({ length: 50 }, () => newVisitor())
    const sockets = ids.map((id) => client(open.url, id, { headers: office }))
    await Promise.all(sockets.map(connected))
    const acks = await Promise.all(sockets.map((socket, i) => send(socket, ids[i]!, `Hola, me interesa la casa ${i}. ¿Sigue disponible?`)))
    expect(acks).toEqual(ids.map(() => expect.objectContaining({ ok: true })))
    expect(await storedMessages(open, ids)).toBe(50)
  })

  it('stored bytes: past the address budget a minute a message is not stored and starts no conversation', async () => {
    const from = newAddress()
    const ids = Array.from({ length: 6 }, () => newVisitor())
    const sockets = ids.map((id) => client(tight.url, id, { headers: from }))
    await Promise.all(sockets.map(connected))
    const acks: { ok: boolean; error?: string }[] = []
    // One after another, two each: 12 × 1,950 bytes against 16,000 a minute.
    for (const [i, socket] of sockets.entries()) {
      for (const n of [0, 1]) acks.push((await send(socket, ids[i]!, long(2 * i + n))) as { ok: boolean; error?: string })
    }
    const perMessage = Buffer.byteLength(long(0)) + 2 // and its attribution, {}
    const fit = Math.floor(TIGHT.storedBytesPerAddressPerMinute / perMessage)
    expect(acks.filter((a) => a.ok)).toHaveLength(fit)
    expect(acks.slice(fit)).toEqual(acks.slice(fit).map(() => ({ ok: false, error: NOTICES.tooMuchFromAddress })))
    expect(await storedMessages(tight, ids)).toBe(fit)
    // The visitors whose first message was refused have no conversation in the inbox.
    const silent = ids.slice(Math.ceil(fit / 2))
    expect(await storedMessages(tight, silent)).toBe(0)
    const inbox = await inboxIds(tight)
    expect(inbox).toEqual(expect.arrayContaining(ids.slice(0, Math.ceil(fit / 2))))
    expect(inbox.filter((id) => silent.includes(id))).toEqual([])
    // Another address is not held by this one's budget.
    const other = newVisitor()
    const elsewhere = client(tight.url, other, { headers: newAddress() })
    await connected(elsewhere)
    expect(await send(elsewhere, other, long(99))).toMatchObject({ ok: true })
  })

  it('the console gets the live list in a few batches a second while 20 sockets of one address storm typing and metrics, and the latest state arrives', async () => {
    const agent = track(consoleSocket(open.url, await signIn(open.url)))
    await connected(agent)
    expect(Array.isArray(await agent.timeout(WAIT_FOR_MS).emitWithAck(ConsoleClientEvent.liveVisitors, {}))).toBe(true)
    let events = 0
    let bytes = 0
    agent.onAny((_event: string, payload: unknown) => {
      events++
      bytes += JSON.stringify(payload).length
    })
    const live = liveChanges(agent)
    const from = newAddress()
    const ids = Array.from({ length: 20 }, () => newVisitor())
    const sockets = ids.map((id) => client(open.url, id, { headers: from }))
    const began = Date.now()
    await Promise.all(sockets.map(connected))
    // The storm: every socket toggles typing and changes its metrics, as fast as the loop goes, for 2 s.
    for (let round = 0; Date.now() - began < 2000; round++) {
      sockets.forEach((socket, i) => {
        socket.emit('typing-user-state', round % 2 === 0)
        socket.emit('metrics-chat', { idClient: ids[i], deviceType: round % 2 === 0 ? 'mobile' : 'desktop', browser: `Navegador ${round}` })
      })
      await new Promise((resolve) => setImmediate(resolve)) // let the sockets write
    }
    // The last state: not typing, on /final. The chat drops a socket's events past its 20 a
    // second, so it is sent again, behind an answered barrier, until the console has it.
    const final = (v: LiveVisitor | undefined) => v?.page === '/final' && !v.typing
    const latest = (id: string) => live.visitors.filter((v) => v.visitorId === id).at(-1)
    await waitForAsync(async () => {
      const missing = ids.filter((id) => !final(latest(id)))
      if (missing.length === 0) return true
      await Promise.all(
        missing.map(async (id) => {
          const socket = sockets[ids.indexOf(id)]!
          socket.emit('typing-user-state', false)
          socket.emit('navigation-path-chat', { urlPath: '/final', time: new Date().toISOString(), clientId: id, instance: 'Pruebas' })
          await answer(socket, 'connected-chat', { userUUID: id, agentId: DEV_AGENT_ID })
        }),
      )
      return false
    }, 'every visitor’s latest state on the console', 4 * WAIT_FOR_MS)
    const seconds = (Date.now() - began) / 1000
    // One process: at most one batch per flush, each visitor and the address within their entries a second.
    expect(events).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / LIVE_FLUSH_MS) + 1)
    for (const id of ids) expect(live.visitors.filter((v) => v.visitorId === id).length).toBeLessThanOrEqual(LIVE_VISITOR_ENTRIES_PER_SECOND * Math.ceil(seconds + 1))
    expect(live.visitors.filter((v) => ids.includes(v.visitorId)).length).toBeLessThanOrEqual(LIVE_ADDRESS_VISITORS_PER_SECOND * Math.ceil(seconds + 1))
    expect(bytes).toBeLessThan(1024 * 1024)
    // The list asked afresh agrees.
    const list = (await agent.timeout(WAIT_FOR_MS).emitWithAck(ConsoleClientEvent.liveVisitors, {})) as LiveVisitor[]
    for (const id of ids) expect(list.find((v) => v.visitorId === id)).toMatchObject({ page: '/final', typing: false, device: expect.any(String) })
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.skipIf(!redisUrl)('address budgets across two processes behind Redis', () => {
  it('new visitor ids from one address are counted once for both processes', { timeout: withEmbeddedStarts(2) }, async () => {
    const storage = await openTestStorage()
    const limits = { ...TIGHT, newVisitorsPerAddressPerHour: 3 }
    const redisPrefix = testRedisPrefix()
    const [a, b] = [await start({ storage, redisUrl, redisPrefix, chatLimits: limits }), await start({ storage, redisUrl, redisPrefix, chatLimits: limits })]
    try {
      // Redis outlives the run: an address of this run alone.
      const from = { 'X-Forwarded-For': `2001:db8::${Date.now().toString(16).slice(-4)}:${Math.floor(Math.random() * 0xffff).toString(16)}` }
      const ids = Array.from({ length: 6 }, () => newVisitor())
      const sockets = ids.map((id, i) => client((i % 2 === 0 ? a : b).url, id, { headers: from }))
      await Promise.all(sockets.map(connected))
      const acks = (await Promise.all(sockets.map((socket, i) => send(socket, ids[i]!, 'hola')))) as { ok: boolean; error?: string }[]
      expect(acks.filter((ack) => ack.ok)).toHaveLength(3)
      expect(acks.filter((ack) => !ack.ok).every((ack) => ack.error === NOTICES.tooManyVisitors)).toBe(true)
    } finally {
      await Promise.all([a.close(), b.close()])
      await storage.close()
    }
  })
})
