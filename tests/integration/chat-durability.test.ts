import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HandshakeRefusal } from '../../src/protocol'
import type { RunningServer } from '../../src/server/app'
import { NOTICES, type Responder } from '../../src/server/chat/namespace'
import { client as chatClient, collect, connected, disconnectAll, history as historyRead, send as sendMessage, refusalWithData, tokenOf } from '../support/chat-client'
import { freshEmbeddedDir } from '../support/embedded'
import { ACK_MS, withEmbeddedStarts } from '../support/limits'
import { openTestStorage, startTestServer } from '../support/server'
import { builtServerEntry, startServerProcess, type ServerProcess } from '../support/server-process'
import { waitFor, within } from '../support/wait'
import { pendingTurns } from './databases'

/**
 * What an acknowledged message is worth (docs/behaviour.md#chat-at-load): it is stored before
 * the ack, so a kill -9 right after keeps it; its agent turn, if the crash came first, is
 * answered after the restart; and a server with more waiting work than its bound says so at
 * the handshake instead of taking on what it cannot finish.
 */
const BURST = 200
/** Connections opened at once on a loaded machine (a handshake's connect timeout is 20 s). */
const CONNECT_GROUP = 25
const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
/** The agent "types" this long in the first process, so the kill lands mid-turn. */
const LONG_TURN_MS = '60000'

const processes: ServerProcess[] = []
const servers: RunningServer[] = []
afterEach(async () => {
  disconnectAll()
  for (const p of processes.splice(0)) await p.crash()
  for (const s of servers.splice(0)) await s.close()
})

let visitorCount = 0
const newVisitor = () => `0000bbbb-0000-4000-8000-${String(process.pid).padStart(6, '0')}${String(++visitorCount).padStart(6, '0')}`
/** The visitor token each visitor got on its first connection: a later one presents it. */
const tokens = new Map<string, string>()
const client = (url: string, visitor: string) => {
  const socket = chatClient(url, visitor, { visitorToken: tokens.get(visitor) })
  if (!tokens.has(visitor)) void tokenOf(socket).then((token) => tokens.set(visitor, token))
  return socket
}
const historyOf = (socket: Socket, visitor: string) => historyRead(socket, visitor) as Promise<{ id: string; role: string; content: string }[]>

/** The visitor's history once its last message is the agent's (the turn after the restart ran). */
async function answeredHistory(url: string, visitor: string) {
  const socket = client(url, visitor)
  const replies = collect(socket, 'response')
  await connected(socket)
  const stored = await historyOf(socket, visitor)
  if (stored.at(-1)?.role !== 'agent') await waitFor(() => replies.some((m) => (m as { role: string }).role === 'agent'), `the agent's reply to ${visitor} after the restart`)
  return historyOf(socket, visitor)
}

describe('chat across a kill -9 (a server process)', () => {
  let entry: string
  beforeAll(async () => {
    entry = builtServerEntry()
  })
  const dirs: { remove(): void }[] = []
  afterAll(() => dirs.forEach((d) => d.remove()))

  // One server pair for both stories of a kill -9 (a process start is seconds of CPU): every
  // acknowledged message of a burst kept, and a turn the kill interrupted answered after it.
  it(`keeps every message acknowledged during a burst of ${BURST}, and answers them after the restart, a turn the kill interrupted too`, { timeout: withEmbeddedStarts(2, 60_000) }, async () => {
    const db = freshEmbeddedDir()
    dirs.push(db)
    const env = { DATA_DIR: db.dir, CHAT_REPLY_DELAY_MS: LONG_TURN_MS, CHAT_MAX_CONNECTIONS_PER_ADDRESS: String(BURST * 2), CHAT_NEW_VISITORS_PER_ADDRESS_PER_HOUR: String(BURST * 2) }
    const first = await startServerProcess(entry, env)
    processes.push(first)
    const visitors = Array.from({ length: BURST }, newVisitor)
    // Connections open a few at a time (each handshake issues a visitor token); the messages then go all at once.
    const burst: Socket[] = []
    for (const group of chunks(visitors, CONNECT_GROUP)) burst.push(...(await Promise.all(group.map(async (v) => {
      const socket = client(first.url, v)
      await connected(socket)
      return socket
    }))))
    const typing = collect(burst[0]!, 'typing-state-widget')
    const acks = (await Promise.all(burst.map((socket, i) => sendMessage(socket, visitors[i]!, `Busco casa, mensaje ${i}`, { clientMessageId: `burst-${i}` })))) as { ok: boolean; id: string }[]
    expect(acks.every((a) => a.ok)).toBe(true)
    await waitFor(() => typing.includes('in-progress'), 'the agent typing to the first visitor (its turn under way)')
    await first.crash()

    const second = await startServerProcess(entry, { ...env, CHAT_REPLY_DELAY_MS: '0' })
    processes.push(second)
    const histories: Awaited<ReturnType<typeof answeredHistory>>[] = []
    for (const group of chunks(visitors, CONNECT_GROUP)) histories.push(...(await within(Promise.all(group.map((v) => answeredHistory(second.url, v))), 60_000, 'histories answered after the restart')))
    histories.forEach((history, i) => {
      expect(history[0]).toMatchObject({ id: acks[i]!.id, role: 'user', content: `Busco casa, mensaje ${i}` })
      expect(history.filter((m) => m.role === 'user')).toHaveLength(1)
      expect(history.slice(1).length).toBeGreaterThan(0)
      expect(history.slice(1).every((m) => m.role === 'agent')).toBe(true)
    })
  })
})

