import type { Socket } from 'socket.io-client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { KnowledgeEntry, UnmatchedQuestion } from '../../src/protocol/knowledge'
import type { RunningServer } from '../../src/server/app'
import { client, collect, connected, disconnectAll, newVisitor, send } from '../support/chat-client'
import { consoleFetch, signedInAdviser, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { testRedisPrefix, testServers } from '../support/server'
import { STORAGES } from './databases'
import { waitFor } from '../support/wait'

/**
 * The agent's knowledge base (docs/knowledge.md) end to end: an admin adds an entry through the
 * console's API and the real agent answers it on the next message, in Spanish and in English;
 * what nothing answered is listed for the agency; bad input stores nothing.
 */
// Asked again until the classifier has learnt an entry: more messages than a visitor's window allows.
const servers = testServers({ replyDelayMs: 0, chatLimits: { messagesPerWindow: 1_000_000 }, ...TEST_ADMIN })
afterEach(disconnectAll)

const CRYPTO = {
  title: 'Criptomonedas',
  examples: { es: ['¿aceptan criptomonedas?', 'puedo pagar con bitcoin'], en: ['do you accept cryptocurrencies?', 'can I pay with bitcoin'] },
  answer: {
    es: 'Por ahora **no aceptamos criptomonedas**: los pagos se hacen en pesos o dólares por transferencia bancaria.',
    en: 'For now **we do not accept cryptocurrencies**: payments are made in pesos or dollars by bank transfer.',
  },
  adviser: false,
}

interface Chat {
  socket: Socket
  visitor: string
  replies: Array<{ role: string; content: string }>
  turns: string[]
}

async function chat(url: string): Promise<Chat> {
  const visitor = newVisitor()
  const socket = client(url, visitor)
  const replies = collect<{ role: string; content: string }>(socket, 'response')
  const turns = collect<string>(socket, 'typing-state-widget')
  await connected(socket)
  return { socket, visitor, replies, turns }
}

/** The agent's messages in answer to `text`. */
async function ask(c: Chat, text: string): Promise<string[]> {
  const [seen, done] = [c.replies.length, c.turns.filter((t) => t === 'done').length]
  expect(await send(c.socket, c.visitor, text)).toMatchObject({ ok: true })
  await waitFor(() => c.turns.filter((t) => t === 'done').length > done, `the agent's turn for «${text}»`)
  return c.replies.slice(seen).filter((m) => m.role === 'agent').map((m) => m.content)
}

/** Ask `text` again, message after message, until an answer holds `expected` (the classifier trains meanwhile). */
async function askUntil(c: Chat, text: string, expected: string): Promise<string[]> {
  for (;;) {
    const answer = await ask(c, text)
    if (answer.some((m) => m.includes(expected))) return answer
  }
}

const entries = async (url: string, cookie: string) => ((await (await consoleFetch(url, '/knowledge', { cookie })).json()) as { items: KnowledgeEntry[] }).items

describe('the knowledge base through the console and the chat', { timeout: withEmbeddedStarts(1) + 120_000 }, () => {
  let app: RunningServer
  let admin: string
  beforeAll(async () => {
    app = await servers.start()
    admin = await signIn(app.url)
  }, withEmbeddedStarts(1))

  it('starts with the demo knowledge, seeded from content/knowledge.json', async () => {
    const names = (await entries(app.url, admin)).map((e) => e.name)
    expect(names).toEqual(expect.arrayContaining(['closingCosts', 'commission', 'credit', 'foreigner']))
    const c = await chat(app.url)
    expect((await ask(c, '¿cuánto cobra el notario?')).join('\n')).toMatch(/gastos de escrituración/)
  })

  it('answers an entry an admin adds, on the next message, in Spanish and in English', async () => {
    const created = await consoleFetch(app.url, '/knowledge', { method: 'POST', cookie: admin, body: CRYPTO })
    expect(created.status).toBe(201)
    const { entry } = (await created.json()) as { entry: KnowledgeEntry }
    expect(entry).toMatchObject({ name: 'criptomonedas', title: 'Criptomonedas', answer: CRYPTO.answer })

    const c = await chat(app.url)
    expect(await ask(c, '¿Aceptan criptomonedas?')).toContain(CRYPTO.answer.es)
    expect(await ask(c, 'Do you accept cryptocurrencies?')).toContain(CRYPTO.answer.en)
    // Asked in other words, once the classifier has learnt the entry's examples.
    await askUntil(c, 'oigan, ¿ustedes aceptan criptomonedas?', CRYPTO.answer.es)

    // Edited: the next message gets the new answer.
    const changed = { ...CRYPTO, answer: { ...CRYPTO.answer, es: 'Sí: aceptamos **bitcoin** en algunas operaciones; pregúntale a tu asesor.' } }
    expect((await consoleFetch(app.url, `/knowledge/${entry.name}`, { method: 'PUT', cookie: admin, body: changed })).status).toBe(200)
    expect(await ask(c, '¿aceptan criptomonedas?')).toContain(changed.answer.es)

    // Removed: no longer answered.
    expect((await consoleFetch(app.url, `/knowledge/${entry.name}`, { method: 'DELETE', cookie: admin })).status).toBe(200)
    expect((await ask(c, '¿aceptan criptomonedas?')).join('\n')).not.toMatch(/bitcoin/)
  })

  it('lists the questions nothing answered, most frequent first, without who asked', async () => {
    const [a, b] = [await chat(app.url), await chat(app.url)]
    await ask(a, '¿Venden boletos de avión?')
    await ask(b, 'venden boletos de avion')
    await ask(a, '¿Dan clases de surf?')
    const answer = await consoleFetch(app.url, '/knowledge/unmatched', { cookie: admin })
    const { items } = (await answer.json()) as { items: UnmatchedQuestion[] }
    const questions = items.map((q) => q.question)
    expect(items.find((q) => q.question === 'venden boletos de avion')).toMatchObject({ count: 2 })
    expect(questions).toContain('dan clases de surf')
    expect(questions.indexOf('venden boletos de avion')).toBeLessThan(questions.indexOf('dan clases de surf'))
    expect(JSON.stringify(items)).not.toContain(a.visitor)
  })

  it('refuses bad input with a Spanish message at each field, and stores nothing', async () => {
    const before = await entries(app.url, admin)
    const refused = await consoleFetch(app.url, '/knowledge', {
      method: 'POST',
      cookie: admin,
      body: { title: 'Mudanzas', examples: { es: [' '], en: [] }, answer: { es: 'Sí.', en: 'Yes, we do.' }, adviser: false },
    })
    expect(refused.status).toBe(400)
    const { error } = (await refused.json()) as { error: { fields: Record<string, string> } }
    expect(error.fields).toEqual({
      'examples.es': 'Escribe al menos una pregunta de ejemplo en español.',
      'examples.en': 'Con respuesta en inglés, escribe también al menos una pregunta en inglés.',
    })
    const empty = await consoleFetch(app.url, '/knowledge', { method: 'POST', cookie: admin, body: { title: '', examples: { es: ['hola'] }, answer: { es: '' } } })
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({
      title: 'Escribe un tema (por ejemplo «Criptomonedas»).',
      'answer.es': 'Escribe la respuesta en español.',
    })
    const unknown = await consoleFetch(app.url, '/knowledge', { method: 'POST', cookie: admin, body: { ...CRYPTO, answer: { ...CRYPTO.answer, es: 'Llama al {fax}.' } } })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'answer.es': '{fax} no es un dato de la agencia. Puedes usar {nombre}, {domicilio}, {telefono}, {correo}, {correo-privacidad}, {horario}, {idiomas}.',
    })
    expect(await entries(app.url, admin)).toEqual(before)
  })

  it('is for admins only', async () => {
    const adviser = await signedInAdviser(app.url, admin, { email: 'asesora.conocimiento@pruebas.mx', name: 'Lupe', password: 'clave-de-lupe-12' })
    expect((await consoleFetch(app.url, '/knowledge', { cookie: adviser })).status).toBe(403)
    expect((await consoleFetch(app.url, '/knowledge', { method: 'POST', cookie: adviser, body: CRYPTO })).status).toBe(403)
  })
})

