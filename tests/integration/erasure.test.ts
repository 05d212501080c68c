import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConsoleServerEvent, type ErasedPerson } from '../../src/protocol/console'
import type { RunningServer } from '../../src/server/app'
import { NOTICES } from '../../src/server/chat/namespace'
import { SITE_LEAD_ENDPOINT } from '../../src/domain/site-paths'
import { client, collect, connected, disconnectAll, history, newVisitor, refusalWithData, send, tokenOf, track } from '../support/chat-client'
import { consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { freshEmbeddedDir } from '../support/embedded'
import { withEmbeddedStarts } from '../support/limits'
import { testServers } from '../support/server'
import { waitFor, waitForAsync } from '../support/wait'

/**
 * Erasure that erases (docs/behaviour.md#data-rights): a person found from a site form's
 * `cp_visitor` id and their phone, their open widget refused as that visitor, every console told
 * at once, and none of their values left in the embedded database's files.
 */
const servers = testServers(TEST_ADMIN)
afterAll(() => disconnectAll())

const NAME = 'Zacarías Quintanilla'
const EMAIL = 'zacarias.quintanilla@example.mx'
/** As the visitor typed it in the chat, and as the form sent it. */
const CHAT_PHONE = '998 777 6655'
const FORM_PHONE = '+52 (998) 777-6655'
/** Any of these bytes in a file of the data folder is the person still on disk. */
const TRACES = [NAME, EMAIL, '777 6655', '7776655', '777-6655']

/** Every file of the folder holding one of `needles` (as UTF-8 bytes), with the needle. */
function filesHolding(dir: string, needles: string[]): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const bytes = readFileSync(path)
    for (const needle of needles) if (bytes.includes(Buffer.from(needle))) found.push(`${path.slice(dir.length)}: ${needle}`)
  }
  return found
}

