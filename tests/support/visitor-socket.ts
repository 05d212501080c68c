import { io as connect, type Socket } from 'socket.io-client'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'

/** A real socket.io client with the widget's handshake on the chat namespace. */
export function visitorSocket(url: string, visitorId: string, options: { path?: string; namespace?: string } = {}): Socket {
  return connect(`${url}${options.namespace ?? '/chat'}`, {
    transports: ['websocket'],
    reconnection: false,
    ...(options.path ? { path: options.path } : {}),
    query: { idOwner: DEV_AGENT_ID, api_key: DEV_API_KEY, idClient: visitorId, instance: 'Pruebas' },
  })
}

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })

/** The refusal message of a handshake that must fail. */
export const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the handshake was accepted')))
    socket.once('connect_error', (error) => resolve(error.message))
  })

export const sendAsVisitor = (socket: Socket, visitorId: string, message: string, clientMessageId?: string) =>
  socket.timeout(5000).emitWithAck('send-chat-message', {
    userUUID: visitorId,
    message,
    agentId: DEV_AGENT_ID,
    api_key: DEV_API_KEY,
    utms: {},
    ...(clientMessageId ? { clientMessageId } : {}),
  })

/** Every payload of `event` the socket receives from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = []
  socket.on(event, (payload: T) => received.push(payload))
  return received
}
