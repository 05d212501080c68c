import { readdirSync } from 'node:fs'
import type { Socket } from 'socket.io-client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_LIMITS,
  CONSOLE_BOOT_ID,
  ConsoleClientEvent,
  ConsoleServerEvent,
  type ConsoleBoot,
  CONSOLE_ALERTS_COOKIE,
  type ConversationMessage,
  type LiveVisitor,
  type OwnerChange,
} from '../../src/protocol/console'
import { whenText } from '../../src/shared/agency-format'
import { AUTOMATED_AGENT_ACTOR, type LeadDetail, type LeadPage, type PipelineLead, type Visit } from '../../src/protocol/crm'
import { PING_INTERVAL_MS, PING_TIMEOUT_MS, type RunningServer } from '../../src/server/app'
import type { Responder } from '../../src/server/chat/namespace'
import { OWNER_NOTICES } from '../../src/server/chat/ownership'
import { CONSOLE_SOCKET_PATH } from '../../src/server/console'
import { SIGN_IN_ERRORS } from '../../src/server/console/sign-in'
import { client, collect, connected, disconnectAll, newVisitor, refusal, send, tokenOf, track } from '../support/chat-client'
import { addAdviser, consoleFetch, consoleSocket, liveChanges, signedInAdviser, signIn, TEST_ADMIN } from '../support/console'
import { readCatalogue } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { testServers } from '../support/server'
import { waitFor, waitForAsync } from '../support/wait'
import { pendingTurns } from './databases'

/** The automated agent of these tests: an answer anyone can recognise. */
const AUTO = 'Respuesta automática'
const responder: Responder = async (text, state) => ({ state, messages: [`${AUTO}: ${text}`] })