const redisUrl = process.env.TEST_REDIS_URL
const postgres = STORAGES.find((storage) => storage.name === 'PostgreSQL')
/**
 * Two servers on one PostgreSQL database, each with a storage of its own as two processes have:
 * a change made through one reaches the other only through Redis (redis.ts shareKnowledge).
 */
describe.skipIf(!redisUrl || !postgres)('the knowledge base with two servers behind Redis', () => {
  it('an entry added through one server is answered by the other', { timeout: withEmbeddedStarts(2) + 120_000 }, async () => {
    const place = `t_${process.pid}_${Date.now()}_knowledge`
    const [one, two] = [await postgres!.open(place), await postgres!.open(place)]
    try {
      const shared = { redisUrl: redisUrl!, redisPrefix: testRedisPrefix(), chatLimits: { messagesPerWindow: 1_000_000, newVisitorsPerAddressPerHour: 1_000_000 } }
      const a = await servers.start({ storage: one, ...shared })
      const b = await servers.start({ storage: two, ...shared })
      const admin = await signIn(a.url)
      const entry = { ...CRYPTO, title: 'Pagos con cripto', examples: { es: ['¿reciben pagos en ethereum?'], en: ['do you take ethereum?'] } }
      expect((await consoleFetch(a.url, '/knowledge', { method: 'POST', cookie: admin, body: entry })).status).toBe(201)
      const c = await chat(b.url)
      await askUntil(c, '¿reciben pagos en ethereum?', CRYPTO.answer.es)
      await askUntil(c, 'Do you take ethereum?', CRYPTO.answer.en)
    } finally {
      await servers.closeAll()
      await one.close()
      await two.close()
      await one.drop()
    }
  })
})
