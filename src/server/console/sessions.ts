/**
 * Console sessions (docs/behaviour.md#console-accounts): an opaque random token in an HttpOnly
 * cookie; the server keeps only its SHA-256, with the account and the last use, in a store every
 * process shares. A session unused for the idle time is over; signing out deletes it everywhere.
 */
import { createHash, randomBytes } from 'node:crypto'
import { CONSOLE_PATH, CONSOLE_SESSION_COOKIE, type ConsoleAccount } from '../../protocol/console'
import type { SessionStore } from '../storage/accounts-repo'

const TOKEN_BYTES = 32
/** How long the browser keeps the cookie; the server's idle expiry ends a session much sooner. */
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600

export const newSessionToken = () => randomBytes(TOKEN_BYTES).toString('base64url')
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** The Set-Cookie value of an HttpOnly, same-site cookie that stores `value` (or clears it when null). */
export function privateCookie(name: string, value: string | null, options: { path: string; maxAgeSeconds: number; secure: boolean }): string {
  const parts = [`${name}=${value ?? ''}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Strict', `Max-Age=${value ? options.maxAgeSeconds : 0}`]
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

/** The Set-Cookie value that stores `token` (or clears it when null). */
export const sessionCookie = (token: string | null, secure: boolean) =>
  privateCookie(CONSOLE_SESSION_COOKIE, token, { path: CONSOLE_PATH, maxAgeSeconds: COOKIE_MAX_AGE_SECONDS, secure })

/** The value of the cookie `name` in a Cookie header, if any. */
export function cookieFrom(header: string | undefined | null, name: string): string | null {
  if (!header) return null
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim()
  }
  return null
}

/** A token this server could have made in the cookie `name` of a Cookie header, if any. */
export function tokenFromCookie(header: string | undefined | null, name: string): string | null {
  const value = cookieFrom(header, name)
  return value && /^[\w-]{20,100}$/.test(value) ? value : null
}

/** The session token in a Cookie header, if any. */
export const tokenFromCookies = (header: string | undefined | null) => tokenFromCookie(header, CONSOLE_SESSION_COOKIE)

export function createSessions(store: SessionStore, idleMs: number) {
  return {
    async start(accountId: string): Promise<string> {
      const token = newSessionToken()
      await store.create(tokenHash(token), accountId)
      return token
    },
    /** The account id of a live session (its idle clock restarts), or undefined. */
    async check(token: string | null): Promise<string | undefined> {
      return token ? store.touch(tokenHash(token), idleMs) : undefined
    },
    /** Of these tokens, those whose session is still live; their idle clocks are left as they are. */
    async live(tokens: string[]): Promise<Set<string>> {
      const live = await store.live(tokens.map(tokenHash), idleMs)
      return new Set(tokens.filter((token) => live.has(tokenHash(token))))
    },
    async end(token: string): Promise<string | undefined> {
      return store.destroy(tokenHash(token))
    },
    /** End every session of an account, but `kept` (the one that asked) when given. */
    endAll: (accountId: string, kept?: string) => store.destroyAccount(accountId, kept === undefined ? undefined : tokenHash(kept)),
  }
}

export type Sessions = ReturnType<typeof createSessions>

/** The account signed in with `token` (its session's idle clock restarts), or undefined. */
export async function signedInAccount(
  sessions: Sessions,
  accounts: { byId(id: string): Promise<ConsoleAccount | undefined> },
  token: string | null,
): Promise<ConsoleAccount | undefined> {
  const accountId = await sessions.check(token)
  return accountId ? accounts.byId(accountId) : undefined
}
