import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/storage/database'
import { DatabaseInUse, EMBEDDED_LOCK_FILE, takeEmbeddedLock } from '../../src/server/storage/embedded-lock'

/**
 * The embedded database's lock (docs/behaviour.md#one-opener) with real files and real processes:
 * a live holder refuses, a gone one (or a reused pid, or a torn file) is taken over. The lock
 * beside a running server process is in console-user.test.ts.
 */
const dirs: string[] = []
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-lock-'))
  dirs.push(dir)
  return dir
}
const lockOf = (dir: string) => join(dir, EMBEDDED_LOCK_FILE)
const holderIn = (dir: string) => JSON.parse(readFileSync(lockOf(dir), 'utf8')) as { pid: number; processStart?: string }
const writeLock = (dir: string, holder: unknown) => writeFileSync(lockOf(dir), typeof holder === 'string' ? holder : JSON.stringify(holder))

/** A node process that runs until killed, once it runs. */
async function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'console.log("up"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'ignore'] })
  children.push(child)
  await new Promise((resolve) => child.stdout!.once('data', resolve))
  return child.pid!
}
/** The pid of a node process that has ended. */
async function endedPid() {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid!
}

describe('the embedded database lock', () => {
  it('refuses while another live process holds the folder, with the one line, and leaves its lock', async () => {
    const dir = folder()
    const pid = await liveProcess()
    writeLock(dir, { pid, startedAt: new Date().toISOString() })
    expect(() => takeEmbeddedLock(dir)).toThrow(new DatabaseInUse(pid).message)
    expect(new DatabaseInUse(pid).message).toBe(
      `La base de datos embebida ya está abierta por otro proceso (pid ${pid}). Detén el servidor primero. / The embedded database is already open by another process (pid ${pid}): stop the server first.`,
    )
    expect(holderIn(dir).pid).toBe(pid)
  })

  it('takes over the lock of a process that is gone, of a pid now reused by another process, and a torn one', async () => {
    const gone = folder()
    writeLock(gone, { pid: await endedPid(), startedAt: new Date().toISOString() })
    takeEmbeddedLock(gone).release()

    const reused = folder()
    writeLock(reused, { pid: await liveProcess(), startedAt: new Date().toISOString(), processStart: '1' })
    const lock = takeEmbeddedLock(reused)
    expect(holderIn(reused).pid).toBe(process.pid)
    lock.release()

    const torn = folder()
    writeLock(torn, '{"pid": ')
    takeEmbeddedLock(torn).release()
    expect(existsSync(lockOf(torn))).toBe(false)
  })

  it('refuses a second opener in this very process until the first releases, and takes a lock copied with the folder', () => {
    const dir = folder()
    const first = takeEmbeddedLock(dir)
    const copied = holderIn(dir)
    expect(copied).toMatchObject({ pid: process.pid })
    expect(() => takeEmbeddedLock(dir)).toThrow(DatabaseInUse)
    first.release()
    expect(existsSync(lockOf(dir))).toBe(false)

    // A folder copied while open (a template, a backup) carries this process's lock without it holding it.
    writeLock(dir, copied)
    takeEmbeddedLock(dir).release()
  })

  it('opens no database file while the lock is refused', async () => {
    const dir = folder()
    const pid = await liveProcess()
    writeLock(dir, { pid, startedAt: new Date().toISOString() })
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseInUse)
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false)
  })
})
