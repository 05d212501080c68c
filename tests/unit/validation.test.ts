import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { valid } from '../../src/server/validation'

/** The one validation helper of every router (docs/server.md#validation). */
describe('valid()', () => {
  const app = new Hono()
  const note = z.object({ body: z.string().min(1, 'Escribe la nota.'), tags: z.array(z.string()).optional() }).strict()
  app.post('/notes', valid('json', note), (c) => c.json(c.req.valid('json')))
  app.post('/fixed', valid('json', note, 'La solicitud no es válida.'), (c) => c.json(c.req.valid('json')))
  app.get('/search', valid('query', z.object({ q: z.string().optional(), tag: z.union([z.string(), z.array(z.string())]).optional() })), (c) => c.json(c.req.valid('query')))
  app.get('/items/:slug', valid('param', z.object({ slug: z.string().regex(/^[a-z-]+$/, 'Debe ser un identificador') })), (c) => c.json(c.req.valid('param')))
  const post = (path: string, body: string) => app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })

  it('hands the handler the checked value', async () => {
    expect(await (await post('/notes', '{"body":"hola"}')).json()).toEqual({ body: 'hola' })
    expect(await (await app.request('/items/casa-azul')).json()).toEqual({ slug: 'casa-azul' })
  })

  it('refuses in the one error shape: the first field message as headline unless the route gives one', async () => {
    const refused = await post('/notes', '{"body":""}')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: { code: 'invalid_request', message: 'Escribe la nota.', fields: { body: 'Escribe la nota.' } } })
    expect(await (await post('/fixed', '{"body":""}')).json()).toMatchObject({ error: { message: 'La solicitud no es válida.', fields: { body: 'Escribe la nota.' } } })
    expect(await (await app.request('/items/Casa')).json()).toMatchObject({ error: { code: 'invalid_request', fields: { slug: 'Debe ser un identificador' } } })
  })

  it('takes an unreadable body as no value (a 400, not a 500)', async () => {
    const refused = await post('/notes', '{"body":')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_request' } })
  })

  it('reads a repeated query parameter as an array, a single one as a string', async () => {
    expect(await (await app.request('/search?q=mar&tag=a&tag=b')).json()).toEqual({ q: 'mar', tag: ['a', 'b'] })
    expect(await (await app.request('/search?tag=a')).json()).toEqual({ tag: 'a' })
  })
})
