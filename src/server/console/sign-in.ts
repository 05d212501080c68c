/**
 * Signing in (docs/behaviour.md#console-accounts). Before any password is hashed:
 * - an address has `perAddress` attempts per window across accounts (a good sign-in gives its
 *   attempt back: an office behind one address signs in all morning);
 * - one account from one address (or from one device that signed in to it before, ./devices.ts)
 *   has `freeFailures` attempts, then each waits twice as long as the one before, 1 s, 2 s, 4 s…
 *   up to `maxDelaySeconds`: a stranger's wrong passwords slow down the stranger only;
 * - one account from anywhere has `accountFreeFailures` wrong passwords, then addresses that never
 *   signed in to it wait the same way (many addresses guessing), while its known devices still pass.
 * Then the hash waits its turn: at most `hashesAtOnce` per process, since each scrypt holds
 * 128·N·r bytes (128 MiB at the default cost) and a thread of libuv's pool (which also reads the
 * files every page needs), and at most `hashesWaiting` wait; beyond, «busy» (503).
 * One Spanish error for an unknown e-mail and a wrong password, and the same work for both: an
 * unknown e-mail is checked against a hash made with the same cost, in the same turns.
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { ConsoleAccount } from '../../protocol/console'
import type { Storage } from '../storage'
import type { AccountWithHash } from '../storage/accounts-repo'
import { semaphore } from '../semaphore'
import { createDevices } from './devices'
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword, type PasswordCost } from './passwords'
import { tokenHash } from './sessions'

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

export const SIGN_IN_ERRORS = {
  wrong: 'El correo o la contraseña no son correctos.',
  tooMany: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  wait: (s: number) => `Demasiados intentos con este correo. Espera ${s === 1 ? '1 segundo' : `${s} segundos`} y vuelve a intentarlo.`,
  busy: 'Hay muchos inicios de sesión en este momento. Espera unos segundos y vuelve a intentarlo.',
} as const

export interface SignInLimits {
  /** Attempts per address across accounts in each window. */
  perAddress: number
  /** How long attempts and failures are remembered. */
  windowSeconds: number
  /** Attempts for one account from one address (or known device) before each further one waits. */
  freeFailures: number
  /** Failures for one account from anywhere before addresses that never signed in to it wait. */
  accountFreeFailures: number
  /** The first wait; each next one doubles, up to maxDelaySeconds. */
  firstDelaySeconds: number
  maxDelaySeconds: number
  /** Password hashes running at once in one process (CONSOLE_SIGN_IN_HASHES). */
  hashesAtOnce: number
  /** Sign-ins waiting for a hash in one process before others are told to come back (CONSOLE_SIGN_IN_QUEUE). */
  hashesWaiting: number
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAddress: 20,
  windowSeconds: 15 * 60,
  freeFailures: 5,
  // Far above one person's typos; a stranger with this many addresses can slow down new browsers only.
  accountFreeFailures: 50,
  firstDelaySeconds: 1,
  maxDelaySeconds: 60,
  // One hash (~0.7 s, 128 MiB at the default cost on a 2-core machine) at a time keeps pages answering.
  hashesAtOnce: 1,
  hashesWaiting: 8,
}
/** What a «busy» answer asks the browser to wait. */
const BUSY_RETRY_SECONDS = 5

export type Limiter = (keyPrefix: string, points: number, durationSeconds: number) => RateLimiterAbstract
export const memoryLimiter: Limiter = (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration })

export type SignInFailure = { ok: false; status: 401 | 429 | 503; error: string; retryAfterSeconds?: number }
export type SignInResult = { ok: true; account: ConsoleAccount; device: string } | SignInFailure

/**
 * Attempts per key over the window; from the `free`-th on, each makes the next wait: the first
 * delay, then twice as long each time, capped. Shared by every process when `limiter` is Redis's.
 */
function growingDelays(limiter: Limiter, name: string, free: number, limits: SignInLimits) {
  const attempts = limiter(`${name}-attempts`, Number.MAX_SAFE_INTEGER, limits.windowSeconds)
  const waits = limiter(`${name}-wait`, 1, limits.maxDelaySeconds)
  return {
    /** Milliseconds before `key` may try again (0: now). */
    async waitMs(key: string): Promise<number> {
      const blocked = await waits.get(key)
      return blocked && blocked.consumedPoints > 1 ? blocked.msBeforeNext : 0
    },
    async attempt(key: string) {
      const { consumedPoints } = await attempts.consume(key)
      const over = consumedPoints - free
      if (over >= 0) await waits.block(key, Math.min(limits.firstDelaySeconds * 2 ** over, limits.maxDelaySeconds))
    },
    async forgive(key: string) {
      await Promise.all([attempts.delete(key), waits.delete(key)])
    },
  }
}

