/**
 * The agent console on the server (docs/behaviour.md#console): its page and JSON API under
 * /consola, its own socket.io server (path /consola/socket.io, so the session cookie's
 * Path=/consola reaches the handshake) with the namespace /consola, the live list of visitors
 * and the turn hooks that keep the automated agent quiet while a person answers.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import type { Context } from 'hono'
import { Server, type Namespace } from 'socket.io'
import {
  type AccountChange,
  type AccountRemoved,
  type ConsoleAccount,
  CONSOLE_ALERTS_COOKIE,
  CONSOLE_NAMESPACE,
  CONSOLE_PATH,
  ConsoleServerEvent,
  type ErasedPerson,
} from '../../protocol/console'
import { AUTOMATED_AGENT_ACTOR, type PipelineLead, type Visit } from '../../protocol/crm'
import { createOwnership } from '../chat/ownership'
import type { TurnHooks } from '../chat/namespace'
import { pipeline } from '../crm'
import { ERASED_TABLES } from '../crm/data-rights'
import { roomOf } from '../chat/turns'
import { reclaimErased } from '../storage/embedded-vacuum'
import { visitorNotifier } from '../crm/notify'
import { sendFile, resolveInside } from '../static'
import type { Storage } from '../storage'
import { createConsoleApi } from './api'
import type { FirstRun } from './first-run'
import { AGENTS_ROOM, agentsRoom, consoleMessage, conversationActions } from './conversations'
import type { PasswordCost } from './passwords'
import { inboxPage } from './inbox'
import { consolePage } from './page'
import { renderConsole } from './render'
import { cookieFrom, createSessions, signedInAccount, tokenFromCookies } from './sessions'
import { memoryLimiter, signInService, type Limiter, type SignInLimits } from './sign-in'
import { PREVIEW_PAGE_PATH } from '../../shared/widget-settings'
import { PREVIEW_CSP, previewPage, type PreviewWidget } from './preview'
import { attachConsoleSocket } from './socket'
import { trackVisitors } from './visitors'
import { workInFlight } from '../in-flight'
import { consolePageCsp } from '../headers'
import type { LeadService } from '../leads/service'
import type { CatalogueApiOptions } from '../catalogue/console-api'
import { catalogueEdits } from '../catalogue/edits'
import type { PhotoStore } from '../media/store'
import type { MailService } from '../mail'
import type { Agency } from '../../shared/agency'
import type { Clock } from '../clock'
import { createRouting, type RoutingTimes } from './routing'

/** The console's socket.io transport path: under /consola, where the session cookie is sent. */
export const CONSOLE_SOCKET_PATH = `${CONSOLE_PATH}/socket.io`
/** How often each process hands back conversations whose owner stopped answering. */
const IDLE_SWEEP_MS = 15_000
/**
 * How often each process closes its open consoles whose session ended without it hearing (the
 * shell on PostgreSQL, another process without Redis, idle expiry): one query for all of them.
 */
export const ENDED_SESSIONS_SWEEP_MS = 5_000

export interface ConsoleOptions {
  storage: Storage
  http: HttpServer
  /** The chat's socket.io server: its '/chat' namespace holds the visitors' widgets. */
  chat: Namespace
  distDir: string
  /** Minutes without an answer from the owner before the automated agent takes the conversation back. */
  ownerIdleMs: number
  sessionIdleMs: number
  passwordCost?: PasswordCost
  /** Shared rate limits (Redis) across processes; in memory per process otherwise. */
  limiter?: Limiter
  signInLimits?: Partial<SignInLimits>
  publicUrl: () => string | undefined
  siteUrl: () => string
  clientAddress: (req: IncomingMessage) => string
  maxPayloadBytes: number
  /** The one lead service: a lead a person saves from a conversation passes its checks (docs/behaviour.md#leads). */
  leads: LeadService
  /** The site's widget keys and instance (the agency's name now): the settings preview runs the real widget with them. */
  widget: PreviewWidget & { instance: () => string }
  /** Called once after every committed catalogue change (docs/catalogue.md#after-a-change), and after a saved agency profile. */
  catalogueChanged: () => Promise<unknown>
  /** The first-run wizard's side (./first-run.ts). */
  firstRun: FirstRun
  /**
   * Calls its listener whenever this process sees the catalogue's rows changed, whoever changed
   * them (the live catalogue's `onRowsChanged`); answers the way to stop.
   */
  catalogueRowsChanged: (listener: () => void) => () => void
  /** The photo store: an agency logo must be one of its photos. */
  photos: Pick<PhotoStore, 'has'>
  /** «Vista previa»: the live site's renderer and the catalogue it serves (docs/live-site.md). */
  cataloguePreview: Pick<CatalogueApiOptions, 'preview' | 'published'>
  /** The visitor's e-mails (docs/email.md): a visit's notices are stored with the change, the outbox is shown to admins. */
  mail?: MailService
  /** The agency as it is now: its office hours and routing settings (docs/console.md#routing). */
  agency: () => Agency
  /** The server's clock (src/server/clock.ts). */
  clock: Clock
  /** Routing's sweep and grace times (tests shorten them); ROUTING_TIMES by default. */
  routingTimes?: Partial<RoutingTimes>
}

