import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import type { Context } from 'hono'
import { Server } from 'socket.io'
import { createApi } from './api/routes'
import { catalogueAgent } from './chat/responder'
import { attachChat, type Responder } from './chat/namespace'
import { connectRedis } from './redis'
import type { AgentConfig, ServerConfig } from './config'
import { semaphore } from './semaphore'
import { SettingError } from './setting-error'
import { SERVER_PATHS } from '../domain/site-paths'
import { imageProxy } from './images'
import { photoRoutes } from './media/http'
import { createSiteForms } from './leads/forms'
import { createLeadService } from './leads/service'
import { rootListener } from './root-app'
import { createSite, type Site } from './site'
import { openLiveCatalogue, type LiveCatalogue } from './catalogue/live'
import { createRenderedSite, loadSiteRenderer } from './catalogue/rendered-site'
import { resolveInside, sendFile } from './static'
import { openStorage, type Storage } from './storage'
import { closeConnectionsSent, coalesceWrites } from './socket-writes'
import { attachConsole } from './console'
import { firstRun, installFromEnvironment } from './console/first-run'
import { accountsReply } from './console/accounts-command'
import { openControl } from './console/control'
import { catalogueReply, type CatalogueIo } from './catalogue/io'
import type { PasswordCost } from './console/passwords'
import { CHAT_NAMESPACE } from '../protocol'
import { agencyWidgetConfig } from '../shared/agency-profile'
import { createMail } from './mail'
import type { OUTBOX_DEFAULTS } from './mail/outbox'
import { systemClock, type Clock } from './clock'
import type { RoutingTimes } from './console/routing'

/** Socket.io's default (1 MB) is far above any valid chat payload; keep abuse cheap. */
const MAX_SOCKET_PAYLOAD_BYTES = 64 * 1024
/**
 * Heartbeat: a widget whose network vanished without a word (a phone out of coverage) is dropped
 * within PING_INTERVAL_MS + PING_TIMEOUT_MS, so the console stops showing the visitor on the site,
 * instead of socket.io's 45 s.
 */
export const PING_INTERVAL_MS = 10_000
export const PING_TIMEOUT_MS = 10_000
/** How long a graceful stop waits for the widgets' connections to take what was sent to them. */
const CLOSE_SENT_MS = 3000

/** The demo page that must work under a strict policy (docs/behaviour.md#embed, issue: widget core). */
export const CSP_DEMO_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ws://localhost:* http://localhost:* ws://127.0.0.1:* http://127.0.0.1:*"

export interface StartOptions extends ServerConfig {
  /** Where dist/ and demo/ live; the repository root by default. */
  rootDir?: string
  /** The chat's automated agent; the catalogue agent by default. */
  responder?: Responder
  /** Storage (catalogue, leads, chat); opened from the configuration and closed with the server by default. Passing one keeps it across restarts. */
  storage?: Storage
  /** How often the database's catalogue is checked for edits no process announced (live.ts CATALOGUE_POLL_MS by default). */
  cataloguePollMs?: number
  /** scrypt cost of new console passwords (tests use a light one); OWASP's by default. */
  consolePasswordCost?: PasswordCost
  /** The outbox worker's timings (mail/outbox.ts OUTBOX_DEFAULTS; tests shorten the waits between tries). */
  mailWorker?: Partial<typeof OUTBOX_DEFAULTS>
  /**
   * The server's clock (src/server/clock.ts): the system's. Only a test starting the server in its
   * own process passes another (tests/support/clock.ts); no setting or request can change it.
   */
  clock?: Clock
  /** Routing's sweep and grace times (console/routing.ts ROUTING_TIMES); tests shorten them. */
  routingTimes?: Partial<RoutingTimes>
}

export interface RunningServer {
  url: string
  port: number
  io: Server
  storage: Storage
  /** The console admin made at this start from the environment (no account existed). */
  consoleAdmin: { email: string } | null
  /** While no account exists: the first-run wizard's link (`npm start` prints it). */
  setupUrl: string | null
  /** The console's password hashes in this process: running, waiting, the most at once. */
  signInHashes: { readonly running: number; readonly waiting: number; readonly peak: number }
  /** The published catalogue this process serves: `changed()` after a committed edit (docs/live-site.md). */
  catalogue: LiveCatalogue
  /** The real page of a path from another catalogue (the console's «Vista previa»), noindex. */
  previewPage: Site['preview']
  /** Routing's sweep of deadlines and owners gone, now rather than at its next tick (docs/console.md#routing). */
  routingSweep(): Promise<void>
  close(): Promise<void>
}

