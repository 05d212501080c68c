// A console account's displayed name and photo (docs/behaviour.md#console-accounts): a person
// changes their own in «Mi cuenta», an admin renames any account in «Cuentas», each checked by the
// shared schema with a Spanish message at its field; the change, and an account's removal, reach
// every open console at once, across processes through Redis; visitors read the name as it is now
// in the typing indicator and in new notices, and the notices they already read keep theirs.
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { TYPING_BY_PERSON, TYPING_IN_PROGRESS } from '../../src/protocol'
import {
  type AccountChange,
  type AccountRemoved,
  type ConsoleAccount,
  ConsoleClientEvent,
  ConsoleServerEvent,
  type ConversationDetail,
} from '../../src/protocol/console'
import type { Colleague } from '../../src/protocol/crm'
import { PHOTOS_API_PATH, type PhotoUploadAnswer } from '../../src/protocol/photos'
import type { RunningServer } from '../../src/server/app'
import { OWNER_NOTICES } from '../../src/server/chat/ownership'
import { PHOTO_MISSING } from '../../src/server/console/api'
import { DEFAULT_PHOTO_LIMITS } from '../../src/server/media/limits'
import { client, collect, connected, disconnectAll, history, newVisitor, send, track } from '../support/chat-client'
import { addAdviser, consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { photoDirs, pngPhoto } from '../support/photos'
import { startTestServer, testRedisPrefix } from '../support/server'
import { waitFor } from '../support/wait'
import { STORAGES, type TestStorage } from './databases'

const dirs = photoDirs()
afterEach(disconnectAll)

const ask = <T>(socket: Socket, event: string, payload?: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<T>
const ANA = { email: 'ana@pruebas.mx', name: 'Ana', password: 'clave-de-ana-123' }
const RENAMED = 'Ana Sofía Pérez'

/** A signed-in console's socket, connected, with the account events it hears from now on. */
async function openConsole(url: string, cookie: string) {
  const socket = track(consoleSocket(url, cookie))
  const changes = collect<AccountChange>(socket, ConsoleServerEvent.account)
  const removals = collect<AccountRemoved>(socket, ConsoleServerEvent.accountRemoved)
  const signedOut = new Promise<void>((resolve) => socket.once(ConsoleServerEvent.signedOut, () => resolve()))
  await connected(socket)
  return { socket, changes, removals, signedOut }
}

/** A visitor's widget that wrote once, with the agent's replies and each typing state with its author. */
async function widgetOf(url: string) {
  const visitorId = newVisitor()
  const widget = client(url, visitorId)
  const replies = collect<{ content: string }>(widget, 'response')
  const typing: TypingState[] = []
  widget.on('typing-state-widget', (state: string, author?: { by: string; name?: string }) => typing.push({ state, ...(author ? { author } : {}) }))
  await connected(widget)
  expect(await send(widget, visitorId, 'Hola, busco casa')).toMatchObject({ ok: true })
  return { visitorId, widget, replies, typing }
}

type TypingState = { state: string; author?: { by: string; name?: string } }
/** The latest «in-progress» typing state the widget got: what its indicator shows. */
const lastTyping = (typing: TypingState[]) => typing.filter((t) => t.state === TYPING_IN_PROGRESS).at(-1)
/** Resolves once the widget's indicator names `name`. */
const typedAs = (typing: TypingState[], name: string) => waitFor(() => lastTyping(typing)?.author?.name === name, `the widget's typing indicator naming ${name}`)

async function uploadPng(url: string, cookie: string): Promise<string> {
  const form = new FormData()
  form.append('foto', new Blob([new Uint8Array(await pngPhoto())], { type: 'image/png' }), 'yo.png')
  const answer = (await (await fetch(`${url}${PHOTOS_API_PATH}`, { method: 'POST', headers: { Origin: url, Cookie: cookie }, body: form })).json()) as PhotoUploadAnswer
  const [result] = answer.results
  if (!result?.ok) throw new Error(`the upload failed: ${JSON.stringify(answer)}`)
  return `/photos/${result.key}`
}

describe('account names and photos on one server', { timeout: withEmbeddedStarts(1, 60_000) }, () => {
  let server: RunningServer
  let admin: string
  beforeAll(async () => {
    server = await startTestServer({ ...TEST_ADMIN, replyDelayMs: 0, photos: { dir: dirs.fresh(), ...DEFAULT_PHOTO_LIMITS, s3: undefined } })
    admin = await signIn(server.url)
  }, withEmbeddedStarts(1))
  afterAll(() => server?.close())
  const rename = (cookie: string, id: string, body: unknown) => consoleFetch(server.url, `/accounts/${id}`, { method: 'PUT', cookie, body })
  const saveProfile = (cookie: string, body: unknown) => consoleFetch(server.url, '/me', { method: 'PUT', cookie, body })

  it('an admin renames an account: every console hears it at once; the visitor reads the new name while the person types and in new notices, the notice already read keeps its own', async () => {
    const ana = await addAdviser(server.url, admin, ANA)
    const anaCookie = await signIn(server.url, ANA.email, ANA.password)
    const [adminConsole, anaConsole] = [await openConsole(server.url, admin), await openConsole(server.url, anaCookie)]
    const { visitorId, widget, replies, typing } = await widgetOf(server.url)

    expect(await ask(anaConsole.socket, ConsoleClientEvent.takeOver, { visitorId })).toMatchObject({ ok: true })
    await waitFor(() => replies.some((m) => m.content === OWNER_NOTICES.joined('Ana')), 'the notice that Ana joined')
    await ask(anaConsole.socket, ConsoleClientEvent.typing, { visitorId, typing: true })
    await typedAs(typing, 'Ana')
    await ask(anaConsole.socket, ConsoleClientEvent.send, { visitorId, content: 'Con gusto te ayudo', clientMessageId: 'ana-1' })

    const renamed = await rename(admin, ana.id, { name: `  ${RENAMED} ` })
    expect(renamed.status).toBe(200)
    expect(((await renamed.json()) as { account: ConsoleAccount }).account).toMatchObject({ id: ana.id, name: RENAMED, email: ANA.email })
    // Both consoles, hers included, hear it; colleagues are not told her e-mail.
    const heard = { id: ana.id, name: RENAMED, photo: null, role: 'asesor', canPublish: false }
    await waitFor(() => adminConsole.changes.length && anaConsole.changes.length, 'the rename on both consoles')
    expect([adminConsole.changes, anaConsole.changes]).toEqual([[heard], [heard]])

    // What the console shows of her: the new name on the conversation she answers and on her past message.
    const detail = (await (await consoleFetch(server.url, `/conversations/${visitorId}`, { cookie: admin })).json()) as ConversationDetail
    expect(detail.owner).toMatchObject({ accountId: ana.id, name: RENAMED })
    expect(detail.messages.find((m) => m.content === 'Con gusto te ayudo')?.author).toEqual({ kind: 'person', accountId: ana.id, name: RENAMED })
    const people = ((await (await consoleFetch(server.url, '/people', { cookie: anaCookie })).json()) as { items: Colleague[] }).items
    expect(people.find((p) => p.id === ana.id)?.name).toBe(RENAMED)

    // The visitor: her next typing names her anew, and so does the notice when she leaves.
    await ask(anaConsole.socket, ConsoleClientEvent.typing, { visitorId, typing: true })
    await typedAs(typing, RENAMED)
    expect(lastTyping(typing)?.author).toEqual({ by: TYPING_BY_PERSON, name: RENAMED })
    expect(await ask(anaConsole.socket, ConsoleClientEvent.handBack, { visitorId })).toMatchObject({ ok: true })
    await waitFor(() => replies.some((m) => m.content === OWNER_NOTICES.left(RENAMED)), 'the notice that she left, in her new name')
    // What the visitor already read stays as it was written.
    const contents = (await history(widget, visitorId)).map((m) => m.content)
    expect(contents).toContain(OWNER_NOTICES.joined('Ana'))
    expect(contents).toContain(OWNER_NOTICES.left(RENAMED))
  })

  it('refuses a name that is empty, too long or not text with a Spanish message at its field; an adviser renames only themselves', async () => {
    const marta = await addAdviser(server.url, admin, { email: 'marta@pruebas.mx', name: 'Marta', password: 'clave-de-marta-1' })
    const martaCookie = await signIn(server.url, 'marta@pruebas.mx', 'clave-de-marta-1')
    const refusals = [
      [{ name: '   ' }, 'Escribe el nombre.'],
      [{ name: 'M'.repeat(81) }, 'El nombre admite hasta 80 caracteres.'],
      [{ name: 42 }, 'El nombre debe ser texto.'],
    ] as const
    for (const [body, message] of refusals) {
      const answer = await rename(admin, marta.id, body)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ error: { code: 'invalid_request', message, fields: { name: message } } })
      const own = await saveProfile(martaCookie, { ...body, photo: null })
      expect(((await own.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ name: message })
    }
    expect((await rename(admin, marta.id, {})).status).toBe(400)
    expect((await rename(admin, marta.id, { name: 'Marta', email: 'otra@pruebas.mx' })).status).toBe(400)
    expect((await rename(admin, 'no-existe', { name: 'Nadie' })).status).toBe(404)
    // An adviser: not another account, not even their own through «Cuentas»; their own in «Mi cuenta».
    const adminId = ((await (await consoleFetch(server.url, '/me', { cookie: admin })).json()) as { account: ConsoleAccount }).account.id
    expect((await rename(martaCookie, adminId, { name: 'Jefe' })).status).toBe(403)
    expect((await rename(martaCookie, marta.id, { name: 'Marta R.' })).status).toBe(403)
    expect((await (await consoleFetch(server.url, '/me', { cookie: martaCookie })).json()).account.name).toBe('Marta')
  })

  it('a person sets their own name and photo in «Mi cuenta»: only a photo the pipeline stored; colleagues see both at once', async () => {
    await addAdviser(server.url, admin, { email: 'luis@pruebas.mx', name: 'luis', password: 'clave-de-luis-1' })
    const luis = await signIn(server.url, 'luis@pruebas.mx', 'clave-de-luis-1')
    const adminConsole = await openConsole(server.url, admin)
    const refused = await saveProfile(luis, { name: 'Luis Alberto', photo: `/photos/${'a'.repeat(64)}.png` })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: { message: PHOTO_MISSING, fields: { photo: PHOTO_MISSING } } })
    const elsewhere = await saveProfile(luis, { name: 'Luis Alberto', photo: 'https://otro-sitio.example/yo.png' })
    expect(((await elsewhere.json()) as { error: { fields: Record<string, string> } }).error.fields.photo).toBeTruthy()
    expect(adminConsole.changes).toEqual([])

    const photo = await uploadPng(server.url, luis)
    const saved = await saveProfile(luis, { name: 'Luis Alberto', photo })
    expect(saved.status).toBe(200)
    const account = ((await saved.json()) as { account: ConsoleAccount }).account
    expect(account).toMatchObject({ name: 'Luis Alberto', photo })
    await waitFor(() => adminConsole.changes.some((c) => c.id === account.id && c.photo === photo && c.name === 'Luis Alberto'), 'the new photo on a colleague\'s console')
    const listed = ((await (await consoleFetch(server.url, '/accounts', { cookie: admin })).json()) as { items: ConsoleAccount[] }).items
    expect(listed.find((a) => a.id === account.id)).toMatchObject({ name: 'Luis Alberto', photo })
    // The photo is shown through the image proxy.
    expect((await fetch(`${server.url}/_ipx/w_240&f_webp${photo}`)).status).toBe(200)

    // No photo again.
    expect(((await (await saveProfile(luis, { name: 'Luis Alberto', photo: null })).json()) as { account: ConsoleAccount }).account.photo).toBeNull()
  })

  it('removing an account signs its open console out and takes it off every other console', async () => {
    const pepe = await addAdviser(server.url, admin, { email: 'pepe@pruebas.mx', name: 'Pepe', password: 'clave-de-pepe-1' })
    const pepeConsole = await openConsole(server.url, await signIn(server.url, 'pepe@pruebas.mx', 'clave-de-pepe-1'))
    const adminConsole = await openConsole(server.url, admin)
    expect((await consoleFetch(server.url, `/accounts/${pepe.id}`, { method: 'DELETE', cookie: admin })).status).toBe(200)
    await pepeConsole.signedOut
    await waitFor(() => adminConsole.removals.length, 'the removal on the admin\'s console')
    expect(adminConsole.removals).toEqual([{ accountId: pepe.id }])
    // A new password is no removal: the account stays on every list.
    const otro = await addAdviser(server.url, admin, { email: 'otro@pruebas.mx', name: 'Otro', password: 'clave-de-otro-1' })
    expect((await consoleFetch(server.url, `/accounts/${otro.id}/password`, { method: 'POST', cookie: admin })).status).toBe(200)
    expect((await consoleFetch(server.url, `/accounts/${otro.id}`, { method: 'DELETE', cookie: admin })).status).toBe(200)
    await waitFor(() => adminConsole.removals.length === 2, 'the second removal')
    expect(adminConsole.removals.map((r) => r.accountId)).toEqual([pepe.id, otro.id])
  })
})

