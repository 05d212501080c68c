import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { pipeline, type Pipeline } from '../../src/server/crm'
import { UTF8_BOM } from '../../src/server/crm/csv'
import { subjectHash } from '../../src/server/crm/data-rights'
import { UNASSIGNED } from '../../src/protocol/crm'
import { visitNote } from '../../src/server/crm/leads'
import { VISIT_ERRORS } from '../../src/server/crm/visits'
import { createLeadService } from '../../src/server/leads/service'
import { INITIAL_SETTINGS_AUTHOR } from '../../src/server/crm/widget-settings'
import { DEFAULT_WIDGET_CONFIG } from '../../src/server/storage/chat-repo'
import type { NewLead } from '../../src/server/storage/leads-repo'
import { AUTOMATED_AGENT_ACTOR, trafficText } from '../../src/protocol/crm'
import { rowLabel } from '../../src/console/numbers-view'
import { TRAFFIC_CASES } from '../support/traffic-cases'
import { withEmbeddedStarts } from '../support/limits'
import { sharedStorage, STORAGES } from './databases'

/** "Now" for the visit rules: Monday 23 November 2026, 07:00 in Cancún. */
const NOW = new Date('2026-11-23T12:00:00Z')
const ANA = 'acc-ana'
const LUIS = 'acc-luis'

let visitorCount = 0
const newVisitor = () => `0000bbbb-0000-4000-8000-${String(++visitorCount).padStart(12, '0')}`

const lead = (fields: Partial<NewLead> = {}): NewLead => ({
  name: 'Visitante',
  email: null,
  phone: '9981234567',
  message: '',
  source: 'chat',
  propertySlug: null,
  attribution: null,
  ...fields,
})