/** One Node process: widget, demo pages and the chat backend (docs/behaviour.md#chat-server). */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const rootDir = resolve(options.rootDir ?? '.')
  const distDir = resolve(rootDir, 'dist')
  const demoDir = resolve(rootDir, 'demo')
  const ownsStorage = !options.storage
  const storage =
    options.storage ??
    (await openStorage({
      url: options.databaseUrl,
      schema: options.databaseSchema,
      dataDir: options.dataDir,
      cataloguePath: resolve(rootDir, 'content/catalogue.json'),
    }))
  let serverUrl = ''
  const publicUrl = () => options.publicUrl ?? serverUrl
  const honoAddress = (c: Context) => clientAddress(c.env.incoming as IncomingMessage, options.trustProxy)
  // One lead service for every channel: the API, the site's forms and the chat (docs/behaviour.md#leads).
  const leads = createLeadService({ storage, limits: options.leadLimits })
  const api = createApi({
    storage,
    apiKey: options.apiKey,
    publicApiKey: options.publicApiKey,
    publicReadsPerMinute: options.publicApiReadsPerMinute,
    leadsToken: options.leadsToken,
    leads,
    allowedOrigins: options.apiAllowedOrigins,
    clientAddress: honoAddress,
  })
  const forms = createSiteForms({ leads, publicUrl, clientAddress: honoAddress })
  // One limit on sharp work for the image proxy and the photo uploads: IMAGE_CONCURRENCY images decoded at once, whoever asks.
  const sharpTurns = semaphore(options.images.concurrency)
  const photos = photoRoutes({ settings: options.photos, storage, sessionIdleMs: options.consoleSessionIdleMinutes * 60_000, publicUrl: () => options.publicUrl, turns: sharpTurns })
  const images = await imageProxy({
    photos: photos.store,
    turns: sharpTurns,
    imagesDir: resolve(rootDir, 'content/images'),
    allowedHosts: options.imageHosts,
    ...options.images,
    clientAddress: (req) => clientAddress(req, options.trustProxy),
  })
  const agent = agentOf(options)
  // An agent without its own origins takes the site's (docs/behaviour.md#security-headers).
  const siteOrigins = () => [...new Set([publicUrl(), serverUrl].filter(Boolean).map((url) => new URL(url).origin))]
  const agents: AgentConfig[] = options.agents.map((a) => (a.origins.length ? a : { ...a, get origins() { return siteOrigins() } }))
  const originAllowed = (origin: string) => agents.some((a) => a.origins.includes('*') || a.origins.includes(origin))

  // Demo pages carry placeholders for the configured agent, so changed keys need no edits, and
  // for the policy csp.html is served with, so its text quotes the header itself.
  const fillDemo = (html: string) =>
    html.replaceAll('{{AGENT_ID}}', agent.idAgent).replaceAll('{{API_KEY}}', agent.apiKey).replaceAll('{{CSP_POLICY}}', CSP_DEMO_POLICY)

  // Everything but socket.io goes through one Hono app (root-app.ts); it is made once the console,
  // which needs the HTTP server for its own socket.io, is attached.
  let listener: ((req: IncomingMessage, res: ServerResponse) => Promise<unknown>) | undefined
  const http = createServer((req, res) => {
    if (listener) return void listener(req, res)
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Iniciando')
  })
  const io = new Server(http, {
    maxHttpBufferSize: MAX_SOCKET_PAYLOAD_BYTES,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    // Websocket needs no CORS; the polling fallback from a customer's page does, for the origins
    // some agent allows (the handshake then checks the Origin against that agent's own list).
    cors: { origin: (origin, callback) => callback(null, origin !== undefined && originAllowed(origin)), credentials: false },
  })
  coalesceWrites(io)
  const redis = options.redisUrl ? await connectRedis(io, options.redisUrl, options.redisPrefix) : null
  // The site's pages, the agent's index and the API's catalogue, from the database, changed together (docs/live-site.md).
  const renderer = await loadSiteRenderer(distDir)
  const live = await openLiveCatalogue({ storage, site: (first) => createRenderedSite(renderer, first), redis, pollMs: options.cataloguePollMs })
  const site = createSite({
    siteDir: resolve(distDir, 'site'),
    pages: live.site!,
    publicUrl,
    widget: { socketUrl: options.widgetSocketUrl, agentId: agentOf(options).idAgent, apiKey: agentOf(options).apiKey },
    publicApiKey: options.publicApiKey,
  })
  const clock = options.clock ?? systemClock
  const catalogue = options.responder ? undefined : await catalogueAgent(live, storage.knowledge, { siteUrl: publicUrl, clock })
  // The agent's knowledge base: its changes reach the other processes (docs/knowledge.md#live).
  await redis?.shareKnowledge(storage.knowledge)
  // A fresh database: the admin (and the agency) from the environment, else the first-run wizard's code (docs/agency.md#first-run).
  const consoleAdmin = await installFromEnvironment(storage, { email: options.consoleAdminEmail, password: options.consoleAdminPassword, env: options.agencySetup }, options.consolePasswordCost)
  // The live site opened on the database as it was: serve what the install just stored.
  if (consoleAdmin) await live.changed()
  const setup = firstRun(storage, { ...(options.consolePasswordCost ? { passwordCost: options.consolePasswordCost } : {}), changed: () => live.changed() })
  const setupCode = await setup.code()
  // The e-mails (docs/email.md): the outbox's worker starts once the server listens.
  const mail = createMail({
    storage,
    settings: options.mail,
    agency: () => live.current().agency,
    catalogue: () => live.current().catalogue,
    siteUrl: publicUrl,
    ...(options.mailWorker ? { worker: options.mailWorker } : {}),
  })
  const agentConsole = attachConsole({
    storage,
    http,
    chat: io.of(CHAT_NAMESPACE),
    distDir,
    ownerIdleMs: options.consoleOwnerIdleMinutes * 60_000,
    sessionIdleMs: options.consoleSessionIdleMinutes * 60_000,
    ...(options.consolePasswordCost ? { passwordCost: options.consolePasswordCost } : {}),
    ...(redis ? { limiter: redis.limiter } : {}),
    signInLimits: options.consoleSignIn,
    publicUrl: () => options.publicUrl,
    siteUrl: publicUrl,
    clientAddress: (req) => clientAddress(req, options.trustProxy),
    maxPayloadBytes: MAX_SOCKET_PAYLOAD_BYTES,
    // The site's widget tag names the agency (data-instance-name, site/render/renderer.tsx): its settings are that instance's.
    widget: { agentId: agent.idAgent, apiKey: agent.apiKey, instance: () => live.current().agency.profile.name },
    leads,
    // The site, the API and the agent's index serve an edit at once (docs/live-site.md).
    catalogueChanged: () => live.changed(),
    firstRun: setup,
    catalogueRowsChanged: (listener) => live.onRowsChanged(listener),
    photos: photos.store,
    cataloguePreview: { preview: (catalogue, path) => site.preview({ catalogue, agency: live.current().agency }, path), published: () => live.current().catalogue },
    mail,
    agency: () => live.current().agency,
    clock,
    ...(options.routingTimes ? { routingTimes: options.routingTimes } : {}),
  })
  await redis?.attach(agentConsole.io)
  listener = rootListener({
    https: () => publicUrl().startsWith('https:'),
    serveSourceMaps: options.serveSourceMaps,
    // The photos' route first: the console's API answers every other /consola/api path.
    routers: [photos.app, api, agentConsole.api, forms, mail.routes],
    console: (req, res, url) => agentConsole.handle(req, res, url.pathname),
    images: async (req, res, url) => {
      await images(req, res, url.pathname)
      return true
    },
    widget: (_req, res, url) =>
      sendFile(res, resolve(distDir, url.pathname.slice(1)), {
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
        // A cross-origin isolated page (COEP require-corp) loads a <script> without crossorigin only with this.
        'Cross-Origin-Resource-Policy': 'cross-origin',
      }),
    demo: async (_req, res, url) => {
      const path = url.pathname
      const inDemo = path.slice(SERVER_PATHS.demo.length + 1)
      const file = resolveInside(demoDir, path.endsWith('/') ? `${inDemo}index.html` : inDemo)
      const headers: Record<string, string> = { 'Cache-Control': 'no-cache' }
      if (file?.endsWith('csp.html')) headers['Content-Security-Policy'] = CSP_DEMO_POLICY
      return Boolean(file && (await sendFile(res, file, headers, file.endsWith('.html') ? fillDemo : undefined)))
    },
    site: site.handle,
  })
  const chat = attachChat(io, {
    storage,
    agents,
    replyDelayMs: options.replyDelayMs,
    responder: options.responder ?? catalogue!.respond,
    leads,
    limits: options.chatLimits,
    ...(redis ? { messageLimiter: redis.messageLimiter(options.chatLimits), sharedLimiter: redis.limiter } : {}),
    clientAddress: (socket) => clientAddress(socket.request, options.trustProxy),
    turns: agentConsole.turns,
    mail,
    live: agentConsole.live,
    widgetDefaults: () => agencyWidgetConfig(live.current().agency.profile),
  })

  await new Promise<void>((resolveListen, reject) => {
    http.once('error', reject)
    http.listen(options.port, options.host, () => resolveListen())
  }).catch(async (error: NodeJS.ErrnoException) => {
    await catalogue?.close()
    await live.close()
    await chat.drain()
    await redis?.close()
    if (ownsStorage) await storage.close()
    if (error.code === 'EADDRINUSE') throw new SettingError(`PORT: ${options.host}:${options.port} is already in use. Stop the other server or set PORT to a free port.`)
    if (error.code === 'EACCES') throw new SettingError(`PORT: not allowed to listen on ${options.host}:${options.port}. Use a port above 1023 or set HOST.`)
    throw error
  })
  const port = (http.address() as AddressInfo).port
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  serverUrl = `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`
  chat.resumePendingTurns()
  await mail.start()
  // Every page rendered in the background; until then a page is rendered on its first request.
  const warming = live.site!.warm().catch((error: unknown) => console.error('[site] rendering the pages failed:', error))
  // `npm run catalogue -- import` through this server: served at once by the site, the API and the agent.
  const catalogueIo: CatalogueIo = {
    db: storage.db,
    photos: photos.store,
    contentDir: resolve(rootDir, 'content'),
    afterChange: () => live.changed(),
  }
  // The embedded database is this process's alone: `console:user` and `catalogue` ask it (console/control.ts).
  const control = storage.db.folder
    ? await openControl(storage.db.folder, {
        'console:user': (args) => accountsReply(args, storage, options.consolePasswordCost, (account) => agentConsole.signedOut(account)),
        catalogue: (args) => catalogueReply(args, catalogueIo),
      })
    : undefined
  return {
    url: serverUrl,
    port,
    io,
    storage,
    consoleAdmin,
    // The code in the hash: it never reaches a server's or a proxy's logs.
    setupUrl: setupCode ? `${publicUrl()}/consola#/configurar/${setupCode}` : null,
    signInHashes: agentConsole.signInHashes,
    catalogue: live,
    previewPage: site.preview,
    routingSweep: () => agentConsole.routing.tick(),
    /**
     * Graceful shutdown: stop accepting connections and socket events, let the events already
     * received and every turn under way finish (the replies are stored and sent) and the
     * background work end (catalogue check, console sweep), then disconnect the sockets (widgets
     * reconnect to another process) and close the storage: nothing queries it once closed.
     */
    async close() {
      await control?.close()
      const stopped = new Promise<void>((done) => http.close(() => done()))
      await chat.drain()
      await mail.close()
      await catalogue?.close()
      await live.close()
      await warming
      await agentConsole.close()
      await closeConnectionsSent(io, CLOSE_SENT_MS)
      const closed = new Promise<void>((done) => io.close(() => done()))
      http.closeAllConnections() // keep-alive connections would hold the close open
      await Promise.all([closed, stopped])
      await redis?.close()
      if (ownsStorage) await storage.close()
    },
  }
}

function agentOf(options: Pick<ServerConfig, 'agents'>) {
  const agent = options.agents[0]
  if (!agent) throw new Error('At least one chat agent must be configured')
  return agent
}

/** The client's address for rate limits: the socket's, or the proxy's X-Forwarded-For when trusted. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
  return first || req.socket.remoteAddress || 'unknown'
}
