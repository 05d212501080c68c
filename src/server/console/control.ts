/**
 * The running server's local door for `npm run console:user` and `npm run catalogue` on the
 * embedded database (docs/behaviour.md#one-opener): the folder is the server's alone
 * (storage/embedded-lock.ts), so the command asks the server, which makes the change itself: live
 * at once (sessions end, open consoles close, the catalogue is served anew) and stored where the
 * server stores. A Unix domain socket in the database's folder, created with mode 0600: only this
 * machine's user that runs the server can connect. One JSON line each way: the command's name and
 * words in, its text and outcome out.
 */
import { chmodSync, rmSync } from 'node:fs'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { join, relative } from 'node:path'
import { isMainThread } from 'node:worker_threads'
import { z } from 'zod'
import { SettingError } from '../setting-error'

export const CONTROL_SOCKET_FILE = 'console.sock'
/** A command line is a few hundred bytes: a request far above it is not one, and is dropped. */
export const CONTROL_REQUEST_MAX_BYTES = 16 * 1024

/** The commands the door runs; a request without one is console:user's (its first version). */
export const CONTROL_COMMANDS = ['console:user', 'catalogue'] as const
export type ControlCommand = (typeof CONTROL_COMMANDS)[number]
const requestSchema = z.object({ command: z.enum(CONTROL_COMMANDS).default('console:user'), args: z.array(z.string().max(1000)).max(20) })
const replySchema = z.object({ ok: z.boolean(), output: z.string() })
export type ControlReply = z.infer<typeof replySchema>

/**
 * A socket's path fits in about 104 bytes (sockaddr_un); Node cuts a longer one short and makes
 * the socket elsewhere. Past it, the path from the working folder (npm runs both the server and
 * the command from the project's), and past that no door: the command then opens the database
 * or is told who holds it.
 */
const SOCKET_PATH_MAX_BYTES = 100
function controlPath(folder: string): string | undefined {
  const path = join(folder, CONTROL_SOCKET_FILE)
  return [path, relative(process.cwd(), path)].find((candidate) => Buffer.byteLength(candidate) <= SOCKET_PATH_MAX_BYTES)
}
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Answer one connection: read its line (bounded), run it, write the reply and close. */
type Runners = Record<ControlCommand, (args: string[]) => Promise<ControlReply>>

function serve(socket: Socket, runners: Runners) {
  let received = ''
  socket.setEncoding('utf8')
  socket.on('error', () => {}) // the command went away: nothing to tell it
  const read = (chunk: string) => {
    received += chunk
    if (received.length > CONTROL_REQUEST_MAX_BYTES) return void socket.destroy()
    const end = received.indexOf('\n')
    if (end < 0) return
    socket.off('data', read)
    const request = requestSchema.safeParse(parseJson(received.slice(0, end)))
    const reply = request.success ? runners[request.data.command](request.data.args) : Promise.resolve({ ok: false, output: 'Solicitud no válida.' })
    void reply
      .catch((error: unknown) => {
        console.error(`[consola] ${request.data?.command ?? 'a command'} failed:`, error)
        return { ok: false, output: 'Error interno del servidor: revisa su registro.' }
      })
      .then((answer) => socket.end(`${JSON.stringify(answer)}\n`))
  }
  socket.on('data', read)
}

/** Listen on `path`, the socket file created with mode 0600 (the umask applies when it is made). */
function listenPrivately(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    // A worker thread cannot set the umask: there the chmod after listen() alone applies.
    const umask = isMainThread ? process.umask(0o177) : undefined
    try {
      // The socket file is made synchronously inside listen(), under this umask.
      server.listen(path, () => {
        server.off('error', reject)
        resolve()
      })
    } finally {
      if (umask !== undefined) process.umask(umask)
    }
  })
}

/** Whether a server answers on the socket at `path`. */
const answers = (path: string) =>
  new Promise<boolean>((resolve) => {
    const probe = createConnection(path)
    probe.once('connect', () => resolve(!!probe.end()))
    probe.once('error', () => resolve(false))
  })

/**
 * The door in `folder` (the embedded database's, which this process holds), running `run` for
 * each command. A socket file left by a server killed is replaced; when another server of this
 * process already answers there (tests share one storage between two servers), undefined.
 */
export async function openControl(folder: string, runners: Runners): Promise<{ close(): Promise<void> } | undefined> {
  const path = controlPath(folder)
  if (!path) {
    console.error(`[consola] console:user cannot reach this server (its data folder's path is too long for a socket): stop it to use the command.`)
    return undefined
  }
  const server = createServer((socket) => serve(socket, runners))
  try {
    await listenPrivately(server, path)
  } catch (error) {
    const code = codeOf(error)
    // The folder is this process's (its lock): a socket that answers is another server of this process.
    if (code === 'EADDRINUSE' && (await answers(path))) return undefined
    if (code !== 'EADDRINUSE') {
      console.error(`[consola] console:user cannot reach this server (${code ?? (error as Error).message}): stop it to use the command.`)
      return undefined
    }
    rmSync(path, { force: true })
    await listenPrivately(server, path)
  }
  chmodSync(path, 0o600)
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The running server's reply to the command `args`, or undefined when no server answers in
 * `folder` (none runs, or it was killed and left its socket file).
 */
export function askRunningServer(folder: string, args: string[], command: ControlCommand = 'console:user'): Promise<ControlReply | undefined> {
  const path = controlPath(folder)
  if (!path) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const socket = createConnection(path)
    let received = ''
    let connected = false
    socket.setEncoding('utf8')
    socket.on('connect', () => {
      connected = true
      socket.write(`${JSON.stringify({ command, args })}\n`)
    })
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('end', () => {
      const reply = replySchema.safeParse(parseJson(received))
      if (reply.success) resolve(reply.data)
      else reject(new SettingError('El servidor en marcha no respondió a la orden: revisa su registro. / The running server gave no answer: see its log.'))
    })
    socket.on('error', (error) => {
      if (codeOf(error) === 'EACCES') return reject(new SettingError('Sin permiso para hablar con el servidor en marcha: ejecuta la orden como el usuario del servidor. / No permission to reach the running server: run the command as its user.'))
      // No server there (none runs, a killed one's socket file, a path too long for a socket):
      // the command opens the database, or is told in one line who holds it.
      if (!connected) return resolve(undefined)
      reject(error)
    })
  })
}
