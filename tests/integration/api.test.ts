import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEAD_REVIEW } from '../../src/protocol/crm'
import type { RunningServer } from '../../src/server/app'
import { DEV_BUSINESS_API_KEY, DEV_LEADS_TOKEN, DEV_PUBLIC_API_KEY } from '../../src/server/config'
import { DEFAULT_LEAD_LIMITS } from '../../src/server/leads/policy'
import propertyPage from '../../src/site/screens/property/page'
import { onTheMarket, readAgency, readCatalogue } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'

const demo = readCatalogue()
const PUBLIC_READS = 3
let server: RunningServer
beforeAll(async () => {
  server = await startTestServer({ apiAllowedOrigins: ['https://socios.example.com'], publicApiReadsPerMinute: PUBLIC_READS })
}, withEmbeddedStarts(1))
afterAll(async () => {
  await server?.close()
})

const get = (path: string, headers: Record<string, string> = { 'X-Api-Key': DEV_BUSINESS_API_KEY }) =>
  fetch(`${server.url}${path}`, { headers })
const getJson = async <T = Record<string, unknown>>(path: string) => {
  const response = await get(path)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}
const postLead = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEV_LEADS_TOKEN}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const validLead = { name: 'Carlos Pérez', phone: '998 123 4567', message: 'Quiero visitar la casa', consent: true, source: 'contacto' }

