import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiteFetch } from '../../src/site/data/fetch'
import { FAILURE_MESSAGES, failureMessage, submitLead } from '../../src/site/forms/submit'
import { leadBody } from '../../src/site/forms/validate'
import { scriptedServer, type Answer, type ScriptedServer } from '../support/scripted-server'

const body = leadBody({ name: 'Ana', phone: '998 123 4567', email: '', message: '', consent: true, website: '' }, { source: 'contacto' })

let server: ScriptedServer
beforeAll(async () => {
  server = await scriptedServer()
})
afterAll(() => server.close())

/** Submit to the local server, which answers `answer` (and then 201s, which a retry would get). */
const submit = (answer: Answer, options: { timeoutMs?: number } = {}) => {
  server.reset()
  server.answer(answer, { status: 201, body: { lead: { id: 'retried' } } })
  return submitLead(body, { client: createSiteFetch(server.url), timeoutMs: options.timeoutMs })
}

describe('submitLead', () => {
  it('posts JSON to the site\'s own form endpoint, with no key or token', async () => {
    expect(await submit({ status: 201, body: { lead: { id: 'l-1', createdAt: '2026-01-01T00:00:00.000Z' } } })).toEqual({ kind: 'sent', leadId: 'l-1' })
    const [request] = server.requests
    expect(request!.path).toBe('/_forms/lead')
    expect(request!.method).toBe('POST')
    expect(request!.headers).toMatchObject({ 'content-type': 'application/json' })
    expect(request!.headers.authorization).toBeUndefined()
    expect(JSON.parse(request!.body)).toEqual(body)
  })

  it('returns the field messages of a 400', async () => {
    expect(await submit({ status: 400, body: { error: { code: 'invalid_request', message: 'La solicitud no es válida.', fields: { phone: 'Escribe un teléfono válido (10 dígitos)' } } } })).toEqual({
      kind: 'invalid',
      fields: { phone: 'Escribe un teléfono válido (10 dígitos)' },
    })
  })

  it('tells rate limits, server failures, network failures and other refusals apart', async () => {
    expect(await submit({ status: 429, body: { error: { code: 'rate_limited' } }, headers: { 'Retry-After': '42' } })).toEqual({ kind: 'rate-limited', retryAfterSeconds: 42 })
    expect(await submit({ status: 503, body: '<html>', headers: { 'Content-Type': 'text/html' } })).toEqual({ kind: 'server', status: 503 })
    expect(await submit({ drop: true })).toEqual({ kind: 'network' })
    expect(await submit({ status: 401, body: { error: { code: 'invalid_token', message: '…' } } })).toEqual({ kind: 'rejected', status: 401, code: 'invalid_token' })
    expect(await submit({ status: 400, body: { error: { code: 'invalid_json', message: '…' } } })).toEqual({ kind: 'rejected', status: 400, code: 'invalid_json' })
    expect(await submit({ status: 413, body: 'not json' })).toEqual({ kind: 'rejected', status: 413, code: null })
  })

  it('sends a lead once, whatever the answer: a retry could register it twice', async () => {
    for (const answer of [{ status: 503 }, { status: 429 }, { status: 408 }, { drop: true }] satisfies Answer[]) {
      await submit(answer)
      expect(server.requests, JSON.stringify(answer)).toHaveLength(1)
    }
  })

  it('gives up on a request that never answers', async () => {
    expect(await submit({ hang: true }, { timeoutMs: 20 })).toEqual({ kind: 'network' })
  })

  it('says what to do in Spanish', () => {
    expect(failureMessage({ kind: 'network' })).toBe('No pudimos enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo; lo que escribiste sigue aquí.')
    expect(failureMessage({ kind: 'server', status: 500 })).toBe(FAILURE_MESSAGES.network)
    expect(failureMessage({ kind: 'rate-limited', retryAfterSeconds: null })).toBe('Recibimos muchas solicitudes desde tu conexión. Espera un minuto e inténtalo de nuevo.')
    expect(failureMessage({ kind: 'rejected', status: 401, code: null })).toMatch(/llámanos al teléfono del pie de la página/)
  })
})
