import { Server, type Namespace } from 'socket.io'

/** The adapter socket.io gives a namespace unless told otherwise: rooms of this process alone. */
const IN_PROCESS_ADAPTER = new Server({ serveClient: false }).adapter()

/**
 * Whether an emit to `room` (leaving out the socket `except`) would reach nobody: the namespace's
 * rooms are this process's alone (no Redis adapter joins other processes) and no other socket of
 * this process is in it. Such an emit is skipped, not encoded for nobody: a visitor message makes
 * several (docs/behaviour.md#chat-at-load).
 */
export function nobodyIn(nsp: Namespace, room: string, except?: string): boolean {
  if (nsp.server.adapter() !== IN_PROCESS_ADAPTER) return false
  const sockets = nsp.adapter.rooms.get(room)
  return !sockets || (sockets.size === 1 && except !== undefined && sockets.has(except))
}