const servers = testServers({ replyDelayMs: 300, responder, ...TEST_ADMIN })
const server = servers.start
afterEach(disconnectAll)
const ask = <T>(socket: Socket, event: string, payload?: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<T>
const contents = (list: { content: string }[]) => list.map((m) => m.content)

describe('console sign-in and gates', { timeout: withEmbeddedStarts(1) }, () => {
  let app: RunningServer
  beforeAll(async () => {
    app = await server()
  }, withEmbeddedStarts(1))

  it('signs in with a session cookie scoped to /consola, and answers one error for a wrong password and an unknown e-mail', async () => {
    const good = await consoleFetch(app.url, '/session', { method: 'POST', body: { email: TEST_ADMIN.consoleAdminEmail, password: TEST_ADMIN.consoleAdminPassword } })
    expect(good.status).toBe(200)
    expect(good.headers.get('set-cookie')).toMatch(/^consola_sesion=[\w-]+; Path=\/consola; HttpOnly; SameSite=Strict/)
    const wrong = await consoleFetch(app.url, '/session', { method: 'POST', body: { email: TEST_ADMIN.consoleAdminEmail, password: 'no-es-esta-clave' } })
    const unknown = await consoleFetch(app.url, '/session', { method: 'POST', body: { email: 'nadie@pruebas.mx', password: 'no-es-esta-clave' } })
    expect([wrong.status, unknown.status]).toEqual([401, 401])
    const [a, b] = await Promise.all([wrong.json(), unknown.json()])
    expect(a).toEqual(b)
    expect(a.error.message).toBe(SIGN_IN_ERRORS.wrong)
  })

  it('needs a session for every API route and the same origin for every change', async () => {
    expect((await consoleFetch(app.url, '/me')).status).toBe(401)
    expect((await consoleFetch(app.url, '/inbox')).status).toBe(401)
    const cookie = await signIn(app.url)
    expect(await (await consoleFetch(app.url, '/me', { cookie })).json()).toMatchObject({ account: { email: TEST_ADMIN.consoleAdminEmail, role: 'admin' } })
    const foreign = await consoleFetch(app.url, '/accounts', { method: 'POST', cookie, origin: 'https://otro-sitio.example', body: {} })
    expect(foreign.status).toBe(403)
    const noOrigin = await consoleFetch(app.url, '/session', { method: 'DELETE', cookie, origin: null })
    expect(noOrigin.status).toBe(403)
    // Signing out ends the session for every request after it.
    expect((await consoleFetch(app.url, '/session', { method: 'DELETE', cookie })).status).toBe(200)
    expect((await consoleFetch(app.url, '/me', { cookie })).status).toBe(401)
  })

  it('lets an admin add an asesor, who cannot manage accounts', async () => {
    const admin = await signIn(app.url)
    const asesor = await signedInAdviser(app.url, admin, { email: 'asesor@pruebas.mx', name: 'Marta', password: 'clave-de-marta-1' })
    expect((await consoleFetch(app.url, '/accounts', { cookie: asesor })).status).toBe(403)
  })

  it('an account changes its own password with the current one; an admin gives another account a new one, shown once, which ends its sessions', async () => {
    const admin = await signIn(app.url)
    const body = { email: 'clave@pruebas.mx', name: 'Paco', password: 'clave-de-paco-1' }
    const paco = await signedInAdviser(app.url, admin, body)
    const change = async (current: string, password: string) => {
      const answer = await consoleFetch(app.url, '/me/password', { method: 'PUT', cookie: paco, body: { current, password } })
      return [answer.status, answer.ok ? 'ok' : ((await answer.json()) as { error: { message: string } }).error.message]
    }
    expect(await change('no-es-la-clave', 'otra-clave-de-paco')).toEqual([400, 'La contraseña actual no es correcta.'])
    expect(await change(body.password, 'corta')).toEqual([400, `La contraseña debe tener al menos ${ACCOUNT_LIMITS.passwordMin} caracteres.`])
    expect(await change(body.password, 'otra-clave-de-paco')).toEqual([200, 'ok'])
    await expect(signIn(app.url, body.email, body.password)).rejects.toThrow(/401/)
    await signIn(app.url, body.email, 'otra-clave-de-paco')

    const id = ((await (await consoleFetch(app.url, '/accounts', { cookie: admin })).json()) as { items: { id: string; email: string }[] }).items.find((a) => a.email === body.email)!.id
    expect((await consoleFetch(app.url, `/accounts/${id}/password`, { method: 'POST', cookie: paco })).status).toBe(403)
    const reset = await consoleFetch(app.url, `/accounts/${id}/password`, { method: 'POST', cookie: admin })
    const { password } = (await reset.json()) as { password: string }
    expect(password.length).toBeGreaterThanOrEqual(ACCOUNT_LIMITS.passwordMin)
    expect((await consoleFetch(app.url, '/me', { cookie: paco })).status).toBe(401)
    await expect(signIn(app.url, body.email, 'otra-clave-de-paco')).rejects.toThrow(/401/)
    await signIn(app.url, body.email, password)
  })

  it("refuses a name or an e-mail over its limit with a Spanish sentence that names the field (not the validator's «<=80»)", async () => {
    const admin = await signIn(app.url)
    const add = async (fields: { name: string; email: string }) => {
      const answer = await consoleFetch(app.url, '/accounts', { method: 'POST', cookie: admin, body: { ...fields, role: 'asesor', password: 'clave-larga-123' } })
      return [answer.status, ((await answer.json()) as { error: { message: string } }).error.message]
    }
    expect(await add({ name: 'x'.repeat(ACCOUNT_LIMITS.name + 1), email: 'largo@pruebas.mx' })).toEqual([400, `El nombre admite hasta ${ACCOUNT_LIMITS.name} caracteres.`])
    expect(await add({ name: 'Largo', email: `${'x'.repeat(ACCOUNT_LIMITS.email)}@pruebas.mx` })).toEqual([400, `El correo admite hasta ${ACCOUNT_LIMITS.email} caracteres.`])
  })

  it('refuses a console socket without a session or from another origin, and a widget socket on the console', async () => {
    expect(await refusal(track(consoleSocket(app.url, null)))).toBe('Inicia sesión para usar la consola.')
    const cookie = await signIn(app.url)
    expect(await refusal(track(consoleSocket(app.url, cookie, 'https://otro-sitio.example')))).toBe('Origen no permitido.')
    await connected(track(consoleSocket(app.url, cookie)))
    // A widget's handshake never reaches the console: not on the chat's socket.io, not on the console's.
    expect(await refusal(client(app.url, newVisitor(), { namespace: '/consola' }))).toMatch(/namespace/i)
    expect(await refusal(client(app.url, newVisitor(), { namespace: '/consola', path: CONSOLE_SOCKET_PATH }))).toMatch(/sesión|Origen/)
  })

  it('disconnects the console sockets of a session when it signs out', async () => {
    const cookie = await signIn(app.url)
    const socket = track(consoleSocket(app.url, cookie))
    await connected(socket)
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)))
    await consoleFetch(app.url, '/session', { method: 'DELETE', cookie })
    expect(await gone).toBe('io server disconnect')
  })
})

