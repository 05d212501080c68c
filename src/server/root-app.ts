/**
 * The server's one HTTP app (docs/server.md#root-app): every request but socket.io's comes here
 * and is routed in one table. The JSON routers (/api, /consola/api, /_forms) are Hono apps with
 * their own base path, mounted as they are; the files and pages (console app, images, widget,
 * demo, site) keep their Node handlers: they answer on the raw Node response (compressed or
 * precompressed bodies, the images' ETag and 304, each page's CSP nonce and cookie, exactly as
 * tested), and RESPONSE_ALREADY_SENT tells the adapter the answer went out.
 *
 * socket.io stays on the raw Node server (app.ts): it takes its paths (/socket.io, /consola/socket.io)
 * before any request listener and upgrades websockets, which a fetch-style app cannot.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener, RequestError, type HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { CONSOLE_PATH } from '../protocol/console'
import { SERVER_PATHS } from '../domain/site-paths'
import { baseHeaders } from './headers'
import { faultLines, log, untrusted } from './safe-log'

export type RootEnv = { Bindings: HttpBindings }

/** A handler writing the Node response itself; false when it has nothing for this request (the next route is tried). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>

export interface RootAppOptions {
  /** Whether the site is served over https (PUBLIC_URL): HSTS then. */
  https: () => boolean
  /** Serve the build's *.map files (SERVE_SOURCE_MAPS). */
  serveSourceMaps: boolean
  /** The JSON routers, each a Hono app with its base path (/api, /consola/api, /_forms). */
  routers: Hono<any, any, any>[]
  /** /consola's page and app files (its API is one of the routers). */
  console: NodeHandler
  /** /_ipx/…: the image proxy. */
  images: NodeHandler
  /** /widget.js and its map. */
  widget: NodeHandler
  /** /demo/…: the demo pages. */
  demo: NodeHandler
  /** The site, rendered from the live catalogue (docs/live-site.md): every other GET. */
  site: NodeHandler
}

/** The request's URL. Its target is a path, so it is appended to a base rather than resolved against one: "//evil.example/" is that path here, not another host. */
export function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/'
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target)
  } catch {
    return new URL('http://localhost/') // "*" and other targets that are no URL: nothing here answers them
  }
}

/** A Node handler as a route: sent by it, or on to the next route. */
const node =
  (handler: NodeHandler): MiddlewareHandler<RootEnv> =>
  async (c, next) => {
    if (await handler(c.env.incoming, c.env.outgoing, requestUrl(c.env.incoming))) return RESPONSE_ALREADY_SENT
    await next()
  }

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' }
const notFound = (c: Context) => c.body('No encontrado', 404, TEXT)

export function createRootApp(options: RootAppOptions) {
  const app = new Hono<RootEnv>()

  // Set on the Node response, so the Node handlers' answers carry them as the routers' do.
  app.use('*', async (c, next) => {
    for (const [name, value] of Object.entries(baseHeaders(options.https()))) c.env.outgoing.setHeader(name, value)
    await next()
  })
  // Source maps hold the whole source: served only when asked for (SERVE_SOURCE_MAPS).
  app.use('*', async (c, next) => (c.req.path.endsWith('.map') && !options.serveSourceMaps ? notFound(c) : next()))

  for (const router of options.routers) app.route('/', router)

  app.all(CONSOLE_PATH, node(options.console))
  app.all(`${CONSOLE_PATH}/*`, node(options.console))
  // Below, only reads: the site, its files and the demo pages.
  app.all('*', async (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : c.body('Método no permitido', 405, TEXT)))
  app.get(`${SERVER_PATHS.images}/*`, node(options.images))
  app.get('/favicon.ico', (c) => c.body(null, 204))
  app.get(SERVER_PATHS.widget, node(options.widget))
  app.get(`${SERVER_PATHS.widget}.map`, node(options.widget))
  app.get(SERVER_PATHS.demo, (c) => c.redirect(`${SERVER_PATHS.demo}/`, 302))
  app.get(`${SERVER_PATHS.demo}/*`, node(options.demo))
  app.get('*', node(options.site))
  app.notFound(notFound)

  app.onError((error, c) => {
    const req = c.env.incoming
    log.error('http-failed', `[http] ${untrusted(req.method)} ${untrusted(req.url)} failed: ${faultLines(error)}`)
    const res = c.env.outgoing
    if (!res.headersSent) return c.body('Error interno', 500, TEXT)
    res.end()
    return RESPONSE_ALREADY_SENT
  })
  return app
}

/**
 * The Node request listener of the root app. A target the adapter cannot make a URL of (a
 * backslash in the path, a forged Host) never reaches a route: answered 404 as any unknown path,
 * with the common headers, as before the root app.
 */
export function rootListener(options: RootAppOptions) {
  const app = createRootApp(options)
  return getRequestListener(app.fetch, {
    errorHandler: (error) => {
      const unknown = error instanceof RequestError
      if (!unknown) log.error('http-failed', `[http] request failed: ${faultLines(error)}`)
      return new Response(unknown ? 'No encontrado' : 'Error interno', { status: unknown ? 404 : 500, headers: { ...baseHeaders(options.https()), ...TEXT } })
    },
  })
}