export function attachConsole(options: ConsoleOptions) {
  const { storage } = options
  const io = new Server(options.http, { path: CONSOLE_SOCKET_PATH, maxHttpBufferSize: options.maxPayloadBytes, serveClient: false })
  const consoles = io.of(CONSOLE_NAMESPACE)
  const ownership = createOwnership(storage.ownership, options.ownerIdleMs)
  const sessions = createSessions(storage.sessions, options.sessionIdleMs)
  const signIn = signInService(storage, {
    ...(options.passwordCost ? { passwordCost: options.passwordCost } : {}),
    limiter: options.limiter ?? memoryLimiter,
    ...(options.signInLimits ? { limits: options.signInLimits } : {}),
  })
  const agents = agentsRoom(consoles)
  const routing = createRouting({ storage, chat: options.chat, consoles, agents, agency: options.agency, clock: options.clock, ...(options.routingTimes ? { times: options.routingTimes } : {}) })
  const actions = conversationActions({ storage, ownership, chat: options.chat, agents, routing })
  const visitors = trackVisitors(options.chat, agents, (visitorId) => storage.console.visitorName(visitorId))
  const sockets = attachConsoleSocket({ consoles, storage, sessions, actions, visitors, publicUrl: options.publicUrl, presence: routing })
  const crm = pipeline(storage.db, undefined, options.mail ? { mailStored: options.mail.stored } : {})
  /** A visit booked or changed, by a person or the automated agent: live on every console (docs/behaviour.md#visits). */
  const visitChanged = (visit: Visit) => agents(ConsoleServerEvent.visit, visit)
  /**
   * An account removed or given a new password (console, shell): its sessions end, its open
   * consoles close and its conversations go back to the agent. When the account changed its own
   * password, the session that did it (`kept`) stays signed in, with its conversations
   * (docs/behaviour.md#console-accounts).
   */
  const signedOut = async (account: ConsoleAccount, kept?: string) => {
    await sessions.endAll(account.id, kept)
    sockets.endAccount(account.id, kept)
    if (kept === undefined) await actions.releaseAll(account)
    // Removed (in «Cuentas», or by the shell through this server): it leaves every console's lists and pickers.
    if (kept === undefined && !(await storage.accounts.byId(account.id))) agents(ConsoleServerEvent.accountRemoved, { accountId: account.id } satisfies AccountRemoved)
  }
  /**
   * An account's name, photo or permission changed: every console shows it at once, in every
   * process (docs/console-data.md). Its own consoles take it as their signed-in account; a
   * colleague's console reads the name on its lists, its open conversation and its pickers.
   */
  const accountChanged = (account: ConsoleAccount) => {
    const { id, name, photo, role, canPublish } = account
    agents(ConsoleServerEvent.account, { id, name, photo, role, canPublish } satisfies AccountChange)
  }
  const requestAddress = (c: Context) => options.clientAddress(c.env.incoming as IncomingMessage)
  const api = createConsoleApi({
    storage,
    sessions,
    signIn,
    actions,
    firstRun: options.firstRun,
    ...(options.passwordCost ? { passwordCost: options.passwordCost } : {}),
    publicUrl: options.publicUrl,
    siteUrl: options.siteUrl,
    clientAddress: requestAddress,
    endedSession: sockets.endSession,
    agencyChanged: options.catalogueChanged,
    signedOut,
    ...(options.mail ? { mail: options.mail } : {}),
    accountChanged,
    pipeline: {
      pipeline: crm,
      names: (ids) => storage.accounts.names(ids),
      accountExists: async (id) => (await storage.accounts.byId(id)) !== undefined,
      tellVisitor: (visitorId, content, accountId) => actions.tellVisitor(accountId, visitorId, content),
      announceBooking: visitorNotifier(options.chat).announceBooking,
      addChatLead: async (visitorId, lead, address) => {
        const attribution = (await storage.chat.visitor(visitorId)).utms
        const result = await options.leads.register({ ...lead, source: 'chat', propertySlug: null, attribution }, { channel: 'console', address, visitorId })
        if (result.kind === 'spam') throw new Error(result.message) // the console's channel is not screened: never spam
        // The live list names the visitor from now on, as when the automated agent learns their name.
        background.track(visitors.named(visitorId), "reading the visitor's name")
        return { lead: result.lead, created: result.kind === 'created' }
      },
      erased: async ({ person }) => {
        // Their open widgets drop the link (in every process) and are refused at the reconnect as an erased id: they start over as new visitors.
        if (person.visitorIds.length > 0) options.chat.in(person.visitorIds.map(roomOf)).disconnectSockets(true)
        agents(ConsoleServerEvent.erased, person satisfies ErasedPerson)
        try {
          await reclaimErased(storage.db, ERASED_TABLES)
        } catch (error) {
          console.error('[consola] rewriting the tables after an erasure failed:', error)
        }
      },
      changed: {
        lead: (lead) => agents(ConsoleServerEvent.leadChanged, lead),
        visit: visitChanged,
      },
      defaultInstance: options.widget.instance,
      clientAddress: requestAddress,
    },
    agency: { photos: options.photos, changed: options.catalogueChanged },
    catalogue: { edits: catalogueEdits({ repo: storage.catalogueEdits, afterChange: options.catalogueChanged }), ...options.cataloguePreview },
  })
  void signIn.warm()

  const background = workInFlight('[consola]')
  const sweep = setInterval(() => background.track(actions.releaseIdle(), 'idle hand-back'), IDLE_SWEEP_MS)
  sweep.unref()
  const sessionSweep = setInterval(() => background.track(sockets.closeEnded(), 'closing ended sessions'), ENDED_SESSIONS_SWEEP_MS)
  sessionSweep.unref()

  // Every lead this process stores shows live on every console (through the Redis adapter too).
  const stopLeads = storage.leads.onCreated((lead) => agents(ConsoleServerEvent.lead, lead))
  // A catalogue change reaches every process on its own (docs/live-site.md#processes): each tells its own consoles only.
  const stopCatalogue = options.catalogueRowsChanged(() => consoles.local.to(AGENTS_ROOM).emit(ConsoleServerEvent.catalogue))
  const turns: TurnHooks = {
    ownerIdleSeconds: options.ownerIdleMs / 1000,
    answersAutomatically: ownership.answersAutomatically,
    stored(visitorId, message) {
      agents(
        ConsoleServerEvent.message,
        consoleMessage({ id: message.id, seq: 0, visitorId, role: message.role, content: message.content, authorId: null, notice: false, at: message.at }, new Map()),
      )
    },
    outlook: routing.outlook,
    async handoff(visitorId, { route, assigned }) {
      agents(ConsoleServerEvent.handoff, { visitorId })
      // Offered to whom the visitor was told, unless the member they asked for owns it now (docs/console.md#routing).
      if (!assigned) await routing.request(visitorId, route)
    },
    assign: (visitorId, accountId) => actions.assign(visitorId, accountId),
    // The agent has the visitor's contact details: the live list names them from now on.
    contact(visitorId) {
      background.track(visitors.named(visitorId), "reading the visitor's name")
    },
    booked(visit) {
      visitChanged(visit)
      // The visitor's lead says the visit is booked (they may have left their data turns before).
      background.track(
        crm.leads.visitBooked(visit, AUTOMATED_AGENT_ACTOR).then((lead) => lead && agents(ConsoleServerEvent.leadChanged, lead)),
        'noting the visit on the lead',
      )
    },
  }

  const consoleDir = resolve(options.distDir, 'console')
  const sendPage = consolePage(resolve(consoleDir, 'index.html'), renderConsole)
  /** GET /consola and below but its API (the root app routes only those here): the app's files, or the app's page for any other path (its screens). */
  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    if (path === PREVIEW_PAGE_PATH) {
      const page = previewPage(new URL(req.url ?? '/', 'http://consola').searchParams.get('instancia'), options.widget)
      res.writeHead(page ? 200 : 404, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': PREVIEW_CSP,
        'X-Frame-Options': 'SAMEORIGIN',
      })
      res.end(req.method === 'HEAD' ? undefined : (page ?? 'No existe esa vista previa.'))
      return true
    }
    const file = path.startsWith(`${CONSOLE_PATH}/app/`) ? resolveInside(consoleDir, path.slice(CONSOLE_PATH.length + 1)) : null
    if (file) return sendFile(res, file, { 'Cache-Control': 'public, max-age=31536000, immutable' })
    // The page carries the signed-in account and its inbox: never stored by a cache.
    const headers = (inlineStyles: string) => ({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': consolePageCsp(inlineStyles, options.siteUrl()),
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
    })
    return sendPage(res, headers, async () => {
      const account = (await signedInAccount(sessions, storage.accounts, tokenFromCookies(req.headers.cookie))) ?? null
      return {
        account,
        inbox: account ? await inboxPage(storage, account.id, { filter: 'all' }) : null,
        alertsAllowed: cookieFrom(req.headers.cookie, CONSOLE_ALERTS_COOKIE) === '1',
        // Said only while it is so: the page of an install in use carries nothing more.
        ...(!account && (await options.firstRun.pending()) ? { setupPending: true } : {}),
      }
    })
  }

  return {
    io,
    turns,
    /** The live list's hooks in the chat namespace: it hears only what the chat accepted. */
    live: visitors.live,
    /** The JSON API under /consola/api, mounted by the server's root app. */
    api,
    handle,
    actions,
    signInHashes: signIn.hashes,
    signedOut,
    /** Routing's sweep, now (tests: after the clock moved). */
    routing,
    async close() {
      await routing.close()
      clearInterval(sweep)
      clearInterval(sessionSweep)
      stopLeads()
      stopCatalogue()
      visitors.stop()
      await background.settled()
      // Its sockets close now; the promise also waits for the shared HTTP server, which the app closes.
      void io.close()
    },
  }
}