describe('console live: visitors, take over, answer, hand back', { timeout: withEmbeddedStarts(1) }, () => {
  let app: RunningServer
  let agent: Socket
  beforeAll(async () => {
    app = await server()
  }, withEmbeddedStarts(1))
  afterEach(() => agent?.disconnect())
  const signedInAgent = async () => {
    agent = consoleSocket(app.url, await signIn(app.url))
    await connected(agent)
    return agent
  }

  it("changing one's own password signs out one's other sessions and their consoles, not the one that changed it", async () => {
    const admin = await signIn(app.url)
    const body = { email: 'dos-sesiones@pruebas.mx', name: 'Rosa', password: 'clave-de-rosa-1' }
    await addAdviser(app.url, admin, body)
    const [here, elsewhere] = [await signIn(app.url, body.email, body.password), await signIn(app.url, body.email, body.password)]
    const [hereSocket, elsewhereSocket] = [track(consoleSocket(app.url, here)), track(consoleSocket(app.url, elsewhere))]
    await Promise.all([connected(hereSocket), connected(elsewhereSocket)])
    const signedOut: string[] = []
    hereSocket.on(ConsoleServerEvent.signedOut, () => signedOut.push('here'))
    elsewhereSocket.on(ConsoleServerEvent.signedOut, () => signedOut.push('elsewhere'))

    const change = await consoleFetch(app.url, '/me/password', { method: 'PUT', cookie: here, body: { current: body.password, password: 'nueva-clave-de-rosa' } })
    expect(change.status).toBe(200)
    expect((await consoleFetch(app.url, '/me', { cookie: elsewhere })).status).toBe(401)
    expect((await consoleFetch(app.url, '/me', { cookie: here })).status).toBe(200)
    await waitFor(() => !elsewhereSocket.connected, "the other browser's console closed")
    expect(signedOut).toEqual(['elsewhere'])
    expect(Array.isArray(await ask(hereSocket, ConsoleClientEvent.liveVisitors))).toBe(true)
  })

  it('lists a visitor with the page they are on within a second of the event', async () => {
    const console = await signedInAgent()
    const { visitors: updates, gone } = liveChanges(console)
    const id = newVisitor()
    const visitor = client(app.url, id)
    await connected(visitor)
    const sent = Date.now()
    visitor.emit('navigation-path-chat', { urlPath: '/propiedad/casa-en-cumbres', time: new Date().toISOString(), clientId: id, instance: 'Pruebas', utms: { utm_source: 'facebook', utm_campaign: 'verano' } })
    await waitFor(() => updates.some((v) => v.visitorId === id && v.page === '/propiedad/casa-en-cumbres'), 'the page on the live list')
    expect(Date.now() - sent).toBeLessThan(1000)
    const list = await ask<LiveVisitor[]>(console, ConsoleClientEvent.liveVisitors, {})
    expect(list.find((v) => v.visitorId === id)).toMatchObject({ page: '/propiedad/casa-en-cumbres', source: 'facebook', campaign: 'verano', pagesSeen: 1 })
    visitor.emit('typing-user-state', true)
    await waitFor(() => updates.some((v) => v.visitorId === id && v.typing), "the visitor's typing")
    visitor.disconnect()
    await waitFor(() => gone.includes(id), 'the visitor leaving the list')
  })

  it('drops a visitor whose network vanished without a word within the heartbeat', { timeout: PING_INTERVAL_MS + PING_TIMEOUT_MS + 10_000 }, async () => {
    const console = await signedInAgent()
    const { gone } = liveChanges(console)
    const id = newVisitor()
    const visitor = client(app.url, id)
    await connected(visitor)
    // Out of coverage: nothing comes back from the visitor any more, not even a pong.
    ;(visitor.io.engine as unknown as { _sendPacket: () => void })._sendPacket = () => {}
    const lost = Date.now()
    await waitFor(() => gone.includes(id), 'the visitor leaving the list', PING_INTERVAL_MS + PING_TIMEOUT_MS + 5000)
    expect(Date.now() - lost).toBeLessThanOrEqual(PING_INTERVAL_MS + PING_TIMEOUT_MS + 1000)
  })

  it('takes over even for a message sent in the same millisecond: the automated agent stays quiet until handed back', async () => {
    const console = await signedInAgent()
    const consoleMessages = collect<ConversationMessage>(console, ConsoleServerEvent.message)
    const owners = collect<OwnerChange>(console, ConsoleServerEvent.owner)
    const id = newVisitor()
    const visitor = client(app.url, id)
    const widget = collect<{ role: string; content: string; id?: string }>(visitor, 'response')
    const typing = collect<string>(visitor, 'typing-state-widget')
    // The protocol addition: who types, as the event's second argument (a person's only).
    const typists: unknown[] = []
    visitor.on('typing-state-widget', (state: string, author?: unknown) => state === 'in-progress' && typists.push(author))
    await connected(visitor)

    const [sent, took] = await Promise.all([
      send(visitor, id, 'quiero hablar con alguien'),
      ask<{ ok: boolean }>(console, ConsoleClientEvent.takeOver, { visitorId: id }),
    ])
    expect(sent).toMatchObject({ ok: true })
    expect(took).toMatchObject({ ok: true, owner: { name: 'Administrador' } })
    await waitFor(() => widget.some((m) => m.content.includes('se unió a la conversación')), 'the notice that a person joined')
    await waitFor(() => owners.some((o) => o.visitorId === id && o.owner), 'the owner change on the console')
    // The visitor reads the notice as an agent message; the console, as a notice without an author.
    const joined = OWNER_NOTICES.joined('Administrador')
    expect(widget.find((m) => m.content === joined)).toMatchObject({ role: 'agent' })
    await waitFor(() => consoleMessages.some((m) => m.visitorId === id && m.content === joined), 'the notice on the console')
    expect(consoleMessages.find((m) => m.content === joined)?.author).toEqual({ kind: 'notice' })
    // The visitor's message reached the console live.
    await waitFor(() => consoleMessages.some((m) => m.visitorId === id && m.content === 'quiero hablar con alguien'), 'the message on the console')

    // The agent answers; a resend with the same id is stored once.
    const answer = { visitorId: id, content: 'Hola, soy **Administrador**. ¿En qué zona buscas?', clientMessageId: 'respuesta-1' }
    const [first, again] = [await ask<{ ok: boolean; id: string }>(console, ConsoleClientEvent.send, answer), await ask<{ ok: boolean; id: string }>(console, ConsoleClientEvent.send, answer)]
    expect(first.ok).toBe(true)
    expect(again.id).toBe(first.id)
    await waitFor(() => widget.some((m) => m.id === first.id), "the agent's answer in the widget")

    // The visitor answers: the console sees it, the automated agent does not answer.
    await send(visitor, id, 'en Cumbres')
    await waitFor(() => consoleMessages.some((m) => m.content === 'en Cumbres' && m.author.kind === 'visitor'), "the visitor's answer on the console")

    // A second agent cannot take it and is told who has it.
    const admin = await signIn(app.url)
    const second = track(consoleSocket(app.url, await signedInAdviser(app.url, admin, { email: 'segundo@pruebas.mx', name: 'Segundo', password: 'clave-del-segundo' })))
    await connected(second)
    expect(await ask(second, ConsoleClientEvent.takeOver, { visitorId: id })).toMatchObject({ ok: false, owner: { name: 'Administrador' } })
    expect(await ask(second, ConsoleClientEvent.send, { visitorId: id, content: 'hola', clientMessageId: 'x-1' })).toMatchObject({ ok: false })

    // The automated turn that was under way when the person took over ends without its reply,
    // however quickly the person hands back after this.
    await waitForAsync(async () => (await pendingTurns(app.storage, id)).length === 0, 'the end of the turn the take-over overruled')

    // Hand back: the automated agent answers the next message.
    expect(await ask(console, ConsoleClientEvent.handBack, { visitorId: id })).toEqual({ ok: true })
    await waitFor(() => widget.some((m) => m.content.includes('dejó la conversación')), 'the hand-back notice')
    await send(visitor, id, 'busco casa')
    await waitFor(() => widget.some((m) => m.content === `${AUTO}: busco casa`), 'the automated answer after the hand-back')

    // Every turn is over (they run in order): a person who takes it again types, and the widget shows it.
    await waitFor(() => typing.at(-1) === 'done', 'the end of the automated turn')
    expect(await ask(console, ConsoleClientEvent.takeOver, { visitorId: id })).toMatchObject({ ok: true })
    await ask(console, ConsoleClientEvent.typing, { visitorId: id, typing: true })
    await waitFor(() => typing.at(-1) === 'in-progress', "the agent's typing in the widget")
    // The automated agent's turns say nothing more (the spec's lock); the person's typing says who.
    expect(new Set(typists.slice(0, -1))).toEqual(new Set([undefined]))
    expect(typists.at(-1)).toEqual({ by: 'person', name: 'Administrador' })
    await ask(console, ConsoleClientEvent.typing, { visitorId: id, typing: false })
    await waitFor(() => typing.at(-1) === 'done', "the end of the agent's typing")

    const history = await app.storage.chat.history(id)
    expect(contents(history).filter((c) => c.startsWith(AUTO))).toEqual([`${AUTO}: busco casa`])
    // Read back, the notices are still notices: joined, left, joined again.
    const read = (await (await consoleFetch(app.url, `/conversations/${id}`, { cookie: await signIn(app.url) })).json()) as { messages: ConversationMessage[] }
    expect(read.messages.filter((m) => m.author.kind === 'notice').map((m) => m.content)).toEqual([joined, OWNER_NOTICES.left('Administrador'), joined])
    expect(contents(history).filter((c) => c === answer.content)).toHaveLength(1)
  })

  it("refuses an asesor closing another person's conversation; its owner, an admin, or anyone when the agent answers may close", async () => {
    const admin = await signedInAgent()
    const adminCookie = await signIn(app.url)
    const adviser = { email: `cierra-${Date.now()}@pruebas.mx`, name: 'Carla Cierra', password: 'clave-de-carla-1' }
    const carla = track(consoleSocket(app.url, await signedInAdviser(app.url, adminCookie, adviser)))
    await connected(carla)
    const closed = async (visitorId: string) => (await app.storage.console.flags(visitorId)).closed
    const conversation = async () => {
      const id = newVisitor()
      const visitor = client(app.url, id)
      const widget = collect<{ content: string }>(visitor, 'response')
      await connected(visitor)
      await send(visitor, id, 'hola')
      await waitFor(() => widget.some((m) => m.content.startsWith(AUTO)), 'the automated answer')
      return { id, widget }
    }

    // The admin's conversation: Carla may not close it; it stays the admin's and open.
    const owned = await conversation()
    expect(await ask(admin, ConsoleClientEvent.takeOver, { visitorId: owned.id })).toMatchObject({ ok: true })
    expect(await ask(carla, ConsoleClientEvent.close, { visitorId: owned.id })).toEqual({
      ok: false,
      error: 'Administrador atiende esta conversación: solo esa persona o un administrador puede cerrarla.',
    })
    expect(await closed(owned.id)).toBe(false)
    expect(await app.storage.ownership.owner(owned.id, 600)).toMatchObject({ accountId: expect.any(String) })
    // Its owner may.
    expect(await ask(admin, ConsoleClientEvent.close, { visitorId: owned.id })).toEqual({ ok: true })
    expect(await closed(owned.id)).toBe(true)

    // One the automated agent answers: anyone may close it.
    const unowned = await conversation()
    expect(await ask(carla, ConsoleClientEvent.close, { visitorId: unowned.id })).toEqual({ ok: true })
    expect(await closed(unowned.id)).toBe(true)

    // Carla's own conversation: an admin may close it, and Carla's ownership ends with the visitor told.
    const hers = await conversation()
    expect(await ask(carla, ConsoleClientEvent.takeOver, { visitorId: hers.id })).toMatchObject({ ok: true })
    expect(await ask(admin, ConsoleClientEvent.close, { visitorId: hers.id })).toEqual({ ok: true })
    expect(await closed(hers.id)).toBe(true)
    expect(await app.storage.ownership.owner(hers.id, 600)).toBeNull()
    await waitFor(() => hers.widget.some((m) => m.content === OWNER_NOTICES.left(adviser.name)), "the visitor told Carla left")
  })

  it('shows the inbox by last activity with unread counts, and the whole conversation with its authors', async () => {
    const console = await signedInAgent()
    const cookie = await signIn(app.url)
    const id = newVisitor()
    const visitor = client(app.url, id)
    const widget = collect<{ content: string }>(visitor, 'response')
    await connected(visitor)
    await send(visitor, id, 'mensaje para la bandeja')
    await waitFor(() => widget.some((m) => m.content.startsWith(AUTO)), 'the automated answer')
    const inbox = await (await consoleFetch(app.url, '/inbox?filter=auto', { cookie })).json()
    expect(inbox.items[0]).toMatchObject({ visitorId: id, owner: null, unread: 1 })
    const found = await (await consoleFetch(app.url, `/inbox?q=${encodeURIComponent('para la bandeja')}`, { cookie })).json()
    expect(found.items.map((i: { visitorId: string }) => i.visitorId)).toEqual([id])
    await ask(console, ConsoleClientEvent.read, { visitorId: id })
    const after = await (await consoleFetch(app.url, '/inbox?filter=auto', { cookie })).json()
    expect(after.items[0]).toMatchObject({ visitorId: id, unread: 0 })
    const detail = await (await consoleFetch(app.url, `/conversations/${id}`, { cookie })).json()
    expect(detail.messages.map((m: ConversationMessage) => m.author.kind)).toEqual(['visitor', 'bot'])
  })

  it('serves the console page with the signed-in account and its first inbox page, as data and as markup, a visitor\'s </script> kept inside both', async () => {
    const cookie = await signIn(app.url)
    const id = newVisitor()
    const visitor = client(app.url, id)
    const widget = collect<{ content: string }>(visitor, 'response')
    await connected(visitor)
    const text = 'hola </script><script>alert(1)</script> <!-- fin'
    await send(visitor, id, text)
    await waitFor(() => widget.some((m) => m.content.startsWith(AUTO)), 'the automated answer')
    const page = async (headers: Record<string, string>) => {
      const response = await fetch(`${app.url}/consola`, { headers })
      expect(response.headers.get('cache-control')).toBe('no-store')
      const html = await response.text()
      const data = html.match(new RegExp(`<div id="consola">(.*)</div><script type="application/json" id="${CONSOLE_BOOT_ID}">(.*?)</script>`, 's'))
      return { markup: data![1]!, boot: JSON.parse(data![2]!) as ConsoleBoot }
    }
    const signedIn = await page({ Cookie: cookie })
    expect(signedIn.boot.account?.email).toBe(TEST_ADMIN.consoleAdminEmail)
    expect(signedIn.boot.inbox?.items[0]).toMatchObject({ visitorId: id, lastText: `${AUTO}: ${text}` })
    // The inbox is in the page before the app runs: the conversation as a link, its text escaped.
    expect(signedIn.markup).toContain(`<a href="#/conversaciones/${encodeURIComponent(id)}" class="conversation-item`)
    expect(signedIn.markup).toContain('hola &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- fin')
    expect(signedIn.markup).not.toContain('<script')
    // Its styles are in the page: it links no stylesheet, and the build ships none beside the app.
    const whole = await (await fetch(`${app.url}/consola`, { headers: { Cookie: cookie } })).text()
    expect(whole).toMatch(/<style>[^<]*\.conversation-item\{/)
    expect(whole).not.toMatch(/rel="?stylesheet/)
    expect(readdirSync('dist/console/app').filter((file) => file.includes('.css'))).toEqual([])
    // The alerts banner is in the markup as the app will keep it: from the browser's last answer.
    const ALERTS_BANNER = 'Activar alertas'
    expect(signedIn.boot.alertsAllowed).toBe(false)
    expect(signedIn.markup).toContain(ALERTS_BANNER)
    const allowed = await page({ Cookie: `${cookie}; ${CONSOLE_ALERTS_COOKIE}=1` })
    expect(allowed.boot.alertsAllowed).toBe(true)
    expect(allowed.markup).not.toContain(ALERTS_BANNER)
    // Signed out: no data and no markup (the sign-in form renders in the browser).
    expect(await page({})).toEqual({ markup: '', boot: { account: null, inbox: null, alertsAllowed: false } })
  })
})

describe("the automated agent's bookings on the console", { timeout: withEmbeddedStarts(1) }, () => {
  it('a visit the automated agent books shows live on an open console, as one a person books does', async () => {
    const property = readCatalogue().properties[0]!
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const booking: Responder = async (text, state) => ({
      state,
      messages: ['Listo, agendé tu visita.'],
      appointment: { at, name: 'Rosa', phone: '9981234567', propertySlug: property.slug, note: text },
    })
    const app = await server({ responder: booking })
    const cookie = await signIn(app.url)
    const agent = track(consoleSocket(app.url, cookie))
    const visits = collect<Visit>(agent, ConsoleServerEvent.visit)
    await connected(agent)
    const id = newVisitor()
    const visitor = client(app.url, id)
    await connected(visitor)
    await send(visitor, id, 'quiero ver la casa el jueves')
    await waitFor(() => visits.some((v) => v.visitorId === id), "the automated agent's booking on the console")
    const visit = visits.find((v) => v.visitorId === id)
    expect(visit).toMatchObject({ at, name: 'Rosa', note: 'quiero ver la casa el jueves', propertyTitle: property.title, status: 'por_confirmar', bookedBy: AUTOMATED_AGENT_ACTOR })
    // The same record the pipeline's screens read.
    const stored = await consoleFetch(app.url, `/visitors/${id}/visits`, { cookie })
    expect(visit).toEqual(((await stored.json()) as { items: Visit[] }).items[0])
  })
})

describe('a visit booked after the contact details', { timeout: withEmbeddedStarts(1) }, () => {
  it('turns the lead from «pidió que un asesor le contacte» into «Visita agendada» with the date in Cancún, live', async () => {
    const property = readCatalogue().properties[0]!
    // Saturday 11:00 in Cancún (UTC-5) a week or so ahead: the note says it the agency's way.
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const at = `${day}T16:00:00.000Z`
    const contact = { name: 'Ana Ruiz', phone: '9981234567', email: null }
    const agent: Responder = async (text, state) =>
      text.startsWith('me llamo')
        ? { state, messages: ['¡Gracias, Ana!'], lead: { ...contact, message: 'Pidió que un asesor le contacte.', propertySlug: null } }
        : { state, messages: ['¡Listo!'], appointment: { at, name: contact.name, phone: contact.phone, propertySlug: property.slug, note: text } }
    const app = await server({ responder: agent })
    const cookie = await signIn(app.url)
    const console = track(consoleSocket(app.url, cookie))
    const changed = collect<PipelineLead>(console, ConsoleServerEvent.leadChanged)
    await connected(console)
    const id = newVisitor()
    const visitor = client(app.url, id)
    await connected(visitor)
    await send(visitor, id, 'me llamo Ana Ruiz, mi teléfono es 9981234567')
    const lead = await waitForAsync(async () => ((await (await consoleFetch(app.url, `/leads?visitorId=${id}`, { cookie })).json()) as LeadPage).items[0], 'the lead')
    expect(lead.status).toBe('nuevo')
    await send(visitor, id, 'quiero visitar la primera el sábado a las 11')
    await waitFor(() => changed.some((l) => l.id === lead.id && l.status === 'visita_agendada'), 'the lead moved on, live')
    const detail = (await (await consoleFetch(app.url, `/leads/${lead.id}`, { cookie })).json()) as LeadDetail
    expect(detail.lead.status).toBe('visita_agendada')
    expect(whenText(at)).toMatch(/ 11:00$/)
    expect(detail.notes.map((n) => [n.author, n.body])).toEqual([[AUTOMATED_AGENT_ACTOR, `Visita agendada para el ${whenText(at)} (hora de Cancún): ${property.title}.`]])
    expect(detail.history.at(-1)).toMatchObject({ field: 'status', from: 'nuevo', to: 'visita_agendada', actor: AUTOMATED_AGENT_ACTOR })
  })
})

describe("a visitor's name on the live list", { timeout: withEmbeddedStarts(1) }, () => {
  it('turns «Visitante …» into the name the moment the lead is stored, and keeps it when the visitor comes back', async () => {
    const contact = { name: 'Ana Ruiz', phone: '9981234567', email: null }
    const capturing: Responder = async (text, state) => ({
      state: { ...(state as object), contact },
      messages: ['¡Gracias, Ana!'],
      lead: { ...contact, message: 'Pidió que un asesor le contacte.', propertySlug: null },
    })
    const app = await server({ responder: capturing })
    const agent = track(consoleSocket(app.url, await signIn(app.url)))
    const { visitors: updates } = liveChanges(agent)
    await connected(agent)
    const id = newVisitor()
    const visitor = client(app.url, id)
    const token = tokenOf(visitor)
    await connected(visitor)
    await waitFor(() => updates.some((v) => v.visitorId === id), 'the visitor on the live list')
    expect(updates.find((v) => v.visitorId === id)?.name).toBeNull()
    await send(visitor, id, 'me llamo Ana Ruiz, mi teléfono es 9981234567')
    await waitFor(() => updates.some((v) => v.visitorId === id && v.name === 'Ana Ruiz'), 'the name on the live list, live')
    expect((await ask<LiveVisitor[]>(agent, ConsoleClientEvent.liveVisitors, {})).find((v) => v.visitorId === id)?.name).toBe('Ana Ruiz')
    // Back another day: the name is there as soon as the widget connects, the inbox's same name.
    visitor.disconnect()
    await connected(client(app.url, id, { visitorToken: await token }))
    await waitForAsync(async () => (await ask<LiveVisitor[]>(agent, ConsoleClientEvent.liveVisitors, {})).find((v) => v.visitorId === id)?.name === 'Ana Ruiz', 'the name of a returning visitor')
    const inbox = await (await consoleFetch(app.url, '/inbox', { cookie: await signIn(app.url) })).json()
    expect(inbox.items.find((item: { visitorId: string }) => item.visitorId === id)?.name).toBe('Ana Ruiz')
    // The same details from another browser: the lead policy finds the lead already known and
    // stores nothing, yet this visitor is named too.
    const other = newVisitor()
    const second = client(app.url, other)
    await connected(second)
    await send(second, other, 'me llamo Ana Ruiz, mi teléfono es 9981234567')
    await waitFor(() => updates.some((v) => v.visitorId === other && v.name === 'Ana Ruiz'), 'the name of a visitor whose lead was already known')
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.skipIf(!redisUrl)('console across two processes behind Redis', () => {
  it('a visitor on process A, the agent on process B: live list, typing, messages and take-over', { timeout: withEmbeddedStarts(1) }, () =>
    servers.behindRedis(redisUrl!, async (a, b) => {
      const agent = track(consoleSocket(b.url, await signIn(b.url)))
      await connected(agent)
      const { visitors: live } = liveChanges(agent)
      const messages = collect<ConversationMessage>(agent, ConsoleServerEvent.message)
      const id = newVisitor()
      const visitor = client(a.url, id)
      const widget = collect<{ content: string }>(visitor, 'response')
      const widgetTyping = collect<string>(visitor, 'typing-state-widget')
      await connected(visitor)
      visitor.emit('navigation-path-chat', { urlPath: '/contacto', time: new Date().toISOString(), clientId: id, instance: 'Pruebas', utms: {} })
      await waitFor(() => live.some((v) => v.visitorId === id && v.page === '/contacto'), 'the visitor on the other process')
      expect((await ask<LiveVisitor[]>(agent, ConsoleClientEvent.liveVisitors, {})).some((v) => v.visitorId === id)).toBe(true)
      visitor.emit('typing-user-state', true)
      await waitFor(() => live.some((v) => v.visitorId === id && v.typing), 'typing across processes')
      expect(await ask(agent, ConsoleClientEvent.takeOver, { visitorId: id })).toMatchObject({ ok: true })
      await waitFor(() => widget.some((m) => m.content.includes('se unió')), 'the notice across processes')
      await ask(agent, ConsoleClientEvent.typing, { visitorId: id, typing: true })
      await waitFor(() => widgetTyping.includes('in-progress'), "the agent's typing across processes")
      await ask(agent, ConsoleClientEvent.send, { visitorId: id, content: 'Te escribo desde B', clientMessageId: 'b-1' })
      await waitFor(() => widget.some((m) => m.content === 'Te escribo desde B'), "the agent's message across processes")
      await send(visitor, id, 'gracias, desde A')
      await waitFor(() => messages.some((m) => m.content === 'gracias, desde A'), "the visitor's message across processes")
      expect(widget.some((m) => m.content.startsWith(AUTO))).toBe(false)
    }),
  )
})
