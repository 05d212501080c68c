import type { Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { ConsoleClientEvent, ConsoleServerEvent, type ConversationDetail, type InboxPage, type OfferChange } from '../../src/protocol/console'
import type { RunningServer, StartOptions } from '../../src/server/app'
import { cancunTime, testClock, type TestClock } from '../support/clock'
import { client, collect, connected, disconnectAll, history, newVisitor, send } from '../support/chat-client'
import { addAdviser, consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { openTestStorage, testRedisPrefix, testServers } from '../support/server'
import { waitFor, waitForAsync } from '../support/wait'
import { STORAGES } from './databases'

/**
 * Routing with a time to answer (docs/console.md#routing) over the real server, its automated agent
 * and console sockets: a conversation that needs a person is offered to one person on duty and
 * online, to everyone past the agency's answer time, and the visitor is told who answers and about
 * when; at 03:40, or with nobody online, when the agency answers; an owner who closes the console
 * loses the conversation, the visitor is told and it is offered again. The server's clock is the
 * test's (tests/support/clock.ts): the answer time passes with `advance`, not by waiting.
 */
const FAST = { tickMs: 100, ownerGoneMs: 500 }
const servers = testServers({ replyDelayMs: 0, chatLimits: { messagesPerWindow: 1_000_000 }, ...TEST_ADMIN })
afterEach(disconnectAll)
const MINUTE = 60_000

const ask = <T>(socket: Socket, event: string, payload?: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<T>

/** A person of the agency with their console open: their session and socket, and the offers it hears. */
async function person(url: string, admin: string, name: string) {
  const email = `${name.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@pruebas.mx`
  const account = await addAdviser(url, admin, { email, name, password: 'clave-de-prueba-456' })
  const cookie = await signIn(url, email, 'clave-de-prueba-456')
  const socket = consoleSocket(url, cookie)
  const offers = collect<OfferChange>(socket, ConsoleServerEvent.offer)
  await connected(socket)
  return { account, cookie, socket, offers }
}

/** A visitor on the site: what the chat says to them, as it arrives. */
async function visitor(url: string) {
  const id = newVisitor()
  const socket = client(url, id)
  const said = collect<{ content: string }>(socket, 'response')
  const turns = collect<string>(socket, 'typing-state-widget')
  await connected(socket)
  return {
    id,
    socket,
    said,
    /** The visitor writes and the automated agent's turn ends: what it said. */
    async write(text: string) {
      const before = turns.filter((t) => t === 'done').length
      const from = said.length
      expect(await send(socket, id, text)).toMatchObject({ ok: true })
      await waitFor(() => turns.filter((t) => t === 'done').length > before, `the agent's turn for «${text}»`)
      return said.slice(from).map((m) => m.content).join('\n')
    },
    /** Resolves with the first message from now on that matches. */
    hears: (pattern: RegExp, what: string) => waitFor(() => said.find((m) => pattern.test(m.content))?.content, what),
  }
}

const detail = async (url: string, cookie: string, visitorId: string) => (await (await consoleFetch(url, `/conversations/${visitorId}`, { cookie })).json()) as ConversationDetail
const inbox = async (url: string, cookie: string) => (await (await consoleFetch(url, '/inbox', { cookie })).json()) as InboxPage

function routedServer(clock: TestClock, options: Partial<StartOptions> = {}) {
  return servers.start({ clock: clock.now, routingTimes: FAST, ...options })
}

describe('a conversation that needs a person', { timeout: withEmbeddedStarts(1) + 120_000 }, () => {
  it('is offered to one person on duty, then to everyone after the answer time; the visitor hears who answers and about when', async () => {
    const clock = testClock(cancunTime('11:00'))
    const app = await routedServer(clock)
    const admin = await signIn(app.url)
    const ana = await person(app.url, admin, 'Ana')
    const luis = await person(app.url, admin, 'Luis')
    const v = await visitor(app.url)

    const answer = await v.write('Quiero hablar con un asesor, por favor')
    expect(answer).toContain('Te comunico con un asesor de **Cancún Propiedades**. **Ana** te responderá aquí en unos 2 minutos.')
    expect(answer).not.toContain('en breve')
    // Offered to Ana alone: her console says so, and Luis's who it is offered to.
    const offered = await waitFor(() => luis.offers.find((o) => o.visitorId === v.id), 'the offer on Luis’s console')
    expect(offered.offer).toMatchObject({ stage: 'offered', to: { accountId: ana.account.id, name: 'Ana' } })
    expect(Date.parse(offered.offer!.until!) - Date.parse(cancunTime('11:00'))).toBeGreaterThanOrEqual(2 * MINUTE)
    const anaInbox = await inbox(app.url, ana.cookie)
    expect(anaInbox.items.find((i) => i.visitorId === v.id)?.offer).toMatchObject({ stage: 'offered', to: { name: 'Ana' } })
    expect((await detail(app.url, luis.cookie, v.id)).offer).toMatchObject({ stage: 'offered', to: { name: 'Ana' } })

    // Nobody takes it within the agency's answer time (2 minutes): everyone, and the visitor is told.
    clock.advance(2 * MINUTE + 1000)
    const told = await v.hears(/ya avisé a todo nuestro equipo/, 'the visitor told it went to everyone')
    expect(told).toBe('Perdón por la espera: ya avisé a todo nuestro equipo. **Ana** o **Luis** te responderá aquí en los próximos minutos.')
    await waitFor(() => ana.offers.some((o) => o.visitorId === v.id && o.offer?.stage === 'everyone'), 'the offer to everyone')
    expect((await detail(app.url, admin, v.id)).offer).toMatchObject({ stage: 'everyone', to: null })
    // Told once, whatever the sweeps since.
    clock.advance(MINUTE)
    await app.routingSweep()
    expect((await history(v.socket, v.id)).filter((m) => /ya avisé a todo/.test(m.content))).toHaveLength(1)

    // Luis takes it: it waits for nobody.
    expect(await ask(luis.socket, ConsoleClientEvent.takeOver, { visitorId: v.id })).toMatchObject({ ok: true })
    await waitFor(() => ana.offers.some((o) => o.visitorId === v.id && o.offer === null), 'the offer ended')
    expect((await detail(app.url, admin, v.id)).offer).toBeNull()

    // Luis closes his console: within the grace the visitor hears it, and it is offered to Ana.
    luis.socket.disconnect()
    const left = await v.hears(/Luis tuvo que dejar la conversación/, 'the visitor told Luis left')
    expect(left).toBe('Luis tuvo que dejar la conversación. **Ana** te responderá aquí en unos 2 minutos.')
    const back = await detail(app.url, admin, v.id)
    expect(back.owner).toBeNull()
    expect(back.needsHuman).toBe(true)
    expect(back.offer).toMatchObject({ stage: 'offered', to: { name: 'Ana' } })
    // Meanwhile the automated agent answers again.
    expect(await v.write('¿Sigue ahí?')).not.toBe('')
  })

  it('at 03:40 with nobody signed in: the visitor hears the office answers today at 9:00, and by which channels; the first person on duty gets it', async () => {
    const clock = testClock(cancunTime('03:40'))
    const app = await routedServer(clock)
    const admin = await signIn(app.url)
    const v = await visitor(app.url)
    const answer = await v.write('quiero hablar con una persona')
    expect(answer).toContain(
      'Nuestra oficina está cerrada en este momento: te responderemos **hoy a las 9:00** (hora de Cancún), aquí mismo o al teléfono o correo que nos dejes. ' +
        'Desde esa hora también nos encuentras por [WhatsApp](https://wa.me/529981234567',
    )
    expect(answer).toContain('al 998 123 4567 o en hola@cancunpropiedades.mx.')
    expect(answer).not.toContain('en breve')
    expect((await detail(app.url, admin, v.id)).offer).toMatchObject({ stage: 'waiting', to: null })

    // 9:05: Marta opens the console, and the visitor hears she will answer.
    clock.set(cancunTime('09:05'))
    const marta = await person(app.url, admin, 'Marta')
    expect(await v.hears(/Buenas noticias/, 'the visitor told someone came')).toBe('Buenas noticias: ya hay alguien de nuestro equipo en línea. **Marta** te responderá aquí en unos 2 minutos.')
    await waitFor(() => marta.offers.some((o) => o.visitorId === v.id && o.offer?.to?.accountId === marta.account.id), 'the offer to Marta')
  })

  it('during office hours with nobody online: the visitor hears the agency answers by its next opening, and nothing says «en breve»', async () => {
    const clock = testClock(cancunTime('12:00'))
    const app = await routedServer(clock)
    const admin = await signIn(app.url)
    // Away: online, but no conversation is offered to her.
    const ana = await person(app.url, admin, 'Ana')
    expect((await consoleFetch(app.url, '/me/availability', { method: 'PUT', cookie: ana.cookie, body: { availability: 'ausente' } })).status).toBe(200)
    const v = await visitor(app.url)
    const answer = await v.write('I want to talk to a person')
    expect(answer).toContain("Sure! I'll pass your message on to our team at **Cancún Propiedades**. Nobody from our team is online right now: we will answer you **tomorrow at 9:00** (Cancún time) at the latest")
  })
})

describe('duty hours and status', { timeout: withEmbeddedStarts(1) + 60_000 }, () => {
  it('are saved by their person and by admins only, refused in Spanish at the day; someone on a night shift answers at 03:40', async () => {
    const clock = testClock(cancunTime('03:40'))
    const app = await routedServer(clock)
    const admin = await signIn(app.url)
    const noe = await person(app.url, admin, 'Noé')
    const luis = await person(app.url, admin, 'Luis')
    const put = (cookie: string, path: string, body: unknown) => consoleFetch(app.url, path, { method: 'PUT', cookie, body })
    const nights = [null, [0, 480], [0, 480], [0, 480], [0, 480], [0, 480], null]

    const wrong = await put(noe.cookie, '/me/duty-hours', { dutyHours: [null, [480, 60], null, null, null, null, null] })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'dutyHours.1': 'El lunes el turno termina (01:00) antes de empezar (08:00).' })
    expect((await put(noe.cookie, '/me/availability', { availability: 'de vacaciones' })).status).toBe(400)
    // An adviser sets their own, not another's; an admin sets anyone's.
    expect((await put(luis.cookie, `/accounts/${noe.account.id}/duty-hours`, { dutyHours: nights })).status).toBe(403)
    const saved = await put(admin, `/accounts/${noe.account.id}/duty-hours`, { dutyHours: nights })
    expect(((await saved.json()) as { account: { dutyHours: unknown } }).account.dutyHours).toEqual(nights)
    expect(await (await consoleFetch(app.url, '/me', { cookie: noe.cookie })).json()).toMatchObject({ account: { dutyHours: nights, availability: 'disponible' } })

    // 03:40 on a Monday: Noé's shift, the office closed: his turn; Luis (the office's hours) is off duty.
    const v = await visitor(app.url)
    expect(await v.write('quiero hablar con un asesor')).toContain('**Noé** te responderá aquí en unos 2 minutos.')
    // Back to the office's hours (null): nobody on duty now.
    expect((await put(noe.cookie, '/me/duty-hours', { dutyHours: null })).status).toBe(200)
    const other = await visitor(app.url)
    expect(await other.write('quiero hablar con un asesor')).toContain('Nuestra oficina está cerrada en este momento')
  })
})

describe('routing survives a restart', { timeout: withEmbeddedStarts(2) + 120_000 }, () => {
  it('an offer made before the restart goes to everyone after it, once', async () => {
    const storage = await openTestStorage()
    try {
      const clock = testClock(cancunTime('11:00'))
      const first = await routedServer(clock, { storage })
      const admin = await signIn(first.url)
      const ana = await person(first.url, admin, 'Ana')
      const v = await visitor(first.url)
      expect(await v.write('quiero hablar con un asesor')).toContain('**Ana** te responderá aquí en unos 2 minutos.')
      ana.socket.disconnect()
      v.socket.disconnect()
      await servers.closeAll()

      clock.advance(3 * MINUTE)
      const second = await routedServer(clock, { storage })
      const cookie = await signIn(second.url)
      await waitForAsync(async () => (await detail(second.url, cookie, v.id)).offer?.stage === 'waiting', 'the offer moved on after the restart')
      clock.advance(MINUTE)
      await second.routingSweep()
      const told = (await detail(second.url, cookie, v.id)).messages.filter((m) => /Perdón por la espera/.test(m.content))
      expect(told).toHaveLength(1)
      expect(told[0]!.content).toContain('En este momento no hay nadie de nuestro equipo en línea')
    } finally {
      await servers.closeAll()
      await storage.close()
    }
  })
})

const redisUrl = process.env.TEST_REDIS_URL
const postgres = STORAGES.find((storage) => storage.name === 'PostgreSQL')
describe.skipIf(!redisUrl || !postgres)('two server processes on PostgreSQL behind Redis', () => {
  it('one offer, one escalation and one message to the visitor, whichever process sweeps; an owner leaving the other process is seen', { timeout: withEmbeddedStarts(2) + 120_000 }, async () => {
    const place = `t_${process.pid}_${Date.now()}_routing`
    const [one, two] = [await postgres!.open(place), await postgres!.open(place)]
    try {
      const clock = testClock(cancunTime('11:00'))
      const shared = { redisUrl: redisUrl!, redisPrefix: testRedisPrefix(), chatLimits: { messagesPerWindow: 1_000_000, newVisitorsPerAddressPerHour: 1_000_000 } }
      const a: RunningServer = await routedServer(clock, { storage: one, ...shared })
      const b: RunningServer = await routedServer(clock, { storage: two, ...shared })
      const admin = await signIn(a.url)
      // Ana's console on one process, Luis's on the other; the visitor on the first.
      const ana = await person(a.url, admin, 'Ana')
      const luis = await person(b.url, admin, 'Luis')
      const v = await visitor(a.url)
      expect(await v.write('quiero hablar con un asesor')).toContain('**Ana** te responderá aquí en unos 2 minutos.')
      await waitFor(() => luis.offers.some((o) => o.visitorId === v.id && o.offer?.to?.name === 'Ana'), 'the offer on the other process’s console')

      clock.advance(2 * MINUTE + 1000)
      await v.hears(/ya avisé a todo nuestro equipo/, 'the escalation')
      clock.advance(MINUTE)
      // Both processes swept again since: still one message, one offer to everyone.
      await Promise.all([a.routingSweep(), b.routingSweep()])
      await waitFor(() => luis.offers.filter((o) => o.visitorId === v.id).length >= 2, 'the escalation on the other console')
      expect((await history(v.socket, v.id)).filter((m) => /ya avisé a todo/.test(m.content))).toHaveLength(1)
      expect(luis.offers.filter((o) => o.visitorId === v.id && o.offer?.stage === 'everyone')).toHaveLength(1)

      // Luis takes it on his process and closes his console: the visitor, on the other, hears it.
      expect(await ask(luis.socket, ConsoleClientEvent.takeOver, { visitorId: v.id })).toMatchObject({ ok: true })
      luis.socket.disconnect()
      expect(await v.hears(/Luis tuvo que dejar la conversación/, 'the visitor told Luis left')).toBe('Luis tuvo que dejar la conversación. **Ana** te responderá aquí en unos 2 minutos.')
      expect((await history(v.socket, v.id)).filter((m) => /tuvo que dejar/.test(m.content))).toHaveLength(1)
      await waitFor(() => ana.offers.some((o) => o.visitorId === v.id && o.offer?.to?.name === 'Ana'), 'offered to Ana again')
    } finally {
      await servers.closeAll()
      await one.close()
      await two.close()
      await one.drop()
    }
  })
})
