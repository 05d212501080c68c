import type { Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import type { AgencyProfile } from '../../src/shared/agency'
import { client, collect, connected, disconnectAll, newVisitor, send } from '../support/chat-client'
import { withEmbeddedStarts } from '../support/limits'
import { testRedisPrefix, testServers } from '../support/server'
import { waitFor } from '../support/wait'
import { STORAGES } from './databases'

/**
 * The real agent reads who the agency is from the live agency (docs/agency.md#the-agent): a
 * profile saved in the database reaches the next message once the live catalogue reloads — on
 * this process by `changed()`, on another through Redis — without a restart.
 */
const servers = testServers({ replyDelayMs: 0 })
afterEach(disconnectAll)

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

/** The agent's messages in answer to `text`, as one text. */
async function ask(c: Chat, text: string): Promise<string> {
  const [seen, done] = [c.replies.length, c.turns.filter((t) => t === 'done').length]
  expect(await send(c.socket, c.visitor, text)).toMatchObject({ ok: true })
  await waitFor(() => c.turns.filter((t) => t === 'done').length > done, `the agent's turn for «${text}»`)
  return c.replies.slice(seen).filter((m) => m.role === 'agent').map((m) => m.content).join('\n')
}

/** Another agency's profile over the stored one: another address and phone, Saturdays closed, Spanish and French. */
const otherProfile = (stored: AgencyProfile): AgencyProfile => ({
  ...stored,
  name: 'Caribe Hogares',
  phone: '+529845550101',
  whatsapp: '+529845550102',
  address: { ...stored.address, street: 'Calle 10 Norte 123', locality: 'Playa del Carmen' },
  hours: [null, [600, 1080], [600, 1080], [600, 1080], [600, 1080], [600, 1080], null],
  languages: ['es', 'fr'],
})

/** Saves `change` over the stored profile the way the console does (whole, naming its revision). */
async function saveProfile(server: RunningServer, change: (stored: AgencyProfile) => AgencyProfile) {
  const stored = await server.storage.agency.document<AgencyProfile>('profile')
  expect(await server.storage.agency.save('profile', change(stored.body), { revision: stored.revision, by: 'admin@agencia.mx' })).toHaveProperty('saved')
}

describe('the agent answers for the agency the database holds', { timeout: withEmbeddedStarts(1) + 60_000 }, () => {
  it('a saved profile changes the next answer to «¿dónde están?», «¿abren el sábado?», the channels and the languages', async () => {
    const server = await servers.start()
    const c = await chat(server.url)
    const before = await ask(c, '¿dónde están?')
    expect(before).toContain('Av. Bonampak SM 10')
    expect(await ask(c, '¿hablan inglés?')).toContain('Te atendemos en **español e inglés**.')

    await saveProfile(server, otherProfile)
    await server.catalogue.changed()

    const where = await ask(c, '¿dónde están?')
    expect(where).toContain('Calle 10 Norte 123, Playa del Carmen')
    expect(where).not.toContain('Bonampak')
    const saturday = await ask(c, '¿abren el sábado?')
    expect(saturday).toContain('Los sábados no abrimos.')
    expect(saturday).toContain('lunes a viernes de 10:00 a 18:00')
    const channels = await ask(c, '¿me pasas su whatsapp?')
    expect(channels).toContain('https://wa.me/529845550102')
    expect(channels).toContain('984 555 0101')
    // The knowledge base's «languages» answer names {idiomas}: filled from the saved profile, in each answer's language.
    expect(await ask(c, '¿hablan inglés?')).toContain('Te atendemos en **español y francés**.')
    expect(await ask(c, 'Do you speak English?')).toContain('We work in **Spanish and French**.')
  })
})

const redisUrl = process.env.TEST_REDIS_URL
const postgres = STORAGES.find((storage) => storage.name === 'PostgreSQL')

describe.skipIf(!redisUrl || !postgres)('the agent with two servers behind Redis', () => {
  it('a profile saved through one server is answered by the other', { timeout: withEmbeddedStarts(2) + 60_000 }, async () => {
    const place = `t_${process.pid}_${Date.now()}_agent_agency`
    const [one, two] = [await postgres!.open(place), await postgres!.open(place)]
    try {
      const shared = { redisUrl: redisUrl!, redisPrefix: testRedisPrefix() }
      const a = await servers.start({ storage: one, ...shared })
      const b = await servers.start({ storage: two, ...shared })
      await saveProfile(a, otherProfile)
      await a.catalogue.changed()
      const c = await chat(b.url)
      // The other process reloads on the Redis message; its agent is made again from what it loaded.
      await waitFor(() => b.catalogue.current().agency.profile.name === 'Caribe Hogares', 'the other server loading the saved profile')
      expect(await ask(c, '¿dónde están?')).toContain('Calle 10 Norte 123')
      expect(await ask(c, '¿abren el sábado?')).toContain('Los sábados no abrimos.')
    } finally {
      await servers.closeAll()
      await one.close()
      await two.close()
      await one.drop()
    }
  })
})
