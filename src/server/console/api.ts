/**
 * The console's JSON API under /consola/api (docs/behaviour.md#console): sign-in and sign-out,
 * accounts (admins), the inbox, a conversation, and property cards for the composer. Every route
 * but sign-in needs a live session; every state-changing request must come from the console's origin.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { formatListingPrice } from '../../catalogue/format'
import {
  CONSOLE_API_PATH,
  type ConsoleAccount,
  type ConversationDetail,
  type PropertyPick,
} from '../../protocol/console'
import type { Colleague } from '../../protocol/crm'
import { apiError } from '../api/errors'
import { namesOf, propertyCard, siteBase } from '../chat/agent/cards'
import { pipelineRoutes, type PipelineApiOptions } from '../crm/api'
import { catalogueRoutes, type CatalogueApiOptions } from '../catalogue/console-api'
import { CATALOGUE_API_PATH } from '../../protocol/catalogue'
import type { Storage } from '../storage'
import { createAccount, setNewPassword } from './accounts'
import { accountChangeSchema, photoKey, profileSchema } from '../../protocol/accounts'
import { consoleMessage, type ConversationActions } from './conversations'
import { sameOrigin } from './origin'
import { hashPassword, passwordProblem, type PasswordCost } from './passwords'
import { inboxPage } from './inbox'
import { cannedRoutes } from './canned-api'
import { knowledgeRoutes } from './knowledge-api'
import { pagesRoutes } from './pages-api'
import { teamRoutes } from './team-api'
import { agencyRoutes } from './agency-api'
import { mailRoutes } from '../mail/console-api'
import type { MailService } from '../mail'
import type { PhotoStore } from '../media/store'
import { sessionCookie, signedInAccount, tokenFromCookies, type Sessions } from './sessions'
import { deviceCookie, deviceFromCookies } from './devices'
import { valid } from '../validation'
import { faultLines, log } from '../safe-log'
import type { SignInFailure, signInService } from './sign-in'
import { setupSchema, type FirstRun } from './first-run'
import { offerFrom } from '../storage/routing-repo'
import { availabilitySchema, dutyHoursSchema } from '../../shared/duty-schema'

const BODY_MAX_BYTES = 16 * 1024
/** A catalogue record is larger: a post's body alone may reach 50,000 characters (catalogue/schema.ts). */
const CATALOGUE_BODY_MAX_BYTES = 512 * 1024
const PROPERTY_PICKS = 8

const signInSchema = z.object({ email: z.string().max(200), password: z.string().max(500) })
const passwordChangeSchema = z.object({ current: z.string().min(1).max(500), password: z.string() })
const inboxSchema = z.object({
  filter: z.enum(['all', 'needs', 'auto', 'mine', 'closed']).default('all'),
  q: z.string().max(200).optional(),
  before: z.coerce.number().int().positive().optional(),
})

type Env = { Variables: { account: ConsoleAccount; token: string } }

export interface ConsoleApiOptions {
  storage: Storage
  sessions: Sessions
  signIn: ReturnType<typeof signInService>
  actions: ConversationActions
  /** The first-run wizard (./first-run.ts): open while no account exists. */
  firstRun: FirstRun
  passwordCost?: PasswordCost
  publicUrl: () => string | undefined
  siteUrl: () => string
  clientAddress: (c: Context) => string
  /** The pipeline's routes (leads, visits, settings, numbers, data rights), behind the same session check. */
  pipeline: Omit<PipelineApiOptions, 'account'>
  /** The catalogue's routes (docs/catalogue.md#api), behind the same session check. */
  catalogue: Omit<CatalogueApiOptions, 'editor'>
  /** An agency document was saved: the live catalogue reloads it (docs/agency.md). */
  agencyChanged: () => Promise<unknown>
  /** The agency profile's logo and a person's photo must be stored photos; a saved profile reaches the live site (console/agency-api.ts). */
  agency: { photos: Pick<PhotoStore, 'has'>; changed: () => Promise<unknown> }
  /** The outbox's view and «Reintentar» (admins; mail/console-api.ts, docs/email.md#console). */
  mail?: Pick<MailService, 'overview' | 'retry'>
  /** A session ended: close its sockets everywhere. */
  endedSession(token: string): void
  /** An account removed or given a new password, but the session `kept` (console/index.ts). */
  signedOut(account: ConsoleAccount, kept?: string): Promise<void>
  /** An account's name, photo or permission changed: every open console shows it (console/index.ts). */
  accountChanged(account: ConsoleAccount): void
}

