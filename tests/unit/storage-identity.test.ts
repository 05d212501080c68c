import { describe, expect, it, vi } from 'vitest'
import { randomUUID, USER_UUID_KEY, visitorId } from '../../src/widget/identity'
import { safeStorage, type SafeStorage } from '../../src/widget/storage'

const VALID_FIXED = '11111111-2222-4333-8444-555555555555'
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A Storage backed by a Map; `failSet` makes setItem throw like a full or blocked storage. */
function fakeStorage(initial: Record<string, string> = {}, options: { failSet?: boolean; failGet?: boolean } = {}) {
  const data = new Map(Object.entries(initial))
  const storage = {
    get length() {
      return data.size
    },
    key: (i: number) => Array.from(data.keys())[i] ?? null,
    getItem: vi.fn((key: string) => {
      if (options.failGet) throw new DOMException('denied', 'SecurityError')
      return data.get(key) ?? null
    }),
    setItem: vi.fn((key: string, value: string) => {
      if (options.failSet) throw new DOMException('full', 'QuotaExceededError')
      data.set(key, String(value))
    }),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  }
  return { storage: storage as unknown as Storage, data, getItem: storage.getItem, setItem: storage.setItem }
}

/** A SafeStorage over a plain Map, for identity tests. */
function memoryStorage(initial: Record<string, string> = {}): SafeStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) }
}

/** A Crypto with only getRandomValues (like a plain-http page), filling bytes from `fill`. */
function cryptoWithoutRandomUUID(fill: (i: number) => number): Crypto {
  return {
    getRandomValues<T extends ArrayBufferView | null>(array: T): T {
      const bytes = array as unknown as Uint8Array
      for (let i = 0; i < bytes.length; i++) bytes[i] = fill(i) & 0xff
      return array
    },
  } as unknown as Crypto
}