describe('business API', () => {
  it('refuses requests without a valid X-Api-Key', async () => {
    for (const headers of [{}, { 'X-Api-Key': 'wrong' }] as Record<string, string>[]) {
      const response = await get('/api/properties', headers)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ error: { code: 'invalid_api_key', message: expect.stringContaining('X-Api-Key') } })
    }
  })

  it('searches with filters in the URL and paginates', async () => {
    const page = await getJson<{ items: { slug: string; operation: string; zone: string }[]; total: number; pages: number }>(
      '/api/properties?operacion=venta&zona=huayacan&orden=precio-asc&por_pagina=5',
    )
    const want = demo.properties.filter((p) => p.operation === 'venta' && p.zone === 'huayacan' && onTheMarket(p))
    expect(page.total).toBe(want.length)
    expect(page.items.length).toBe(Math.min(5, want.length))
    expect(page.items.every((p) => p.operation === 'venta' && p.zone === 'huayacan')).toBe(true)
    const amenities = await getJson<{ items: { amenities: string[] }[] }>('/api/properties?amenidades=alberca,gimnasio&por_pagina=48')
    expect(amenities.items.every((p) => p.amenities.includes('alberca') && p.amenities.includes('gimnasio'))).toBe(true)
  })

  it('answers bad filters with 400 and Spanish field messages', async () => {
    const response = await get('/api/properties?operacion=comprar&precio_min=abc&recamaras=-1&color=azul')
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } }
    expect(body.error.code).toBe('invalid_request')
    expect(Object.keys(body.error.fields).sort()).toEqual(expect.arrayContaining(['operacion', 'precio_min', 'recamaras']))
    const reversed = await get('/api/properties?precio_min=5000000&precio_max=1000000')
    expect(((await reversed.json()) as { error: { fields: Record<string, string> } }).error.fields.precio_min).toMatch(/mínimo/)
  })

  it('serves every catalogue endpoint', async () => {
    const property = demo.properties.find((p) => p.status === 'disponible')!
    const detail = await getJson<{ property: { slug: string }; similar: unknown[] }>(`/api/properties/${property.slug}`)
    expect(detail.property.slug).toBe(property.slug)
    expect(Array.isArray(detail.similar)).toBe(true)
    expect((await get('/api/properties/no-existe')).status).toBe(404)
    expect((await get('/api/properties/NO%20valid')).status).toBe(400)
    expect((await getJson<{ items: unknown[] }>('/api/developments')).items.length).toBe(demo.developments.length)
    const suiko = await getJson<{ development: { name: string } }>('/api/developments/residencial-cumbres-suiko')
    expect(suiko.development.name).toBe('Residencial Cumbres Suiko')
    const houses = await getJson<{ models: { type: string }[] }>('/api/developments/residencial-cumbres-suiko/casas')
    expect(houses.models.every((m) => m.type === 'casa')).toBe(true)
    expect((await get('/api/developments/residencial-cumbres-suiko/castillos')).status).toBe(400)
    expect((await getJson<{ items: unknown[] }>('/api/zones')).items.length).toBe(demo.zones.length)
    const blog = await getJson<{ items: { slug: string }[]; total: number }>('/api/blog?por_pagina=3')
    expect(blog.items.length).toBe(3)
    expect(blog.total).toBe(demo.blog.length)
    expect((await getJson<{ post: { slug: string } }>(`/api/blog/${blog.items[0]!.slug}`)).post.slug).toBe(blog.items[0]!.slug)
    expect((await getJson<{ items: unknown[] }>('/api/products')).items.length).toBe(demo.products.length)
    expect((await get('/api/nada')).status).toBe(404)
  })

  it('checks every {slug} the same way: 400 with a Spanish field message when malformed, 404 when unknown', async () => {
    type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
    const collections = ['properties', 'developments', 'zones', 'blog', 'products']
    const malformed = ['NO%20valid', 'Huayacan', 'casa--marina', '-casa', 'casa_marina', '%C3%B1u', 'a'.repeat(121)]
    for (const collection of collections) {
      for (const slug of malformed) {
        const response = await get(`/api/${collection}/${slug}`)
        expect(response.status, `${collection}/${slug}`).toBe(400)
        const body = (await response.json()) as ErrorBody
        expect(body, `${collection}/${slug}`).toEqual({
          error: { code: 'invalid_request', message: 'La solicitud no es válida.', fields: { slug: expect.any(String) } },
        })
      }
      // A well-formed slug the catalogue does not have: not found, in Spanish.
      const unknown = await get(`/api/${collection}/no-existe`)
      expect(unknown.status, collection).toBe(404)
      expect(((await unknown.json()) as ErrorBody).error).toEqual({ code: 'not_found', message: expect.stringMatching(/^No encontramos /) })
    }
    const messages = await Promise.all(['Huayacan', 'a'.repeat(121)].map(async (slug) => ((await (await get(`/api/zones/${slug}`)).json()) as ErrorBody).error.fields!.slug))
    expect(messages[0]).toBe('Debe ser un identificador en minúsculas con guiones')
    expect(messages[1]).toMatch(/120/)
    // The units route checks both of its parameters.
    const units = (await (await get('/api/developments/Suiko/castillos')).json()) as ErrorBody
    expect(Object.keys(units.error.fields!).sort()).toEqual(['kind', 'slug'])
  })

  it('lists the similar properties each property page shows', async () => {
    for (const property of demo.properties) {
      const path = `/propiedad/${property.slug}`
      const page = propertyPage({ catalogue: demo, agency: readAgency(), params: { slug: property.slug }, path }).data
      const api = await getJson<{ similar: { slug: string }[] }>(`/api/properties/${property.slug}`)
      expect(api.similar.map((p) => p.slug), property.slug).toEqual(page.similar.map((p) => p.slug))
    }
  })

  it('takes the pages\' public key for reads only, a few a minute per address', async () => {
    const statuses = []
    for (let i = 0; i <= PUBLIC_READS; i++) statuses.push((await get('/api/zones', { 'X-Api-Key': DEV_PUBLIC_API_KEY })).status)
    expect(statuses).toEqual([...Array(PUBLIC_READS).fill(200), 429])
    expect((await get('/api/zones')).status).toBe(200) // the secret key is not limited
    expect((await postLead(validLead, { Authorization: `Bearer ${DEV_PUBLIC_API_KEY}`, 'X-Api-Key': DEV_PUBLIC_API_KEY })).status).toBe(401)
  })

  it('sends CORS headers only to configured origins', async () => {
    const allowed = await get('/api/zones', { 'X-Api-Key': DEV_BUSINESS_API_KEY, Origin: 'https://socios.example.com' })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://socios.example.com')
    const other = await get('/api/zones', { 'X-Api-Key': DEV_BUSINESS_API_KEY, Origin: 'https://otro.example.com' })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('lead service', () => {
  it('needs the bearer token', async () => {
    const response = await postLead(validLead, { Authorization: 'Bearer nope' })
    expect(response.status).toBe(401)
  })

  it('validates and stores leads, those past the limit marked for review', async () => {
    const invalid = await postLead({ name: 'A', email: 'no-es-correo', consent: false, website: 'http://spam' })
    expect(invalid.status).toBe(400)
    const fields = ((await invalid.json()) as { error: { fields: Record<string, string> } }).error.fields
    expect(fields).toMatchObject({ name: expect.any(String), email: expect.stringMatching(/correo/), consent: expect.stringMatching(/privacidad/) })
    expect((await postLead('{no es json')).status).toBe(400)
    expect((await postLead(validLead, { 'Content-Type': 'text/plain' })).status).toBe(415)
    expect((await postLead({ ...validLead, message: 'x'.repeat(20_000) })).status).toBe(413)

    const created = await postLead({ ...validLead, attribution: { source: 'Google Ads', utm_obj: { campaign: 'verano' } } })
    expect(created.status).toBe(201)
    const { lead } = (await created.json()) as { lead: { id: string } }
    const [stored] = await server.storage.leads.recent(1)
    expect(stored).toMatchObject({ id: lead.id, name: 'Carlos Pérez', phone: '998 123 4567', attribution: { source: 'Google Ads' } })

    // The lead policy (docs/behaviour.md#leads): past perAddressPerHour leads from one address,
    // a lead is still stored (201), marked for review, never refused.
    const reviews: (string | null)[] = []
    for (let i = 1; i <= DEFAULT_LEAD_LIMITS.perAddressPerHour; i++) {
      const response = await postLead({ ...validLead, phone: `998 123 45${String(i).padStart(2, '0')}` })
      expect(response.status).toBe(201)
      reviews.push(((await response.json()) as { lead: { review: string | null } }).lead.review)
    }
    expect(reviews.at(-1)).toBe(LEAD_REVIEW)
    expect((await server.storage.leads.recent(1))[0]).toMatchObject({ phone: `998 123 45${DEFAULT_LEAD_LIMITS.perAddressPerHour}`, review: LEAD_REVIEW })
  })
})

describe('image proxy', () => {
  const image = () => demo.properties[0]!.images[0]!

  it('returns a real WebP of the requested width, with ETag and long cache', async () => {
    const response = await fetch(`${server.url}/_ipx/w_640&f_webp${image().src}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000/)
    const etag = response.headers.get('etag')
    expect(etag).toBeTruthy()
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(640)
    expect(meta.height).toBe(Math.round((640 * image().height) / image().width))
    const again = await fetch(`${server.url}/_ipx/w_640&f_webp${image().src}`, { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
  })

  it('refuses files outside images/ and hosts that are not configured', async () => {
    expect((await fetch(`${server.url}/_ipx/w_640&f_webp/catalogue.json`)).status).toBe(404)
    expect((await fetch(`${server.url}/_ipx/w_640&f_webp/images/../catalogue.json`)).status).toBe(404)
    expect((await fetch(`${server.url}/_ipx/w_640&f_webp/https://example.com/a.jpg`)).status).toBeGreaterThanOrEqual(400)
  })
})
