import type { SafeStorage } from './storage'

/** localStorage key of the visitor identity (docs/behaviour.md#identity: userUUID, generated once). */
export const USER_UUID_KEY = 'userUUID'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The UUID stored under `key` when valid, else a new one, stored. */
function storedUUID(storage: SafeStorage, key: string, cryptoApi: Crypto): string {
  const stored = storage.get(key)
  if (stored && UUID_PATTERN.test(stored)) return stored
  const created = randomUUID(cryptoApi)
  storage.set(key, created)
  return created
}

/** The visitor's userUUID: the stored one when valid, else a new one, stored. */
export const visitorId = (storage: SafeStorage, cryptoApi: Crypto = globalThis.crypto): string => storedUUID(storage, USER_UUID_KEY, cryptoApi)

/** crypto.randomUUID exists only in secure contexts; plain-http pages get the same v4 format. */
export function randomUUID(cryptoApi: Crypto = globalThis.crypto): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID()
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * localStorage key of the visitor's token, kept with the userUUID it belongs to
 * (docs/behaviour.md#visitor-token). Not a spec key: the spec's keys keep their meaning.
 */
export const VISITOR_TOKEN_KEY = 'chat_visitor_token'
/** localStorage key of the id analytics see as chat_session_id: random, it opens nothing. */
export const CHAT_SESSION_ID_KEY = 'chat_session_id'

/** Who the widget speaks for: the userUUID and, once the server gave one, its token. */
export interface VisitorIdentity {
  readonly userUUID: string
  /** The token the server gave this userUUID; null before (or from a server that gives none). */
  token(): string | null
  remember(token: string): void
  /** The server refused this id's token: start over as a new visitor, without a token. */
  renew(): void
}

export function visitorIdentity(storage: SafeStorage, cryptoApi: Crypto = globalThis.crypto): VisitorIdentity {
  let userUUID = visitorId(storage, cryptoApi)
  return {
    get userUUID() {
      return userUUID
    },
    token() {
      try {
        const stored = JSON.parse(storage.get(VISITOR_TOKEN_KEY) ?? 'null') as { userUUID?: unknown; token?: unknown } | null
        return stored?.userUUID === userUUID && typeof stored.token === 'string' ? stored.token : null
      } catch {
        return null
      }
    },
    remember(token) {
      storage.set(VISITOR_TOKEN_KEY, JSON.stringify({ userUUID, token }))
    },
    renew() {
      userUUID = randomUUID(cryptoApi)
      storage.set(USER_UUID_KEY, userUUID)
      storage.set(VISITOR_TOKEN_KEY, '')
    },
  }
}

/** The analytics id (spec §7 chat_session_id): stored once, unrelated to the userUUID. */
export const chatSessionId = (storage: SafeStorage, cryptoApi: Crypto = globalThis.crypto): string =>
  storedUUID(storage, CHAT_SESSION_ID_KEY, cryptoApi)
