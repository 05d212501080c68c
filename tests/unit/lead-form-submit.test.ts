import { describe, expect, it, vi } from 'vitest'
import { FAILURE_MESSAGES, failureMessage, submitLead, type FetchLike } from '../../src/site/forms/submit'
import { leadBody } from '../../src/site/forms/validate'

const body = leadBody({ name: 'Ana', phone: '998 123 4567', email: '', message: '', consent: true, website: '' }, { source: 'contacto' })
const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json', ...headers } })

describe('submitLead', () => {
  it('posts JSON with the bearer token to /api/leads', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(201, { lead: { id: 'l-1', createdAt: '2026-01-01T00:00:00.000Z' } }))
    expect(await submitLead(body, { fetch, token: 'tok' })).toEqual({ kind: 'sent', leadId: 'l-1' })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/leads')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tok' })
    expect(JSON.parse(String(init.body))).toEqual(body)
  })

  it('returns the field messages of a 400', async () => {
    const fetch: FetchLike = async () => json(400, { error: { code: 'invalid_request', message: 'La solicitud no es válida.', fields: { phone: 'Escribe un teléfono válido (10 dígitos)' } } })
    expect(await submitLead(body, { fetch, token: 't' })).toEqual({ kind: 'invalid', fields: { phone: 'Escribe un teléfono válido (10 dígitos)' } })
  })

  it('tells rate limits, server failures, network failures and other refusals apart', async () => {
    expect(await submitLead(body, { fetch: async () => json(429, { error: { code: 'rate_limited' } }, { 'Retry-After': '42' }), token: 't' })).toEqual({ kind: 'rate-limited', retryAfterSeconds: 42 })
    expect(await submitLead(body, { fetch: async () => new Response('<html>', { status: 503 }), token: 't' })).toEqual({ kind: 'server', status: 503 })
    expect(await submitLead(body, { fetch: async () => Promise.reject(new TypeError('Failed to fetch')), token: 't' })).toEqual({ kind: 'network' })
    expect(await submitLead(body, { fetch: async () => json(401, { error: { code: 'invalid_token', message: '…' } }), token: 't' })).toEqual({ kind: 'rejected', status: 401, code: 'invalid_token' })
    expect(await submitLead(body, { fetch: async () => json(400, { error: { code: 'invalid_json', message: '…' } }), token: 't' })).toEqual({ kind: 'rejected', status: 400, code: 'invalid_json' })
    expect(await submitLead(body, { fetch: async () => new Response('not json', { status: 413 }), token: 't' })).toEqual({ kind: 'rejected', status: 413, code: null })
  })

  it('gives up on a request that never answers', async () => {
    const fetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    expect(await submitLead(body, { fetch, token: 't', timeoutMs: 20 })).toEqual({ kind: 'network' })
  })

  it('says what to do in Spanish', () => {
    expect(failureMessage({ kind: 'network' })).toBe('No pudimos enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo; lo que escribiste sigue aquí.')
    expect(failureMessage({ kind: 'server', status: 500 })).toBe(FAILURE_MESSAGES.network)
    expect(failureMessage({ kind: 'rate-limited', retryAfterSeconds: null })).toBe('Recibimos muchas solicitudes desde tu conexión. Espera un minuto e inténtalo de nuevo.')
    expect(failureMessage({ kind: 'rejected', status: 401, code: null })).toMatch(/998 123 4567/)
  })
})
