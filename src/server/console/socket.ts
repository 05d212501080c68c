/**
 * The console's socket.io namespace (docs/behaviour.md#console): only a signed-in agent from the
 * console's own origin connects; every event checks the session again, so a session ended in any
 * process (sign-out, removed account, idle expiry) stops working at once, and a console sending
 * nothing is closed by the next check of open sessions (closeEnded).
 */
import type { Namespace, Socket } from 'socket.io'
import type { ZodType } from 'zod'
import { z } from 'zod'
import { ConsoleClientEvent, ConsoleServerEvent, type ConsoleAccount } from '../../protocol/console'
import { MESSAGE_MAX_CHARS } from '../chat/schemas'
import type { Storage } from '../storage'
import { accountRoom, AGENTS_ROOM, type ConversationActions } from './conversations'
import { sameOrigin } from './origin'
import { signedInAccount, tokenFromCookies, tokenHash, type Sessions } from './sessions'
import type { trackVisitors } from './visitors'
import { faultLines, log } from '../safe-log'

export const SOCKET_REFUSALS = {
  noSession: 'Inicia sesión para usar la consola.',
  origin: 'Origen no permitido.',
  failed: 'No pudimos completar la acción. Intenta de nuevo.',
} as const

/** The room of one session's sockets, to close them when it ends. */
export const sessionRoom = (token: string) => `session:${tokenHash(token)}`

const visitorId = z.string().min(1).max(100)
const schemas = {
  visitor: z.object({ visitorId }),
  send: z.object({ visitorId, content: z.string().trim().min(1).max(MESSAGE_MAX_CHARS), clientMessageId: z.string().min(1).max(100) }),
  typing: z.object({ visitorId, typing: z.boolean() }),
}

interface ConsoleSocketData {
  token: string
  account: ConsoleAccount
}

export function attachConsoleSocket(options: {
  consoles: Namespace
  storage: Storage
  sessions: Sessions
  actions: ConversationActions
  visitors: ReturnType<typeof trackVisitors>
  publicUrl: () => string | undefined
  /** Whose consoles are open (docs/console.md#routing): told as each one connects and closes. */
  presence?: { connected(accountId: string): void; disconnected(accountId: string): void }
}) {
  const { consoles, storage, sessions, actions, visitors, presence } = options

  consoles.use((socket, next) => {
    const headers = socket.handshake.headers
    if (!sameOrigin(headers.origin, headers.host, options.publicUrl())) return next(new Error(SOCKET_REFUSALS.origin))
    const token = tokenFromCookies(headers.cookie)
    signedInAccount(sessions, storage.accounts, token).then(
      (account) => {
        if (!account || !token) return next(new Error(SOCKET_REFUSALS.noSession))
        socket.data = { token, account } satisfies ConsoleSocketData
        next()
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    )
  })

  consoles.on('connection', (socket: Socket) => {
    const { token, account: signedIn } = socket.data as ConsoleSocketData
    void socket.join([AGENTS_ROOM, accountRoom(signedIn.id), sessionRoom(token)])
    presence?.connected(signedIn.id)
    socket.on('disconnect', () => presence?.disconnected(signedIn.id))

    /** Each event: a payload that fits, and a session still alive (its account as it is now). */
    function on<T>(event: string, schema: ZodType<T>, handler: (account: ConsoleAccount, payload: T) => Promise<unknown>) {
      socket.on(event, (payload: unknown, callback: unknown) => {
        const reply = (value: unknown) => typeof callback === 'function' && callback(value)
        const parsed = schema.safeParse(payload)
        if (!parsed.success) return reply({ ok: false, error: parsed.error.issues[0]?.message ?? SOCKET_REFUSALS.failed })
        signedInAccount(sessions, storage.accounts, token)
          .then(async (account) => {
            if (!account) {
              socket.emit(ConsoleServerEvent.signedOut)
              socket.disconnect(true)
              return reply({ ok: false, error: SOCKET_REFUSALS.noSession })
            }
            reply(await handler(account, parsed.data))
          })
          .catch((error: unknown) => {
            log.error('console-event', `[consola] ${event} failed: ${faultLines(error)}`)
            reply({ ok: false, error: SOCKET_REFUSALS.failed })
          })
      })
    }

    on(ConsoleClientEvent.liveVisitors, z.unknown(), () => visitors.list())
    on(ConsoleClientEvent.takeOver, schemas.visitor, (account, { visitorId }) => actions.takeOver(account, visitorId))
    on(ConsoleClientEvent.handBack, schemas.visitor, async (account, { visitorId }) =>
      (await actions.handBack(account, visitorId)) ? { ok: true } : { ok: false, error: 'Esta conversación no es tuya.' },
    )
    on(ConsoleClientEvent.send, schemas.send, (account, { visitorId, content, clientMessageId }) => actions.send(account, visitorId, content, clientMessageId))
    on(ConsoleClientEvent.typing, schemas.typing, async (account, { visitorId, typing }) => {
      await actions.typing(account, visitorId, typing)
      return { ok: true }
    })
    on(ConsoleClientEvent.read, schemas.visitor, async (account, { visitorId }) => {
      await storage.console.markRead(account.id, visitorId)
      return { ok: true }
    })
    on(ConsoleClientEvent.close, schemas.visitor, (account, { visitorId }) => actions.close(account, visitorId))
  })

  return {
    /**
     * Close this process's consoles whose session ended where no event reached them: by the shell
     * on PostgreSQL, in another process without Redis, or idle. A console sends nothing while its
     * person reads, and would go on receiving the live lists until it did.
     */
    async closeEnded() {
      const open = [...consoles.sockets.values()]
      const live = await sessions.live([...new Set(open.map((socket) => (socket.data as ConsoleSocketData).token))])
      for (const socket of open) {
        if (live.has((socket.data as ConsoleSocketData).token)) continue
        socket.emit(ConsoleServerEvent.signedOut)
        socket.disconnect(true)
      }
    },
    /** Close every socket of a session that ended (in every process). */
    endSession(token: string) {
      consoles.to(sessionRoom(token)).emit(ConsoleServerEvent.signedOut)
      consoles.in(sessionRoom(token)).disconnectSockets(true)
    },
    /** Close every socket of an account (in every process), but those of the session `kept` when given. */
    endAccount(accountId: string, kept?: string) {
      const others = kept === undefined ? [] : [sessionRoom(kept)]
      consoles.to(accountRoom(accountId)).except(others).emit(ConsoleServerEvent.signedOut)
      consoles.in(accountRoom(accountId)).except(others).disconnectSockets(true)
    },
  }
}
