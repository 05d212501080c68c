/** Making agent accounts (docs/behaviour.md#console-accounts): from the console, the shell and the first start. */
import { z } from 'zod'
import { ACCOUNT_LIMITS, ACCOUNT_ROLES, type AccountRole, type ConsoleAccount } from '../../protocol/console'
import { accountNameSchema } from '../../protocol/accounts'
import type { Storage } from '../storage'
import { generatePassword, hashPassword, MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS, passwordProblem, type PasswordCost } from './passwords'
import { EMAIL_PATTERN } from '../../domain/email'

export const newAccountSchema = z.object({
  email: z.email({ pattern: EMAIL_PATTERN, error: 'Escribe un correo válido.' }).max(ACCOUNT_LIMITS.email, `El correo admite hasta ${ACCOUNT_LIMITS.email} caracteres.`),
  name: accountNameSchema,
  role: z.enum(ACCOUNT_ROLES as [AccountRole, ...AccountRole[]], 'El rol debe ser admin o asesor.'),
  password: z
    .string()
    .min(MIN_PASSWORD_CHARS, `La contraseña debe tener al menos ${MIN_PASSWORD_CHARS} caracteres.`)
    .max(MAX_PASSWORD_CHARS, `La contraseña puede tener como máximo ${MAX_PASSWORD_CHARS} caracteres.`),
})
export type NewAccount = z.infer<typeof newAccountSchema>

export type CreateResult = { ok: true; account: ConsoleAccount } | { ok: false; error: string }

export async function createAccount(storage: Storage, input: unknown, cost?: PasswordCost): Promise<CreateResult> {
  const parsed = newAccountSchema.safeParse(input)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Datos no válidos.' }
  const { email, name, role, password } = parsed.data
  const account = await storage.accounts.insert({ email, name, role, passwordHash: await hashPassword(password, cost) })
  return account ? { ok: true, account } : { ok: false, error: 'Ya existe una cuenta con ese correo.' }
}

/**
 * A new password for an existing account (an admin's reset, or the shell's for a forgotten one):
 * `password` checked as at creation, or a generated one. The caller ends the account's sessions.
 */
export async function setNewPassword(
  storage: Storage,
  accountId: string,
  password: string = generatePassword(),
  cost?: PasswordCost,
): Promise<{ ok: true; password: string } | { ok: false; error: string }> {
  const problem = passwordProblem(password)
  if (problem) return { ok: false, error: problem }
  return (await storage.accounts.setPassword(accountId, await hashPassword(password, cost))) ? { ok: true, password } : { ok: false, error: 'No existe esa cuenta.' }
}

