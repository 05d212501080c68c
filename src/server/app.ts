import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { Server } from 'socket.io'
import { createApi } from './api/routes'
import { catalogueAgent } from './chat/responder'
import { attachChat, type Responder } from './chat/namespace'
import { connectRedis } from './redis'
import type { ServerConfig } from './config'
import { SettingError } from './setting-error'
import { SERVER_PATHS } from '../shared/paths'
import { imageProxy } from './images'
import { siteHandler } from './site'
import { resolveInside, sendFile } from './static'
import { openStorage, type Storage } from './storage'

/** Socket.io's default (1 MB) is far above any valid chat payload; keep abuse cheap. */
const MAX_SOCKET_PAYLOAD_BYTES = 64 * 1024

/** The demo page that must work under a strict policy (design.md §2, issue: widget core). */
export const CSP_DEMO_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ws://localhost:* http://localhost:* ws://127.0.0.1:* http://127.0.0.1:*"

export interface StartOptions extends ServerConfig {
  /** Where dist/ and demo/ live; the repository root by default. */
  rootDir?: string
  /** The chat's automated agent; the catalogue agent by default. */
  responder?: Responder
  /** Storage (catalogue, leads, chat); opened from the configuration and closed with the server by default. Passing one keeps it across restarts. */
  storage?: Storage
}

export interface RunningServer {
  url: string
  port: number
  io: Server
  storage: Storage
  close(): Promise<void>
}

/** One Node process: widget, demo pages and the chat backend (design.md §1). */
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
  const api = getRequestListener(
    createApi({
      storage,
      apiKey: options.apiKey,
      leadsToken: options.leadsToken,
      allowedOrigins: options.apiAllowedOrigins,
      clientAddress: (c) => clientAddress(c.env.incoming as IncomingMessage, options.trustProxy),
    }).fetch,
  )
  const images = imageProxy(resolve(rootDir, 'content'), options.imageHosts)
  let serverUrl = ''
  const publicUrl = () => options.publicUrl ?? serverUrl
  const site = siteHandler({
    siteDir: resolve(distDir, 'site'),
    publicUrl,
    widget: { socketUrl: options.widgetSocketUrl, agentId: agentOf(options).idAgent, apiKey: agentOf(options).apiKey },
    keys: { apiKey: options.apiKey, leadsToken: options.leadsToken },
  })
  const agent = agentOf(options)

  // Demo pages carry placeholders for the configured agent, so changed keys need no edits.
  const fillDemo = (html: string) => html.replaceAll('{{AGENT_ID}}', agent.idAgent).replaceAll('{{API_KEY}}', agent.apiKey)

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname
    if (path === SERVER_PATHS.api || path.startsWith(`${SERVER_PATHS.api}/`)) return api(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res, 405)
    if (path.startsWith(`${SERVER_PATHS.images}/`)) return images(req, res, path)
    if (path === '/favicon.ico') return void res.writeHead(204).end()
    if (path === SERVER_PATHS.widget || path === `${SERVER_PATHS.widget}.map`) {
      const sent = await sendFile(res, resolve(distDir, path.slice(1)), {
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
      })
      return sent || notFound(res)
    }
    if (path === SERVER_PATHS.demo) return redirect(res, `${SERVER_PATHS.demo}/`)
    if (path.startsWith(`${SERVER_PATHS.demo}/`)) {
      const inDemo = path.slice(SERVER_PATHS.demo.length + 1)
      const file = resolveInside(demoDir, path.endsWith('/') ? `${inDemo}index.html` : inDemo)
      const headers: Record<string, string> = { 'Cache-Control': 'no-cache' }
      if (file?.endsWith('csp.html')) headers['Content-Security-Policy'] = CSP_DEMO_POLICY
      const sent = file && (await sendFile(res, file, headers, file.endsWith('.html') ? fillDemo : undefined))
      return sent || notFound(res)
    }
    if (await site(req, res, url)) return
    return notFound(res)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[http] request failed:', error)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Error interno')
    })
  })
  const io = new Server(http, {
    maxHttpBufferSize: MAX_SOCKET_PAYLOAD_BYTES,
    // Websocket needs no CORS; the polling fallback from a customer's page does. The handshake
    // middleware checks the Origin against the agent's allowed origins.
    cors: { origin: true, credentials: false },
  })
  const redis = options.redisUrl ? await connectRedis(io, options.redisUrl) : null
  const chat = attachChat(io, {
    storage,
    agents: options.agents,
    replyDelayMs: options.replyDelayMs,
    responder: options.responder ?? (await catalogueAgent(storage, { agencyName: options.agencyName, siteUrl: publicUrl })),
    limits: options.chatLimits,
    ...(redis ? { messageLimiter: redis.messageLimiter(options.chatLimits) } : {}),
    clientAddress: (socket) => clientAddress(socket.request, options.trustProxy),
  })

  await new Promise<void>((resolveListen, reject) => {
    http.once('error', reject)
    http.listen(options.port, options.host, () => resolveListen())
  }).catch(async (error: NodeJS.ErrnoException) => {
    await redis?.close()
    if (ownsStorage) await storage.close()
    if (error.code === 'EADDRINUSE') throw new SettingError(`PORT: ${options.host}:${options.port} is already in use. Stop the other server or set PORT to a free port.`)
    if (error.code === 'EACCES') throw new SettingError(`PORT: not allowed to listen on ${options.host}:${options.port}. Use a port above 1023 or set HOST.`)
    throw error
  })
  const port = (http.address() as AddressInfo).port
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  serverUrl = `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`
  return {
    url: serverUrl,
    port,
    io,
    storage,
    /**
     * Graceful shutdown: stop accepting connections, let the agent finish every turn under way
     * (its replies are stored and sent), then disconnect the sockets (widgets reconnect to
     * another process) and close the storage.
     */
    async close() {
      const stopped = new Promise<void>((done) => http.close(() => done()))
      await chat.drain()
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

function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { Location: location })
  res.end()
}

function notFound(res: ServerResponse, status = 404) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' })
  res.end(status === 405 ? 'Método no permitido' : 'No encontrado')
}
