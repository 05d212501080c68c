import { io as connect, type Socket } from 'socket.io-client'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'

/** What the chat suites share: real socket.io clients speaking the widget's protocol. */

const open: Socket[] = []
/** Disconnect every client opened since the last call (after each test). */
export const disconnectAll = () => open.splice(0).forEach((socket) => socket.disconnect())

let visitorCount = 0
/** A new visitor id, in the widget's format, unique in the process. */
export const newVisitor = () => `0000aaaa-0000-4000-8000-${String(++visitorCount).padStart(12, '0')}`

/** A real socket.io client with the widget's handshake; `visitorToken` once the server gave one. */
export function client(url: string, visitorId: string, query: Record<string, string> = {}, extraHeaders: Record<string, string> = {}, visitorToken?: string) {
  const socket = connect(`${url}/chat`, {
    transports: ['websocket'],
    reconnection: false,
    query: { idOwner: DEV_AGENT_ID, api_key: DEV_API_KEY, idClient: visitorId, instance: 'Pruebas', ...query },
    auth: visitorToken ? { visitorToken } : {},
    extraHeaders,
  })
  open.push(socket)
  return socket
}
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve()
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
export const refusal = (socket: Socket) => new Promise<string>((resolve) => socket.once('connect_error', (error) => resolve(error.message)))
/** The refusal's message and its machine-readable data. */
export const refusalWithData = (socket: Socket) =>
  new Promise<{ message: string; data: unknown }>((resolve) =>
    socket.once('connect_error', (error) => resolve({ message: error.message, data: (error as Error & { data?: unknown }).data })),
  )
/** The token the server issues to a new visitor, right after the handshake. */
export const tokenOf = (socket: Socket) => new Promise<string>((resolve) => socket.once('visitor-token', ({ token }: { token: string }) => resolve(token)))
export const send = (socket: Socket, visitorId: string, message: unknown, extra: Record<string, unknown> = {}) =>
  socket.timeout(5000).emitWithAck('send-chat-message', { userUUID: visitorId, message, agentId: DEV_AGENT_ID, api_key: DEV_API_KEY, utms: {}, ...extra })
export const history = (socket: Socket, visitorId: string) =>
  socket.timeout(5000).emitWithAck('connected-chat', { userUUID: visitorId, agentId: DEV_AGENT_ID }) as Promise<{ role: string; content: string }[]>
export const collect = (socket: Socket, event: string) => {
  const received: unknown[] = []
  socket.on(event, (payload: unknown) => received.push(payload))
  return received
}