/** A visitor's widget that chats and leaves its contact, and a site form sent from another page of the same person. */
async function personWithChatAndForm(server: RunningServer, admin: string) {
  const visitorId = newVisitor()
  const widget = client(server.url, visitorId)
  const token = tokenOf(widget)
  await connected(widget)
  expect(await send(widget, visitorId, `Hola, soy ${NAME}, mi cel es ${CHAT_PHONE}`)).toMatchObject({ ok: true })
  await waitForAsync(async () => (await history(widget, visitorId)).length >= 2, 'the agent to answer')
  // What the visitor told the chat is their lead: the automated agent's, or saved now by a person of the agency.
  const saved = await consoleFetch(server.url, `/visitors/${visitorId}/leads`, {
    method: 'POST',
    cookie: admin,
    body: { name: NAME, phone: CHAT_PHONE, email: '', message: 'Busca casa en Cancún' },
  })
  expect(saved.ok).toBe(true)
  // The form is about a property: a lead of its own, not the chat lead again.
  const [property] = await server.storage.db.query<{ slug: string }>('SELECT slug FROM properties ORDER BY slug LIMIT 1')
  const cookieId = `cpVisitor_${visitorId.replaceAll('-', '')}`
  const form = await fetch(`${server.url}${SITE_LEAD_ENDPOINT}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: `cp_visitor=${cookieId}` },
    body: JSON.stringify({ name: NAME, phone: FORM_PHONE, email: EMAIL.toUpperCase(), message: 'Quiero ver la casa', source: 'propiedad', propertySlug: property!.slug, consent: true }),
  })
  expect(form.status).toBe(201)
  return { visitorId, widget, token: await token, cookieId }
}

describe('erasure on the embedded database', () => {
  const data = freshEmbeddedDir()
  afterAll(async () => {
    await servers.closeAll() // its database is closed before its folder goes
    data.remove()
  })

  it("erases a form lead by its cp_visitor id with the person's chat, refuses their open widget, tells the console and leaves no byte on disk", { timeout: withEmbeddedStarts(1) }, async () => {
    const server = await servers.start({ dataDir: data.dir })
    const admin = await signIn(server.url)
    const console_ = track(consoleSocket(server.url, admin))
    await connected(console_)
    const erased = collect<ErasedPerson>(console_, ConsoleServerEvent.erased)
    const { visitorId, widget, token, cookieId } = await personWithChatAndForm(server, admin)
    const widgetClosed = new Promise<string>((resolve) => widget.once('disconnect', resolve))

    // As the timer's vacuum leaves them: the values in the tables' files, their statistics and the log.
    await server.storage.db.query('ANALYZE')
    await server.storage.db.query('CHECKPOINT')
    expect(filesHolding(data.dir, TRACES).length).toBeGreaterThan(0)

    const answer = await consoleFetch(server.url, `/visitors/${cookieId}`, { method: 'DELETE', cookie: admin })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ erasure: { rowsErased: { leads: 2, chat_visitors: 1 } } })

    expect(filesHolding(data.dir, TRACES)).toEqual([])
    // Every console drops the person at once; their widget's link is closed.
    await waitFor(() => erased.length === 1, 'the console told of the erasure')
    expect(erased[0]!.visitorIds.sort()).toEqual([cookieId, visitorId].sort())
    expect(erased[0]!.leadIds).toHaveLength(2)
    expect(await widgetClosed).toBe('io server disconnect') // the widget connects again at once…
    // …and is refused as that visitor, with its token or without: it starts over as a new one.
    for (const visitorToken of [token, undefined]) {
      const again = client(server.url, visitorId, visitorToken ? { visitorToken } : {})
      expect(await refusalWithData(again)).toEqual({ message: NOTICES.notYours, data: { code: 'invalid-visitor-token' } })
    }
    const fresh = newVisitor()
    const renewed = client(server.url, fresh)
    await connected(renewed)
    expect(await history(renewed, fresh)).toEqual([])
    expect(await server.storage.chat.history(visitorId)).toEqual([])
    expect((await consoleFetch(server.url, `/visitors/${visitorId}/export`, { cookie: admin })).status).toBe(404)
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.skipIf(!redisUrl)('erasure across two processes behind Redis', () => {
  it("an erasure on process B closes the person's widget on process A and reaches the consoles of both", { timeout: withEmbeddedStarts(1) }, () =>
    servers.behindRedis(redisUrl!, async (a, b) => {
      const [adminA, adminB] = [await signIn(a.url), await signIn(b.url)]
      const consoles = [track(consoleSocket(a.url, adminA)), track(consoleSocket(b.url, adminB))]
      await Promise.all(consoles.map(connected))
      const heard = consoles.map((socket) => collect<ErasedPerson>(socket, ConsoleServerEvent.erased))
      const { visitorId, widget, token } = await personWithChatAndForm(a, adminA)
      const widgetClosed = new Promise<string>((resolve) => widget.once('disconnect', resolve))
      const lead = (await (await consoleFetch(b.url, `/leads?q=${encodeURIComponent('Quintanilla')}`, { cookie: adminB })).json()) as { items: { id: string; source: string }[] }
      const formLead = lead.items.find((item) => item.source === 'propiedad')!

      // From the form lead's page (no chat of its own): the person with their chat is erased.
      const answer = await consoleFetch(b.url, `/leads/${formLead.id}/person`, { method: 'DELETE', cookie: adminB })
      expect(answer.status).toBe(200)
      await waitFor(() => heard.every((events) => events.some((e) => e.visitorIds.includes(visitorId))), 'both consoles told')
      expect(await widgetClosed).toBe('io server disconnect')
      const again = client(a.url, visitorId, { visitorToken: token })
      expect((await refusalWithData(again)).data).toEqual({ code: 'invalid-visitor-token' })
      expect((await consoleFetch(b.url, `/leads/${formLead.id}`, { cookie: adminB })).status).toBe(404)
    }),
  )
})
