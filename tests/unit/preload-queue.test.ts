// Route preloading (docs/behaviour.md#preloading: "Route preloads: max 5 concurrent; skipped on save-data or 2g").
import { describe, expect, it } from 'vitest'
import { MAX_CONCURRENT_PRELOADS, createPreloadQueue, preloadAllowed } from '../../src/site/router/preload-queue'

interface Deferred {
  resolve: () => void
  reject: (error: Error) => void
}

/** A preload function whose calls stay pending until the test settles them by hand. */
function controlledPreload() {
  const pending = new Map<string, Deferred[]>()
  const calls: string[] = []
  let active = 0
  let maxActive = 0
  const preload = (key: string) => {
    calls.push(key)
    active++
    maxActive = Math.max(maxActive, active)
    return new Promise<void>((resolve, reject) => {
      const list = pending.get(key) ?? []
      list.push({
        resolve: () => {
          active--
          resolve()
        },
        reject: (error) => {
          active--
          reject(error)
        },
      })
      pending.set(key, list)
    })
  }
  const take = (key: string): Deferred => {
    const deferred = pending.get(key)?.shift()
    if (!deferred) throw new Error(`no pending preload of ${key}`)
    return deferred
  }
  return {
    preload,
    calls,
    get maxActive() {
      return maxActive
    },
    resolve: (key: string) => take(key).resolve(),
    reject: (key: string) => take(key).reject(new Error(`cannot load ${key}`)),
  }
}

/** Lets the queue's promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const keys = (n: number) => Array.from({ length: n }, (_, i) => `/pagina-${i + 1}`)

describe('createPreloadQueue', () => {
  it('runs at most 5 preloads at once by default (docs/behaviour.md#preloading)', () => {
    expect(MAX_CONCURRENT_PRELOADS).toBe(5)
    const p = controlledPreload()
    const queue = createPreloadQueue(p.preload)
    for (const key of keys(12)) queue.add(key)
    expect(p.calls).toEqual(keys(5))
    expect(queue.running).toBe(5)
    expect(queue.waiting).toBe(7)
    expect(p.maxActive).toBe(5)
  })

  it('starts a waiting key, in order, each time a running one finishes', async () => {
    const p = controlledPreload()
    const queue = createPreloadQueue(p.preload)
    const all = keys(8)
    for (const key of all) queue.add(key)

    p.resolve('/pagina-2')
    await settle()
    expect(p.calls).toEqual(all.slice(0, 6))
    expect(queue.running).toBe(5)
    expect(queue.waiting).toBe(2)

    p.resolve('/pagina-1')
    p.resolve('/pagina-6')
    await settle()
    expect(p.calls).toEqual(all)
    expect(queue.running).toBe(5)
    expect(queue.waiting).toBe(0)

    for (const key of ['/pagina-3', '/pagina-4', '/pagina-5', '/pagina-7', '/pagina-8']) p.resolve(key)
    await settle()
    expect(queue.running).toBe(0)
    expect(queue.waiting).toBe(0)
    expect(p.maxActive).toBe(5)
    expect(p.calls).toHaveLength(8)
  })

  it('never exceeds the limit while keys keep arriving and finishing', async () => {
    const p = controlledPreload()
    const queue = createPreloadQueue(p.preload)
    let next = 1
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 4; i++) queue.add(`/k-${next++}`)
      expect(queue.running).toBeLessThanOrEqual(5)
      const started = p.calls.slice(-2)
      for (const key of started) p.resolve(key)
      await settle()
      expect(queue.running).toBeLessThanOrEqual(5)
    }
    expect(p.maxActive).toBe(5)
  })

  it('honours a custom limit', async () => {
    const p = controlledPreload()
    const queue = createPreloadQueue(p.preload, 2)
    for (const key of keys(5)) queue.add(key)
    expect(p.calls).toEqual(keys(2))
    expect(queue.running).toBe(2)
    expect(queue.waiting).toBe(3)
    p.resolve('/pagina-1')
    await settle()
    expect(p.calls).toEqual(keys(3))
    expect(p.maxActive).toBe(2)
  })

  it('preloads the same key only once, whether it is running, waiting or done', async () => {
    const p = controlledPreload()
    const queue = createPreloadQueue(p.preload, 1)
    queue.add('/a')
    queue.add('/b')
    queue.add('/a') // running
    queue.add('/b') // waiting
    expect(p.calls).toEqual(['/a'])
    expect(queue.waiting).toBe(1)

    p.resolve('/a')
    await settle()
    queue.add('/a') // done
    expect(p.calls).toEqual(['/a', '/b'])
    expect(queue.waiting).toBe(0)

    p.resolve('/b')
    await settle()
    queue.add('/a')
    queue.add('/b')
    expect(p.calls).toEqual(['/a', '/b'])
    expect(queue.running).toBe(0)
  })

  it('forgets a failed key so that it may be added again, and the failure frees its slot', async () => {
    const p = controlledPreload()
    const queue = createPreloadQueue(p.preload, 1)
    queue.add('/falla')
    queue.add('/otra')
    p.reject('/falla')
    await settle()
    // The slot went to the next key.
    expect(p.calls).toEqual(['/falla', '/otra'])
    expect(queue.running).toBe(1)

    queue.add('/falla')
    expect(queue.waiting).toBe(1)
    p.resolve('/otra')
    await settle()
    expect(p.calls).toEqual(['/falla', '/otra', '/falla'])

    // Once it succeeds it is not preloaded again.
    p.resolve('/falla')
    await settle()
    queue.add('/falla')
    expect(p.calls).toEqual(['/falla', '/otra', '/falla'])
  })

  it('a key added again while it is still running is not started twice', () => {
    const p = controlledPreload()
    const queue = createPreloadQueue(p.preload)
    queue.add('/a')
    queue.add('/a')
    expect(p.calls).toEqual(['/a'])
    expect(queue.running).toBe(1)
  })

  it('starts with nothing running or waiting', () => {
    const queue = createPreloadQueue(() => Promise.resolve())
    expect(queue.running).toBe(0)
    expect(queue.waiting).toBe(0)
  })
})

describe('preloadAllowed', () => {
  it('is false when the visitor asked to save data', () => {
    expect(preloadAllowed({ saveData: true })).toBe(false)
    expect(preloadAllowed({ saveData: true, effectiveType: '4g' })).toBe(false)
  })

  it.each(['2g', 'slow-2g'])('is false on %s', (effectiveType) => {
    expect(preloadAllowed({ effectiveType })).toBe(false)
    expect(preloadAllowed({ saveData: false, effectiveType })).toBe(false)
  })

  it.each(['3g', '4g'])('is true on %s', (effectiveType) => {
    expect(preloadAllowed({ effectiveType })).toBe(true)
    expect(preloadAllowed({ saveData: false, effectiveType })).toBe(true)
  })

  it('is true when the browser has no connection information', () => {
    expect(preloadAllowed(undefined)).toBe(true)
    expect(preloadAllowed({})).toBe(true)
  })
})
