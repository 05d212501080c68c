import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Responder } from '../../src/server/chat/namespace'
import { NOTICES } from '../../src/server/chat/namespace'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'
import { client, collect, connected, disconnectAll, history, newVisitor, refusal, refusalWithData, send, tokenOf } from '../support/chat-client'
import { freshEmbeddedDir } from '../support/embedded'
import { withEmbeddedStarts } from '../support/limits'
import { openTestStorage, startTestServer, testServers } from '../support/server'
import { waitFor } from '../support/wait'

const servers = testServers({ replyDelayMs: 50 })
/** The shutdown test's widgets: a page view and metrics each this often, for this long before the server stops. */
const TRAFFIC_PAUSE_MS = 5
const TRAFFIC_BEFORE_CLOSE_MS = 300
const server = servers.start
afterEach(disconnectAll)

// Every test here starts one server on a fresh embedded database.
describe('chat backend over real sockets', { timeout: withEmbeddedStarts(1) }, () => {
  it('keeps the conversation across a server restart', { timeout: withEmbeddedStarts(2) }, async () => {
    const { dir, remove } = freshEmbeddedDir()
    try {
      const first = await startTestServer({ dataDir: dir, replyDelayMs: 50 })
      const visitor = newVisitor()
      const socket = client(first.url, visitor)
      const token = tokenOf(socket)
      const replies = collect(socket, 'response')
      // Listening before sending: the whole turn may arrive in the same read as the ack.
      const typing = collect(socket, 'typing-state-widget')
      await connected(socket)
      expect(await send(socket, visitor, 'Hola, busco casa')).toMatchObject({ ok: true })
      await waitFor(() => typing.includes('done'), 'the end of the agent turn (typing "done")')
      socket.disconnect()
      await first.close()

      const second = await server({ dataDir: dir, port: first.port })
      const again = client(second.url, visitor, { visitorToken: await token })
      await connected(again)
      const messages = await history(again, visitor)
      expect(messages.length).toBeGreaterThanOrEqual(1 + replies.length)
      expect(messages[0]).toMatchObject({ role: 'user', content: 'Hola, busco casa' })
      expect(messages.slice(1).every((m) => m.role === 'agent')).toBe(true)
    } finally {
      await servers.closeAll() // before its directory goes
      remove()
    }
  })

  it('refuses unknown keys, another agent’s key and origins that are not allowed, at the handshake', async () => {
    const s = await server({
      agents: [
        { idAgent: DEV_AGENT_ID, apiKey: DEV_API_KEY, origins: ['https://cancun.example.com'] },
        { idAgent: 'otra-agencia', apiKey: 'pk_otra', origins: ['*'] },
      ],
    })
    expect(await refusal(client(s.url, newVisitor(), { query: { api_key: 'pk_falsa' } }))).toBe(NOTICES.invalidKey)
    expect(await refusal(client(s.url, newVisitor(), { query: { api_key: 'pk_otra' } }))).toBe(NOTICES.invalidKey)
    expect(await refusal(client(s.url, newVisitor(), { headers: { Origin: 'https://intruso.example.com' } }))).toBe(NOTICES.originNotAllowed)
    await connected(client(s.url, newVisitor(), { headers: { Origin: 'https://cancun.example.com' } }))
    expect(await refusal(client(s.url, '', { headers: { Origin: 'https://cancun.example.com' } }))).toBe(NOTICES.missingVisitor)
  })

  it('says why it refused as machine-readable data beside the Spanish message', async () => {
    const s = await server({ agents: [{ idAgent: DEV_AGENT_ID, apiKey: DEV_API_KEY, origins: ['https://cancun.example.com'] }] })
    const allowed = { Origin: 'https://cancun.example.com' }
    expect(await refusalWithData(client(s.url, newVisitor(), { query: { idOwner: 'nadie' }, headers: allowed }))).toEqual({ message: NOTICES.invalidKey, data: { code: 'unknown-agent' } })
    expect(await refusalWithData(client(s.url, newVisitor(), { query: { api_key: 'pk_falsa' }, headers: allowed }))).toEqual({ message: NOTICES.invalidKey, data: { code: 'invalid-key' } })
    expect(await refusalWithData(client(s.url, newVisitor(), { headers: { Origin: 'https://intruso.example.com' } }))).toEqual({
      message: NOTICES.originNotAllowed,
      data: { code: 'origin-not-allowed', origin: 'https://intruso.example.com' },
    })
    expect(await refusalWithData(client(s.url, '', { headers: allowed }))).toEqual({ message: NOTICES.missingVisitor, data: { code: 'missing-visitor' } })
    const full = await server({ chatLimits: { connectionsPerAddress: 0 } })
    expect(await refusalWithData(client(full.url, newVisitor()))).toEqual({ message: NOTICES.tooManyConnections, data: { code: 'too-many-connections' } })
  })

  it('never lets a socket read or write another visitor’s conversation', async () => {
    const s = await server()
    const victim = newVisitor()
    await s.storage.chat.append(victim, { role: 'user', content: 'Mi teléfono es 998 000 0000' })
    const attacker = newVisitor()
    const socket = client(s.url, attacker)
    await connected(socket)
    expect(await socket.timeout(5000).emitWithAck('connected-chat', { userUUID: victim })).toEqual({ ok: false, error: NOTICES.notYours })
    expect(await send(socket, victim, 'hola')).toEqual({ ok: false, error: NOTICES.notYours })
    expect((await s.storage.chat.history(victim)).map((m) => m.content)).toEqual(['Mi teléfono es 998 000 0000'])
  })

  it('refuses malformed and oversize payloads with a clear notice and keeps serving', async () => {
    const s = await server()
    const visitor = newVisitor()
    const socket = client(s.url, visitor)
    await connected(socket)
    for (const bad of [null, 42, 'texto', [], { userUUID: visitor }, { userUUID: visitor, message: 7, agentId: DEV_AGENT_ID }]) {
      const answer = (await socket.timeout(5000).emitWithAck('send-chat-message', bad)) as { ok: boolean; error: string }
      expect(answer.ok).toBe(false)
      expect(answer.error.length).toBeGreaterThan(3)
    }
    expect(await send(socket, visitor, '   ')).toEqual({ ok: false, error: 'El mensaje está vacío.' })
    expect(await send(socket, visitor, 'x'.repeat(2001))).toEqual({ ok: false, error: expect.stringContaining('2000') })
    expect(await send(socket, visitor, `  ${'y'.repeat(2000)}  `)).toMatchObject({ ok: true }) // the limit counts after trimming
    expect(await socket.timeout(5000).emitWithAck('get-custom-widget', 'no-objeto')).toMatchObject({ ok: false })

    // A 1 MB frame is over maxHttpBufferSize: that socket is dropped, everyone else is served.
    const bystander = client(s.url, newVisitor())
    await connected(bystander)
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve))
    socket.emit('send-chat-message', { userUUID: visitor, message: 'z'.repeat(1024 * 1024), agentId: DEV_AGENT_ID })
    await dropped
    expect(await bystander.timeout(5000).emitWithAck('get-custom-widget', { instance: 'Pruebas' })).toMatchObject({ visibility_welcome_modal: true })
  })

  it('answers a flood from one visitor with the Spanish rate-limit notice', async () => {
    const s = await server({ chatLimits: { messagesPerWindow: 5, windowSeconds: 10 } })
    const visitor = newVisitor()
    const socket = client(s.url, visitor)
    await connected(socket)
    const answers = (await Promise.all(Array.from({ length: 12 }, (_, i) => send(socket, visitor, `mensaje ${i}`)))) as { ok: boolean; error?: string }[]
    expect(answers.filter((a) => a.ok)).toHaveLength(5)
    expect(answers.filter((a) => !a.ok).every((a) => a.error === NOTICES.tooFast)).toBe(true)
    expect((await s.storage.chat.history(visitor)).filter((m) => m.role === 'user')).toHaveLength(5)
  })

  it('limits connections per address', async () => {
    const s = await server({ chatLimits: { connectionsPerAddress: 3 } })
    const open = [1, 2, 3].map(() => client(s.url, newVisitor()))
    await Promise.all(open.map(connected))
    expect(await refusal(client(s.url, newVisitor()))).toBe(NOTICES.tooManyConnections)
    open[0]!.disconnect()
    await waitFor(() => s.io.of('/chat').sockets.size === 2, 'the server to see the closed socket go')
    await connected(client(s.url, newVisitor())) // a closed one frees its place
  })

  it('stores a lead and an appointment and tells every tab of the visitor', async () => {
    const responder: Responder = async (text) =>
      text.includes('visita')
        ? {
            state: { step: 'agendado' },
            messages: ['¡Listo! Te esperamos el sábado a las 11:00.'],
            lead: { name: 'Ana López', phone: '9981234567', email: null, message: 'Casa en Huayacán', propertySlug: null },
            appointment: { at: '2026-11-28T11:00:00-05:00', name: 'Ana López', phone: '9981234567', propertySlug: null, note: 'Visita' },
          }
        : { state: { step: 'inicio' }, messages: ['¿Qué buscas?', 'Te ayudo con gusto.'] }
    const s = await server({ responder })
    const visitor = newVisitor()
    const tab1 = client(s.url, visitor)
    const tab2 = client(s.url, visitor, { visitorToken: await tokenOf(tab1) })
    const received = [tab1, tab2].map((tab) => ({ responses: collect(tab, 'response'), leads: collect(tab, 'lead-registered'), appointments: collect(tab, 'scheduled_appointment'), typing: collect(tab, 'typing-state-widget') }))
    await Promise.all([tab1, tab2].map(connected))
    await send(tab1, visitor, 'hola', { clientMessageId: 'c-1' })
    await waitFor(() => received.every((r) => r.responses.filter((m) => (m as { role: string }).role === 'agent').length === 2), 'both agent messages in both tabs')
    // The other tab also gets the visitor's own message; both get both agent messages and the typing states.
    expect(received[1]!.responses.map((m) => (m as { content: string }).content)).toEqual(['hola', '¿Qué buscas?', 'Te ayudo con gusto.'])
    expect(received[0]!.typing).toEqual(['in-progress', 'done'])
    const [stored] = await s.storage.db.query<{ agent_state: unknown }>('SELECT agent_state FROM chat_visitors WHERE id = $1', [visitor])
    expect(stored?.agent_state).toEqual({ step: 'inicio' })

    await send(tab2, visitor, 'quiero una visita')
    await waitFor(() => received.every((r) => r.leads.length === 1 && r.appointments.length === 1), 'the lead and the appointment in both tabs')
    const [lead] = await s.storage.leads.recent(1)
    expect(lead).toMatchObject({ name: 'Ana López', phone: '9981234567', source: 'chat' })
    expect(await s.storage.chat.appointments(visitor)).toEqual([
      expect.objectContaining({ at: '2026-11-28T16:00:00.000Z', name: 'Ana López', note: 'Visita' }),
    ])
  })

  it('resending a message with the same clientMessageId stores it once', async () => {
    const s = await server()
    const visitor = newVisitor()
    const socket = client(s.url, visitor)
    await connected(socket)
    const first = (await send(socket, visitor, 'hola', { clientMessageId: 'repetido' })) as { id: string }
    const second = (await send(socket, visitor, 'hola', { clientMessageId: 'repetido' })) as { id: string }
    expect(second.id).toBe(first.id)
    expect((await s.storage.chat.history(visitor)).filter((m) => m.role === 'user')).toHaveLength(1)
  })

  it('finishes the reply under way when it shuts down', async () => {
    const storage = await openTestStorage()
    try {
      const s = await startTestServer({ storage, replyDelayMs: 3000 })
      const visitor = newVisitor()
      const socket = client(s.url, visitor)
      await connected(socket)
      await send(socket, visitor, 'hola')
      const started = Date.now()
      await s.close()
      expect(Date.now() - started).toBeLessThan(2500) // the typing pause is cut short, not waited out
      expect((await storage.chat.history(visitor)).map((m) => m.role)).toEqual(['user', 'agent'])
    } finally {
      await storage.close()
    }
  })

  it('lets the events already received end before its database closes when it shuts down under light load', async () => {
    const logged: string[] = []
    const spies = (['error', 'warn'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' '))),
    )
    try {
      const s = await startTestServer()
      const widgets = Array.from({ length: 5 }, () => {
        const visitor = newVisitor()
        return { visitor, socket: client(s.url, visitor) }
      })
      await Promise.all(widgets.map(({ socket }) => connected(socket)))
      // Page views and metrics every few milliseconds, still arriving while it shuts down.
      let sending = true
      const traffic = (async () => {
        while (sending) {
          for (const { visitor, socket } of widgets) {
            socket.emit('navigation-path-chat', { clientId: visitor, urlPath: '/venta', time: new Date().toISOString() })
            socket.emit('metrics-chat', { idClient: visitor, browser: 'Chrome' })
          }
          await new Promise((resolve) => setTimeout(resolve, TRAFFIC_PAUSE_MS))
        }
      })()
      await new Promise((resolve) => setTimeout(resolve, TRAFFIC_BEFORE_CLOSE_MS))
      await s.close()
      sending = false
      await traffic
    } finally {
      spies.forEach((spy) => spy.mockRestore())
    }
    expect(logged.filter((line) => /closed/i.test(line))).toEqual([])
  })
})

