import type { Namespace, Server, ServerOptions } from 'socket.io'

/** Servers whose rooms other processes share (a Redis adapter): see `shareRooms`. */
const SHARED = new WeakSet<Server>()

/**
 * Gives `io` an adapter that shares its rooms with other processes, and remembers that it does:
 * from then on `nobodyIn` never skips an emit on it. The only way this server installs one.
 */
export function shareRooms(io: Server, adapter: ServerOptions['adapter']) {
  io.adapter(adapter)
  SHARED.add(io)
}

/**
 * Whether an emit to `room` (leaving out the socket `except`) would reach nobody: the namespace's
 * rooms are this process's alone (no shared adapter joins other processes) and no other socket
 * of this process is in it. Such an emit is skipped, not encoded for nobody: a visitor message
 * makes several (docs/behaviour.md#chat-at-load).
 */
export function nobodyIn(nsp: Namespace, room: string, except?: string): boolean {
  if (SHARED.has(nsp.server)) return false
  const sockets = nsp.adapter.rooms.get(room)
  return !sockets || (sockets.size === 1 && except !== undefined && sockets.has(except))
}
