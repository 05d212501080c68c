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

/** What closing touches of an engine.io connection. */
interface ClosingConnection {
  close(): void
  once(event: 'close', listener: () => void): void
}

/**
 * The graceful stop's last word to the widgets (docs/behaviour.md#chat-server): every connection
 * closes once what it has to send is out. socket.io's own close discards the buffers, where the
 * replies a drain just sent still wait for their turn of the event loop (coalesceWrites). A
 * transport close, not a socket.io disconnect, so the widgets reconnect. At most `limitMs`, for a
 * client that never answers the close.
 */
export async function closeConnectionsSent(io: Server, limitMs: number) {
  // engine.io keeps its connections in `clients`, a field its types mark protected.
  const connections = Object.values((io.engine as unknown as { clients: Record<string, ClosingConnection> }).clients)
  const closed = connections.map(
    (connection) =>
      new Promise<void>((done) => {
        connection.once('close', done)
        connection.close()
      }),
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([Promise.all(closed), new Promise((done) => (timer = setTimeout(done, limitMs)))])
  clearTimeout(timer)
}