const redisUrl = process.env.TEST_REDIS_URL
if (!redisUrl) {
  const reason = 'TEST_REDIS_URL is not set: the two-process Redis test is skipped.'
  if (process.env.CI) throw new Error(`${reason} .ci/run must provide it.`)
  console.warn(reason)
}
describe.skipIf(!redisUrl)('two server processes behind Redis', () => {
  // One embedded database, shared by both servers.
  it('delivers every message to a visitor whose tabs are on different processes', { timeout: withEmbeddedStarts(1) }, () =>
    servers.behindRedis(redisUrl!, async (a, b) => {
      const visitor = newVisitor()
      const tabA = client(a.url, visitor)
      const tabB = client(b.url, visitor, { visitorToken: await tokenOf(tabA) })
      const onA = collect(tabA, 'response')
      const onB = collect(tabB, 'response')
      await Promise.all([tabA, tabB].map(connected))
      await send(tabA, visitor, 'hola desde A')
      await send(tabB, visitor, 'hola desde B')
      const agentReplies = (list: unknown[]) => list.filter((m) => (m as { role: string }).role === 'agent').length
      await waitFor(() => agentReplies(onA) === 2 && agentReplies(onB) === 2, 'both agent replies in both tabs')
      expect(onA.map((m) => (m as { content: string }).content)).toContain('hola desde B')
      expect(onB.map((m) => (m as { content: string }).content)).toContain('hola desde A')
    }),
  )
})
