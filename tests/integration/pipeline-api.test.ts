import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientEvent, ServerEvent, type CustomWidgetConfig } from '../../src/protocol'
import { ConsoleServerEvent } from '../../src/protocol/console'
import { LEAD_FILTER_LIMITS, LEAD_REVIEW, VISIT_LIMITS, VISIT_NOT_YET_ERROR } from '../../src/protocol/crm'
import type { RunningServer } from '../../src/server/app'
import { DEFAULT_CHAT_LIMITS, NOTICES } from '../../src/server/chat/namespace'
import { UTF8_BOM } from '../../src/server/crm/csv'
import { RANGE_REVERSED, type Dashboard } from '../../src/protocol/numbers'
import { LEAD_MESSAGES } from '../../src/shared/lead-rules'
import { agencyDay } from '../../src/domain/agency-clock'
import { client, connected, disconnectAll, send, track } from '../support/chat-client'
import { addAdviser, consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { readAgency } from '../support/catalogue'
import { startTestServer } from '../support/server'
import { waitFor, waitForAsync } from '../support/wait'
import { CONFIG_POLL_MS } from '../../src/widget/constants'

/** Widgets poll their configuration every second (docs/behaviour.md#config-poll): a save must show within it. */
const SETTINGS_VISIBLE_MS = 1000
const INSTANCE = 'Pruebas'
const ADVISER = { email: 'luis@pruebas.mx', name: 'Luis Pérez', password: 'clave-de-luis-1' }

describe('pipeline routes under /consola/api, over a real server', { timeout: withEmbeddedStarts(1) }, () => {
  let server: RunningServer
  const cookies: Record<'ana' | 'luis', string> = { ana: '', luis: '' }
  const ids: Record<'ana' | 'luis', string> = { ana: '', luis: '' }
  beforeAll(async () => {
    server = await startTestServer(TEST_ADMIN)
    cookies.ana = await signIn(server.url)
    ids.luis = (await addAdviser(server.url, cookies.ana, ADVISER)).id
    cookies.luis = await signIn(server.url, ADVISER.email, ADVISER.password)
    ids.ana = ((await (await consoleFetch(server.url, '/me', { cookie: cookies.ana })).json()) as { account: { id: string } }).account.id
  }, withEmbeddedStarts(1))
  afterAll(async () => {
    disconnectAll()
    await server?.close()
  })

  const call = (who: 'ana' | 'luis', path: string, init: { method?: string; body?: unknown } = {}) =>
    consoleFetch(server.url, path, { ...init, cookie: cookies[who] })

  /** A widget's socket: the same handshake and events as dist/widget.js. */
  async function widget(visitorId: string) {
    const socket = client(server.url, visitorId, { query: { instance: INSTANCE } })
    await connected(socket)
    const heard: { event: string; payload: unknown }[] = []
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }))
    return { socket, heard }
  }

  it("an admin's saved settings reach an open widget's poll within a second; an adviser may not save", async () => {
    const { socket } = await widget('0000cccc-0000-4000-8000-000000000001')
    const poll = () => socket.timeout(5000).emitWithAck(ClientEvent.getCustomWidget, { instance: INSTANCE }) as Promise<CustomWidgetConfig>
    // Before any setting, the header is the agency's primary colour (docs/agency.md#widget).
    const brand = readAgency().profile.colors.primary
    expect((await poll()).headerColor).toBe(brand)

    const settings = { headerColor: '#0b5d1e', headerTextColor: '#ffffff', welcomeMessage: '¡Bienvenido a la prueba!', visibility_welcome_modal: true }
    expect((await call('luis', `/settings/${INSTANCE}`, { method: 'PUT', body: settings })).status).toBe(403)
    const saved = await call('ana', `/settings/${INSTANCE}`, { method: 'PUT', body: settings })
    const savedAt = Date.now()
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ version: { version: 2, author: ids.ana }, warnings: expect.any(Array) })

    // Polled at the widget's own pace: faster would exceed the chat's per-socket event budget.
    let seen: CustomWidgetConfig = {}
    await waitForAsync(async () => {
      await new Promise((resolve) => setTimeout(resolve, CONFIG_POLL_MS / 4))
      seen = await poll()
      return seen.headerColor === '#0b5d1e'
    }, 'the widget poll to return the saved colour')
    expect(Date.now() - savedAt).toBeLessThan(SETTINGS_VISIBLE_MS)
    expect(seen.welcomeMessage).toBe('¡Bienvenido a la prueba!')

    const refused = await call('ana', `/settings/${INSTANCE}`, { method: 'PUT', body: { headerColor: 'red; }' } })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: { fields: { headerColor: expect.stringContaining('no es un color válido') } } })

    const undone = await call('ana', `/settings/${INSTANCE}/versions/1/restore`, { method: 'POST' })
    expect(await undone.json()).toMatchObject({ version: { version: 3, restoredFrom: 1 } })
    await waitForAsync(async () => {
      await new Promise((resolve) => setTimeout(resolve, CONFIG_POLL_MS / 4))
      return (await poll()).headerColor === brand
    }, 'the widget poll to return the first version')
    // Who saved each version, by the names people read.
    expect((await (await call('ana', `/settings/${INSTANCE}`)).json()).names).toEqual({ [ids.ana]: 'Administrador', 'configuracion-inicial': 'Configuración inicial' })
  })

  it("offers the site's instance, and keeps an admin's unsaved draft for their own preview page only", async () => {
    expect(await (await call('ana', '/settings')).json()).toEqual({ instances: expect.arrayContaining(['Cancún Propiedades']) })
    expect((await call('luis', '/settings')).status).toBe(403)
    expect((await call('luis', '/settings-preview', { method: 'PUT', body: {} })).status).toBe(403)

    const refused = await call('ana', '/settings-preview', { method: 'PUT', body: { headerColor: 'red; }' } })
    expect(await refused.json()).toMatchObject({ error: { fields: { headerColor: expect.stringContaining('no es un color válido') } } })
    const draft = await call('ana', '/settings-preview', { method: 'PUT', body: { headerColor: '#7a1f5c', welcomeMessage: 'Borrador' } })
    const { instance } = (await draft.json()) as { instance: string }
    expect(instance).toBe(`vista-previa:${ids.ana}`)

    // The preview's widget polls the draft; the real instance and its versions are untouched.
    const { socket } = await widget('0000cccc-0000-4000-8000-000000000009')
    const config = (await socket.timeout(5000).emitWithAck(ClientEvent.getCustomWidget, { instance })) as CustomWidgetConfig
    expect(config).toMatchObject({ headerColor: '#7a1f5c', welcomeMessage: 'Borrador' })
    expect((await (await call('ana', `/settings/${INSTANCE}`)).json()).config.headerColor).not.toBe('#7a1f5c')
    expect(((await (await call('ana', '/settings')).json()) as { instances: string[] }).instances).not.toContain(instance)

    // Typing in the preview starts no conversation: its widget's messages are refused, never stored.
    const previewVisitor = '0000cccc-0000-4000-8000-00000000000a'
    const preview = client(server.url, previewVisitor, { query: { instance } })
    await connected(preview)
    // Refused before any budget is spent: past the message rate limit it is still the preview's notice.
    for (let n = 0; n <= DEFAULT_CHAT_LIMITS.messagesPerWindow; n++) {
      expect(await send(preview, previewVisitor, `hola desde la vista previa ${n}`)).toEqual({ ok: false, error: NOTICES.preview })
    }
    expect(await server.storage.chat.history(previewVisitor)).toEqual([])

    // The preview page runs the real widget on that instance; any other instance name is refused.
    const page = await fetch(`${server.url}/consola/vista-previa?${new URLSearchParams({ instancia: instance })}`)
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    const html = await page.text()
    expect(html).toContain('src="/widget.js"')
    expect(html).toContain(`data-instance-name="${instance}"`)
    expect((await fetch(`${server.url}/consola/vista-previa?instancia=${encodeURIComponent('"><script>')}`)).status).toBe(404)
  })

  it("books, moves and cancels a visit; the visitor's open widget hears each in Spanish, and the booking event", async () => {
    const visitorId = '0000cccc-0000-4000-8000-000000000002'
    const { heard } = await widget(visitorId)
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString()
    // A phone that is no phone is refused, in the site forms' words, and nothing is booked.
    const badPhone = await call('luis', '/visits', { method: 'POST', body: { visitorId, at, name: 'Rosa', phone: '12' } })
    expect([badPhone.status, ((await badPhone.json()) as { error: { message: string } }).error.message]).toEqual([400, LEAD_MESSAGES.phone])
    // Text over a limit is refused with a sentence that names the field, not the validator's «<=2000».
    const refusal = async (fields: Record<string, string>) => {
      const answer = await call('luis', '/visits', { method: 'POST', body: { visitorId, at, ...fields } })
      return [answer.status, ((await answer.json()) as { error: { message: string } }).error.message]
    }
    expect(await refusal({ name: 'x'.repeat(VISIT_LIMITS.name + 1) })).toEqual([400, `El nombre admite hasta ${VISIT_LIMITS.name} caracteres.`])
    expect(await refusal({ note: 'x'.repeat(VISIT_LIMITS.note + 1) })).toEqual([400, 'La nota admite hasta 2,000 caracteres.'])
    const booked = await call('luis', '/visits', { method: 'POST', body: { visitorId, at, name: 'Rosa', phone: '9981112233' } })
    expect(booked.status).toBe(201)
    const { visit } = (await booked.json()) as { visit: { id: string; status: string } }
    expect(visit.status).toBe('confirmada')
    await waitFor(() => heard.some((h) => h.event === ServerEvent.scheduledAppointment), 'scheduled_appointment in the widget')
    expect(heard.find((h) => h.event === ServerEvent.scheduledAppointment)!.payload).toEqual({ id: visit.id, at: new Date(at).toISOString() })
    const responses = () => heard.filter((h) => h.event === ServerEvent.response).map((h) => (h.payload as { content: string }).content)
    await waitFor(() => responses().some((text) => text.startsWith('Listo, agendamos tu visita para el **')), 'the booking message in the widget')

    // Not done before its hour: the route refuses it in Spanish and the visit stays as it was.
    const early = await call('luis', `/visits/${visit.id}`, { method: 'PATCH', body: { status: 'realizada' } })
    expect([early.status, ((await early.json()) as { error: { message: string } }).error.message]).toEqual([400, VISIT_NOT_YET_ERROR])

    const later = new Date(Date.now() + 4 * 86_400_000).toISOString()
    expect((await call('luis', `/visits/${visit.id}`, { method: 'PATCH', body: { at: later } })).status).toBe(200)
    await waitFor(() => responses().some((text) => text.startsWith('Cambiamos tu visita: ahora es el **')), 'the move message')
    expect((await call('luis', `/visits/${visit.id}`, { method: 'PATCH', body: { status: 'cancelada' } })).status).toBe(200)
    await waitFor(() => responses().some((text) => text.startsWith('Cancelamos tu visita del ')), 'the cancellation message')
    // What the widget heard is in the conversation, in the adviser's name, so a reload and the console show it too.
    const conversation = (await (await call('luis', `/conversations/${visitorId}`)).json()) as { messages: { content: string; author: unknown }[] }
    expect(conversation.messages.map((m) => m.content)).toEqual(responses())
    expect(conversation.messages[0]!.author).toMatchObject({ kind: 'person', name: ADVISER.name })

    const past = await call('luis', '/visits', { method: 'POST', body: { visitorId, at: '2020-01-01T10:00:00-05:00' } })
    expect(past.status).toBe(400)
    expect((await call('luis', '/visits/no-existe', { method: 'PATCH', body: { status: 'realizada' } })).status).toBe(404)
    const week = (await (await call('luis', `/visits/week?day=${later.slice(0, 10)}`)).json()) as { visits: { id: string }[] }
    expect(week.visits.map((v) => v.id)).toContain(visit.id)
  })

  it('lists, changes, annotates and exports leads', async () => {
    const lead = await server.storage.leads.insert({
      name: 'Óscar Ibáñez, hijo', email: null, phone: '9987654321', message: 'Busco terreno', source: 'contacto', propertySlug: null,
      attribution: { utm_campaign: 'terrenos-2026' },
    })
    const list = await call('luis', '/leads?q=oscar ibanez&campaign=terrenos-2026')
    expect(await list.json()).toMatchObject({ total: 1, items: [{ id: lead.id, status: 'nuevo' }] })
    const bad = await call('luis', '/leads?status=perdido')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { message: 'Estado no válido' } })
    const long = await call('luis', `/leads?q=${'x'.repeat(LEAD_FILTER_LIMITS.q + 1)}`)
    expect([long.status, ((await long.json()) as { error: { message: string } }).error.message]).toEqual([400, `La búsqueda admite hasta ${LEAD_FILTER_LIMITS.q} caracteres.`])

    expect((await call('luis', `/leads/${lead.id}/status`, { method: 'PUT', body: { status: 'contactado' } })).status).toBe(200)
    expect((await call('luis', `/leads/${lead.id}/assignee`, { method: 'PUT', body: { accountId: ids.ana } })).status).toBe(200)
    expect((await call('luis', `/leads/${lead.id}/notes`, { method: 'POST', body: { body: 'Llamó por la tarde' } })).status).toBe(201)
    expect((await call('luis', `/leads/${lead.id}/notes`, { method: 'POST', body: { body: '   ' } })).status).toBe(400)
    const detail = await (await call('luis', `/leads/${lead.id}`)).json()
    expect(detail).toMatchObject({
      lead: { status: 'contactado', assignedTo: ids.ana },
      history: [{ field: 'status', to: 'contactado', actor: ids.luis }, { field: 'assigned_to', to: ids.ana, actor: ids.luis }],
      notes: [{ author: ids.luis, body: 'Llamó por la tarde' }],
    })

    const csv = await call('luis', '/leads/export.csv?campaign=terrenos-2026')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="prospectos-\d{4}-\d{2}-\d{2}\.csv"$/)
    const bytes = Buffer.from(await csv.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // the UTF-8 byte-order mark Excel needs
    const text = bytes.toString('utf8')
    expect(text.startsWith(UTF8_BOM)).toBe(true)
    expect(parse(text, { bom: true, columns: true })).toMatchObject([{ Nombre: 'Óscar Ibáñez, hijo', Estado: 'Contactado', 'Asignado a': expect.stringMatching(/\S/) }])
  })

  it('lists a lead kept past a volume limit with review, filters by it and clears it («No es spam»), in its history', async () => {
    const flagged = await server.storage.leads.insert({
      name: 'Oficina Seis', email: null, phone: '9986660006', message: '', source: 'contacto', propertySlug: null, attribution: null, review: LEAD_REVIEW,
    })
    const list = (await (await call('luis', '/leads')).json()) as { items: { id: string; review: string | null }[] }
    expect(list.items.find((item) => item.id === flagged.id)?.review).toBe(LEAD_REVIEW)
    expect(list.items.every((item) => item.review === null || item.review === LEAD_REVIEW)).toBe(true)
    const toReview = (await (await call('luis', `/leads?review=${LEAD_REVIEW}`)).json()) as { items: { id: string }[] }
    expect(toReview.items.map((item) => item.id)).toEqual([flagged.id])
    expect(await (await call('luis', `/leads/${flagged.id}`)).json()).toMatchObject({ lead: { id: flagged.id, review: LEAD_REVIEW } })

    expect((await call('luis', `/leads/${flagged.id}/review`, { method: 'PUT', body: { review: 'otra-cosa' } })).status).toBe(400)
    const cleared = await call('luis', `/leads/${flagged.id}/review`, { method: 'PUT', body: { review: null } })
    expect(await cleared.json()).toMatchObject({ lead: { id: flagged.id, review: null } })
    expect(await (await call('luis', `/leads/${flagged.id}`)).json()).toMatchObject({
      lead: { review: null },
      history: [{ field: 'review', from: LEAD_REVIEW, to: null, actor: ids.luis }],
    })
    expect(await (await call('luis', `/leads?review=${LEAD_REVIEW}`)).json()).toMatchObject({ total: 0 })
  })

  it('answers a date that is not a day with a 400 in Spanish, on every date of the console API', async () => {
    for (const path of [
      '/leads?from=2026-13-45',
      '/leads?to=2026-02-30',
      '/leads?from=0000-01-01',
      '/leads/export.csv?from=28/11/2026',
      '/visits?from=2026-11-31',
      '/visits/week?day=2026-99-01',
      '/numbers?from=2026-01-01&to=2026-02-31',
    ]) {
      const response = await call('luis', path)
      expect([path, response.status]).toEqual([path, 400])
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^Fecha no válida: escríbela como AAAA-MM-DD/)
    }
    expect((await call('luis', '/leads?from=2024-02-29&to=2026-11-28')).status).toBe(200)
  })

  it("names every colleague for any person, lists one visitor's leads, and the visits from today on", async () => {
    const people = (await (await call('luis', '/people')).json()) as { items: { id: string; name: string }[] }
    expect(people.items).toEqual(expect.arrayContaining([{ id: ids.ana, name: 'Administrador' }, { id: ids.luis, name: ADVISER.name }]))
    expect(people.items.every((p) => Object.keys(p).sort().join() === 'id,name')).toBe(true) // no e-mail or role leaves

    const visitorId = '0000cccc-0000-4000-8000-000000000004'
    const mine = await server.storage.leads.insert({
      name: 'Del chat', email: null, phone: '9981110000', message: '', source: 'chat', propertySlug: null, attribution: null, visitorId,
    })
    await server.storage.leads.insert({ name: 'De otro', email: null, phone: '9982220000', message: '', source: 'contacto', propertySlug: null, attribution: null })
    expect(await (await call('luis', `/leads?visitorId=${visitorId}`)).json()).toMatchObject({ total: 1, items: [{ id: mine.id, visitorId }] })

    const at = new Date(Date.now() + 2 * 86_400_000).toISOString()
    const { visit } = (await (await call('luis', '/visits', { method: 'POST', body: { visitorId, at } })).json()) as { visit: { id: string } }
    const upcoming = (await (await call('luis', '/visits')).json()) as { items: { id: string }[] }
    expect(upcoming.items.map((v) => v.id)).toContain(visit.id)
    const cancelled = (await (await call('luis', '/visits?status=cancelada')).json()) as { items: { id: string; status: string }[] }
    expect(cancelled.items.map((v) => v.id)).not.toContain(visit.id)
    expect(cancelled.items.every((v) => v.status === 'cancelada')).toBe(true)
    expect((await call('luis', '/visits?from=mañana')).status).toBe(400)
  })

  it('answers the numbers for a range and refuses a reversed one', async () => {
    const ok = await call('luis', '/numbers?from=2026-01-01&to=2026-01-31')
    expect(await ok.json()).toMatchObject({ totals: expect.any(Object), perDay: expect.any(Array), funnel: expect.any(Object) })
    const reversed = await call('luis', '/numbers?from=2026-02-01&to=2026-01-01')
    expect(reversed.status).toBe(400)
    expect(await reversed.json()).toMatchObject({ error: { message: RANGE_REVERSED } })
  })

  it("counts a conversation a widget starts over its socket in the day's numbers, once", async () => {
    const today = agencyDay(new Date())
    const conversations = async () => ((await (await call('luis', `/numbers?from=${today}&to=${today}`)).json()) as Dashboard).totals.conversations
    const before = await conversations()
    const visitorId = '0000cccc-0000-4000-8000-000000000004'
    const { socket } = await widget(visitorId)
    const say = (message: string) => send(socket, visitorId, message)
    expect(await say('Hola, busco casa')).toMatchObject({ ok: true })
    expect(await conversations()).toBe(before + 1)
    expect(await say('¿Tienen algo en Puerto Cancún?')).toMatchObject({ ok: true })
    expect(await conversations()).toBe(before + 1) // the same conversation
  })

  it('lets only an admin export and erase a visitor', async () => {
    const visitorId = '0000cccc-0000-4000-8000-000000000003'
    await server.storage.chat.append(visitorId, { role: 'user', content: 'Borren mis datos' })
    expect((await call('luis', `/visitors/${visitorId}/export`)).status).toBe(403)
    expect((await call('luis', `/visitors/${visitorId}`, { method: 'DELETE' })).status).toBe(403)
    const exported = await call('ana', `/visitors/${visitorId}/export`)
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="visitante-/)
    expect(JSON.stringify(await exported.json())).toContain('Borren mis datos')
    const erased = await call('ana', `/visitors/${visitorId}`, { method: 'DELETE' })
    expect(await erased.json()).toMatchObject({ erasure: { actor: ids.ana, rowsErased: { chat_messages: 1, chat_visitors: 1 } } })
    expect((await call('ana', `/visitors/${visitorId}/export`)).status).toBe(404)
    expect(await (await call('ana', '/erasures')).json()).toMatchObject({ items: [{ actor: ids.ana }] })
    expect((await consoleFetch(server.url, `/visitors/${visitorId}`, { method: 'DELETE', cookie: cookies.ana, origin: 'https://otro-sitio.example' })).status).toBe(403)
  })

  it('needs a session, and shows a new lead live on every open console', async () => {
    expect((await consoleFetch(server.url, '/leads')).status).toBe(401)
    const console = track(consoleSocket(server.url, cookies.luis))
    const heard: { name: string; source: string }[] = []
    console.on(ConsoleServerEvent.lead, (lead: { name: string; source: string }) => heard.push(lead))
    await connected(console)
    await server.storage.leads.insert({ name: 'Lead en vivo', email: 'vivo@example.mx', phone: null, message: '', source: 'contacto', propertySlug: null, attribution: null })
    await waitFor(() => heard.length > 0, 'the new lead on the console')
    expect(heard[0]).toMatchObject({ name: 'Lead en vivo', source: 'contacto', status: 'nuevo' })
  })

  it("saves what a visitor told a person in the chat as the visitor's chat lead, with their campaign, live on every console; refuses in the agent's words", async () => {
    const visitorId = '0000dddd-0000-4000-8000-000000000010'
    await server.storage.chat.saveUtms(visitorId, { utm_source: 'facebook', utm_campaign: 'verano' })
    const console = track(consoleSocket(server.url, cookies.ana))
    const heard: { name: string }[] = []
    console.on(ConsoleServerEvent.lead, (lead: { name: string }) => heard.push(lead))
    await connected(console)
    const save = async (body: unknown) => {
      const answer = await call('luis', `/visitors/${visitorId}/leads`, { method: 'POST', body })
      return { status: answer.status, body: (await answer.json()) as { lead?: { name: string }; created?: boolean; error?: { message: string } } }
    }
    expect((await save({ name: 'C', phone: '9981234567' })).body.error?.message).toBe('Escribe el nombre del cliente.')
    expect((await save({ name: 'Carlos Ruiz', phone: '', email: '' })).body.error?.message).toBe('Escribe un teléfono o un correo del cliente.')
    expect((await save({ name: 'Carlos Ruiz', phone: '12' })).body.error?.message).toBe(LEAD_MESSAGES.phone)
    const saved = await save({ name: ' Carlos Ruiz ', phone: '998 123 4567', email: '', message: 'Busca depa en Cumbres' })
    expect(saved.status).toBe(201)
    expect(saved.body.lead).toMatchObject({ name: 'Carlos Ruiz', phone: '998 123 4567', email: null, message: 'Busca depa en Cumbres', source: 'chat', visitorId, campaign: 'verano', status: 'nuevo' })
    await waitFor(() => heard.some((lead) => lead.name === 'Carlos Ruiz'), 'the saved lead on the console')
    const listed = (await (await call('ana', `/leads?visitorId=${visitorId}`)).json()) as { items: { name: string }[] }
    expect(listed.items.map((lead) => lead.name)).toEqual(['Carlos Ruiz'])
    // The console names the visitor by it from now on (the automated agent never heard the name).
    const detail = (await (await call('ana', `/conversations/${visitorId}`)).json()) as { contact: { name: string | null } }
    expect(detail.contact.name).toBe('Carlos Ruiz')
    expect(await server.storage.console.visitorName(visitorId)).toBe('Carlos Ruiz')
    // Saved twice (or already left in the chat): one lead, as the lead policy keeps it (docs/behaviour.md#leads).
    const again = await save({ name: 'Carlos R.', phone: '998 123 4567' })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ created: false, lead: { name: 'Carlos Ruiz' } })
  })

  it("shows on every open console a lead another person changes and a visit another person books or cancels", async () => {
    const console = track(consoleSocket(server.url, cookies.ana))
    const leads: { id: string; status: string; assignedTo: string | null }[] = []
    const visits: { id: string; at: string; status: string }[] = []
    console.on(ConsoleServerEvent.leadChanged, (lead: (typeof leads)[number]) => leads.push(lead))
    console.on(ConsoleServerEvent.visit, (visit: (typeof visits)[number]) => visits.push(visit))
    await connected(console)
    const lead = await server.storage.leads.insert({ name: 'Cambio en vivo', email: null, phone: '9981234567', message: '', source: 'contacto', propertySlug: null, attribution: null })
    await call('luis', `/leads/${lead.id}/status`, { method: 'PUT', body: { status: 'negociacion' } })
    await waitFor(() => leads.some((l) => l.id === lead.id && l.status === 'negociacion'), 'the status change on the console')
    await call('luis', `/leads/${lead.id}/assignee`, { method: 'PUT', body: { accountId: ids.luis } })
    await waitFor(() => leads.some((l) => l.id === lead.id && l.assignedTo === ids.luis), 'the assignee change on the console')

    const at = new Date(Date.now() + 5 * 86_400_000).toISOString()
    const { visit } = (await (await call('luis', '/visits', { method: 'POST', body: { visitorId: '0000cccc-0000-4000-8000-000000000009', at } })).json()) as { visit: { id: string } }
    await waitFor(() => visits.some((v) => v.id === visit.id && v.at === new Date(at).toISOString()), 'the booking on the console')
    await call('luis', `/visits/${visit.id}`, { method: 'PATCH', body: { status: 'cancelada' } })
    await waitFor(() => visits.some((v) => v.id === visit.id && v.status === 'cancelada'), 'the cancellation on the console')
  })
})
