// What `nobodyIn` means, read on the wire of real socket.io servers: it says nobody exactly when
// an emit to the room (leaving out the sender) reaches no socket, and never when the rooms are
// shared through Redis, where other processes may hold the room's sockets
// (docs/behaviour.md#chat-at-load).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server, type Namespace } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { connectRedis } from '../../src/server/redis'
import { nobodyIn } from '../../src/server/rooms'
import { waitFor } from '../support/wait'
import { testRedisPrefix } from '../support/server'

const ROOM = 'tabs'
const EVENT = 'message'
/** Sent to a socket after the event under test: packets to one socket arrive in order. */
const MARKER = 'marker'
/** Unique on a Redis other test runs may share: its channels are named after the namespace. */
const NAMESPACE = `/rooms-${process.pid}-${Date.now()}`

const closing: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

/** A socket.io server whose sockets join the room their handshake names. */
async function startServer() {
  const http = createServer()
  const io = new Server(http, { serveClient: false })
  const nsp = io.of(NAMESPACE)
  nsp.on('connection', (socket) => socket.join(String(socket.handshake.query.room)))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  closing.push(() => new Promise((resolve) => io.close(resolve)))
  return { io, nsp, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }
}

/** A connected client in `room`, with every `EVENT` payload it receives. */
async function member(url: string, room: string) {
  const socket: Socket = connect(`${url}${NAMESPACE}`, { transports: ['websocket'], reconnection: false, query: { room } })
  closing.push(() => void socket.disconnect())
  const received: unknown[] = []
  socket.on(EVENT, (payload: unknown) => received.push(payload))
  socket.on(MARKER, (ack: () => void) => ack())
  await new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)))
  return { socket, received, id: socket.id! }
}

/** What `socket` received before a marker the server sent it afterwards (nothing is in flight). */
async function settled(nsp: Namespace, client: Awaited<ReturnType<typeof member>>) {
  await nsp.sockets.get(client.id)!.timeout(5000).emitWithAck(MARKER)
  return client.received
}

describe('nobodyIn', () => {
  it('says nobody exactly when an emit to the room, the sender left out, reaches no socket', async () => {
    const { nsp, url } = await startServer()
    const sender = await member(url, ROOM)
    const other = await member(url, 'elsewhere')

    expect(nobodyIn(nsp, 'empty')).toBe(true)
    expect(nobodyIn(nsp, ROOM, sender.id)).toBe(true)
    // Not leaving the sender out, the sender is somebody.
    expect(nobodyIn(nsp, ROOM)).toBe(false)
    nsp.to(ROOM).except(sender.id).emit(EVENT, 'alone')
    expect(await settled(nsp, other)).toEqual([])
    expect(await settled(nsp, sender)).toEqual([])

    const tab = await member(url, ROOM)
    expect(nobodyIn(nsp, ROOM, sender.id)).toBe(false)
    nsp.to(ROOM).except(sender.id).emit(EVENT, 'two tabs')
    expect(await settled(nsp, tab)).toEqual(['two tabs'])
    expect(await settled(nsp, other)).toEqual([])
  })

  const redisUrl = process.env.TEST_REDIS_URL
  it.skipIf(!redisUrl)('never says nobody when the rooms are shared through Redis: another process may hold the room', async () => {
    const [a, b] = [await startServer(), await startServer()]
    // The chat's server joins Redis first, the console's is attached to it: both ways are read.
    const redis = await connectRedis(a.io, redisUrl!, testRedisPrefix())
    closing.push(() => redis.close())
    await redis.attach(b.io)
    const sender = await member(a.url, ROOM)
    const tab = await member(b.url, ROOM)

    // In each process only its own socket is in the room.
    expect(a.nsp.adapter.rooms.get(ROOM)).toEqual(new Set([sender.id]))
    expect(nobodyIn(a.nsp, ROOM, sender.id)).toBe(false)
    expect(nobodyIn(b.nsp, ROOM, tab.id)).toBe(false)
    expect(nobodyIn(a.nsp, 'empty')).toBe(false)
    a.nsp.to(ROOM).except(sender.id).emit(EVENT, 'from a')
    b.nsp.to(ROOM).except(tab.id).emit(EVENT, 'from b')
    await waitFor(() => tab.received.length && sender.received.length, 'the emits across processes')
    expect([tab.received, sender.received]).toEqual([['from a'], ['from b']])
  })
})
