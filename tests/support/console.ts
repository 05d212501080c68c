import { io as connect, type Socket } from 'socket.io-client'
import { CONSOLE_API_PATH, CONSOLE_NAMESPACE, ConsoleServerEvent, type LiveVisitor, type LiveVisitorChanges } from '../../src/protocol/console'
import { CONSOLE_SOCKET_PATH } from '../../src/server/console'

/** The admin the test servers make at start-up when a test passes these settings. */
export const TEST_ADMIN = { consoleAdminEmail: 'admin@pruebas.mx', consoleAdminPassword: 'clave-de-prueba-123' }

/** A console request as the console's page makes it: same origin, the session cookie when given. */
export function consoleFetch(url: string, path: string, init: { method?: string; body?: unknown; cookie?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = {}
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  if (init.cookie) headers.Cookie = init.cookie
  if (init.origin !== null) headers.Origin = init.origin ?? url
  return fetch(`${url}${CONSOLE_API_PATH}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  })
}

/** Sign in and return the `name=value` of the session cookie. */
export async function signIn(url: string, email = TEST_ADMIN.consoleAdminEmail, password = TEST_ADMIN.consoleAdminPassword): Promise<string> {
  const response = await consoleFetch(url, '/session', { method: 'POST', body: { email, password } })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return response.headers.get('set-cookie')!.split(';')[0]!
}

/** The console's socket with a session cookie (or none), from the console's origin unless told. */
export function consoleSocket(url: string, cookie: string | null, origin: string = url): Socket {
  return connect(`${url}${CONSOLE_NAMESPACE}`, {
    path: CONSOLE_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  })
}

/** The live list's changes a console receives, flattened from its batches (ConsoleServerEvent.visitors). */
export function liveChanges(socket: Socket) {
  const received = { batches: 0, visitors: [] as LiveVisitor[], gone: [] as string[] }
  socket.on(ConsoleServerEvent.visitors, (batch: LiveVisitorChanges) => {
    received.batches++
    received.visitors.push(...batch.visitors)
    received.gone.push(...batch.gone)
  })
  return received
}
