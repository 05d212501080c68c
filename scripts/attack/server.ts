/**
 * The server under attack: the built dist/server/main.mjs in a child process on a free loopback
 * port, a fresh temporary data folder, and default settings (every variable that tunes the
 * server is left out of its environment, so no limit is changed; only the admin is given).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from './http'

/** A first start on a busy 2-core machine (initdb, migrations, catalogue) has taken 45 s. */
const START_LIMIT_MS = 150_000
const START_POLL_MS = 200

/** The console admin the server makes at its first start (CONSOLE_ADMIN_*: not a limit). */
export const ATTACK_ADMIN = { email: 'admin@ataque.mx', password: 'clave-del-ataque-2026' }

/** Variables of .env.example (and those the fixes add) that change what the server allows. */
const TUNING = /^(CHAT_|LEAD|CONSOLE_|PUBLIC_API_|IMAGE_|PHOTOS_|DATABASE_|REDIS_URL$|TRUST_PROXY$|PUBLIC_URL$|WIDGET_SOCKET_URL$|API_|SERVE_SOURCE_MAPS$|AGENCY_|PORT$|HOST$|DATA_DIR$)/

/** A port no one listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/** One line the server printed, with when it arrived. */
export interface LogLine {
  at: number
  text: string
}

export interface AttackServer {
  url: string
  pid: number
  /** The temporary folder: the database in `db/`, the image cache in `images/`. */
  root: string
  dataDir: string
  /** What `console:user` needs to open the same storage. */
  env: NodeJS.ProcessEnv
  /** Everything it printed (stdout and stderr), raw, and its lines as they came. */
  output: () => string
  lines: LogLine[]
  exited: () => boolean
  rssBytes: () => number
  kill9: () => Promise<void>
  stop: () => Promise<void>
}

const running = new Set<ChildProcess>()
process.on('exit', () => running.forEach((child) => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')))

/** The environment of the server (and of `console:user` beside it) on `root`. */
export function serverEnv(root: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !TUNING.test(name)))
  return {
    ...env,
    HOST: '127.0.0.1',
    DATA_DIR: join(root, 'db'),
    IMAGE_CACHE_DIR: join(root, 'images'),
    PHOTOS_DIR: join(root, 'photos'),
    CONSOLE_ADMIN_EMAIL: ATTACK_ADMIN.email,
    CONSOLE_ADMIN_PASSWORD: ATTACK_ADMIN.password,
  }
}

/** Start the server (on `root` again after a crash) and wait until it answers. */
export async function startServer(given?: string): Promise<AttackServer> {
  const root = given ?? mkdtempSync(join(tmpdir(), 'attack-'))
  const port = await freePort()
  const env = serverEnv(root)
  const child = spawn(process.execPath, ['dist/server/main.mjs'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let out = ''
  const lines: LogLine[] = []
  const take = (stream: NodeJS.ReadableStream) => {
    let pending = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      out += chunk
      pending += chunk
      const parts = pending.split('\n')
      pending = parts.pop()!
      const at = Date.now()
      for (const text of parts) lines.push({ at, text })
    })
  }
  take(child.stdout!)
  take(child.stderr!)
  let exited: string | false = false
  const exit = new Promise<void>((resolve) => child.once('exit', (code, signal) => ((exited = `it ended with ${signal ?? code}`), running.delete(child), resolve())))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + START_LIMIT_MS
  while (!exited && Date.now() < deadline) {
    try {
      if ((await request(`${url}/favicon.ico`, { timeoutMs: 5000 })).status === 204) {
        return {
          url,
          pid: child.pid!,
          root,
          dataDir: env.DATA_DIR!,
          env,
          output: () => out,
          lines,
          exited: () => exited !== false,
          rssBytes: () => (exited ? 0 : Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024),
          kill9: () => (exited ? exit : (child.kill('SIGKILL'), exit)),
          stop: () => (exited ? exit : (child.kill('SIGTERM'), exit)),
        }
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, START_POLL_MS))
  }
  child.kill('SIGKILL')
  await exit
  if (!given) rmSync(root, { recursive: true, force: true })
  const last = lines.filter((line) => line.text.trim()).slice(-3).map((line) => line.text.trim()).join(' / ')
  throw new Error(`the server did not start within ${START_LIMIT_MS / 1000} s${exited ? ` (${exited})` : ''}: ${last || 'no output'}`)
}
