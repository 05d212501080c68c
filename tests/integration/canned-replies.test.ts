// The team's canned replies (docs/console.md#canned-replies) through the console's API, on both
// storages: who sees and changes personal and shared ones, bad input refused in Spanish at its
// field with nothing stored, and a reply made ready for a conversation (the visitor's name, the
// property on their screen, its price, the next visit slot no booked visit takes, the cards).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Property } from '../../src/catalogue/model'
import type { CannedFill, CannedReply } from '../../src/protocol/canned'
import type { RunningServer } from '../../src/server/app'
import { listingPrice } from '../../src/server/chat/agent/cards'
import { agencyCalendar, formatSlot, nextFreeSlot } from '../../src/server/chat/agent/schedule'
import type { Responder } from '../../src/server/chat/turn-types'
import { client, collect, connected, disconnectAll, newVisitor, send } from '../support/chat-client'
import { consoleFetch, signedInAdviser, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { waitFor } from '../support/wait'
import { STORAGES, type TestStorage } from './databases'

/** The scripted agent learns the name a message says after «Soy», as the real one does from its contact flow. */
const learnsName: Responder = async (text, state) => {
  const name = /^Soy (.+)$/.exec(text)?.[1]
  return { state: { ...(state as object), ...(name ? { contact: { name } } : {}) }, messages: ['Gracias.'] }
}

describe.each(STORAGES)('canned replies on $name', { timeout: withEmbeddedStarts(2, 60_000) }, ({ open }) => {
  let storage: TestStorage
  let server: RunningServer
  let admin: string
  let luis: string
  let luisId: string
  let properties: Property[]
  beforeAll(async () => {
    storage = await open()
    server = await startTestServer({ storage, ...TEST_ADMIN, responder: learnsName, replyDelayMs: 0 })
    admin = await signIn(server.url)
    luis = await signedInAdviser(server.url, admin, { email: 'luis.respuestas@pruebas.mx', name: 'Luis Pech', password: 'clave-de-prueba-789' })
    luisId = ((await (await consoleFetch(server.url, '/me', { cookie: luis })).json()) as { account: { id: string } }).account.id
    properties = (await storage.catalogue.searchProperties({ por_pagina: 2 })).items
  }, withEmbeddedStarts(2))
  afterEach(disconnectAll)
  afterAll(async () => {
    await server?.close()
    await storage?.close()
    await storage?.drop()
  })

  const call = (cookie: string, path: string, init: { method?: string; body?: unknown } = {}) => consoleFetch(server.url, `/canned-replies${path}`, { ...init, cookie })
  const list = async (cookie: string) => ((await (await call(cookie, '')).json()) as { items: CannedReply[] }).items
  const add = async (cookie: string, body: Record<string, unknown>) => {
    const made = await call(cookie, '', { method: 'POST', body: { language: 'es', listings: [], ...body } })
    expect(made.status, await made.clone().text()).toBe(201)
    return ((await made.json()) as { reply: CannedReply }).reply
  }
  const input = (reply: CannedReply, patch: Record<string, unknown> = {}) => ({
    title: reply.title,
    shortcut: reply.shortcut,
    language: reply.language,
    text: reply.text,
    listings: reply.listings.map((card) => card.id),
    shared: reply.shared,
    ...patch,
  })

  it('a personal reply is its author\'s alone; a shared one is everyone\'s, changed by its author and by admins', async () => {
    const shared = await add(admin, { title: 'Horario', shortcut: 'horario', text: 'Te esperamos de 9 a 19 h.', shared: true })
    const mine = await add(luis, { title: 'Mi saludo', shortcut: 'saludo', text: 'Hola {nombre}, soy {asesor}.', shared: false })
    expect(mine).toMatchObject({ authorId: luisId, authorName: 'Luis Pech', canEdit: true, shared: false })

    // Luis sees both, may change only his own; the admin never sees Luis's personal one.
    const seenByLuis = await list(luis)
    expect(seenByLuis.find((r) => r.id === shared.id)).toMatchObject({ canEdit: false, authorName: 'Administrador' })
    expect(seenByLuis.find((r) => r.id === mine.id)).toBeDefined()
    expect((await list(admin)).map((r) => r.id)).not.toContain(mine.id)
    const refused = await call(luis, `/${shared.id}`, { method: 'PUT', body: input(shared, { text: 'Cambiado' }) })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: { message: 'Solo su autor o un administrador puede cambiar una respuesta compartida.' } })
    expect((await call(luis, `/${shared.id}`, { method: 'DELETE' })).status).toBe(403)
    for (const [method, path] of [['PUT', `/${mine.id}`], ['DELETE', `/${mine.id}`], ['GET', `/${mine.id}/fill?visitorId=${newVisitor()}`]] as const) {
      expect((await call(admin, path, { method, ...(method === 'PUT' ? { body: input(mine) } : {}) })).status, `${method} ${path}`).toBe(404)
    }
    expect((await list(admin)).find((r) => r.id === shared.id)?.text).toBe('Te esperamos de 9 a 19 h.')

    // Luis shares his own: the admin may change it, but not make it personal (only its author may).
    const luisShared = await add(luis, { title: 'Crédito', shortcut: 'credito', text: 'Aceptamos crédito Infonavit.', shared: true })
    const edited = await call(admin, `/${luisShared.id}`, { method: 'PUT', body: input(luisShared, { text: 'Aceptamos crédito Infonavit y Fovissste.' }) })
    expect(edited.status).toBe(200)
    expect(((await edited.json()) as { reply: CannedReply }).reply).toMatchObject({ authorId: luisId, text: 'Aceptamos crédito Infonavit y Fovissste.', canEdit: true })
    const personal = await call(admin, `/${luisShared.id}`, { method: 'PUT', body: input(luisShared, { shared: false }) })
    expect(personal.status).toBe(400)
    expect(await personal.json()).toMatchObject({ error: { fields: { shared: 'Solo su autor puede hacerla personal.' } } })
    expect((await call(luis, `/${luisShared.id}`, { method: 'PUT', body: input(luisShared, { shared: false }) })).status).toBe(200)
    expect((await list(admin)).map((r) => r.id)).not.toContain(luisShared.id)

    expect((await call(admin, `/${shared.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await list(luis)).map((r) => r.id)).not.toContain(shared.id)
    expect((await call(admin, `/${shared.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('refuses bad input with a Spanish message at each field, and stores nothing', async () => {
    const before = await list(admin)
    const bad = await call(admin, '', { method: 'POST', body: { title: '', shortcut: 'ver casa', language: 'es', text: 'Hola {cliente}', listings: [], shared: true } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      error: {
        code: 'invalid_request',
        fields: {
          title: 'Escribe un título (por ejemplo «Agendar visita»).',
          shortcut: 'El atajo va sin espacios: letras, números y guiones (por ejemplo «visita-sabado»).',
          text: expect.stringMatching(/^\{cliente\} no es una variable\. Puedes usar \{nombre\}/),
        },
      },
    })
    const gone = await call(admin, '', { method: 'POST', body: { title: 'Casa', shortcut: 'casa', language: 'es', text: 'Mira', listings: [properties[0]!.id, 'no-existe'], shared: true } })
    expect(gone.status).toBe(400)
    expect(((await gone.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'listings.1': 'Esa propiedad ya no está publicada: quítala de la respuesta.' })
    expect(await list(admin)).toEqual(before)
  })

  it('fills a reply for a conversation: name, property on screen, price, next free slot and cards; a missing value stays written', async () => {
    const [onScreen, carded] = properties as [Property, Property]
    const reply = await add(luis, {
      title: 'Agendar visita',
      shortcut: 'visita',
      text: 'Hola {nombre}, soy {asesor}. {propiedad} ({precio}): {enlace}. ¿Te parece el {proxima-visita}?',
      listings: [carded.id],
      shared: true,
    })
    const visitor = newVisitor()
    const socket = client(server.url, visitor)
    const turns = collect<string>(socket, 'typing-state-widget')
    await connected(socket)
    expect(await send(socket, visitor, 'Soy Carmen López')).toMatchObject({ ok: true })
    await waitFor(() => turns.includes('done'), "the agent's turn")

    const fill = async (page?: string, as = admin, visitorId = visitor) => {
      const answer = await call(as, `/${reply.id}/fill?${new URLSearchParams({ visitorId, ...(page ? { page } : {}) })}`)
      expect(answer.status).toBe(200)
      return (await answer.json()) as CannedFill
    }
    /** The slot the server may have computed: the calendar and visits of the moment before and after the call. */
    const calendar = agencyCalendar((await storage.agency.current()).profile)
    const booked = async () => (await storage.db.query<{ at: Date | string }>("SELECT at FROM appointments WHERE status <> 'cancelada'")).map((row) => new Date(row.at))
    const slotAround = async (call: () => Promise<CannedFill>) => {
      const before = formatSlot(nextFreeSlot(new Date(), calendar, await booked())!, new Date())
      const filled = await call()
      const after = formatSlot(nextFreeSlot(new Date(), calendar, await booked())!, new Date())
      return { filled, slots: [before, after] }
    }

    const { filled, slots } = await slotAround(() => fill(`/propiedad/${onScreen.slug}?ref=1`))
    const slot = slots.find((s) => filled.text.endsWith(`¿Te parece el ${s}?`))
    expect(slot, filled.text).toBeDefined()
    expect(filled.text).toBe(
      `Hola Carmen López, soy Administrador. ${onScreen.title} (${listingPrice(onScreen.price, onScreen.operation, 'es')}): ${server.url}/propiedad/${onScreen.slug}. ¿Te parece el ${slot}?`,
    )
    expect(filled).toMatchObject({ missing: [], unpublished: 0 })
    expect(filled.cards).toHaveLength(1)
    expect(filled.cards[0]).toContain(`**${carded.title}**`)
    expect(filled.cards[0]).toContain(`/propiedad/${carded.slug}`)

    // A visit booked at that slot: the next reply offers another one.
    const at = nextFreeSlot(new Date(), calendar, await booked())!
    expect((await consoleFetch(server.url, '/visits', { method: 'POST', cookie: admin, body: { visitorId: visitor, at: at.toISOString(), name: 'Carmen López' } })).status).toBe(201)
    const again = await slotAround(() => fill())
    expect(again.slots).not.toContain(formatSlot(at, new Date()))
    expect(again.slots.some((s) => again.filled.text.endsWith(`¿Te parece el ${s}?`)), again.filled.text).toBe(true)

    // Off a property page and with a visitor who never said their name: those variables stay for the person.
    const unknown = await fill('/contacto', luis, newVisitor())
    expect(unknown.text).toMatch(/^Hola \{nombre\}, soy Luis Pech\. \{propiedad\} \(\{precio\}\): \{enlace\}\. ¿Te parece el .+\?$/)
    expect(unknown.missing).toEqual(['nombre', 'propiedad', 'precio', 'enlace'])
  })
})
