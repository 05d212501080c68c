/**
 * The README's first command, as a newcomer runs it: a fresh clone of the repository,
 * `npm start` with nothing configured, then the site, the widget, the demo and the API answer,
 * and SIGTERM stops the server cleanly. Every other test sets its own database folder, so only
 * this one sees what a clone lacks (issue 11: `data/` is ignored and was never created).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const REPO = resolve(import.meta.dirname, '../..')
/** Build (a few seconds) plus a first embedded-database start with its catalogue seeding, on a busy 2-core machine. */
const FIRST_START_MS = 180_000
/** A graceful stop finishes the turns under way; the demo conversation has none. */
const STOP_MS = 20_000

const git = (args: string[], cwd = REPO) => execFileSync('git', args, { cwd, encoding: 'utf8' })

/**
 * A clone of HEAD with the working tree's uncommitted changes laid over it, so the test checks
 * what would be committed now; in CI (a clean clone) there are none.
 */
function cloneWorkingTree(into: string) {
  git(['clone', '--quiet', '--no-hardlinks', REPO, into], tmpdir())
  const changed = git(['ls-files', '-z', '--modified', '--others', '--exclude-standard']).split('\0').filter(Boolean)
  for (const file of changed) {
    const from = join(REPO, file)
    if (existsSync(from)) cpSync(from, join(into, file), { recursive: true })
  }
  for (const file of git(['ls-files', '-z', '--deleted']).split('\0').filter(Boolean)) rmSync(join(into, file), { force: true })
  // `npm ci` takes minutes here; the installed packages are the same lock file's.
  symlinkSync(join(REPO, 'node_modules'), join(into, 'node_modules'))
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
    probe.on('error', fail)
  })

/** The settings a newcomer has: none (the test runner's own variables must not leak in). */
function newcomerEnv(port: number): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'npm_config_cache']
  return { ...Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]])), PORT: String(port), HOST: '127.0.0.1' }
}

describe('a fresh clone: npm start', () => {
  const place = mkdtempSync(join(tmpdir(), 'fresh-clone-'))
  const clone = join(place, 'p')
  let port = 0
  let start: ChildProcess
  let output = ''
  let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>

  beforeAll(async () => {
    cloneWorkingTree(clone)
    port = await freePort()
    start = spawn('npm', ['start'], { cwd: clone, env: newcomerEnv(port), stdio: ['ignore', 'pipe', 'pipe'] })
    start.stdout!.on('data', (chunk: Buffer) => (output += chunk))
    start.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    exit = new Promise((done) => start.on('exit', (code, signal) => done({ code, signal })))
    // Ready when it printed its keys (after listening), or failed: whichever comes first.
    const ready = new Promise<void>((done) => start.stdout!.on('data', () => output.includes('X-Api-Key:') && done()))
    const outcome = await Promise.race([ready.then(() => 'ready'), exit.then(() => 'exited')])
    if (outcome !== 'ready') throw new Error(`npm start stopped before serving:\n${output}`)
  }, FIRST_START_MS)

  afterAll(async () => {
    if (start?.exitCode === null) start.kill('SIGKILL')
    rmSync(place, { recursive: true, force: true })
  })

  it('creates the embedded database folder the clone lacks', () => {
    expect(existsSync(join(clone, 'data/db/PG_VERSION'))).toBe(true)
  })

  it('serves the site, the widget, the demo page and the API with the printed key', async () => {
    const key = /X-Api-Key: (\S+)/.exec(output)?.[1]
    expect(key, output).toBeTruthy()
    const base = `http://127.0.0.1:${port}`
    const status = async (path: string, headers: Record<string, string> = {}) => (await fetch(base + path, { headers })).status
    expect(await status('/')).toBe(200)
    expect(await status('/widget.js')).toBe(200)
    expect(await status('/demo/')).toBe(200)
    expect(await status('/api/properties', { 'X-Api-Key': key! })).toBe(200)
    const home = await (await fetch(`${base}/`)).text()
    expect(home).toMatch(/<script async [^>]*src="\/widget\.js"/)
  })

  it('stops cleanly on SIGTERM and frees its port', async () => {
    start.kill('SIGTERM') // the npm process, as a service manager would
    const { code } = await Promise.race([
      exit,
      new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no exit within ${STOP_MS} ms:\n${output}`)), STOP_MS)),
    ])
    expect(code).toBe(0)
    expect(output).toContain('Server stopped')
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow()
  }, STOP_MS + 5_000)
})

describe('a DATA_DIR that cannot be created', () => {
  it('is one clear line naming the folder and the variable, and exit code 1', () => {
    const run = (() => {
      try {
        execFileSync(process.execPath, ['dist/server/main.mjs'], {
          cwd: REPO,
          env: { ...newcomerEnv(0), DATA_DIR: '/dev/null/db' },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        return { status: 0, stderr: '' }
      } catch (error) {
        return error as { status: number; stderr: string }
      }
    })()
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^DATA_DIR: cannot create or write the embedded database folder \/dev\/null\/db \(ENOTDIR\)/)
  })
})