export const PHOTO_MISSING = 'Esa foto no está entre las fotos subidas: súbela otra vez.'

/** A refused sign-in or password check: too many attempts (429) and a busy server (503) say when to come back. */
function signInRefused(c: Context, refusal: SignInFailure, wrongCode: string) {
  if (refusal.retryAfterSeconds) c.header('Retry-After', String(refusal.retryAfterSeconds))
  const code = refusal.status === 429 ? 'too_many' : refusal.status === 503 ? 'busy' : wrongCode
  return apiError(c, refusal.status, code, refusal.error)
}

export function createConsoleApi(options: ConsoleApiOptions) {
  const { storage, sessions, actions } = options
  const app = new Hono<Env>().basePath(CONSOLE_API_PATH)
  const secure = () => options.publicUrl()?.startsWith('https:') ?? false
  const signedOut = (c: Context) => apiError(c, 401, 'no_session', 'Tu sesión terminó. Vuelve a iniciar sesión.')

  const tooLarge = (c: Context) => apiError(c, 413, 'too_large', 'La solicitud es demasiado grande.')
  const smallBody = bodyLimit({ maxSize: BODY_MAX_BYTES, onError: tooLarge })
  const catalogueBody = bodyLimit({ maxSize: CATALOGUE_BODY_MAX_BYTES, onError: tooLarge })
  // A page's text (console/pages-api.ts) is as long as a post's body.
  const large = (path: string) => path.startsWith(`${CATALOGUE_API_PATH}/`) || path.startsWith(`${CONSOLE_API_PATH}/pages/`)
  app.use('*', (c, next) => (large(c.req.path) ? catalogueBody(c, next) : smallBody(c, next)))
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !sameOrigin(c.req.header('origin'), c.req.header('host'), options.publicUrl())) {
      return apiError(c, 403, 'bad_origin', 'Origen no permitido.')
    }
    await next()
  })

  app.post('/session', valid('json', signInSchema, 'Escribe tu correo y tu contraseña.'), async (c) => {
    const { email, password } = c.req.valid('json')
    const device = deviceFromCookies(c.req.header('cookie'))
    const result = await options.signIn.signIn(email, password, options.clientAddress(c), device)
    if (!result.ok) return signInRefused(c, result, 'wrong_credentials')
    c.header('Set-Cookie', sessionCookie(await sessions.start(result.account.id), secure()))
    c.header('Set-Cookie', deviceCookie(result.device, secure()), { append: true })
    return c.json({ account: result.account })
  })

  // The first-run wizard, before any account exists (docs/agency.md#first-run).
  app.get('/setup', async (c) => c.json({ pending: await options.firstRun.pending() }))
  app.post('/setup', valid('json', setupSchema), async (c) => {
    const result = await options.firstRun.complete(c.req.valid('json'))
    if (!result.ok) return apiError(c, result.status, result.status === 409 ? 'setup_done' : 'wrong_setup_code', result.error)
    // The person who set the agency up is signed in as its first admin.
    c.header('Set-Cookie', sessionCookie(await sessions.start(result.account.id), secure()))
    return c.json({ account: result.account })
  })

  const requireSession: MiddlewareHandler<Env> = async (c, next) => {
    const token = tokenFromCookies(c.req.header('cookie'))
    const account = await signedInAccount(sessions, storage.accounts, token)
    if (!account || !token) return signedOut(c)
    c.set('account', account)
    c.set('token', token)
    await next()
  }
  const requireAdmin: MiddlewareHandler<Env> = async (c, next) => {
    if (c.get('account').role !== 'admin') return apiError(c, 403, 'admins_only', 'Solo un administrador puede hacer esto.')
    await next()
  }
  app.use('*', requireSession)

  app.delete('/session', async (c) => {
    const token = c.get('token')
    await sessions.end(token)
    options.endedSession(token)
    await actions.releaseAll(c.get('account'))
    c.header('Set-Cookie', sessionCookie(null, secure()))
    return c.json({ ok: true })
  })
  app.get('/me', (c) => c.json({ account: c.get('account') }))
  /**
   * One's own displayed name and photo («Mi cuenta»): what colleagues and visitors read from now on
   * (docs/behaviour.md#console-accounts); every open console hears it at once.
   */
  app.put('/me', valid('json', profileSchema), async (c) => {
    const profile = c.req.valid('json')
    // The schema checked the photo's shape; it must also be an upload the store holds.
    if (profile.photo && !(await options.agency.photos.has(photoKey(profile.photo)))) return apiError(c, 400, 'invalid_request', PHOTO_MISSING, { photo: PHOTO_MISSING })
    const account = await storage.accounts.change(c.get('account').id, profile)
    if (!account) return signedOut(c)
    options.accountChanged(account)
    return c.json({ account })
  })
  /** One's own password: the current one checked as a sign-in is (and counted with them), the new one as at creation; one's other sessions end. */
  app.put('/me/password', valid('json', passwordChangeSchema, 'Escribe tu contraseña actual y la nueva.'), async (c) => {
    const { current, password } = c.req.valid('json')
    const problem = passwordProblem(password)
    if (problem) return apiError(c, 400, 'invalid_password', problem)
    const account = c.get('account')
    const check = await options.signIn.confirm(account.email, current, options.clientAddress(c))
    if (!check.ok) return check.status === 401 ? apiError(c, 400, 'wrong_password', 'La contraseña actual no es correcta.') : signInRefused(c, check, 'wrong_password')
    await storage.accounts.setPassword(account.id, await hashPassword(password, options.passwordCost))
    await options.signedOut(account, c.get('token'))
    return c.json({ ok: true })
  })

  /** One's status in the console's header (docs/console.md#routing): «ausente», no conversation is offered to them. */
  app.put('/me/availability', valid('json', availabilitySchema, 'Elige «disponible» o «ausente».'), async (c) => {
    const account = c.get('account')
    await storage.accounts.setAvailability(account.id, c.req.valid('json').availability)
    return c.json({ account: await storage.accounts.byId(account.id) })
  })
  /** One's own duty hours («Mi cuenta»); null: the agency's office hours. */
  app.put('/me/duty-hours', valid('json', dutyHoursSchema, 'Revisa tu horario.'), async (c) => {
    const account = c.get('account')
    await storage.accounts.setDutyHours(account.id, c.req.valid('json').dutyHours)
    return c.json({ account: await storage.accounts.byId(account.id) })
  })

  /**
   * Everyone's name, for any signed-in person: to assign a lead or a visit and to say who changed
   * what. An account linked to a member of the team is that member: their name and role.
   */
  app.get('/people', async (c) => {
    const [accounts, { team }] = await Promise.all([storage.accounts.list(), storage.agency.current()])
    const members = new Map(team.flatMap((member) => (member.accountId ? [[member.accountId, member] as const] : [])))
    return c.json({
      items: accounts.map(({ id, name }): Colleague => {
        const member = members.get(id)
        return member ? { id, name: member.name, jobTitle: member.role } : { id, name }
      }),
    })
  })
  app.get('/accounts', requireAdmin, async (c) => c.json({ items: await storage.accounts.list() }))
  app.post('/accounts', requireAdmin, async (c) => {
    const created = await createAccount(storage, await c.req.json().catch(() => null), options.passwordCost)
    return created.ok ? c.json({ account: created.account }, 201) : apiError(c, 400, 'invalid_account', created.error)
  })
  /** Another account's password, made anew and answered once; its sessions end (docs/behaviour.md#console-accounts). */
  app.post('/accounts/:id/password', requireAdmin, async (c) => {
    const id = c.req.param('id')
    if (id === c.get('account').id) return apiError(c, 400, 'self', 'Tu propia contraseña se cambia en «Mi cuenta».')
    const account = await storage.accounts.byId(id)
    const changed = account && (await setNewPassword(storage, id, undefined, options.passwordCost))
    if (!account || !changed?.ok) return apiError(c, 404, 'not_found', 'No existe esa cuenta.')
    await options.signedOut(account)
    return c.json({ password: changed.password })
  })
  /**
   * Another account's displayed name, or an asesor's permission to publish in the catalogue
   * (docs/catalogue.md#permissions; an admin always may): every open console hears it at once.
   */
  app.put('/accounts/:id', requireAdmin, valid('json', accountChangeSchema), async (c) => {
    const account = await storage.accounts.change(c.req.param('id'), c.req.valid('json'))
    if (!account) return apiError(c, 404, 'not_found', 'No existe esa cuenta.')
    options.accountChanged(account)
    return c.json({ account })
  })
  /** Another person's duty hours (admins, «Cuentas»); null: the agency's office hours. */
  app.put('/accounts/:id/duty-hours', requireAdmin, valid('json', dutyHoursSchema, 'Revisa el horario.'), async (c) => {
    const id = c.req.param('id')
    if (!(await storage.accounts.setDutyHours(id, c.req.valid('json').dutyHours))) return apiError(c, 404, 'not_found', 'No existe esa cuenta.')
    return c.json({ account: await storage.accounts.byId(id) })
  })
  app.delete('/accounts/:id', requireAdmin, async (c) => {
    const id = c.req.param('id')
    if (id === c.get('account').id) return apiError(c, 400, 'self', 'No puedes eliminar tu propia cuenta.')
    const account = await storage.accounts.byId(id)
    if (!account || !(await storage.accounts.remove(id))) return apiError(c, 404, 'not_found', 'No existe esa cuenta.')
    await options.signedOut(account)
    return c.json({ ok: true })
  })

  // The team's canned replies (everyone; who changes which: console/canned-api.ts).
  app.route('/canned-replies', cannedRoutes({ storage, visits: options.pipeline.pipeline.visits, siteUrl: options.siteUrl }))
  // The agent's knowledge base (admins; console/knowledge-api.ts).
  app.route('/knowledge', knowledgeRoutes(storage))
  // The texts of the site's own pages (admins; console/pages-api.ts).
  app.route('/pages', pagesRoutes(storage, options.agencyChanged))
  // The agency's team (admins; console/team-api.ts).
  app.route('/team', teamRoutes(storage, options.agencyChanged))
  // Who the agency is (console/agency-api.ts): everyone reads it, admins save it.
  app.route('/agency', agencyRoutes({ storage, ...options.agency }))
  // The e-mails the server sends (admins; mail/console-api.ts).
  if (options.mail) app.route('/mail', mailRoutes(options.mail))

  app.get('/inbox', valid('query', inboxSchema, 'Filtro no válido.'), async (c) => {
    return c.json(await inboxPage(storage, c.get('account').id, c.req.valid('query')))
  })

  app.get('/conversations/:visitorId', async (c) => {
    const visitorId = c.req.param('visitorId')
    const [messages, visitor, flags, owner, routing] = await Promise.all([
      storage.console.messages(visitorId),
      storage.chat.visitor(visitorId),
      storage.console.flags(visitorId),
      actions.currentOwner(visitorId),
      storage.routing.get(visitorId),
    ])
    const names = await storage.accounts.names([...new Set(messages.flatMap((m) => (m.authorId ? [m.authorId] : [])))])
    const contact = flags.contact ?? {}
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null)
    return c.json({
      visitorId,
      messages: messages.map((m) => consoleMessage(m, names)),
      owner,
      offer: routing ? offerFrom(routing) : null,
      needsHuman: flags.needsHuman,
      closed: flags.closed,
      navigation: visitor.navigation,
      utms: visitor.utms,
      metrics: visitor.metrics,
      contact: { name: text(contact.name) ?? (await storage.console.visitorName(visitorId)), phone: text(contact.phone), email: text(contact.email) },
      language: flags.language,
    } satisfies ConversationDetail)
  })

  let names: Promise<ReturnType<typeof namesOf>> | undefined
  app.get('/properties', async (c) => {
    const q = (c.req.query('q') ?? '').slice(0, 100)
    names ??= Promise.all([storage.catalogue.zones(), storage.catalogue.developments()]).then(([zones, developments]) => namesOf(zones, developments))
    const [page, known] = await Promise.all([storage.catalogue.searchProperties({ ...(q ? { q } : {}), por_pagina: PROPERTY_PICKS }), names])
    const base = siteBase(options.siteUrl())
    return c.json({
      items: page.items.map(
        (property): PropertyPick => ({
          id: property.id,
          slug: property.slug,
          title: property.title,
          priceLabel: formatListingPrice(property.price, property.operation),
          markdown: propertyCard(property, base, known),
        }),
      ),
    })
  })

  app.route('/', pipelineRoutes({ ...options.pipeline, account: (c) => (c as Context<Env>).get('account') }))
  app.route('/catalogue', catalogueRoutes({ ...options.catalogue, editor: (c) => (c as Context<Env>).get('account') }))

  // Last: the error shape of every JSON answer, for an unknown route and a fault too.
  app.all('*', (c) => apiError(c, 404, 'not_found', 'Ruta de la consola desconocida.'))
  app.onError((error, c) => {
    log.error('console-api-failed', `[consola] request failed: ${faultLines(error)}`)
    return apiError(c, 500, 'internal_error', 'Ocurrió un error en el servidor. Intenta de nuevo.')
  })
  return app
}
