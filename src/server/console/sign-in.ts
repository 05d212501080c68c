/**
 * Signing in (docs/behaviour.md#console-accounts): rate-limited per client address and per
 * e-mail, one Spanish error for an unknown e-mail and a wrong password, and the same work for
 * both (an unknown e-mail is checked against a hash made with the same cost).
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { ConsoleAccount } from '../../protocol/console'
import type { Storage } from '../storage'
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword, type PasswordCost } from './passwords'

export const SIGN_IN_ERRORS = {
  wrong: 'El correo o la contraseña no son correctos.',
  tooMany: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
} as const

/** Attempts allowed per address and per e-mail in each window. */
export const SIGN_IN_LIMITS = {
  perAddress: 20,
  perAccount: 5,
  windowSeconds: 15 * 60,
}

export type Limiter = (keyPrefix: string, points: number, durationSeconds: number) => RateLimiterAbstract
export const memoryLimiter: Limiter = (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration })

export type SignInResult = { ok: true; account: ConsoleAccount } | { ok: false; status: 401 | 429; error: string }

export function signInService(storage: Storage, options: { passwordCost?: PasswordCost; limiter?: Limiter } = {}) {
  const cost = options.passwordCost ?? DEFAULT_PASSWORD_COST
  const limiter = options.limiter ?? memoryLimiter
  const byAddress = limiter('console-signin-ip', SIGN_IN_LIMITS.perAddress, SIGN_IN_LIMITS.windowSeconds)
  const byAccount = limiter('console-signin-account', SIGN_IN_LIMITS.perAccount, SIGN_IN_LIMITS.windowSeconds)
  // A hash of nothing anyone knows, checked when the e-mail is unknown so both answers take as long.
  let decoy: Promise<string> | undefined
  const decoyHash = () => (decoy ??= hashPassword(Math.random().toString(36), cost))

  return {
    async signIn(email: string, password: string, address: string): Promise<SignInResult> {
      const key = email.trim().toLowerCase()
      try {
        await Promise.all([byAddress.consume(address), byAccount.consume(key)])
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error
        return { ok: false, status: 429, error: SIGN_IN_ERRORS.tooMany }
      }
      const found = await storage.accounts.byEmail(key)
      const matches = await verifyPassword(password, found?.passwordHash ?? (await decoyHash()))
      if (!found || !matches) return { ok: false, status: 401, error: SIGN_IN_ERRORS.wrong }
      await byAccount.delete(key) // a good sign-in forgives earlier typos
      const { passwordHash: _, ...account } = found
      return { ok: true, account }
    },
    /** Make the decoy hash now, so the first unknown e-mail is not slower than a known one. */
    warm: () => decoyHash().then(() => undefined),
  }
}
