/**
 * The console's socket (docs/behaviour.md#console): the /consola namespace on the console's own
 * socket.io path, so the session cookie (Path=/consola) goes with the handshake. Requests with an
 * ack are retried with the same payload (and so the same message id) until the server answers.
 */
import { io, type Socket } from 'socket.io-client'
import { CONSOLE_NAMESPACE, CONSOLE_PATH } from '../protocol/console'

/** How long one attempt waits for the server's answer before it is sent again. */
const ACK_TIMEOUT_MS = 5_000
const ATTEMPTS = 3

export function connectConsole(): Socket {
  return io(CONSOLE_NAMESPACE, { path: `${CONSOLE_PATH}/socket.io`, transports: ['websocket', 'polling'], withCredentials: true })
}

export async function ask<T>(socket: Socket, event: string, payload: unknown = {}): Promise<T> {
  let last: unknown
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as T
    } catch (error) {
      last = error
    }
  }
  throw last instanceof Error ? last : new Error('Sin respuesta del servidor.')
}
