// The site's one HTTP client (src/site/data/fetch.ts) against a real local HTTP server: reads are
// tried once more after a transient failure, writes never; JSON bodies; the configured base URL.
import { FetchError } from 'ofetch'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RETRY_STATUSES, createSiteFetch } from '../../src/site/data/fetch'
import { scriptedServer, type ScriptedServer } from '../support/scripted-server'

/** The generic fetch client's retry statuses, as the specification lists them. */
const SPEC_RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504]

let server: ScriptedServer
let client: ReturnType<typeof createSiteFetch>
beforeAll(async () => {
  server = await scriptedServer()
  client = createSiteFetch(server.url)
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as FetchError)

describe('the site fetch client', () => {
  it('retries a GET once after a transient 503 and returns the second answer', async () => {
    server.answer({ status: 503, body: { error: { code: 'unavailable' } } }, { status: 200, body: { items: [1, 2] } })
    expect(await client('/api/properties?zona=huayacan')).toEqual({ items: [1, 2] })
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/properties?zona=huayacan', 'GET /api/properties?zona=huayacan'])
  })

  it('retries a GET only once: a second 503 is the answer', async () => {
    server.answer({ status: 503 }, { status: 503 }, { status: 200 })
    expect((await failure(client('/_payload.json')))?.status).toBe(503)
    expect(server.requests).toHaveLength(2)
  })

  it('retries a GET whose connection dropped', async () => {
    server.answer({ drop: true }, { status: 200, body: { ok: true } })
    expect(await client('/blog/_payload.json')).toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })

  it('never retries a POST, and sends its body as JSON', async () => {
    server.answer({ status: 503 }, { status: 201, body: { lead: { id: 'l-1' } } })
    expect((await failure(client('/api/leads', { method: 'POST', body: { name: 'Ana' } })))?.status).toBe(503)
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ name: 'Ana' })
  })

  it('never retries a POST whose connection dropped', async () => {
    server.answer({ drop: true }, { status: 201 })
    expect(await failure(client('/api/leads', { method: 'POST', body: {} }))).toBeInstanceOf(FetchError)
    expect(server.requests).toHaveLength(1)
  })

  it('retries exactly on the statuses of the specification', async () => {
    expect([...RETRY_STATUSES]).toEqual(SPEC_RETRY_STATUSES)
    for (const status of [400, 401, 403, 404, 410, 413, 422, 501, 505]) {
      server.reset()
      server.answer({ status }, { status: 200 })
      expect((await failure(client('/x')))?.status, String(status)).toBe(status)
      expect(server.requests, String(status)).toHaveLength(1)
    }
    for (const status of SPEC_RETRY_STATUSES) {
      server.reset()
      server.answer({ status }, { status: 200, body: { status } })
      expect(await client('/x'), String(status)).toEqual({ status })
      expect(server.requests, String(status)).toHaveLength(2)
    }
  })
})
