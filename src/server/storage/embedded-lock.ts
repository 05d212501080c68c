/**
 * One process at a time opens an embedded database folder (docs/behaviour.md#one-opener): two
 * PGlite instances writing one folder lose each other's rows and can leave it unopenable
 * (issue 30). Whoever opens it (the server, `npm run console:user`, a script) first takes a lock
 * file in the folder holding its pid and its start; a second opener is refused with one line,
 * and a lock whose process is gone (kill -9, a power cut) is taken over.
 */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SettingError } from '../setting-error'

export const EMBEDDED_LOCK_FILE = 'opened-by.lock'

/** What the lock file holds: who opened the folder, and when that process started. */
export interface LockHolder {
  pid: number
  startedAt: string
  /** Linux's start time of the process (/proc/<pid>/stat), so a pid reused after a restart is not taken for the holder. */
  processStart?: string
}

/** A second opener's one line (Spanish for the agency, English for whoever runs the server). */
export class DatabaseInUse extends SettingError {
  constructor(readonly pid: number) {
    super(
      `La base de datos embebida ya está abierta por otro proceso (pid ${pid}). Detén el servidor primero. / The embedded database is already open by another process (pid ${pid}): stop the server first.`,
    )
  }
}

/** Folders this process holds, each with its release: opening one of them again here is a second opener too. */
const held = new Map<string, () => void>()
/** Locks still held when the process exits (a process.exit without closing) go with it: one listener for all. */
let releasedAtExit = false
const releaseAtExit = () => {
  if (releasedAtExit) return
  releasedAtExit = true
  process.once('exit', () => [...held.values()].forEach((release) => release()))
}

/** Linux's start time (clock ticks since boot) of a process, or undefined elsewhere. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start at the 3rd; starttime is the 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

const me = (): LockHolder => ({
  pid: process.pid,
  startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
  ...(processStart(process.pid) ? { processStart: processStart(process.pid) } : {}),
})

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function parse(text: string | undefined): LockHolder | undefined {
  try {
    const holder = JSON.parse(text ?? '') as LockHolder
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined
  } catch {
    return undefined
  }
}

/** Whether the process that wrote `holder` still runs (the same process, not a reused pid). */
function running(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const start = holder.processStart && processStart(holder.pid)
  return !start || start === holder.processStart
}

/** Whether `holder` keeps the folder from being opened here: another live process, or this one already. */
function blocks(holder: LockHolder, dataDir: string): boolean {
  if (!running(holder)) return false
  // This process, but not holding it: a lock left by a database never closed here, or copied with the folder.
  return holder.pid !== process.pid || held.has(dataDir)
}

/** Create the lock at `path` unless one is there: a link to the written `draft`, or an exclusive write where the file system has no links. */
function created(draft: string, path: string, text: string): boolean {
  try {
    linkSync(draft, path)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error
  }
  try {
    writeFileSync(path, text, { flag: 'wx', mode: 0o600 })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Take `dataDir`'s lock or throw DatabaseInUse. The file appears complete or not at all (a
 * hard link to a written file), and a stale one is first moved aside, which only one of several
 * openers taking it over at once can do. Released by `release()` or when the process exits.
 */
export function takeEmbeddedLock(folder: string): { release(): void } {
  const dataDir = resolve(folder)
  const path = join(dataDir, EMBEDDED_LOCK_FILE)
  const mine = JSON.stringify(me())
  const draft = `${path}.${process.pid}.new`
  writeFileSync(draft, mine, { mode: 0o600 })
  try {
    for (;;) {
      if (created(draft, path, mine)) break
      const text = read(path)
      if (text === undefined) continue // released meanwhile
      const holder = parse(text)
      if (holder && blocks(holder, dataDir)) throw new DatabaseInUse(holder.pid)
      const aside = `${path}.${process.pid}.stale`
      try {
        renameSync(path, aside)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue // another opener moved it first
        throw error
      }
      // Another opener took it over between the read and the move: theirs goes back, they hold it.
      if (read(aside) !== text) {
        const theirs = parse(read(aside))
        try {
          linkSync(aside, path)
        } finally {
          rmSync(aside, { force: true })
        }
        throw new DatabaseInUse(theirs?.pid ?? 0)
      }
      rmSync(aside, { force: true })
    }
  } finally {
    rmSync(draft, { force: true })
  }
  const release = () => {
    held.delete(dataDir)
    // Only our own lock: after a take-over (this process was thought gone) it is someone else's.
    if (read(path) === mine) rmSync(path, { force: true })
  }
  held.set(dataDir, release)
  releaseAtExit()
  return { release }
}
