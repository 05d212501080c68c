import { io as connect, type Socket } from 'socket.io-client'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'
import { ACK_MS } from './limits'

/** What the chat suites share: real socket.io clients speaking the widget's protocol. */

const open: Socket[] = []
/** A socket to disconnect at the next `disconnectAll` (every `client` is). */
export const track = <T extends Socket>(socket: T) => (open.push(socket), socket)
/** Disconnect every socket opened since the last call (after each test). */
export const disconnectAll = () => open.splice(0).forEach((socket) => socket.disconnect())

let visitorCount = 0
/** A new visitor id, in the widget's format, unique in the process. */
export const newVisitor = () => `0000aaaa-0000-4000-8000-${String(++visitorCount).padStart(12, '0')}`

export interface ClientOptions {
  /** Handshake query fields over the widget's own (idOwner, api_key, idClient, instance). */
  query?: Record<string, string>
  headers?: Record<string, string>
  /** The token the server gave this visitor earlier. */
  visitorToken?: string
  /** Another namespace or socket.io path than the chat's (a test that the handshake refuses them). */
  namespace?: string
  path?: string
  /** The client's source address (any 127/8 one on Linux): several visitors' addresses from one process. */
  localAddress?: string
}

/** A real socket.io client with the widget's handshake on the chat namespace. */
export function client(url: string, visitorId: string, { query = {}, headers = {}, visitorToken, namespace = '/chat', path, localAddress }: ClientOptions = {}) {
  return track(
    connect(`${url}${namespace}`, {
      transports: ['websocket'],
      reconnection: false,
      ...(path ? { path } : {}),
      ...(localAddress ? { localAddress } : {}),
      query: { idOwner: DEV_AGENT_ID, api_key: DEV_API_KEY, idClient: visitorId, instance: 'Pruebas', ...query },
      auth: visitorToken ? { visitorToken } : {},
      extraHeaders: headers,
    }),
  )
}
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve()
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
/** The refusal of a handshake that must fail: its message and its machine-readable data. */
export const refusalWithData = (socket: Socket) =>
  new Promise<{ message: string; data: unknown }>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the handshake was accepted')))
    socket.once('connect_error', (error) => resolve({ message: error.message, data: (error as Error & { data?: unknown }).data }))
  })
/** The refusal message of a handshake that must fail. */
export const refusal = async (socket: Socket) => (await refusalWithData(socket)).message
/** The token the server issues to a new visitor, right after the handshake. */
export const tokenOf = (socket: Socket) => new Promise<string>((resolve) => socket.once('visitor-token', ({ token }: { token: string }) => resolve(token)))
/** The server acks at once (after one commit); an event it drops is known by its missing ack. */
export const send = (socket: Socket, visitorId: string, message: unknown, extra: Record<string, unknown> = {}, ackMs = ACK_MS) =>
  socket.timeout(ackMs).emitWithAck('send-chat-message', { userUUID: visitorId, message, agentId: DEV_AGENT_ID, api_key: DEV_API_KEY, utms: {}, ...extra })
export const history = (socket: Socket, visitorId: string) =>
  socket.timeout(ACK_MS).emitWithAck('connected-chat', { userUUID: visitorId, agentId: DEV_AGENT_ID }) as Promise<{ role: string; content: string }[]>
/** Every payload of `event` the socket receives from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = []
  socket.on(event, (payload: T) => received.push(payload))
  return received
}