export function signInService(storage: Storage, options: { passwordCost?: PasswordCost; limiter?: Limiter; limits?: Partial<SignInLimits> } = {}) {
  const cost = options.passwordCost ?? DEFAULT_PASSWORD_COST
  const limiter = options.limiter ?? memoryLimiter
  const limits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.limits }
  const devices = createDevices(storage.devices)
  const byAddress = limiter('console-signin-ip', limits.perAddress, limits.windowSeconds)
  const byClient = growingDelays(limiter, 'console-signin-client', limits.freeFailures, limits)
  const byAccount = growingDelays(limiter, 'console-signin-account', limits.accountFreeFailures, limits)
  const hashes = semaphore(limits.hashesAtOnce)
  /** Sign-ins past the waits and not yet answered: hashing, waiting to, or on their way. */
  let admitted = 0
  // A hash of nothing anyone knows, checked when the e-mail is unknown so both answers take as long.
  let decoy: Promise<string> | undefined
  const decoyHash = () => (decoy ??= hashes.run(() => hashPassword(Math.random().toString(36), cost)))
  const wait = (ms: number): SignInFailure => ({ ok: false, status: 429, error: SIGN_IN_ERRORS.wait(seconds(ms)), retryAfterSeconds: seconds(ms) })

  type Checked = SignInFailure | { ok: true; account: ConsoleAccount }

  /** Whether `password` is the account's, within every limit; `device` is the device cookie's token, if any. */
  async function check(email: string, password: string, address: string, device: string | null): Promise<Checked & { known: boolean }> {
    const key = email.trim().toLowerCase()
    const [found, deviceAccount] = await Promise.all([storage.accounts.byEmail(key), devices.accountOf(device)])
    const known = found !== undefined && deviceAccount === found.id
    // A device that signed in to this account before answers for itself: neither its address nor strangers slow it down.
    const client = `${key}\n${known ? `device:${tokenHash(device!)}` : address}`
    const waitMs = Math.max(await byClient.waitMs(client), known ? 0 : await byAccount.waitMs(key))
    if (waitMs > 0) return { ...wait(waitMs), known }
    // Counted from here (no await between the test and the count), not in the hashes' queue: sign-ins
    // arriving together would all pass a test of the queue before any of them reached it.
    if (!known && admitted >= limits.hashesAtOnce + limits.hashesWaiting) return { ok: false, status: 503, error: SIGN_IN_ERRORS.busy, retryAfterSeconds: BUSY_RETRY_SECONDS, known }
    admitted++
    try {
      return { ...(await countedCheck({ key, client, address, found, known }, password)), known }
    } finally {
      admitted--
    }
  }

  /** An admitted sign-in: counted against its address and client, hashed in its turn, a failure counted against the account. */
  async function countedCheck(
    { key, client, address, found, known }: { key: string; client: string; address: string; found: AccountWithHash | undefined; known: boolean },
    password: string,
  ): Promise<Checked> {
    if (!known) {
      try {
        await byAddress.consume(address)
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error
        return { ok: false, status: 429, error: SIGN_IN_ERRORS.tooMany, retryAfterSeconds: seconds(error.msBeforeNext) }
      }
    }
    // Counted before the hash, so a burst from one client cannot all pass; the account counts failures only.
    await byClient.attempt(client)
    const stored = found?.passwordHash ?? (await decoyHash())
    // A known device goes first: the agency signs in even while strangers fill the queue.
    const matches = await hashes.run(() => verifyPassword(password, stored), known)
    if (!found || !matches) {
      if (!known) await byAccount.attempt(key)
      return { ok: false, status: 401, error: SIGN_IN_ERRORS.wrong }
    }
    // A good sign-in forgives this client's typos and gives the address its attempt back.
    await Promise.all([byClient.forgive(client), known ? undefined : byAddress.reward(address)])
    const { passwordHash: _, ...account } = found
    return { ok: true, account }
  }

  return {
    /** Sign in; on success, the device's token to keep in its cookie (the same one when the device is known). */
    async signIn(email: string, password: string, address: string, device: string | null = null): Promise<SignInResult> {
      const { known, ...result } = await check(email, password, address, device)
      if (!result.ok) return result
      return { ...result, device: await devices.remember(result.account.id, known ? device : null) }
    },
    /** Whether `password` is the signed-in account's (to change it), counted with sign-ins. */
    async confirm(email: string, password: string, address: string): Promise<SignInFailure | { ok: true }> {
      const { known: _, ...result } = await check(email, password, address, null)
      return result.ok ? { ok: true } : result
    },
    /** Make the decoy hash now, so the first unknown e-mail is not slower than a known one. */
    warm: () => decoyHash().then(() => undefined),
    /** Hashes running and waiting in this process, and the most ever running at once. */
    hashes: hashes as { readonly running: number; readonly waiting: number; readonly peak: number },
  }
}
