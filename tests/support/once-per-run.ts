/**
 * Work a global setup does once per vitest run, however many projects list it: every project's
 * global setups run in vitest's own process, before any test, but each project loads its own
 * copy of the setup modules, so the work is kept on `globalThis`. The teardown runs when the last
 * project that asked for it tears down.
 */
interface Shared<T> {
  made: Promise<{ value: T; teardown?: () => unknown }>
  users: number
}

const SHARED = Symbol.for('tests/support/once-per-run')
const registry = ((globalThis as Record<symbol, unknown>)[SHARED] ??= new Map()) as Map<string, Shared<unknown>>

export async function oncePerRun<T>(name: string, make: () => Promise<{ value: T; teardown?: () => unknown }>): Promise<{ value: T; release(): unknown }> {
  let shared = registry.get(name) as Shared<T> | undefined
  if (!shared) {
    shared = { made: make(), users: 0 }
    registry.set(name, shared)
  }
  shared.users++
  const { value, teardown } = await shared.made
  return {
    value,
    release: () => {
      if (--shared.users > 0) return
      registry.delete(name)
      return teardown?.()
    },
  }
}
