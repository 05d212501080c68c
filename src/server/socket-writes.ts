import type { Socket as TcpSocket } from 'node:net'
import type { Server } from 'socket.io'

/**
 * One write per socket per turn of the event loop (docs/behaviour.md#chat-at-load). engine.io
 * hands each packet to its transport as soon as it is made, and over a websocket every packet is
 * then a system call of its own: a visitor message costs four (the ack, typing, the reply,
 * typing done), and they made a fifth of the chat's CPU at load. Here a connection's flush waits
 * for the end of the current turn of the event loop (setImmediate), so the packets made meanwhile
 * go out together, and the websocket's TCP socket is corked around that flush, so they leave in
 * one write. Order per connection is kept: there is still one buffer, flushed in order.
 */

/** What this module touches of an engine.io connection: its flush, and its websocket's TCP socket. */
interface EngineConnection {
  flush(): void
  transport: { name: string; socket?: { _socket?: TcpSocket } }
}

export function coalesceWrites(io: Server) {
  const due = new Set<{ flush(): void; tcp(): TcpSocket | undefined }>()
  const flushDue = () => {
    const connections = [...due]
    due.clear()
    for (const connection of connections) {
      // ws's own advice for batching frames (websockets/ws#1999): cork its TCP socket around the sends.
      const tcp = connection.tcp()
      tcp?.cork()
      try {
        connection.flush()
      } finally {
        tcp?.uncork()
      }
    }
  }
  io.engine.on('connection', (conn: EngineConnection) => {
    const flushNow = conn.flush.bind(conn)
    const connection = {
      flush: flushNow,
      tcp: () => (conn.transport.name === 'websocket' ? conn.transport.socket?._socket : undefined),
    }
    conn.flush = () => {
      if (due.size === 0) setImmediate(flushDue)
      due.add(connection)
    }
  })
}
