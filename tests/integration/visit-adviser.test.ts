// A visit's adviser («Asesor», docs/behaviour.md#visits) through the console's API, on both
// storages: assigned and taken away by a person, recorded and live on every console, an account
// that does not exist refused in Spanish; and the automated agent's booking in a conversation
// handed to a member of the team is that member's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleServerEvent } from '../../src/protocol/console'
import type { Visit } from '../../src/protocol/crm'
import type { RunningServer } from '../../src/server/app'
import type { Responder, ResponderOutcome } from '../../src/server/chat/turn-types'
import { client, collect, connected, disconnectAll, newVisitor, send, track } from '../support/chat-client'
import { consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'
import { waitFor } from '../support/wait'
import { STORAGES, type TestStorage } from './databases'

const HOUR_MS = 3_600_000

describe.each(STORAGES)("a visit's adviser on $name", { timeout: withEmbeddedStarts(1, 60_000) }, ({ open }) => {
  let storage: TestStorage
  let server: RunningServer
  let admin: string
  /** What the scripted agent books next: the visit's adviser as the agent's memory holds it. */
  let nextBooking: NonNullable<ResponderOutcome['appointment']>
  // The real agent's part (remembering whom the visitor asked for) is tests/unit/agent.test.ts's: here, what the server does with it.
  const booking: Responder = async (_text, state) => ({ state, messages: ['Listo, agendé tu visita.'], appointment: nextBooking })

  const call = (path: string, init: { method?: string; body?: unknown } = {}) => consoleFetch(server.url, path, { ...init, cookie: admin })
  const assign = (visitId: string, accountId: string | null) => call(`/visits/${visitId}/assignee`, { method: 'PUT', body: { accountId } })
  async function addAccount(email: string, name: string): Promise<string> {
    const made = await call('/accounts', { method: 'POST', body: { email, name, role: 'asesor', password: 'clave-de-prueba-789' } })
    expect(made.status).toBe(201)
    return ((await made.json()) as { account: { id: string } }).account.id
  }

  beforeAll(async () => {
    storage = await open()
    server = await startTestServer({ storage, ...TEST_ADMIN, responder: booking, replyDelayMs: 0 })
    admin = await signIn(server.url)
  }, withEmbeddedStarts(2))
  afterEach(disconnectAll)
  afterAll(async () => {
    await server?.close()
    await storage?.close()
    await storage?.drop()
  })

  it('is given and taken away by a person, in its history and live on every console; an unknown or removed account is refused in Spanish', async () => {
    const luis = await addAccount('luis.visitas@pruebas.mx', 'Luis Pech')
    const gone = await addAccount('ida@pruebas.mx', 'Ida')
    expect((await call(`/accounts/${gone}`, { method: 'DELETE' })).status).toBe(200)
    const other = track(consoleSocket(server.url, await signIn(server.url)))
    const live = collect<Visit>(other, ConsoleServerEvent.visit)
    await connected(other)

    const at = new Date(Date.now() + 48 * HOUR_MS).toISOString()
    const booked = await call('/visits', { method: 'POST', body: { visitorId: newVisitor(), at, name: 'Carmen Asesorada' } })
    const { visit } = (await booked.json()) as { visit: Visit }
    expect(visit.assignedTo).toBeNull()

    const given = await assign(visit.id, luis)
    expect(given.status).toBe(200)
    expect(((await given.json()) as { visit: Visit }).visit).toMatchObject({ id: visit.id, assignedTo: luis, status: 'confirmada' })
    await waitFor(() => live.some((v) => v.id === visit.id && v.assignedTo === luis), 'the adviser on the other console')
    const listed = ((await (await call('/visits')).json()) as { items: Visit[] }).items.find((v) => v.id === visit.id)
    expect(listed?.assignedTo).toBe(luis)

    for (const [accountId, why] of [['no-existe', 'never was'], [gone, 'removed']] as const) {
      const refused = await assign(visit.id, accountId)
      expect(refused.status, why).toBe(400)
      expect(await refused.json(), why).toMatchObject({
        error: { code: 'invalid_request', message: 'Esa cuenta no existe o fue eliminada: elige a alguien de la lista.', fields: { accountId: expect.any(String) } },
      })
    }
    expect((await assign('no-hay-tal-visita', luis)).status).toBe(404)

    const taken = await assign(visit.id, null)
    expect(((await taken.json()) as { visit: Visit }).visit.assignedTo).toBeNull()
    const shown = () => live.filter((v) => v.id === visit.id).map((v) => v.assignedTo)
    await waitFor(() => shown().length === 3, 'the adviser taken away on the other console')
    expect(shown()).toEqual([null, luis, null]) // booked, given, taken away: the refusals announced nothing
    const stored = await server.storage.db.query<{ assigned_to: string | null }>('SELECT assigned_to FROM appointments WHERE id = $1', [visit.id])
    expect(stored).toEqual([{ assigned_to: null }])
    const history = await server.storage.db.query<{ old_value: string | null; new_value: string | null }>(
      "SELECT old_value, new_value FROM pipeline_history WHERE entity = 'visit' AND entity_id = $1 AND field = 'assigned_to' ORDER BY seq",
      [visit.id],
    )
    expect(history).toEqual([
      { old_value: null, new_value: luis },
      { old_value: luis, new_value: null },
    ])
  })

  it("gives the automated agent's booking the account of the member the conversation was handed to; nobody otherwise", async () => {
    const mariana = await addAccount('mariana.visitas@pruebas.mx', 'Mariana C.')
    const gone = await addAccount('ido@pruebas.mx', 'Ido')
    expect((await call(`/accounts/${gone}`, { method: 'DELETE' })).status).toBe(200)
    const console = track(consoleSocket(server.url, admin))
    const live = collect<Visit>(console, ConsoleServerEvent.visit)
    await connected(console)

    const at = new Date(Date.now() + 72 * HOUR_MS).toISOString()
    const bookedFor = async (adviser: string | null) => {
      nextBooking = { at, name: 'Rosa', phone: '9981234567', propertySlug: null, note: 'quiero ver la casa', adviser }
      const visitor = newVisitor()
      const socket = client(server.url, visitor)
      await connected(socket)
      await send(socket, visitor, 'quiero ver la casa')
      await waitFor(() => live.some((v) => v.visitorId === visitor), "the agent's booking on the console")
      return live.find((v) => v.visitorId === visitor)!
    }
    expect((await bookedFor(mariana)).assignedTo).toBe(mariana)
    expect((await bookedFor(null)).assignedTo).toBeNull()
    // Her account was removed between the hand-off and the booking: nobody's, not a dangling id.
    expect((await bookedFor(gone)).assignedTo).toBeNull()
  })
})