const postgres = STORAGES.find((s) => s.name === 'PostgreSQL')
const redisUrl = process.env.TEST_REDIS_URL
describe.skipIf(!postgres || !redisUrl)('account changes across two processes on PostgreSQL behind Redis', () => {
  it('a rename on process A reaches the consoles of both and the visitor of A typed to from B; a removal on A signs the account out on B', { timeout: withEmbeddedStarts(2, 60_000) }, async () => {
    const place = `t_cuentas_${process.pid}_${Date.now()}`
    // Two pools on one database, as two processes have.
    const storages: TestStorage[] = [await postgres!.open(place), await postgres!.open(place)]
    const redisPrefix = testRedisPrefix()
    const servers: RunningServer[] = []
    try {
      for (const storage of storages) servers.push(await startTestServer({ storage, redisUrl: redisUrl!, redisPrefix, replyDelayMs: 0, ...TEST_ADMIN }))
      const [a, b] = servers as [RunningServer, RunningServer]
      const adminA = await signIn(a.url)
      const ana = await addAdviser(a.url, adminA, ANA)
      const anaOnB = await openConsole(b.url, await signIn(b.url, ANA.email, ANA.password))
      const adminOnB = await openConsole(b.url, await signIn(b.url))
      const adminOnA = await openConsole(a.url, adminA)

      // Her visitor chats on A; she answers from B.
      const { visitorId, typing } = await widgetOf(a.url)
      expect(await ask(anaOnB.socket, ConsoleClientEvent.takeOver, { visitorId })).toMatchObject({ ok: true })
      expect((await consoleFetch(a.url, `/accounts/${ana.id}`, { method: 'PUT', cookie: adminA, body: { name: RENAMED } })).status).toBe(200)
      await waitFor(() => [anaOnB, adminOnB, adminOnA].every((c) => c.changes.some((change) => change.id === ana.id && change.name === RENAMED)), 'the rename on the consoles of both processes')
      await ask(anaOnB.socket, ConsoleClientEvent.typing, { visitorId, typing: true })
      await typedAs(typing, RENAMED)

      expect((await consoleFetch(a.url, `/accounts/${ana.id}`, { method: 'DELETE', cookie: adminA })).status).toBe(200)
      await anaOnB.signedOut
      await waitFor(() => adminOnB.removals.some((r) => r.accountId === ana.id), 'the removal on the other process')
    } finally {
      for (const server of servers) await server.close()
      for (const storage of storages) await storage.close()
      await storages[0]?.drop()
    }
  })
})
