/**
 * Row 9, closing someone else's conversation: two asesor accounts A and B, A takes over a
 * visitor's conversation, B sends the close event on its console socket. Holds when B is refused
 * and the conversation is still A's (and open).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Socket } from 'socket.io-client'
import { ConsoleClientEvent, type ConsoleAccount, type ConsoleAck } from '../../../src/protocol/console'
import { client, connected } from '../../../tests/support/chat-client'
import { consoleSocket } from '../../../tests/support/console'
import { address, consoleApi, conversation, say, signInFrom, type Row } from '../context'
import { CookieJar } from '../http'

const ACK_MS = 10_000

const ask = (socket: Socket, event: string, payload: unknown) => socket.timeout(ACK_MS).emitWithAck(event, payload) as Promise<ConsoleAck>

export const closeOthers: Row = {
  name: 'close-others',
  limitMs: 60_000,
  async run(ctx) {
    const tag = randomBytes(3).toString('hex')
    const people = await Promise.all(
      ['A', 'B'].map(async (who, i) => {
        const email = `asesor-${who.toLowerCase()}-${tag}@ataque.mx`
        const password = `clave-${who}-${tag}-segura`
        const made = await consoleApi(ctx, '/accounts', { method: 'POST', json: { email, name: `Asesor ${who}`, role: 'asesor', password } })
        if (made.status !== 201) throw new Error(`POST /consola/api/accounts answered ${made.status}`)
        const jar = new CookieJar().keep(await signInFrom(ctx, email, password, { from: address(9, i + 1) }))
        const socket = consoleSocket(ctx.server.url, jar.header())
        await connected(socket)
        return { account: made.json<{ account: ConsoleAccount }>().account, socket }
      }),
    )
    const [a, b] = people as [(typeof people)[0], (typeof people)[0]]
    try {
      const visitorId = randomUUID()
      const visitor = client(ctx.server.url, visitorId, { localAddress: address(9, 3) })
      await connected(visitor)
      await say(visitor, visitorId, 'Hola, quiero hablar con un asesor')
      const took = await ask(a.socket, ConsoleClientEvent.takeOver, { visitorId })
      if (!took.ok) throw new Error(`A could not take the conversation over: ${took.error}`)
      const closed = await ask(b.socket, ConsoleClientEvent.close, { visitorId }).catch(() => ({ ok: false, error: 'no answer' }))
      const after = await conversation(ctx, visitorId)
      const stillA = after.owner?.accountId === a.account.id && !after.closed
      return {
        attempts: `asesor A took a conversation over; asesor B sent ${ConsoleClientEvent.close}`,
        held: !closed.ok && stillA,
        detail: `B's close ${closed.ok ? 'was accepted' : `was refused («${closed.error}»)`}; the conversation is ${after.closed ? 'closed' : 'open'}, owned by ${after.owner?.name ?? 'the automated agent'}`,
      }
    } finally {
      a.socket.disconnect()
      b.socket.disconnect()
    }
  },
}