describe.each(STORAGES)('pipeline on $name', ({ open }) => {
  const storage = sharedStorage(open)
  let crm: Pipeline
  let property: { slug: string; zone: string; title: string; zoneName: string }
  beforeAll(async () => {
    crm = pipeline(storage().db, () => NOW)
    const [row] = await storage().db.query<{ slug: string; zone: string; title: string; zone_name: string }>(
      `SELECT p.slug, p.zone, p.data->>'title' AS title, z.data->>'name' AS zone_name FROM properties p JOIN zones z ON z.slug = p.zone ORDER BY p.slug LIMIT 1`,
    )
    property = { slug: row!.slug, zone: row!.zone, title: row!.title, zoneName: row!.zone_name }
  }, withEmbeddedStarts(1))

  /** Moves a row's creation time (tests place data on chosen days). */
  const createdAt = (table: 'leads' | 'appointments' | 'chat_messages' | 'chat_handoffs', column: string, id: unknown, at: string) =>
    storage().db.query(`UPDATE ${table} SET ${table === 'chat_handoffs' ? 'requested_at' : 'created_at'} = $2 WHERE ${column} = $1`, [id, at])

  describe('leads', () => {
    it('keeps the visitor, the landing page and the campaign of a lead', async () => {
      const visitor = newVisitor()
      await storage().chat.addNavigation(visitor, '/venta-cancun?utm_source=facebook#fotos', '2026-11-20T10:00:00Z')
      await storage().chat.addNavigation(visitor, '/contacto', '2026-11-20T10:01:00Z')
      const chat = await storage().leads.insert(lead({ visitorId: visitor, attribution: { utm_source: 'Facebook', utm_campaign: 'verano-2026' } }))
      expect(chat).toMatchObject({ visitorId: visitor, landingPage: '/venta-cancun', campaign: 'verano-2026', trafficChannel: 'organic_social', trafficSource: 'facebook', status: 'nuevo', assignedTo: null })

      const form = await storage().leads.insert(lead({ source: 'contacto', attribution: { campaign: 'otoño', page_url: 'https://example.mx/acerca?x=1' } }))
      expect(form).toMatchObject({ visitorId: null, landingPage: '/acerca', campaign: 'otoño', trafficChannel: 'direct', trafficSource: null })
    })

    it('tells the listeners of this process of every new lead, until they stop listening', async () => {
      const heard: string[] = []
      const stop = storage().leads.onCreated((created) => heard.push(created.name))
      await storage().leads.insert(lead({ name: 'Nueva en vivo', source: 'contacto' }))
      stop()
      await storage().leads.insert(lead({ name: 'Ya sin oyentes' }))
      expect(heard).toEqual(['Nueva en vivo'])
    })

    it('records every status change and assignment with who and when, and only real changes', async () => {
      const { id } = await storage().leads.insert(lead({ name: 'Cambio de estado' }))
      expect(await crm.leads.setStatus(id, 'contactado', ANA)).toMatchObject({ status: 'contactado' })
      expect(await crm.leads.setStatus(id, 'contactado', ANA)).toMatchObject({ status: 'contactado' }) // no change: not recorded
      await crm.leads.setStatus(id, 'negociacion', LUIS)
      expect(await crm.leads.assign(id, LUIS, ANA)).toMatchObject({ assignedTo: LUIS })
      expect(await crm.leads.assign(id, null, LUIS)).toMatchObject({ assignedTo: null })

      const detail = (await crm.leads.get(id))!
      expect(detail.history.map(({ field, from, to, actor }) => [field, from, to, actor])).toEqual([
        ['status', 'nuevo', 'contactado', ANA],
        ['status', 'contactado', 'negociacion', LUIS],
        ['assigned_to', null, LUIS, ANA],
        ['assigned_to', LUIS, null, LUIS],
      ])
      for (const entry of detail.history) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000)
      expect(await crm.leads.setStatus('no-such-lead', 'cerrado', ANA)).toBeNull()
      expect(await crm.leads.get('no-such-lead')).toBeNull()
    })

    it('keeps private notes with author and time, in order', async () => {
      const { id } = await storage().leads.insert(lead({ name: 'Con notas' }))
      await crm.leads.addNote(id, ANA, '  Llamar el lunes; prefiere WhatsApp.  ')
      await crm.leads.addNote(id, LUIS, 'Ya tiene crédito aprobado')
      const { notes } = (await crm.leads.get(id))!
      expect(notes.map(({ author, body }) => [author, body])).toEqual([
        [ANA, 'Llamar el lunes; prefiere WhatsApp.'],
        [LUIS, 'Ya tiene crédito aprobado'],
      ])
      expect(await crm.leads.addNote('no-such-lead', ANA, 'x')).toBeNull()
    })

    it("notes a visit booked for a visitor merged into another visitor's lead on that lead, and lists it as theirs", async () => {
      const leads = createLeadService({ storage: storage() })
      const [first, second] = [newVisitor(), newVisitor()]
      const contact = lead({ name: 'Marta Gil', phone: '+52 998 765 4321', propertySlug: property.slug })
      const sender = (visitorId: string) => ({ channel: 'chat' as const, address: '127.0.0.1', visitorId })
      const registered = await leads.register({ ...contact, visitorId: first }, sender(first))
      if (registered.kind !== 'created') throw new Error(`the first lead was ${registered.kind}`)
      const created = registered.lead
      // The same phone from the second visitor's device: no lead of their own.
      expect(await leads.register({ ...contact, phone: '9987654321' }, sender(second))).toMatchObject({ kind: 'duplicate', lead: { id: created.id } })

      const booked = await crm.visits.book(second, { at: '2026-11-28T16:00:00Z', propertySlug: property.slug, name: 'Marta Gil', phone: null, email: null, note: '' }, ANA)
      if (!booked.ok) throw new Error(booked.error)
      expect(await crm.leads.visitBooked(booked.visit, ANA)).toMatchObject({ id: created.id, status: 'visita_agendada' })
      const { notes } = (await crm.leads.get(created.id))!
      expect(notes.map(({ author, body }) => [author, body])).toEqual([[ANA, visitNote(booked.visit)]])
      // The second visitor's conversation lists the lead their contact is on.
      expect((await crm.leads.list({ visitorId: second })).items.map((l) => l.id)).toEqual([created.id])
    })

    it('takes a US number and a Mexican one with the same ten digits for two people (the duplicate key is E.164)', async () => {
      const leads = createLeadService({ storage: storage() })
      const [american, mexican] = [newVisitor(), newVisitor()]
      const sender = (visitorId: string) => ({ channel: 'chat' as const, address: '127.0.0.1', visitorId })
      const contact = lead({ name: 'Joe Doe', phone: '+1 305 555 0199', propertySlug: property.slug })
      expect(await leads.register({ ...contact, visitorId: american }, sender(american))).toMatchObject({ kind: 'created' })
      expect(await leads.register({ ...contact, name: 'Juan Díaz', phone: '305 555 0199', visitorId: mexican }, sender(mexican))).toMatchObject({ kind: 'created' })
      // The same US number written without "+" is still the first one.
      expect(await leads.register({ ...contact, phone: '1 (305) 555-0199', visitorId: newVisitor() }, sender(newVisitor()))).toMatchObject({ kind: 'duplicate' })
    })

    describe('the filtered list', () => {
      const tag = 'filtrolista'
      let ids: Record<string, string>
      beforeAll(async () => {
        const make = async (key: string, fields: Partial<NewLead>, day: string) => {
          const created = await storage().leads.insert(lead({ message: tag, ...fields }))
          await createdAt('leads', 'id', created.id, day)
          return [key, created.id] as const
        }
        ids = Object.fromEntries([
          await make('chatOld', { name: 'José Núñez', attribution: { utm_campaign: 'invierno' } }, '2026-03-01T17:00:00Z'),
          // 23:30 on 2 March in Cancún is already 3 March in UTC: it belongs to 2 March.
          await make('formLate', { name: 'María López', source: 'contacto', attribution: { utm_campaign: 'invierno' } }, '2026-03-03T04:30:00Z'),
          await make('property', { name: 'Pedro Ruiz', source: 'propiedad', propertySlug: property.slug }, '2026-03-05T15:00:00Z'),
        ])
        await crm.leads.setStatus(ids.formLate!, 'contactado', ANA)
        await crm.leads.assign(ids.property!, LUIS, ANA)
      })
      const listed = async (filter: Parameters<Pipeline['leads']['list']>[0]) =>
        (await crm.leads.list({ q: tag, ...filter }, 1, 100)).items.map((l) => l.id)

      it('is newest first and filters by status, channel, person, dates, campaign, property and text', async () => {
        expect(await listed({})).toEqual([ids.property, ids.formLate, ids.chatOld])
        expect(await listed({ status: 'contactado' })).toEqual([ids.formLate])
        expect(await listed({ channel: 'chat' })).toEqual([ids.chatOld])
        expect(await listed({ channel: 'form' })).toEqual([ids.property, ids.formLate])
        expect(await listed({ assignedTo: LUIS })).toEqual([ids.property])
        expect(await listed({ assignedTo: UNASSIGNED })).toEqual([ids.formLate, ids.chatOld])
        expect(await listed({ from: '2026-03-02', to: '2026-03-02' })).toEqual([ids.formLate])
        expect(await listed({ from: '2026-03-03' })).toEqual([ids.property])
        expect(await listed({ to: '2026-03-01' })).toEqual([ids.chatOld])
        expect(await listed({ campaign: 'invierno' })).toEqual([ids.formLate, ids.chatOld])
        expect(await listed({ propertySlug: property.slug })).toEqual([ids.property])
        // Accents and case do not matter; every word must match.
        expect(await listed({ q: `${tag} JOSE nunez` })).toEqual([ids.chatOld])
        expect(await listed({ q: `${tag} maria ruiz` })).toEqual([])
      })

      it('pages without overlap and counts the whole list', async () => {
        const first = await crm.leads.list({ q: tag }, 1, 2)
        const second = await crm.leads.list({ q: tag }, 2, 2)
        expect(first).toMatchObject({ total: 3, pages: 2, page: 1, pageSize: 2 })
        expect([...first.items, ...second.items].map((l) => l.id)).toEqual([ids.property, ids.formLate, ids.chatOld])
      })
    })

    it('exports the filtered list as CSV that a CSV parser reads back with accents, commas, quotes and line breaks', async () => {
      const tricky = {
        name: 'Pérez, José "Pepe"',
        email: 'pepe@example.mx',
        phone: '+52 998 123 4567',
        message: 'Línea uno,\nlínea dos con ñ y acentos: áéíóú',
        source: 'contacto' as const,
        attribution: { utm_campaign: 'campaña, "especial"', utm_source: 'Google Ads' },
      }
      const created = await storage().leads.insert(lead(tricky))
      await crm.leads.setStatus(created.id, 'negociacion', ANA)
      await crm.leads.assign(created.id, ANA, ANA)
      const formula = await storage().leads.insert(lead({ name: '=HYPERLINK("http://x.example","clic")', message: 'csvexporttest' }))

      const csv = await crm.leads.exportCsv({ campaign: 'campaña, "especial"' }, async (ids) => new Map(ids.map((id) => [id, id === ANA ? 'Ana Gómez' : id])))
      expect(csv.startsWith(UTF8_BOM)).toBe(true)
      const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[]
      expect(rows).toEqual([
        {
          'Fecha (Cancún)': expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
          Nombre: tricky.name,
          Teléfono: tricky.phone,
          Correo: tricky.email,
          Mensaje: tricky.message,
          Origen: 'Formulario de contacto',
          Estado: 'Negociación',
          'Asignado a': 'Ana Gómez',
          Campaña: 'campaña, "especial"',
          Canal: 'Búsqueda de pago',
          Fuente: 'google ads',
          'Página de entrada': '',
          Propiedad: '',
        },
      ])
      // A name a spreadsheet would run as a formula stays text.
      const [formulaRow] = parse(await crm.leads.exportCsv({ q: 'csvexporttest' }), { bom: true, columns: true }) as Record<string, string>[]
      expect(formulaRow!.Nombre).toBe(`'${formula.name}`)
    })
  })

  describe('visits', () => {
    it("keeps the automated agent's bookings as to be confirmed", async () => {
      const visitor = newVisitor()
      const booked = await storage().chat.addAppointment(visitor, { at: '2026-11-28T16:00:00Z', name: 'Ana', phone: '9981112233', email: null, propertySlug: property.slug, note: '' })
      expect(await crm.visits.byId(booked.id)).toMatchObject({ status: 'por_confirmar', bookedBy: AUTOMATED_AGENT_ACTOR, propertyTitle: property.title })
    })

    it('books, moves, confirms and cancels a visit with the message the visitor gets, and records who did it', async () => {
      const visitor = newVisitor()
      const booked = await crm.visits.book(visitor, { at: '2026-11-28T16:00:00Z', propertySlug: property.slug, name: 'Luis', phone: '9981234567', email: null, note: '' }, ANA)
      if (!booked.ok) throw new Error(booked.error)
      expect(booked.visit).toMatchObject({ status: 'confirmada', bookedBy: ANA, visitorId: visitor })
      expect(booked.message).toBe(`Listo, agendamos tu visita a «${property.title}» para el **sábado 28 de noviembre a las 11:00**. Si necesitas cambiarla, escríbenos aquí.`)

      const moved = await crm.visits.move(booked.visit.id, '2026-11-30T20:30:00Z', LUIS)
      expect(moved).toMatchObject({ ok: true, message: `Cambiamos tu visita a «${property.title}»: ahora es el **lunes 30 de noviembre a las 15:30**. Si no te acomoda, escríbenos aquí.` })
      expect(await crm.visits.setStatus(booked.visit.id, 'confirmada', LUIS)).toMatchObject({ ok: true, message: null }) // already confirmed
      const cancelled = await crm.visits.cancel(booked.visit.id, LUIS)
      expect(cancelled).toMatchObject({ ok: true, visit: { status: 'cancelada' }, message: expect.stringContaining('Cancelamos tu visita') })
      expect(await crm.visits.move(booked.visit.id, '2026-12-01T16:00:00Z', LUIS)).toEqual({ ok: false, error: VISIT_ERRORS.cancelled })

      expect((await crm.visits.history(booked.visit.id)).map(({ field, from, to, actor }) => [field, from, to, actor])).toEqual([
        ['status', null, 'confirmada', ANA],
        ['at', '2026-11-28T16:00:00.000Z', '2026-11-30T20:30:00.000Z', LUIS],
        ['status', 'confirmada', 'cancelada', LUIS],
      ])
    })

    it('refuses a time in the past and an unknown visit', async () => {
      const past = await crm.visits.book(newVisitor(), { at: '2026-11-23T11:00:00Z', propertySlug: null, name: null, phone: null, email: null, note: '' }, ANA)
      expect(past).toEqual({ ok: false, error: VISIT_ERRORS.past })
      expect(await crm.visits.move('no-such-visit', '2026-12-01T16:00:00Z', ANA)).toEqual({ ok: false, error: VISIT_ERRORS.notFound })
      expect(await crm.visits.cancel('no-such-visit', ANA)).toEqual({ ok: false, error: VISIT_ERRORS.notFound })
    })

    it('marks a visit «Realizada» or «No asistió» only once its hour has come, and does not move it then', async () => {
      const visitor = newVisitor()
      const book = async (at: string) => (await storage().chat.addAppointment(visitor, { at, name: 'Rosa', phone: null, email: null, propertySlug: null, note: '' })).id
      const coming = await book('2026-11-23T12:30:00Z') // half an hour after NOW
      const gone = await book('2026-11-23T11:00:00Z')
      for (const status of ['realizada', 'no_asistio'] as const)
        expect(await crm.visits.setStatus(coming, status, ANA)).toEqual({ ok: false, error: VISIT_ERRORS.notYet })
      expect(await crm.visits.byId(coming)).toMatchObject({ status: 'por_confirmar' })
      expect(await crm.visits.history(coming)).toEqual([])
      expect(await crm.visits.setStatus(coming, 'confirmada', ANA)).toMatchObject({ ok: true, visit: { status: 'confirmada' } })
      expect(await crm.visits.setStatus(gone, 'realizada', ANA)).toMatchObject({ ok: true, visit: { status: 'realizada' }, message: null })
      // What happened is kept: it is not moved to another time (that is a new visit).
      expect(await crm.visits.move(gone, '2026-11-30T16:00:00Z', ANA)).toEqual({ ok: false, error: VISIT_ERRORS.settled })
      expect(await crm.visits.byId(gone)).toMatchObject({ at: '2026-11-23T11:00:00.000Z' })
    })

    it("lists a week's visits Monday to Sunday in Cancún time", async () => {
      const visitor = newVisitor()
      const at = async (iso: string) => (await storage().chat.addAppointment(visitor, { at: iso, name: 'Semana', phone: null, email: null, propertySlug: null, note: '' })).id
      const mondayEarly = await at('2027-01-04T05:30:00Z') // Monday 00:30 in Cancún
      const sundayLate = await at('2027-01-11T04:30:00Z') // Sunday 23:30 in Cancún (Monday in UTC)
      await at('2027-01-04T04:30:00Z') // Sunday 3 January 23:30: the week before
      await at('2027-01-11T05:30:00Z') // the Monday after
      const week = await crm.visits.week('2027-01-07')
      expect(week).toMatchObject({ from: '2027-01-04', to: '2027-01-10' })
      expect(week.days).toHaveLength(7)
      expect(week.visits.map((v) => v.id)).toEqual([mondayEarly, sundayLate])
    })
  })

  describe('widget settings', () => {
    it('keeps every saved version with who and when, serves the newest, and undoes to any earlier one', async () => {
      const instance = `Ajustes ${Math.random()}`
      expect(await crm.settings.versions(instance)).toEqual([])
      const red = { ...DEFAULT_WIDGET_CONFIG, headerColor: '#8a1020', welcomeMessage: 'Hola desde Cancún' }
      const first = await crm.settings.save(instance, red, ANA)
      expect(first).toMatchObject({ version: 2, author: ANA, config: red, restoredFrom: null })
      expect(await storage().chat.widgetConfig(instance)).toEqual(red) // what the widget's poll reads
      const green = { ...red, headerColor: '#0b5d1e' }
      await crm.settings.save(instance, green, LUIS)

      const versions = await crm.settings.versions(instance)
      expect(versions.map((v) => [v.version, v.author, v.config.headerColor])).toEqual([
        [3, LUIS, '#0b5d1e'],
        [2, ANA, '#8a1020'],
        [1, INITIAL_SETTINGS_AUTHOR, undefined],
      ])
      expect(versions[2]!.config).toEqual(DEFAULT_WIDGET_CONFIG)

      const undone = await crm.settings.restore(instance, 1, ANA)
      expect(undone).toMatchObject({ version: 4, author: ANA, restoredFrom: 1, config: DEFAULT_WIDGET_CONFIG })
      expect(await storage().chat.widgetConfig(instance)).toEqual(DEFAULT_WIDGET_CONFIG)
      expect(await crm.settings.restore(instance, 2, LUIS)).toMatchObject({ version: 5, config: red })
      expect(await storage().chat.widgetConfig(instance)).toEqual(red)
      expect(await crm.settings.restore(instance, 99, LUIS)).toBeNull()
    })

    it("keeps an admin's draft as their preview's configuration, never as an instance or a version", async () => {
      const instance = `Ajustes ${Math.random()}`
      await crm.settings.save(instance, DEFAULT_WIDGET_CONFIG, ANA)
      const draft = { headerColor: '#7a1f5c' }
      const preview = await crm.settings.preview(ANA, draft)
      expect(await storage().chat.widgetConfig(preview)).toEqual(draft)
      expect(await crm.settings.preview(ANA, { headerColor: '#101010' })).toBe(preview) // one preview per admin, overwritten
      expect(await storage().chat.widgetConfig(preview)).toEqual({ headerColor: '#101010' })
      const instances = await crm.settings.instances()
      expect(instances).toContain(instance)
      expect(instances).not.toContain(preview)
      expect(await crm.settings.versions(preview)).toEqual([])
    })
  })

  describe('numbers', () => {
    // A quiet week of its own: 2025-06-02 (Monday) to 2025-06-08.
    const range = { from: '2025-06-02', to: '2025-06-04' }
    let converseOn: (day: string, campaign: string | null) => Promise<{ visitor: string }>
    beforeAll(async () => {
      const converse = async (day: string, campaign: string | null) => {
        const visitor = newVisitor()
        const utms = campaign ? { utm_source: 'Facebook', utm_campaign: campaign } : {}
        await storage().chat.saveUtms(visitor, utms)
        await storage().chat.addNavigation(visitor, `/landing-${campaign ?? 'directo'}?utm_campaign=x`, `${day}T15:00:00Z`)
        for (const [minute, text] of ['hola', 'busco casa'].entries()) {
          const { message } = await storage().journal.storeVisitorMessage({ visitorId: visitor, address: '127.0.0.1', content: text })
          await createdAt('chat_messages', 'id', message.id, `${day}T15:0${minute}:00Z`)
        }
        // The conversation started when the first message was stored (placed on the chosen day).
        await storage().db.query('UPDATE chat_visitors SET first_message_at = $2 WHERE id = $1', [visitor, `${day}T15:00:00Z`])
        return { visitor, utms }
      }
      converseOn = converse
      // Day 1: two conversations, one leaves a lead and books a visit to the property.
      const a = await converse('2025-06-02', 'verano')
      await converse('2025-06-02', null)
      const leadA = await storage().leads.insert(lead({ visitorId: a.visitor, attribution: a.utms, propertySlug: property.slug }))
      await createdAt('leads', 'id', leadA.id, '2025-06-02T16:00:00Z')
      const visit = await storage().chat.addAppointment(a.visitor, { at: '2025-06-07T16:00:00Z', name: 'A', phone: null, email: null, propertySlug: property.slug, note: '' })
      await createdAt('appointments', 'id', visit.id, '2025-06-02T16:05:00Z')
      await storage().chat.requestHuman(a.visitor)
      await storage().chat.requestHuman(a.visitor) // still waiting: the same request
      await createdAt('chat_handoffs', 'visitor_id', a.visitor, '2025-06-02T16:10:00Z')
      // Day 3: one conversation with a lead, and a form lead of the same campaign.
      const c = await converse('2025-06-04', 'verano')
      const leadC = await storage().leads.insert(lead({ visitorId: c.visitor, attribution: c.utms }))
      await createdAt('leads', 'id', leadC.id, '2025-06-04T18:00:00Z')
      const form = await storage().leads.insert(lead({ source: 'contacto', attribution: { utm_campaign: 'otoño', page_url: 'https://x.mx/contacto' } }))
      await createdAt('leads', 'id', form.id, '2025-06-04T19:00:00Z')
      // Outside the range: the day after.
      await converse('2025-06-05', 'verano')
    })

    it("starts a conversation at the visitor's first message, not at a page view or an agent message", async () => {
      const visitor = newVisitor()
      const started = async () =>
        (await storage().db.query<{ at: Date | null }>('SELECT first_message_at AS at FROM chat_visitors WHERE id = $1', [visitor]))[0]?.at ?? null
      const say = (content: string) => storage().journal.storeVisitorMessage({ visitorId: visitor, address: '127.0.0.1', content })
      await storage().chat.addNavigation(visitor, '/', new Date().toISOString())
      await storage().chat.append(visitor, { role: 'agent', content: '¡Hola!' })
      expect(await started()).toBeNull()
      const { message } = await say('hola')
      const first = await started()
      expect(first).not.toBeNull()
      await storage().journal.storeTurn({ visitorId: visitor, answers: message.id, replies: ['¿Qué buscas?'] })
      await say('otra vez')
      expect(await started()).toEqual(first)
    })

    it('counts conversations, hand-offs, leads and visits per Cancún day, zeros included', async () => {
      const numbers = await crm.numbers.all(range)
      expect(numbers.perDay).toEqual([
        { day: '2025-06-02', conversations: 2, leads: 1, visits: 1 },
        { day: '2025-06-03', conversations: 0, leads: 0, visits: 0 },
        { day: '2025-06-04', conversations: 1, leads: 2, visits: 0 },
      ])
      expect(numbers.totals).toEqual({ conversations: 3, handoffs: 1, leads: 3, visits: 1 })
      expect(numbers.funnel).toEqual({ conversations: 3, withLead: 2, withVisit: 1 })
    })

    it("counts a visitor who booked a visit without a lead as one who left their details: each funnel step is a part of the one before (not «Agendaron visita 100%» under «Dejaron sus datos 0%»)", async () => {
      const { visitor } = await converseOn('2025-07-07', null)
      await storage().chat.addAppointment(visitor, { at: '2025-07-09T16:00:00Z', name: 'Sin prospecto', phone: null, email: null, propertySlug: null, note: '' })
      const { funnel } = await crm.numbers.all({ from: '2025-07-07', to: '2025-07-07' })
      expect(funnel).toEqual({ conversations: 1, withLead: 1, withVisit: 1 })
    })

    it('breaks leads and visits down by source, campaign, landing page, zone and property', async () => {
      const { breakdowns } = await crm.numbers.all(range)
      expect(breakdowns.campaign).toEqual([
        { key: 'verano', label: 'verano', leads: 2, visits: 1 },
        { key: 'otoño', label: 'otoño', leads: 1, visits: 0 },
      ])
      expect(breakdowns.channel).toEqual([
        { key: 'organic_social', label: null, leads: 2, visits: 1 },
        { key: 'direct', label: null, leads: 1, visits: 0 },
      ])
      expect(breakdowns.source).toEqual([
        { key: 'facebook', label: 'facebook', channel: 'organic_social', leads: 2, visits: 1 },
        { key: null, label: null, channel: 'direct', leads: 1, visits: 0 },
      ])
      expect(breakdowns.landingPage).toEqual([
        { key: '/landing-verano', label: '/landing-verano', leads: 2, visits: 1 },
        { key: '/contacto', label: '/contacto', leads: 1, visits: 0 },
      ])
      expect(breakdowns.zone).toEqual([
        { key: null, label: null, leads: 2, visits: 0 },
        { key: property.zone, label: property.zoneName, leads: 1, visits: 1 },
      ])
      expect(breakdowns.property).toEqual([
        { key: null, label: null, leads: 2, visits: 0 },
        { key: property.slug, label: property.title, leads: 1, visits: 1 },
      ])
    })

    it('shows Instagram, TikTok and direct visitors as such, by channel and by source, in the words of the screen and the inbox', async () => {
      const day = '2025-07-21'
      const record = (name: string) => TRAFFIC_CASES.find((c) => c.name.startsWith(name))!.record as Record<string, unknown>
      /** A visitor whose widget sends this record with a message or a page view, who leaves a lead and maybe books a visit. */
      const arrive = async (utms: Record<string, unknown>, sentWith: 'message' | 'page', booksVisit: boolean) => {
        const visitor = newVisitor()
        if (sentWith === 'page') await storage().chat.saveUtms(visitor, utms)
        await storage().journal.storeVisitorMessage({ visitorId: visitor, address: '127.0.0.1', content: 'hola', ...(sentWith === 'message' ? { utms } : {}) })
        const created = await storage().leads.insert(lead({ visitorId: visitor, attribution: utms }))
        await createdAt('leads', 'id', created.id, `${day}T16:00:00Z`)
        if (booksVisit) {
          const visit = await storage().chat.addAppointment(visitor, { at: '2025-07-25T16:00:00Z', name: 'V', phone: null, email: null, propertySlug: null, note: '' })
          await createdAt('appointments', 'id', visit.id, `${day}T16:05:00Z`)
        }
        return visitor
      }
      const instagram = await arrive(record('an Instagram link'), 'message', true)
      const tiktok = await arrive(record('a TikTok referrer'), 'page', true)
      const direct = await arrive(record('no referrer, no campaign'), 'message', false)

      const { breakdowns } = await crm.numbers.all({ from: day, to: day })
      const shown = (name: 'channel' | 'source') => breakdowns[name].map((row) => [rowLabel(row, name), row.leads, row.visits])
      expect(shown('channel')).toEqual([
        ['Redes sociales', 2, 2],
        ['Directo', 1, 0],
      ])
      expect(shown('source')).toEqual([
        ['Redes sociales · instagram', 1, 1],
        ['Redes sociales · www.tiktok.com', 1, 1],
        ['Directo', 1, 0],
      ])

      const { items } = await storage().console.inbox({ accountId: ANA, filter: 'all', limit: 100 })
      const inbox = (visitor: string) => items.find((item) => item.visitorId === visitor)
      expect([instagram, tiktok, direct].map((visitor) => inbox(visitor) && trafficText(inbox(visitor)!.channel, inbox(visitor)!.source))).toEqual([
        'Redes sociales · instagram',
        'Redes sociales · www.tiktok.com',
        'Directo',
      ])
    })
  })

  describe('data rights', () => {
    const NAME = 'Zacarías Quintanilla'
    const PHONE = '9987776655'
    const EMAIL = 'zacarias.q@example.mx'
    let visitor: string
    let other: string
    beforeAll(async () => {
      visitor = newVisitor()
      other = newVisitor()
      for (const id of [visitor, other]) {
        const { message } = await storage().journal.storeVisitorMessage({ visitorId: id, address: '127.0.0.1', content: `Hola, soy ${id === visitor ? NAME : 'otro'}`, clientMessageId: `m-${id}` })
        await storage().journal.storeTurn({ visitorId: id, answers: message.id, replies: ['Con gusto te ayudo'], state: { contact: { name: id === visitor ? NAME : 'Otro' } } })
        await storage().chat.addNavigation(id, '/propiedad/x', '2026-11-20T10:00:00Z')
        await storage().chat.saveMetrics(id, { browser: 'Chrome', clientLocation: { city: 'Cancún' } })
        await storage().chat.requestHuman(id)
      }
      const chatLead = await storage().leads.insert(lead({ name: NAME, phone: PHONE, email: EMAIL, visitorId: visitor }))
      await crm.leads.setStatus(chatLead.id, 'contactado', ANA)
      await crm.leads.addNote(chatLead.id, ANA, `Habló ${NAME}`)
      // Leads without the widget's id, with the same phone written another way or the same e-mail in capitals: theirs too.
      await storage().leads.insert(lead({ name: NAME, phone: '+52 1 (998) 777-6655', source: 'contacto' }))
      await storage().leads.insert(lead({ name: NAME, phone: null, email: EMAIL.toUpperCase(), source: 'contacto' }))
      const visit = await crm.visits.book(visitor, { at: '2026-12-01T16:00:00Z', propertySlug: null, name: NAME, phone: PHONE, email: EMAIL, note: '' }, ANA)
      if (!visit.ok) throw new Error(visit.error)
      await crm.visits.move(visit.visit.id, '2026-12-02T16:00:00Z', ANA)
      await storage().leads.insert(lead({ name: 'Otro', phone: '9980000000', visitorId: other }))
    })

    /** Every text and JSON column of every table, searched for the visitor's id, name, phone and e-mail. */
    const traces = async () => {
      const columns = await storage().db.query<{ table_name: string; column_name: string }>(
        `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'jsonb', 'character varying')`,
      )
      expect(columns.length).toBeGreaterThan(20)
      const found: string[] = []
      for (const { table_name: table, column_name: column } of columns) {
        for (const needle of [visitor, NAME, PHONE, EMAIL]) {
          const [row] = await storage().db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE strpos("${column}"::text, $1) > 0`, [needle])
          if (row!.n > 0) found.push(`${table}.${column} has ${needle}`)
        }
      }
      return found
    }

    it('exports everything about the visitor and nothing about others', async () => {
      const exported = (await crm.rights.exportVisitor(visitor))!
      const counts = Object.fromEntries(Object.entries(exported.tables).map(([table, rows]) => [table, rows.length]))
      expect(counts).toEqual({
        pipeline_history: 3, // lead status, visit booked, visit moved
        lead_notes: 1,
        lead_visitors: 0,
        leads: 3,
        appointments: 1,
        outbox: 4, // the visit's e-mails: the booking's notice and reminder, replaced by the move's (docs/email.md#visits)
        chat_pending_turns: 0,
        chat_messages: 2,
        chat_navigation: 1,
        chat_handoffs: 1,
        console_reads: 0,
        chat_routing: 0,
        chat_visitors: 1,
      })
      const text = JSON.stringify(exported)
      expect(text).toContain(NAME)
      expect(text).not.toContain(other)
      expect(await crm.rights.exportVisitor(newVisitor())).toBeNull()
    })

    it('erases the visitor from every table, keeps the others, and logs only counts', async () => {
      expect((await traces()).length).toBeGreaterThan(0)
      const { record } = await crm.rights.eraseVisitor(visitor, ANA)
      expect(record.rowsErased).toMatchObject({ leads: 3, chat_messages: 2, appointments: 1, chat_visitors: 1 })
      expect(await traces()).toEqual([])
      expect(await storage().chat.history(other)).toHaveLength(2)
      expect(await storage().chat.visitor(other)).toMatchObject({ navigation: [{ urlPath: '/propiedad/x' }] })

      const [logged] = await storage().db.query<{ subject_hash: string; actor: string }>('SELECT subject_hash, actor FROM data_erasures WHERE id = $1', [record.id])
      expect(logged).toEqual({ subject_hash: subjectHash(visitor), actor: ANA })
      expect(await crm.rights.exportVisitor(visitor)).toBeNull()
      // Its id is revoked: a widget still holding it cannot start the conversation again.
      expect(await storage().chat.claimVisitorToken(visitor, 'a-new-token-hash')).toBe(false)
      expect(await storage().chat.claimVisitorToken(newVisitor(), 'a-new-token-hash')).toBe(true)
    })

    it("erases a site form's lead by the visitor's cp_visitor id, and the person's lead from the API by its phone", async () => {
      const leads = createLeadService({ storage: storage() })
      const cookie = 'cpVisitorCookieId_0123456789abc'
      const form = await leads.register(lead({ name: 'Rogelio Formulario', phone: '998 555 0101', email: 'rogelio@example.mx', source: 'contacto' }), { channel: 'form', address: '127.0.0.1', visitorId: cookie })
      if (form.kind !== 'created') throw new Error(`the form lead was ${form.kind}`)
      expect(form.lead).toMatchObject({ visitorId: cookie })
      const api = await leads.register(lead({ name: 'Rogelio F.', phone: '+52 998 555 0101', source: 'contacto', propertySlug: property.slug }), { channel: 'api', address: '127.0.0.1', visitorId: null })
      if (api.kind !== 'created') throw new Error(`the API lead was ${api.kind}`)
      expect(api.lead).toMatchObject({ visitorId: null })
      const neighbour = await storage().leads.insert(lead({ name: 'Vecina', phone: '998 555 0102', source: 'contacto' }))

      const { record, person } = await crm.rights.eraseVisitor(cookie, ANA)
      expect(record.rowsErased).toMatchObject({ leads: 2 })
      expect(person.leadIds.sort()).toEqual([form.lead.id, api.lead.id].sort())
      const left = await storage().db.query<{ id: string }>('SELECT id FROM leads WHERE id = ANY($1::text[])', [[form.lead.id, api.lead.id, neighbour.id]])
      expect(left.map((r) => r.id)).toEqual([neighbour.id])
    })

    it("erases from a lead with no chat the person's chat too, found by the e-mail in any case", async () => {
      const chatVisitor = newVisitor()
      const { message } = await storage().journal.storeVisitorMessage({ visitorId: chatVisitor, address: '127.0.0.1', content: 'Soy Itzel, itzel.k@example.mx', clientMessageId: 'itzel-1' })
      await storage().journal.storeTurn({ visitorId: chatVisitor, answers: message.id, replies: ['Gracias, Itzel'], state: null })
      await storage().leads.insert(lead({ name: 'Itzel', phone: null, email: 'itzel.k@example.mx', visitorId: chatVisitor }))
      const fromApi = await storage().leads.insert(lead({ name: 'Itzel K', phone: null, email: 'Itzel.K@Example.MX', source: 'contacto' }))

      const erasure = (await crm.rights.eraseLead(fromApi.id, ANA))!
      expect(erasure.person.visitorIds).toEqual([chatVisitor])
      expect(erasure.record.rowsErased).toMatchObject({ leads: 2, chat_messages: 2, chat_visitors: 1 })
      expect(await storage().chat.history(chatVisitor)).toEqual([])
      expect(await crm.rights.eraseLead(fromApi.id, ANA)).toBeNull()
    })
  })
})
