import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { ZodType } from 'zod'
import { MAX_PAGE_SIZE } from '../../catalogue/listing-query'
import type { Storage } from '../storage'
import { apiError } from './errors'
import { fieldErrors, leadSchema, listingQuerySchema, pageQuerySchema, slugParam, unitKindParam } from './schemas'

export interface ApiOptions {
  storage: Storage
  apiKey: string
  leadsToken: string
  /** Origins allowed to call the API from a browser (CORS); same-origin needs none. */
  allowedOrigins: string[]
  /** Lead submissions per client address per window (default: 5 a minute). */
  leadLimiter?: RateLimiterAbstract
  /** The client address of a request (behind a proxy: from its header). */
  clientAddress: (c: Context) => string
}

const LEAD_BODY_MAX_BYTES = 16 * 1024
const LEADS_PER_MINUTE = 5

const sameSecret = (given: string | undefined, expected: string) => {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Validate with a schema; on failure answer 400 with the field messages. */
function parse<T>(c: Context, schema: ZodType<T>, value: unknown): { ok: true; data: T } | { ok: false; response: Response } {
  const result = schema.safeParse(value)
  if (result.success) return { ok: true, data: result.data }
  return { ok: false, response: apiError(c, 400, 'invalid_request', 'La solicitud no es válida.', fieldErrors(result.error)) }
}

/** The business API under /api (design.md §6). Every route needs X-Api-Key; leads need the bearer token. */
export function createApi(options: ApiOptions) {
  const { storage } = options
  const leadLimiter = options.leadLimiter ?? new RateLimiterMemory({ points: LEADS_PER_MINUTE, duration: 60 })
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

  const requireApiKey: MiddlewareHandler = async (c, next) => {
    if (!sameSecret(c.req.header('x-api-key'), options.apiKey)) {
      return apiError(c, 401, 'invalid_api_key', 'Falta la cabecera X-Api-Key o no es válida.')
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

  app.get('/properties', async (c) => {
    const query = parse(c, listingQuerySchema, flattenQuery(c.req.queries()))
    if (!query.ok) return query.response
    return c.json(await storage.catalogue.searchProperties(query.data))
  })
  app.get('/properties/:slug', async (c) => {
    const slug = parse(c, slugParam, c.req.param('slug'))
    if (!slug.ok) return slug.response
    const property = await storage.catalogue.propertyBySlug(slug.data)
    if (!property) return apiError(c, 404, 'not_found', 'No encontramos esa propiedad.')
    return c.json({ property, similar: await storage.catalogue.similarProperties(property) })
  })
  app.get('/developments', async (c) => c.json({ items: await storage.catalogue.developments() }))
  app.get('/developments/:slug', async (c) => {
    const slug = parse(c, slugParam, c.req.param('slug'))
    if (!slug.ok) return slug.response
    const development = await storage.catalogue.development(slug.data)
    if (!development) return apiError(c, 404, 'not_found', 'No encontramos ese desarrollo.')
    return c.json({ development, properties: (await storage.catalogue.searchProperties({ desarrollo: slug.data, por_pagina: MAX_PAGE_SIZE })).items })
  })
  app.get('/developments/:slug/:kind', async (c) => {
    const slug = parse(c, slugParam, c.req.param('slug'))
    if (!slug.ok) return slug.response
    const kind = parse(c, unitKindParam, c.req.param('kind'))
    if (!kind.ok) return kind.response
    const units = await storage.catalogue.developmentUnits(slug.data, kind.data)
    if (!units) return apiError(c, 404, 'not_found', 'No encontramos ese desarrollo.')
    return c.json(units)
  })
  app.get('/zones', async (c) => c.json({ items: await storage.catalogue.zones() }))
  app.get('/zones/:slug', async (c) => {
    const zone = await storage.catalogue.zone(c.req.param('slug'))
    return zone ? c.json({ zone }) : apiError(c, 404, 'not_found', 'No encontramos esa zona.')
  })
  app.get('/blog', async (c) => {
    const query = parse(c, pageQuerySchema, flattenQuery(c.req.queries()))
    if (!query.ok) return query.response
    return c.json(await storage.catalogue.blogPosts(query.data.pagina, query.data.por_pagina))
  })
  app.get('/blog/:slug', async (c) => {
    const post = await storage.catalogue.blogPost(c.req.param('slug'))
    return post ? c.json({ post }) : apiError(c, 404, 'not_found', 'No encontramos ese artículo.')
  })
  app.get('/products', async (c) => c.json({ items: await storage.catalogue.products() }))
  app.get('/products/:slug', async (c) => {
    const product = await storage.catalogue.product(c.req.param('slug'))
    return product ? c.json({ product }) : apiError(c, 404, 'not_found', 'No encontramos esa categoría.')
  })

  app.post(
    '/leads',
    requireLeadsToken,
    bodyLimit({ maxSize: LEAD_BODY_MAX_BYTES, onError: (c) => apiError(c, 413, 'payload_too_large', 'La solicitud es demasiado grande.') }),
    async (c) => {
      try {
        await leadLimiter.consume(options.clientAddress(c))
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error
        c.header('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)))
        return apiError(c, 429, 'rate_limited', 'Recibimos demasiadas solicitudes. Intenta de nuevo en un minuto.')
      }
      if (!(c.req.header('content-type') ?? '').includes('application/json')) {
        return apiError(c, 415, 'unsupported_media_type', 'Envía el formulario como JSON (Content-Type: application/json).')
      }
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return apiError(c, 400, 'invalid_json', 'El cuerpo de la solicitud no es JSON válido.')
      }
      const lead = parse(c, leadSchema, body)
      if (!lead.ok) return lead.response
      const { website: _honeypot, consent: _consent, ...fields } = lead.data
      const stored = await storage.leads.insert(fields)
      return c.json({ lead: { id: stored.id, createdAt: stored.createdAt } }, 201)
    },
  )

  app.notFound((c) => apiError(c, 404, 'not_found', 'Ruta de la API desconocida.'))
  app.onError((error, c) => {
    console.error('[api] request failed:', error)
    return apiError(c, 500, 'internal_error', 'Ocurrió un error en el servidor. Intenta de nuevo.')
  })
  return app
}

/** Query parameters as single values, except repeated ones (amenidades=a&amenidades=b) as arrays. */
function flattenQuery(queries: Record<string, string[]>): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(queries).map(([key, values]) => [key, values.length === 1 ? values[0]! : values]))
}
