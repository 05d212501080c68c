/**
 * The pipeline's JSON routes (docs/behaviour.md#leads, #visits, #widget-settings, #numbers,
 * #data-rights), mounted by the console under /consola/api behind its session and origin checks.
 * Who is signed in comes from the console (`account`); what a visitor's widget must hear goes
 * through `tellVisitor` and `announceBooking`, which the console wires to the chat namespace.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { LEAD_REVIEW, LEAD_STATUSES, MAX_NOTE_LENGTH, VISIT_LIMITS, VISIT_STATUSES } from '../../protocol/crm'
import { LEAD_LIMITS, LEAD_MESSAGES } from '../../shared/lead-rules'
import { isValidPhone } from '../../domain/phone-shape'
import { isValidEmail } from '../../domain/email'
import { checkWidgetSettings } from '../../shared/widget-settings'
import { apiError } from '../api/errors'
import { valid } from '../validation'
import { dashboardRangeSchema } from './dashboard'
import type { Pipeline } from './index'
import { dayParam, leadFilterSchema } from './lead-filter'
import { agencyDay } from '../../domain/agency-clock'
import type { PipelineLead, Visit } from '../../protocol/crm'
import type { Erasure } from './data-rights'
import type { VisitOutcome } from './visits'
import { INITIAL_SETTINGS_AUTHOR } from './widget-settings'
import type { SettingsPage } from '../../protocol/numbers'

export interface PipelineAccount {
  id: string
  role: 'admin' | 'asesor'
}

export interface PipelineApiOptions {
  pipeline: Pipeline
  /** The signed-in person of a request (set by the console's session check). */
  account: (c: Context) => PipelineAccount
  /** Account ids to names, for the CSV. */
  names: (ids: string[]) => Promise<Map<string, string>>
  /** Whether an active console account has this id (a lead or a visit is assigned only to one). */
  accountExists: (id: string) => Promise<boolean>
  /** Stores `content` as this person's message to the visitor and sends it to their open widgets. */
  tellVisitor: (visitorId: string, content: string, accountId: string) => Promise<void>
  /** A booking: `scheduled_appointment` to the visitor's widgets, as the automated agent's bookings do. */
  announceBooking: (visitorId: string, visit: Visit) => void
  /**
   * A lead a person saves from a conversation (what the visitor told them in the chat): stored as
   * the chat's leads are, with the visitor's campaign; every console shows it as it shows those.
   */
  addChatLead: (visitorId: string, lead: ChatLeadFields, address: string) => Promise<{ lead: PipelineLead; created: boolean }>
  /** The client address of a request (for the lead service's log lines). */
  clientAddress: (c: Context) => string
  /**
   * A person was erased (docs/behaviour.md#data-rights): their open widgets start over, every
   * console drops them, and the values leave the database's files. Awaited before the answer.
   */
  erased: (erasure: Erasure) => Promise<void>
  /** A lead or a visit a person changed: every open console shows it (docs/behaviour.md#leads, #visits). */
  changed: { lead: (lead: PipelineLead) => void; visit: (visit: Visit) => void }
  /** The instance the site's own widget uses now (the agency's name, docs/agency.md#widget): always offered by the settings form, saved or not. */
  defaultInstance: () => string
  clock?: () => Date
}

const notFound = (c: Context, message: string) => apiError(c, 404, 'not_found', message)