describe('chat across a SIGTERM (a server process)', () => {
  let entry: string
  beforeAll(async () => {
    entry = builtServerEntry()
  })
  const dirs: { remove(): void }[] = []
  afterAll(() => dirs.forEach((d) => d.remove()))

  it('sends the reply of a turn under way before its sockets close', { timeout: withEmbeddedStarts(1) }, async () => {
    const db = freshEmbeddedDir()
    dirs.push(db)
    const server = await startServerProcess(entry, { DATA_DIR: db.dir, CHAT_REPLY_DELAY_MS: LONG_TURN_MS })
    processes.push(server)
    const visitor = newVisitor()
    const socket = client(server.url, visitor)
    socket.io.opts.reconnection = false
    const typing = collect(socket, 'typing-state-widget')
    const replies = collect(socket, 'response')
    const gone = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(replies.length)))
    await connected(socket)
    expect(await sendMessage(socket, visitor, 'Hola, busco casa en renta en Huayacán', { clientMessageId: 'antes-del-cierre' })).toMatchObject({ ok: true })
    await waitFor(() => typing.includes('in-progress'), 'the agent typing (its turn under way)')
    await server.stop()
    // Every reply reached the visitor on the socket that was open, before it closed.
    expect(await within(gone, 10_000, 'the socket closing')).toBeGreaterThan(0)
    expect(typing.at(-1)).toBe('done')
  })
})

describe('chat turns and overload in one process', { timeout: withEmbeddedStarts(1) }, () => {
  it('wakes the agent for a resent message that was stored but never answered', async () => {
    const storage = await openTestStorage()
    try {
      const s = await startTestServer({ storage, replyDelayMs: 0 })
      servers.push(s)
      const visitor = newVisitor()
      // Stored and acknowledged by a process that died before its turn: the pending record is all that is left.
      const lost = await storage.journal.storeVisitorMessage({ visitorId: visitor, address: '127.0.0.1', content: 'hola, ¿tienen casas en renta?', clientMessageId: 'reenviado' })
      const socket = client(s.url, visitor)
      const replies = collect(socket, 'response')
      await connected(socket)
      expect(await sendMessage(socket, visitor, 'hola, ¿tienen casas en renta?', { clientMessageId: 'reenviado' })).toEqual({ ok: true, id: lost.message.id })
      await waitFor(() => replies.some((m) => (m as { role: string }).role === 'agent'), 'the agent answering the resent message')
      const history = await storage.chat.history(visitor)
      expect(history.filter((m) => m.role === 'user')).toHaveLength(1)
      expect(await pendingTurns(storage, visitor)).toEqual([])
    } finally {
      for (const s of servers.splice(0)) await s.close()
      await storage.close()
    }
  })

  it('refuses new connections as busy, at once and with its code, past its bound of waiting turns', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const responder: Responder = async () => (await held, { state: null, messages: ['Listo.'] })
    const s = await startTestServer({ responder, replyDelayMs: 0, chatLimits: { pendingTurns: 1 } })
    servers.push(s)
    const first = newVisitor()
    const socket = client(s.url, first)
    const replies = collect(socket, 'response')
    await connected(socket)
    expect(await sendMessage(socket, first, 'hola')).toMatchObject({ ok: true })

    const late = client(s.url, newVisitor())
    const refusal = await within(
      refusalWithData(late),
      ACK_MS,
      'the busy refusal (a hang would pass this limit)',
    )
    expect(refusal.message).toBe(NOTICES.busy)
    expect(refusal.data).toEqual({ code: HandshakeRefusal.serverBusy })

    release()
    await waitFor(() => replies.some((m) => (m as { role: string }).role === 'agent'), 'the held turn answered')
    const again = client(s.url, newVisitor())
    await within(connected(again), ACK_MS, 'a connection once the turn is done')
  })
})
