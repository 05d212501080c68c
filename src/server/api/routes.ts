import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { ZodType } from 'zod'
import { MAX_PAGE_SIZE } from '../../catalogue/listing-query'
import { leadRoute } from '../leads/http'
import type { LeadService } from '../leads/service'
import type { Storage } from '../storage'
import { apiError } from './errors'
import { listingQuerySchema, pageQuerySchema, slugParams, unitsParams } from './schemas'
import { faultLines, log } from '../safe-log'
import { REQUEST_INVALID, valid as checked } from '../validation'

export interface ApiOptions {
  storage: Storage
  /** Secret read key (the agency's servers and partners): not limited. */
  apiKey: string
  /** Public read key (the site's pages carry it): GET only, `publicReadsPerMinute` per address. */
  publicApiKey: string
  publicReadsPerMinute: number
  leadsToken: string
  /** Origins allowed to call the API from a browser (CORS); same-origin needs none. */
  allowedOrigins: string[]
  /** The lead service with its policy (limits, duplicates), shared with the chat and the site's forms. */
  leads: LeadService
  /** The client address of a request (behind a proxy: from its header). */
  clientAddress: (c: Context) => string
}

const sameSecret = (given: string | undefined, expected: string) => {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The public API's refusal names each invalid field under one fixed headline (docs/behaviour.md#api). */
const valid = <Target extends 'param' | 'query', Schema extends ZodType>(target: Target, schema: Schema) => checked(target, schema, REQUEST_INVALID)

/** The business API under /api (docs/behaviour.md#api). Every route needs X-Api-Key; leads need the bearer token. */
export function createApi(options: ApiOptions) {
  const { storage } = options
  const app = new Hono().basePath('/api')

  app.use(
    '*',
    cors({
      origin: (origin) => (options.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['X-Api-Key', 'Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      maxAge: 600,
    }),
  )

  const publicReads = new RateLimiterMemory({ points: options.publicReadsPerMinute, duration: 60, keyPrefix: 'api-public-read' })
  const requireApiKey: MiddlewareHandler = async (c, next) => {
    const key = c.req.header('x-api-key')
    if (sameSecret(key, options.apiKey)) return next()
    if (!sameSecret(key, options.publicApiKey)) {
      return apiError(c, 401, 'invalid_api_key', 'Falta la cabecera X-Api-Key o no es válida.')
    }
    try {
      await publicReads.consume(options.clientAddress(c))
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      c.header('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)))
      return apiError(c, 429, 'rate_limited', 'Recibimos demasiadas solicitudes. Intenta de nuevo en un minuto.')
    }
    await next()
  }
  const requireLeadsToken: MiddlewareHandler = async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const token = header.startsWith('Bearer ') ? header.slice(7) : undefined
    if (!sameSecret(token, options.leadsToken)) {
      return apiError(c, 401, 'invalid_token', 'Falta el token Bearer del servicio de contacto o no es válido.')
    }
    await next()
  }

  app.get('*', requireApiKey)

  app.get('/properties', valid('query', listingQuerySchema), async (c) => c.json(await storage.catalogue.searchProperties(c.req.valid('query'))))
  app.get('/properties/:slug', valid('param', slugParams), async (c) => {
    const property = await storage.catalogue.propertyBySlug(c.req.valid('param').slug)
    if (!property) return apiError(c, 404, 'not_found', 'No encontramos esa propiedad.')
    return c.json({ property, similar: await storage.catalogue.similarProperties(property) })
  })
  app.get('/developments', async (c) => c.json({ items: await storage.catalogue.developments() }))
  app.get('/developments/:slug', valid('param', slugParams), async (c) => {
    const { slug } = c.req.valid('param')
    const development = await storage.catalogue.development(slug)
    if (!development) return apiError(c, 404, 'not_found', 'No encontramos ese desarrollo.')
    return c.json({ development, properties: (await storage.catalogue.searchProperties({ desarrollo: slug, por_pagina: MAX_PAGE_SIZE })).items })
  })
  app.get('/developments/:slug/:kind', valid('param', unitsParams), async (c) => {
    const { slug, kind } = c.req.valid('param')
    const units = await storage.catalogue.developmentUnits(slug, kind)
    if (!units) return apiError(c, 404, 'not_found', 'No encontramos ese desarrollo.')
    return c.json(units)
  })
  app.get('/zones', async (c) => c.json({ items: await storage.catalogue.zones() }))
  app.get('/zones/:slug', valid('param', slugParams), async (c) => {
    const zone = await storage.catalogue.zone(c.req.valid('param').slug)
    return zone ? c.json({ zone }) : apiError(c, 404, 'not_found', 'No encontramos esa zona.')
  })
  app.get('/blog', valid('query', pageQuerySchema), async (c) => {
    const { pagina, por_pagina } = c.req.valid('query')
    return c.json(await storage.catalogue.blogPosts(pagina, por_pagina))
  })
  app.get('/blog/:slug', valid('param', slugParams), async (c) => {
    const post = await storage.catalogue.blogPost(c.req.valid('param').slug)
    return post ? c.json({ post }) : apiError(c, 404, 'not_found', 'No encontramos ese artículo.')
  })
  app.get('/products', async (c) => c.json({ items: await storage.catalogue.products() }))
  app.get('/products/:slug', valid('param', slugParams), async (c) => {
    const product = await storage.catalogue.product(c.req.valid('param').slug)
    return product ? c.json({ product }) : apiError(c, 404, 'not_found', 'No encontramos esa categoría.')
  })

  // The agency's own servers; the site's pages post to their own origin instead (leads/forms.ts).
  app.post('/leads', requireLeadsToken, ...leadRoute(options.leads, 'api', (c) => ({ address: options.clientAddress(c), visitorId: null })))

  // Last (a route, not notFound: mounted in the root app, a router's notFound is not its own).
  app.all('*', (c) => apiError(c, 404, 'not_found', 'Ruta de la API desconocida.'))
  app.onError((error, c) => {
    log.error('api-failed', `[api] request failed: ${faultLines(error)}`)
    return apiError(c, 500, 'internal_error', 'Ocurrió un error en el servidor. Intenta de nuevo.')
  })
  return app
}