/** The widget settings form, checked as the console's form checks it (shared/widget-settings.ts), with its contrast warnings. */
const settingsSchema = z.unknown().transform((input, ctx) => {
  const check = checkWidgetSettings(input)
  if (check.ok) return check
  for (const { field, message } of check.errors) ctx.addIssue({ code: 'custom', message, path: field ? [field] : [] })
  return z.NEVER
})
const pageSchema = z.object({ pagina: z.coerce.number().int().min(1).max(10_000).default(1) })
const statusSchema = z.object({ status: z.enum(LEAD_STATUSES, 'Estado no válido') }).strict()
/** `null`: «No es spam», the lead leaves the review list; the mark may be set again. */
const reviewSchema = z.object({ review: z.enum([LEAD_REVIEW], 'Revisión no válida').nullable() }).strict()
/** A lead's or a visit's person: an account id, or null for nobody (the account must exist: `unknownAccount`). */
const assigneeSchema = z.object({ accountId: z.string().min(1).max(100).nullable() }).strict()
export const UNKNOWN_ACCOUNT = 'Esa cuenta no existe o fue eliminada: elige a alguien de la lista.'
const noteSchema = z.object({ body: z.string().trim().min(1, 'Escribe la nota.').max(MAX_NOTE_LENGTH, `La nota admite hasta ${MAX_NOTE_LENGTH.toLocaleString('es-MX')} caracteres.`) }).strict()
const instant = z.iso.datetime({ offset: true, error: 'Fecha y hora no válidas.' })
/** A limit's refusal names the field, in Spanish (not the validator's «<=120»). */
const upTo = (max: number, field: string) => z.string().trim().max(max, `${field} admite hasta ${max.toLocaleString('es-MX')} caracteres.`)
const optionalText = (max: number, field: string) => upTo(max, field).nullable().default(null)
const bookSchema = z
  .object({
    visitorId: z.string().min(1).max(100),
    at: instant,
    propertySlug: optionalText(VISIT_LIMITS.propertySlug, 'La propiedad'),
    name: optionalText(VISIT_LIMITS.name, 'El nombre'),
    // A phone someone will call to confirm the visit: as the site's forms check it («12» was stored).
    phone: optionalText(VISIT_LIMITS.phone, 'El teléfono').refine((phone) => !phone || isValidPhone(phone), LEAD_MESSAGES.phone),
    email: optionalText(VISIT_LIMITS.email, 'El correo'),
    note: upTo(VISIT_LIMITS.note, 'La nota').default(''),
  })
  .strict()
/** A lead typed by a person from a conversation: the site's lead rules, worded for the agent (not «Escribe tu nombre»). */
const chatLeadSchema = z
  .object({
    name: upTo(LEAD_LIMITS.name, 'El nombre').min(2, 'Escribe el nombre del cliente.'),
    phone: optionalText(VISIT_LIMITS.phone, 'El teléfono')
      .transform((phone) => phone || null)
      .refine((phone) => !phone || isValidPhone(phone), LEAD_MESSAGES.phone),
    email: optionalText(LEAD_LIMITS.email, 'El correo')
      .transform((email) => email || null)
      .refine((email) => !email || isValidEmail(email), 'Escribe un correo válido.'),
    message: upTo(LEAD_LIMITS.message, 'La nota').default(''),
  })
  .strict()
  .refine((lead) => lead.phone || lead.email, { message: 'Escribe un teléfono o un correo del cliente.', path: ['phone'] })
export type ChatLeadFields = z.infer<typeof chatLeadSchema>
const visitChangeSchema = z.union([
  z.object({ at: instant }).strict(),
  z.object({ status: z.enum(VISIT_STATUSES, 'Estado no válido') }).strict(),
])
const daySchema = z.object({ day: dayParam.optional() })
const visitListSchema = z.object({ status: z.enum(VISIT_STATUSES, 'Estado no válido').optional(), from: dayParam.optional() })

/** The lead list's query string: its filters and the page (which the CSV ignores). */
const leadListSchema = leadFilterSchema.extend(pageSchema.shape)

