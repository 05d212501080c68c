/**
 * Devices that signed in before (docs/behaviour.md#console-accounts): a successful sign-in leaves
 * a random token in an HttpOnly cookie sent only to the sign-in route, and the server keeps its
 * SHA-256 with the account. With it, the right password passes that account's sign-in throttle
 * that strangers' wrong passwords from other addresses may have tripped (./sign-in.ts).
 */
import { CONSOLE_API_PATH } from '../../protocol/console'
import type { DeviceStore } from '../storage/accounts-repo'
import { newSessionToken, privateCookie, tokenFromCookie, tokenHash } from './sessions'

export const CONSOLE_DEVICE_COOKIE = 'consola_dispositivo'
/** A device unused this long is forgotten (its cookie lasts as long). */
const DEVICE_KEPT_DAYS = 180
const DEVICE_KEPT_MS = DEVICE_KEPT_DAYS * 24 * 3600 * 1000

/** The Set-Cookie value that stores a device's token, sent back only to POST /consola/api/session. */
export const deviceCookie = (token: string, secure: boolean) =>
  privateCookie(CONSOLE_DEVICE_COOKIE, token, { path: `${CONSOLE_API_PATH}/session`, maxAgeSeconds: DEVICE_KEPT_DAYS * 24 * 3600, secure })

export const deviceFromCookies = (header: string | undefined | null) => tokenFromCookie(header, CONSOLE_DEVICE_COOKIE)

export function createDevices(store: DeviceStore) {
  return {
    /** The account the device with `token` signed in to, or undefined. */
    accountOf: async (token: string | null | undefined) => (token ? store.accountOf(tokenHash(token), DEVICE_KEPT_MS) : undefined),
    /** Remember the device (a new token unless `known` is already this account's) and return its token. */
    async remember(accountId: string, known: string | null): Promise<string> {
      const token = known ?? newSessionToken()
      await store.remember(tokenHash(token), accountId, DEVICE_KEPT_MS)
      return token
    },
  }
}

export type Devices = ReturnType<typeof createDevices>
