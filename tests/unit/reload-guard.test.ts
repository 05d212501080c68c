// The chunk-error reload guard (docs/behaviour.md#reload-guard: "page reload, limited by a session marker lasting 10 s")
// and the detection of a failed dynamic import in each browser engine.
import { describe, expect, it } from 'vitest'
import { RELOAD_GUARD_MS, RELOAD_MARKER_KEY, isChunkLoadError, mayReloadAfterChunkError } from '../../src/site/router/reload-guard'

/** A sessionStorage stand-in. */
function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

const T0 = 1_750_000_000_000

describe('mayReloadAfterChunkError', () => {
  it('the guard lasts 10 s', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000)
  })

  it('allows the first reload and sets the marker to the time given', () => {
    const store = memoryStore()
    expect(mayReloadAfterChunkError(store, T0)).toBe(true)
    expect(store.data.get(RELOAD_MARKER_KEY)).toBe(String(T0))
  })

  it('refuses a second reload within 10 s, without moving the marker', () => {
    const store = memoryStore()
    expect(mayReloadAfterChunkError(store, T0)).toBe(true)
    expect(mayReloadAfterChunkError(store, T0)).toBe(false)
    expect(mayReloadAfterChunkError(store, T0 + 1)).toBe(false)
    expect(mayReloadAfterChunkError(store, T0 + 5_000)).toBe(false)
    expect(mayReloadAfterChunkError(store, T0 + RELOAD_GUARD_MS - 1)).toBe(false)
    expect(store.data.get(RELOAD_MARKER_KEY)).toBe(String(T0))
  })

  it('allows a reload again once 10 s have passed, and restarts the guard from then', () => {
    const store = memoryStore()
    expect(mayReloadAfterChunkError(store, T0)).toBe(true)
    expect(mayReloadAfterChunkError(store, T0 + RELOAD_GUARD_MS)).toBe(true)
    expect(store.data.get(RELOAD_MARKER_KEY)).toBe(String(T0 + RELOAD_GUARD_MS))
    expect(mayReloadAfterChunkError(store, T0 + RELOAD_GUARD_MS + 9_999)).toBe(false)
    expect(mayReloadAfterChunkError(store, T0 + 3 * RELOAD_GUARD_MS)).toBe(true)
  })

  it('honours a marker left by a previous page load of the session', () => {
    const store = memoryStore({ [RELOAD_MARKER_KEY]: String(T0) })
    expect(mayReloadAfterChunkError(store, T0 + 2_000)).toBe(false)
    expect(mayReloadAfterChunkError(store, T0 + 60_000)).toBe(true)
  })

  it('uses Date.now() when no time is given', () => {
    const store = memoryStore()
    const before = Date.now()
    expect(mayReloadAfterChunkError(store)).toBe(true)
    const marker = Number(store.data.get(RELOAD_MARKER_KEY))
    expect(marker).toBeGreaterThanOrEqual(before)
    expect(marker).toBeLessThanOrEqual(Date.now())
    expect(mayReloadAfterChunkError(store)).toBe(false)
  })

  it('allows the reload when the storage is blocked (getItem throws)', () => {
    const store = {
      getItem: (): string | null => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
      setItem: () => {},
    }
    expect(mayReloadAfterChunkError(store, T0)).toBe(true)
  })

  it('allows the reload when the marker cannot be written (setItem throws)', () => {
    const store = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError')
      },
    }
    expect(mayReloadAfterChunkError(store, T0)).toBe(true)
  })

  it('allows the reload when there is no storage at all', () => {
    expect(mayReloadAfterChunkError(null, T0)).toBe(true)
  })

  it.each(['garbage', '', 'NaN', 'Infinity', '0', '-5', '{"at":1}'])('treats the marker value %j as no marker, and replaces it', (value) => {
    const store = memoryStore({ [RELOAD_MARKER_KEY]: value })
    expect(mayReloadAfterChunkError(store, T0)).toBe(true)
    expect(store.data.get(RELOAD_MARKER_KEY)).toBe(String(T0))
    expect(mayReloadAfterChunkError(store, T0 + 1_000)).toBe(false)
  })
})

describe('isChunkLoadError', () => {
  it("detects Chromium's failed dynamic import", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://example.com/_app/screens/post-3f2a.js'))).toBe(true)
  })

  it("detects Firefox's failed dynamic import", () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://example.com/_app/screens/post-3f2a.js'))).toBe(true)
  })

  it("detects Safari's failed module script", () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
  })

  it('detects a bundler ChunkLoadError by its name', () => {
    const error = new Error('Loading chunk 42 failed.')
    error.name = 'ChunkLoadError'
    expect(isChunkLoadError(error)).toBe(true)
  })

  it('detects the message when it is thrown as a plain string', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /_app/a.js')).toBe(true)
  })

  it('is false for a TypeError from the code of a screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false)
    expect(isChunkLoadError(new TypeError('x is not a function'))).toBe(false)
  })

  it('is false for other errors and non-errors', () => {
    expect(isChunkLoadError(new RangeError('Invalid array length'))).toBe(false)
    expect(isChunkLoadError(new SyntaxError("Unexpected token '<'"))).toBe(false)
    expect(isChunkLoadError(new Error('Render failed'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
    expect(isChunkLoadError({ message: 'boom' })).toBe(false)
  })
})
