import { request } from 'node:http'
import { io as connect, type Socket } from 'socket.io-client'
import { CONSOLE_API_PATH, CONSOLE_NAMESPACE, ConsoleServerEvent, type ConsoleAccount, type LiveVisitor, type LiveVisitorChanges } from '../../src/protocol/console'
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

/** A person an admin gives an adviser («asesor») account to. */
export interface Adviser {
  email: string
  name: string
  password: string
}

/** An admin (its session `cookie`) adds an adviser account, as «Cuentas» does; the account made. Throws unless it is made (201). */
export async function addAdviser(url: string, cookie: string, adviser: Adviser): Promise<ConsoleAccount> {
  const made = await consoleFetch(url, '/accounts', { method: 'POST', cookie, body: { ...adviser, role: 'asesor' } })
  if (made.status !== 201) throw new Error(`adding ${adviser.email} failed: ${made.status} ${await made.text()}`)
  return ((await made.json()) as { account: ConsoleAccount }).account
}

/** addAdviser, then the adviser signs in: their session cookie. */
export async function signedInAdviser(url: string, adminCookie: string, adviser: Adviser): Promise<string> {
  await addAdviser(url, adminCookie, adviser)
  return signIn(url, adviser.email, adviser.password)
}

export interface SignInAnswer {
  status: number
  body: { account?: { email: string }; error?: { code: string; message: string } }
  /** Set-Cookie values by name. */
  cookies: Record<string, string>
  retryAfter: string | undefined
}

/**
 * POST /consola/api/session from `localAddress` (Linux routes all of 127.0.0.0/8 to loopback, so
 * each is another client address to the server), as the console's page does.
 */
export function signInFrom(url: string, localAddress: string, credentials: { email: string; password: string }, cookie?: string): Promise<SignInAnswer> {
  const body = JSON.stringify(credentials)
  const target = new URL(`${CONSOLE_API_PATH}/session`, url)
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), Origin: url }
  if (cookie) headers.Cookie = cookie
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', localAddress, agent: false, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => {
        const cookies = Object.fromEntries((res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!.split('=') as [string, string]))
        const retryAfter = res.headers['retry-after']
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), cookies, retryAfter })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
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
