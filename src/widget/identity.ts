import type { SafeStorage } from './storage'

/** localStorage key of the visitor identity (spec §3: userUUID, generated once). */
export const USER_UUID_KEY = 'userUUID'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The visitor's userUUID: the stored one when valid, else a new one, stored. */
export function visitorId(storage: SafeStorage, cryptoApi: Crypto = globalThis.crypto): string {
  const stored = storage.get(USER_UUID_KEY)
  if (stored && UUID_PATTERN.test(stored)) return stored
  const created = randomUUID(cryptoApi)
  storage.set(USER_UUID_KEY, created)
  return created
}

/** crypto.randomUUID exists only in secure contexts; plain-http pages get the same v4 format. */
export function randomUUID(cryptoApi: Crypto = globalThis.crypto): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID()
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
