import type { Socket } from 'socket.io-client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ConversationDetail } from '../../src/protocol/console'
import type { Colleague } from '../../src/protocol/crm'
import type { TeamDocument } from '../../src/protocol/team'
import type { RunningServer } from '../../src/server/app'
import type { TeamMember } from '../../src/shared/agency'
import { client, collect, connected, disconnectAll, newVisitor, send, track } from '../support/chat-client'
import { addAdviser, consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { cancunTime, testClock } from '../support/clock'
import { withEmbeddedStarts } from '../support/limits'
import { testRedisPrefix, testServers } from '../support/server'
import { STORAGES } from './databases'
import { waitFor, waitForAsync } from '../support/wait'

/**
 * The agency's team (docs/agency.md#the-team) end to end: an admin saves it through the console's
 * API (bad input refused field by field, nothing stored), /acerca shows it at once, the console's
 * people carry the members' names, and a visitor who asks the chat for a member by name is handed
 * to that member's account.
 */
/** Monday 11:00 in Cancún: the team is on duty (docs/console.md#routing). */
const servers = testServers({ replyDelayMs: 0, chatLimits: { messagesPerWindow: 1_000_000 }, clock: testClock(cancunTime('11:00')).now, ...TEST_ADMIN })
afterEach(disconnectAll)

const team = async (url: string, cookie: string) => (await (await consoleFetch(url, '/team', { cookie })).json()) as TeamDocument
const save = (url: string, cookie: string, body: unknown) => consoleFetch(url, '/team', { method: 'PUT', cookie, body })

const addAccount = (url: string, cookie: string, email: string, name: string) => addAdviser(url, cookie, { email, name, password: 'clave-de-prueba-456' })
/** The person of `email` opens the console (online: a conversation may be handed to them). */
async function opensConsole(url: string, email: string) {
  const socket = track(consoleSocket(url, await signIn(url, email, 'clave-de-prueba-456')))
  await connected(socket)
  return socket
}

const NEW_MEMBER: Omit<TeamMember, 'id'> & { id?: string } = {
  name: 'Renata Chablé',
  role: 'Asesora de rentas',
  bio: 'Diez años rentando departamentos en la Zona Hotelera.',
  areas: ['Rentas', 'Renta vacacional'],
  languages: ['es', 'it'],
  photo: null,
  accountId: null,
}

/** A visitor's chat: their socket and what the agent said, turn by turn. */
async function visitorAsks(url: string, text: string): Promise<{ visitor: string; said: string }> {
  const visitor = newVisitor()
  const socket: Socket = client(url, visitor)
  const replies = collect<{ role: string; content: string }>(socket, 'response')
  const turns = collect<string>(socket, 'typing-state-widget')
  await connected(socket)
  expect(await send(socket, visitor, text)).toMatchObject({ ok: true })
  await waitFor(() => turns.includes('done'), `the agent's turn for «${text}»`)
  return { visitor, said: replies.map((m) => m.content).join('\n') }
}

describe('the team through the console, the site and the chat', { timeout: withEmbeddedStarts(1) + 60_000 }, () => {
  let app: RunningServer
  let admin: string
  beforeAll(async () => {
    app = await servers.start()
    admin = await signIn(app.url)
  }, withEmbeddedStarts(1))

  it('refuses bad input with a Spanish message at each field, and stores nothing', async () => {
    const before = await team(app.url, admin)
    expect(before.team.map((m) => m.name)).toEqual(['Mariana Cetina', 'Luis Alberto Pech', 'Ana Sofía Villanueva'])
    const [first, second] = before.team
    const refused = await save(app.url, admin, {
      revision: before.revision,
      team: [
        { ...first, name: '  ', languages: [] },
        { ...second, role: '', languages: ['klingon'], photo: 'https://otro-sitio.mx/foto.jpg', accountId: 'no-existe' },
        { ...NEW_MEMBER, bio: 'x'.repeat(1001) },
      ],
    })
    expect(refused.status).toBe(400)
    const { error } = (await refused.json()) as { error: { message: string; fields: Record<string, string> } }
    expect(error.message).toBe('Revisa los datos marcados del equipo.')
    expect(error.fields).toEqual({
      'team.0.name': 'Escribe el nombre.',
      'team.0.languages': 'Indica al menos un idioma que hable.',
      'team.1.role': 'Escribe el puesto.',
      'team.1.languages.0': 'Elige idiomas de la lista.',
      'team.1.photo': 'Sube la foto desde la consola: su ruta empieza por /photos/.',
      'team.2.bio': 'La presentación admite hasta 1000 caracteres.',
    })

    // What only the server knows: the linked account must exist.
    const unknownAccount = await save(app.url, admin, { revision: before.revision, team: [{ ...first, accountId: 'cuenta-que-no-existe' }] })
    expect(unknownAccount.status).toBe(400)
    expect(((await unknownAccount.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'team.0.accountId': 'Esa cuenta ya no existe: elige otra o ninguna.',
    })
    expect(await team(app.url, admin)).toEqual(before)
    expect((await fetch(`${app.url}/acerca`).then((r) => r.text()))).toContain('Mariana Cetina')
  })

  it('shows an added member on /acerca and in the console\'s people once saved, without a restart; a stale save is refused', async () => {
    const renata = await addAccount(app.url, admin, 'renata@pruebas.mx', 'Renata')
    const before = await team(app.url, admin)
    const saved = await save(app.url, admin, { revision: before.revision, team: [...before.team, { ...NEW_MEMBER, accountId: renata.id }] })
    expect(saved.status).toBe(200)
    const after = (await saved.json()) as TeamDocument
    expect(after.revision).toBe(before.revision + 1)
    expect(after.updatedBy).toBe('Administrador')
    expect(after.team.at(-1)).toMatchObject({ ...NEW_MEMBER, id: 'renata-chable', accountId: renata.id })

    const about = await (await fetch(`${app.url}/acerca`)).text()
    expect(about).toContain('id="renata-chable"')
    expect(about).toContain('Renata Chablé')
    expect(about).toContain('Asesora de rentas')
    expect(about).toContain('Habla: Español · Italiano')

    const people = ((await (await consoleFetch(app.url, '/people', { cookie: admin })).json()) as { items: Colleague[] }).items
    expect(people.find((p) => p.id === renata.id)).toEqual({ id: renata.id, name: 'Renata Chablé', jobTitle: 'Asesora de rentas' })

    // Someone who loaded the team before that save: refused, shown what is there now.
    const stale = await save(app.url, admin, { revision: before.revision, team: before.team })
    expect(stale.status).toBe(409)
    expect(((await stale.json()) as { current: TeamDocument }).current.team.map((m) => m.name)).toContain('Renata Chablé')
  })

  it('hands a visitor who asks for a member by name to that member\'s account, and says who will answer', async () => {
    const mariana = await addAccount(app.url, admin, 'mariana@pruebas.mx', 'Mariana C.')
    const current = await team(app.url, admin)
    const linked = current.team.map((m) => (m.name === 'Mariana Cetina' ? { ...m, accountId: mariana.id } : m))
    expect((await save(app.url, admin, { revision: current.revision, team: linked })).status).toBe(200)

    // Not online: the visitor hears so, and who answers instead; it is not hers.
    const { visitor: early, said: earlySaid } = await visitorAsks(app.url, 'Hola, quiero hablar con Mariana por favor')
    expect(earlySaid).toContain('¡Claro! **Mariana Cetina** (Directora comercial) no está disponible en este momento.')
    expect(((await (await consoleFetch(app.url, `/conversations/${early}`, { cookie: admin })).json()) as ConversationDetail).owner).toBeNull()

    await opensConsole(app.url, 'mariana@pruebas.mx')
    const { visitor, said } = await visitorAsks(app.url, 'Hola, quiero hablar con Mariana por favor')
    expect(said).toContain('Te comunico con **Mariana Cetina** (Directora comercial): te responderá aquí en unos 2 minutos.')

    const conversation = (await (await consoleFetch(app.url, `/conversations/${visitor}`, { cookie: admin })).json()) as ConversationDetail
    expect(conversation.owner).toMatchObject({ accountId: mariana.id })
    // It is hers: the automated agent no longer answers.
    const marianaSession = await signIn(app.url, 'mariana@pruebas.mx', 'clave-de-prueba-456')
    const mine = (await (await consoleFetch(app.url, '/inbox?filter=mine', { cookie: marianaSession })).json()) as { items: Array<{ visitorId: string }> }
    expect(mine.items.map((item) => item.visitorId)).toContain(visitor)

    // A name said otherwise asks for nobody: «me llamo Ana» is not Ana Sofía.
    const { visitor: other, said: otherSaid } = await visitorAsks(app.url, 'Hola, me llamo Ana')
    expect(otherSaid).not.toContain('Te comunico')
    const untouched = (await (await consoleFetch(app.url, `/conversations/${other}`, { cookie: admin })).json()) as ConversationDetail
    expect(untouched.owner).toBeNull()
  })

  it('is for admins only', async () => {
    await addAccount(app.url, admin, 'lupe.equipo@pruebas.mx', 'Lupe')
    const adviser = await signIn(app.url, 'lupe.equipo@pruebas.mx', 'clave-de-prueba-456')
    expect((await consoleFetch(app.url, '/team', { cookie: adviser })).status).toBe(403)
    expect((await save(app.url, adviser, { revision: 0, team: [] })).status).toBe(403)
  })
})

const redisUrl = process.env.TEST_REDIS_URL
const postgres = STORAGES.find((storage) => storage.name === 'PostgreSQL')
/** Two servers on one PostgreSQL database, each with its own storage as two processes have: a save on one reaches the other through Redis. */
describe.skipIf(!redisUrl || !postgres)('the team with two servers behind Redis on PostgreSQL', () => {
  it('a member saved through one server is on the other\'s /acerca, and its agent hands a visitor to them', { timeout: withEmbeddedStarts(2) + 60_000 }, async () => {
    const place = `t_${process.pid}_${Date.now()}_team`
    const [one, two] = [await postgres!.open(place), await postgres!.open(place)]
    try {
      const shared = { redisUrl: redisUrl!, redisPrefix: testRedisPrefix(), chatLimits: { messagesPerWindow: 1_000_000, newVisitorsPerAddressPerHour: 1_000_000 } }
      const a = await servers.start({ storage: one, ...shared })
      const b = await servers.start({ storage: two, ...shared })
      const admin = await signIn(a.url)
      const renata = await addAccount(a.url, admin, 'renata.redis@pruebas.mx', 'Renata')
      const current = await team(a.url, admin)
      expect((await save(a.url, admin, { revision: current.revision, team: [...current.team, { ...NEW_MEMBER, accountId: renata.id }] })).status).toBe(200)
      await waitForAsync(async () => (await (await fetch(`${b.url}/acerca`)).text()).includes('Renata Chablé'), "the other server's /acerca")
      // Renata's console is open on the first process; the visitor writes on the second.
      await opensConsole(a.url, 'renata.redis@pruebas.mx')
      const { visitor, said } = await visitorAsks(b.url, 'Buenas tardes, ¿me comunicas con Renata?')
      expect(said).toContain('Te comunico con **Renata Chablé** (Asesora de rentas)')
      const conversation = (await (await consoleFetch(a.url, `/conversations/${visitor}`, { cookie: admin })).json()) as ConversationDetail
      expect(conversation.owner).toMatchObject({ accountId: renata.id })
    } finally {
      await servers.closeAll()
      await one.close()
      await two.close()
      await one.drop()
    }
  })
})
