import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { EMBEDDED_START_MS } from './limits'
import { within } from './wait'

/**
 * The server as `npm start` runs it, in a child process a test can kill -9: dist/server/main.mjs,
 * which the run's build made once (tests/support/build.ts, scripts/test.mjs), with the embedded
 * database's thread and the trained classifier beside it. `npm run console:user`'s command is
 * bundled beside it: consoleUserEntry; `npm run catalogue`'s: catalogueEntry (build.mjs).
 */
export function builtServerEntry(): string {
  const entry = join('dist', 'server', 'main.mjs')
  if (!existsSync(entry)) throw new Error(`${entry} is missing: the run's build (tests/support/build.ts) did not run`)
  return entry
}

/** `npm run console:user`'s bundle beside the server's `entry` (builtServerEntry). */
export const consoleUserEntry = (entry: string) => join(dirname(entry), 'console-user.mjs')
/** `npm run catalogue`'s bundle beside the server's `entry` (builtServerEntry). */
export const catalogueEntry = (entry: string) => join(dirname(entry), 'catalogue.mjs')

/** Run a bundled `entry` with `args` and `env` to its end: its exit code and what it printed. */
export function runEntry(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let [stdout, stderr] = ['', '']
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** SIGKILL: no shutdown, no drain, nothing flushed. */
  crash(): Promise<void>
  /** SIGTERM: the graceful stop. */
  stop(): Promise<void>
}

/** Start the bundled server with `env` on a free port; resolves once it printed its URL. */
export async function startServerProcess(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const started = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const url = output.match(/Site\s+(http:\/\/\S+?)\/\s/)?.[1]
      if (url) resolve(url)
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    void exited.then(() => reject(new Error(`the server process ended before listening:\n${output}`)))
  })
  const url = await within(started, EMBEDDED_START_MS, 'server process start-up').catch((error: unknown) => {
    child.kill('SIGKILL')
    throw error
  })
  const end = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  return { url, child, crash: end('SIGKILL'), stop: end('SIGTERM') }
}
