/**
 * The site's form endpoint (docs/behaviour.md#site-forms): the contact and property forms post
 * here, on the page's own origin, with no key in the page. A write needs the page's Origin and the
 * SameSite=Strict cookie the site sets with its pages (a cross-site page sends neither); the
 * lead service is then called on the server side, under the same policy as every channel.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Hono, type Context } from 'hono'
import { SERVER_PATHS, SITE_FORM_PATHS } from '../../domain/site-paths'
import { apiError } from '../api/errors'
import { leadRoute } from './http'
import type { LeadService } from './service'
import { faultLines, log } from '../safe-log'

/** The site visitor's cookie: set with pages, needed by form writes, their visitor id for the lead policy. */
export const FORM_COOKIE = 'cp_visitor'
const COOKIE_VALUE = /^[A-Za-z0-9_-]{22,64}$/
/** A visitor id of 128 random bits. */
const COOKIE_BYTES = 16
/** Kept for a year: the per-visitor limit should outlive a browser session. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/** The visitor cookie of a request, when it has a well-formed one. */
export function formCookie(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === FORM_COOKIE && value && COOKIE_VALUE.test(value)) return value
  }
  return null
}

/** The Set-Cookie header a page response carries when the request has no visitor cookie yet. */
export function formCookieHeader(req: IncomingMessage, secure: boolean): string | null {
  if (formCookie(req.headers.cookie)) return null
  const value = randomBytes(COOKIE_BYTES).toString('base64url')
  return `${FORM_COOKIE}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** Whether `origin` is the site's own: the public URL's origin, or the host the request was sent to. */
export function isSiteOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return false
  let given: URL
  try {
    given = new URL(origin)
  } catch {
    return false
  }
  return given.origin === new URL(publicUrl).origin || (host !== undefined && given.host === host)
}

export const FORM_NOTICES = {
  crossSite: 'Este formulario solo puede enviarse desde el sitio.',
  noCookie: 'Tu sesión en el sitio no está activa. Recarga la página e inténtalo de nuevo.',
} as const

export function createSiteForms(options: { leads: LeadService; publicUrl: () => string; clientAddress: (c: Context) => string }) {
  const app = new Hono().basePath(SERVER_PATHS.forms)
  app.post(
    SITE_FORM_PATHS.lead,
    async (c, next) => {
      if (!isSiteOrigin(c.req.header('origin'), c.req.header('host'), options.publicUrl())) {
        return apiError(c, 403, 'cross_site', FORM_NOTICES.crossSite)
      }
      if (!formCookie(c.req.header('cookie'))) return apiError(c, 403, 'no_session', FORM_NOTICES.noCookie)
      await next()
    },
    ...leadRoute(options.leads, 'form', (c) => ({ address: options.clientAddress(c), visitorId: formCookie(c.req.header('cookie')) })),
  )
  // Last (a route, not notFound: mounted in the root app, a router's notFound is not its own).
  app.all('*', (c) => apiError(c, 404, 'not_found', 'Ruta desconocida.'))
  app.onError((error, c) => {
    log.error('forms-failed', `[forms] request failed: ${faultLines(error)}`)
    return apiError(c, 500, 'internal_error', 'Ocurrió un error en el servidor. Intenta de nuevo.')
  })
  return app
}