describe('safeStorage', () => {
  it('reads and writes through a working Storage', () => {
    const { storage, data } = fakeStorage({ existing: 'yes' })
    const safe = safeStorage(() => storage)
    expect(safe.get('existing')).toBe('yes')
    expect(safe.get('absent')).toBeNull()
    safe.set('k', 'v')
    expect(data.get('k')).toBe('v')
    expect(safe.get('k')).toBe('v')
  })

  it('sees values written to the Storage by someone else', () => {
    const { storage, data } = fakeStorage()
    const safe = safeStorage(() => storage)
    data.set('other', 'tab')
    expect(safe.get('other')).toBe('tab')
  })

  it('works in memory when the Storage getter throws (SecurityError)', () => {
    const getter = vi.fn((): Storage => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    const safe = safeStorage(getter)
    expect(() => safe.set('k', 'v')).not.toThrow()
    expect(safe.get('k')).toBe('v')
    expect(safe.get('missing')).toBeNull()
    expect(getter).toHaveBeenCalled()
  })

  it('works in memory when the getter returns null or undefined', () => {
    for (const value of [null, undefined]) {
      const safe = safeStorage(() => value)
      safe.set('k', 'v')
      expect(safe.get('k')).toBe('v')
    }
  })

  it('keeps values readable when setItem throws (QuotaExceeded) and getItem works', () => {
    const { storage, setItem, data } = fakeStorage({}, { failSet: true })
    const safe = safeStorage(() => storage)
    expect(() => safe.set('k', 'v')).not.toThrow()
    expect(setItem).toHaveBeenCalledWith('k', 'v')
    expect(data.has('k')).toBe(false)
    expect(safe.get('k')).toBe('v')
    safe.set('k2', 'w')
    expect(safe.get('k2')).toBe('w')
    expect(safe.get('k')).toBe('v')
  })

  it('keeps values readable when getItem throws too', () => {
    const { storage } = fakeStorage({}, { failSet: true, failGet: true })
    const safe = safeStorage(() => storage)
    safe.set('k', 'v')
    expect(safe.get('k')).toBe('v')
  })

  it('each safeStorage has its own memory', () => {
    const broken = () => {
      throw new Error('no storage')
    }
    const a = safeStorage(broken)
    const b = safeStorage(broken)
    a.set('k', 'a')
    expect(b.get('k')).toBeNull()
  })

  // BUG (storage.ts, get): get() asks the Storage first and memory second. When setItem fails
  // (quota) for a key the Storage already holds, get() keeps returning the old stored value
  // instead of the value just set.
  it('returns the value just set, not an older stored one, when setItem throws', () => {
    const { storage } = fakeStorage({ k: 'old' }, { failSet: true })
    const safe = safeStorage(() => storage)
    safe.set('k', 'new')
    expect(safe.get('k')).toBe('new')
  })
})

describe('visitorId', () => {
  const VALID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b'

  it('returns the stored UUID when valid and stores nothing new', () => {
    const storage = memoryStorage({ [USER_UUID_KEY]: VALID })
    const set = vi.spyOn(storage, 'set')
    const crypto = { randomUUID: vi.fn(() => 'should-not-be-used') } as unknown as Crypto
    expect(visitorId(storage, crypto)).toBe(VALID)
    expect(set).not.toHaveBeenCalled()
  })

  it('uses the localStorage key userUUID (docs/behaviour.md#identity)', () => {
    expect(USER_UUID_KEY).toBe('userUUID')
  })

  it('creates a v4 UUID and stores it when there is none', () => {
    const storage = memoryStorage()
    const id = visitorId(storage, globalThis.crypto)
    expect(id).toMatch(V4)
    expect(storage.data.get(USER_UUID_KEY)).toBe(id)
  })

  it.each(['not-a-uuid', '', '3f2b8c1e9d4a4e6f8a7b1c2d3e4f5a6b', `${VALID}x`, ' ' + VALID, '<script>'])(
    'replaces the invalid stored value %j',
    (bad) => {
      const storage = memoryStorage({ [USER_UUID_KEY]: bad })
      const id = visitorId(storage, globalThis.crypto)
      expect(id).not.toBe(bad)
      expect(id).toMatch(V4)
      expect(storage.data.get(USER_UUID_KEY)).toBe(id)
    },
  )

  it('is stable across calls', () => {
    const storage = memoryStorage()
    const first = visitorId(storage, globalThis.crypto)
    expect(visitorId(storage, globalThis.crypto)).toBe(first)
    expect(visitorId(storage, globalThis.crypto)).toBe(first)
  })

  it('is stable across calls even when localStorage is unavailable', () => {
    const storage = safeStorage(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    const first = visitorId(storage, globalThis.crypto)
    expect(first).toMatch(V4)
    expect(visitorId(storage, globalThis.crypto)).toBe(first)
  })

  it('is stable across calls when localStorage is full', () => {
    const { storage } = fakeStorage({}, { failSet: true })
    const safe = safeStorage(() => storage)
    const first = visitorId(safe, globalThis.crypto)
    expect(visitorId(safe, globalThis.crypto)).toBe(first)
  })

  it('survives a new page (a new safeStorage over the same localStorage)', () => {
    const { storage } = fakeStorage()
    const first = visitorId(safeStorage(() => storage), globalThis.crypto)
    expect(visitorId(safeStorage(() => storage), globalThis.crypto)).toBe(first)
  })

  // Consequence of the safeStorage bug above: an invalid stored value plus a full storage gives
  // the visitor a new identity on every call.
  it('is stable when the stored value is invalid and localStorage is full', () => {
    const { storage } = fakeStorage({ [USER_UUID_KEY]: 'garbage' }, { failSet: true })
    const safe = safeStorage(() => storage)
    const first = visitorId(safe, globalThis.crypto)
    expect(visitorId(safe, globalThis.crypto)).toBe(first)
  })
})

describe('randomUUID', () => {
  it('uses crypto.randomUUID when available', () => {
    const crypto = { randomUUID: () => VALID_FIXED, getRandomValues: vi.fn() } as unknown as Crypto
    expect(randomUUID(crypto)).toBe(VALID_FIXED)
  })

  it.each([
    ['all zero bytes', () => 0x00],
    ['all 0xff bytes', () => 0xff],
    ['counting bytes', (i: number) => i * 17],
  ])('without crypto.randomUUID still returns an RFC 4122 v4 string (%s)', (_label, fill) => {
    const id = randomUUID(cryptoWithoutRandomUUID(fill))
    expect(id).toMatch(V4)
    expect(id).toHaveLength(36)
    expect(id[14]).toBe('4') // version nibble
    expect(['8', '9', 'a', 'b']).toContain(id[19]) // variant 10xx
  })

  it('without crypto.randomUUID encodes the random bytes in order', () => {
    const id = randomUUID(cryptoWithoutRandomUUID((i) => i))
    // bytes 00..0f, with byte 6 -> 0x40 | 0x06 and byte 8 -> 0x80 | 0x08
    expect(id).toBe('00010203-0405-4607-8809-0a0b0c0d0e0f')
  })

  it('without crypto.randomUUID gives different values for different random bytes', () => {
    let seed = 1
    const crypto = cryptoWithoutRandomUUID(() => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed >>> 16
    })
    const ids = new Set(Array.from({ length: 50 }, () => randomUUID(crypto)))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(V4)
  })

  it('with the real crypto gives v4 UUIDs', () => {
    expect(randomUUID()).toMatch(V4)
  })
})
