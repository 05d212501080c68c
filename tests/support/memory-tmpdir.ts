import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { oncePerRun } from './once-per-run'

/**
 * Where the run's temporary files go on Linux: the memory-backed /dev/shm. Every test server works
 * on its own copy of the embedded database (1,100 files, 41 MB: embedded.ts), every Chromium on a
 * profile of its own, photos and exports in directories of their own. On the disk, copying,
 * syncing and deleting those was about 1.2 CPU-s of kernel time per test server (measured with a
 * CPU profile of five starts; docs/testing.md#suite-time); in memory it is a tenth. Set as
 * TMPDIR in vitest's process before any worker starts, so os.tmpdir() in the workers and
 * every child (Chromium, server processes) inherits it. Elsewhere (no /dev/shm) nothing changes.
 */
export default async function memoryTmpdir() {
  const made = await oncePerRun('memory tmpdir', async () => {
    if (!existsSync('/dev/shm') || process.env.TMPDIR?.startsWith('/dev/shm/')) return { value: process.env.TMPDIR }
    const before = process.env.TMPDIR
    const dir = mkdtempSync('/dev/shm/cancun-tests-')
    process.env.TMPDIR = dir
    return {
      value: dir,
      teardown: () => {
        if (before === undefined) delete process.env.TMPDIR
        else process.env.TMPDIR = before
        rmSync(dir, { recursive: true, force: true })
      },
    }
  })
  return made.release
}
