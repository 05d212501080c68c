/**
 * Agent passwords (docs/behaviour.md#console-accounts): scrypt from node:crypto with a random
 * salt per account. The stored text names its parameters, so they can be raised later and old
 * hashes still verify.
 */
import { ACCOUNT_LIMITS } from '../../protocol/console'
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))))

export interface PasswordCost {
  N: number
  r: number
  p: number
}
/** OWASP's scrypt minimum (N=2^17, r=8, p=1): 128 MiB and about 0.7 s per hash on this 2-core machine. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 }
/** scrypt needs 128·N·r bytes; leave room above it. Hashes at once are few (sign-in.ts), so is their memory. */
const MAX_MEMORY = 256 * 1024 * 1024
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Shorter passwords are refused when an account is made. */
export const MIN_PASSWORD_CHARS = ACCOUNT_LIMITS.passwordMin
/** Longer ones are refused too: scrypt's cost grows with the input. */
export const MAX_PASSWORD_CHARS = ACCOUNT_LIMITS.passwordMax

export async function hashPassword(password: string, cost: PasswordCost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...cost, maxmem: MAX_MEMORY })
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` is the one `stored` was made from; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !key || password.length > MAX_PASSWORD_CHARS) return false
  const expected = Buffer.from(key, 'base64url')
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  if (!Object.values(cost).every((value) => Number.isInteger(value) && value > 0)) return false
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, { ...cost, maxmem: MAX_MEMORY })
  return timingSafeEqual(actual, expected)
}

/** Why a new password is refused, in Spanish, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_CHARS) return `La contraseña debe tener al menos ${MIN_PASSWORD_CHARS} caracteres.`
  if (password.length > MAX_PASSWORD_CHARS) return `La contraseña puede tener como máximo ${MAX_PASSWORD_CHARS} caracteres.`
  return null
}

/** A random password for the dev admin (printed once by `npm start`, never in the code). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url')
}