export function pipelineRoutes(options: PipelineApiOptions) {
  const { pipeline } = options
  const clock = options.clock ?? (() => new Date())
  const app = new Hono()
  const requireAdmin: MiddlewareHandler = async (c, next) => {
    if (options.account(c).role !== 'admin') return apiError(c, 403, 'admins_only', 'Solo un administrador puede hacer esto.')
    await next()
  }

  /** The refusal of an assignment to an account that does not exist (removed, or never was); null when it may go ahead. */
  const unknownAccount = async (c: Context, accountId: string | null) =>
    accountId !== null && !(await options.accountExists(accountId)) ? apiError(c, 400, 'invalid_request', UNKNOWN_ACCOUNT, { accountId: UNKNOWN_ACCOUNT }) : null

  /** A visit change reached the store: the visitor hears of it, the console gets the visit. */
  const visitAnswer = async (c: Context, outcome: VisitOutcome, booked = false) => {
    if (!outcome.ok) return apiError(c, outcome.error.startsWith('No encontramos') ? 404 : 400, 'invalid_visit', outcome.error)
    if (outcome.message) await options.tellVisitor(outcome.visit.visitorId, outcome.message, options.account(c).id)
    if (booked) options.announceBooking(outcome.visit.visitorId, outcome.visit)
    options.changed.visit(outcome.visit)
    const lead = booked ? await options.pipeline.leads.visitBooked(outcome.visit, options.account(c).id) : null
    if (lead) options.changed.lead(lead)
    return c.json({ visit: outcome.visit }, booked ? 201 : 200)
  }

  // Leads
  app.get('/leads', valid('query', leadListSchema), async (c) => {
    const { pagina, ...filter } = c.req.valid('query')
    return c.json(await pipeline.leads.list(filter, pagina))
  })
  app.get('/leads/export.csv', valid('query', leadListSchema), async (c) => {
    const { pagina: _page, ...filter } = c.req.valid('query')
    const csv = await pipeline.leads.exportCsv(filter, options.names)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="prospectos-${agencyDay(clock())}.csv"`)
    return c.body(csv)
  })
  app.get('/leads/:id', async (c) => {
    const detail = await pipeline.leads.get(c.req.param('id'))
    return detail ? c.json(detail) : notFound(c, 'No encontramos ese prospecto.')
  })
  /** A lead after a person's change: shown on every console, answered to the caller. */
  const leadAnswer = (c: Context, lead: PipelineLead | null) => {
    if (!lead) return notFound(c, 'No encontramos ese prospecto.')
    options.changed.lead(lead)
    return c.json({ lead })
  }
  app.put('/leads/:id/status', valid('json', statusSchema), async (c) => {
    return leadAnswer(c, await pipeline.leads.setStatus(c.req.param('id'), c.req.valid('json').status, options.account(c).id))
  })
  app.put('/leads/:id/assignee', valid('json', assigneeSchema), async (c) => {
    const { accountId } = c.req.valid('json')
    return (await unknownAccount(c, accountId)) ?? leadAnswer(c, await pipeline.leads.assign(c.req.param('id'), accountId, options.account(c).id))
  })
  app.put('/leads/:id/review', valid('json', reviewSchema), async (c) => {
    return leadAnswer(c, await pipeline.leads.setReview(c.req.param('id'), c.req.valid('json').review, options.account(c).id))
  })
  app.post('/leads/:id/notes', valid('json', noteSchema), async (c) => {
    const note = await pipeline.leads.addNote(c.req.param('id'), options.account(c).id, c.req.valid('json').body)
    return note ? c.json({ note }, 201) : notFound(c, 'No encontramos ese prospecto.')
  })

  app.post('/visitors/:visitorId/leads', valid('json', chatLeadSchema), async (c) => {
    // The same phone or e-mail already a lead within the window: that lead, now listed as this visitor's too.
    const { lead, created } = await options.addChatLead(c.req.param('visitorId'), c.req.valid('json'), options.clientAddress(c))
    return c.json({ lead, created }, created ? 201 : 200)
  })

  // Visits
  app.get('/visits/week', valid('query', daySchema), async (c) => {
    return c.json(await pipeline.visits.week(c.req.valid('query').day ?? agencyDay(clock())))
  })
  /** From a day on (today in Cancún unless told), soonest first. */
  app.get('/visits', valid('query', visitListSchema), async (c) => {
    const { status, from } = c.req.valid('query')
    return c.json({ items: await pipeline.visits.list({ ...(status ? { status } : {}), from: from ?? agencyDay(clock()) }) })
  })
  app.get('/visitors/:visitorId/visits', async (c) => c.json({ items: await pipeline.visits.forVisitor(c.req.param('visitorId')) }))
  app.post('/visits', valid('json', bookSchema), async (c) => {
    const { visitorId, ...visit } = c.req.valid('json')
    return visitAnswer(c, await pipeline.visits.book(visitorId, visit, options.account(c).id), true)
  })
  /** Its adviser («Asesor»), as a lead's assignee; the visitor is not told. */
  app.put('/visits/:id/assignee', valid('json', assigneeSchema), async (c) => {
    const { accountId } = c.req.valid('json')
    return (await unknownAccount(c, accountId)) ?? visitAnswer(c, await pipeline.visits.assign(c.req.param('id'), accountId, options.account(c).id))
  })
  app.patch('/visits/:id', valid('json', visitChangeSchema), async (c) => {
    const change = c.req.valid('json')
    const id = c.req.param('id')
    const actor = options.account(c).id
    return visitAnswer(c, 'at' in change ? await pipeline.visits.move(id, change.at, actor) : await pipeline.visits.setStatus(id, change.status, actor))
  })

  // Widget settings (admins)
  app.get('/settings', requireAdmin, async (c) => {
    const stored = await pipeline.settings.instances()
    return c.json({ instances: [...new Set([options.defaultInstance(), ...stored])] })
  })
  app.get('/settings/:instance', requireAdmin, async (c) => {
    const instance = c.req.param('instance')
    const [config, versions] = await Promise.all([pipeline.settings.current(instance), pipeline.settings.versions(instance)])
    const names = await options.names([...new Set(versions.map((v) => v.author))])
    names.set(INITIAL_SETTINGS_AUTHOR, 'Configuración inicial')
    return c.json({ instance, config, versions, names: Object.fromEntries(names) } satisfies SettingsPage)
  })
  // The draft as the admin types it, for their preview's widget (docs/behaviour.md#widget-settings).
  app.put('/settings-preview', requireAdmin, valid('json', settingsSchema), async (c) => {
    return c.json({ instance: await pipeline.settings.preview(options.account(c).id, c.req.valid('json').config) })
  })
  app.put('/settings/:instance', requireAdmin, valid('json', settingsSchema), async (c) => {
    const check = c.req.valid('json')
    const version = await pipeline.settings.save(c.req.param('instance'), check.config, options.account(c).id)
    return c.json({ version, warnings: check.warnings })
  })
  app.post('/settings/:instance/versions/:version/restore', requireAdmin, async (c) => {
    const number = Number(c.req.param('version'))
    const version = Number.isInteger(number) ? await pipeline.settings.restore(c.req.param('instance'), number, options.account(c).id) : null
    return version ? c.json({ version }) : notFound(c, 'No existe esa versión.')
  })

  // Numbers
  app.get('/numbers', valid('query', dashboardRangeSchema), async (c) => {
    return c.json(await pipeline.numbers.all(c.req.valid('query')))
  })

  // Data rights (admins)
  app.get('/visitors/:visitorId/export', requireAdmin, async (c) => {
    const exported = await pipeline.rights.exportVisitor(c.req.param('visitorId'))
    if (!exported) return notFound(c, 'No hay datos de ese visitante.')
    c.header('Content-Disposition', `attachment; filename="visitante-${agencyDay(clock())}.json"`)
    return c.json(exported)
  })
  const erased = async (c: Context, erasure: Erasure) => {
    await options.erased(erasure)
    return c.json({ erasure: erasure.record })
  }
  app.delete('/visitors/:visitorId', requireAdmin, async (c) => erased(c, await pipeline.rights.eraseVisitor(c.req.param('visitorId'), options.account(c).id)))
  // A lead with no chat (a site form, the API): its person is erased from the lead's page.
  app.delete('/leads/:id/person', requireAdmin, async (c) => {
    const erasure = await pipeline.rights.eraseLead(c.req.param('id'), options.account(c).id)
    return erasure ? erased(c, erasure) : notFound(c, 'No encontramos ese prospecto.')
  })
  app.get('/erasures', requireAdmin, async (c) => c.json({ items: await pipeline.rights.erasures() }))

  return app
}
