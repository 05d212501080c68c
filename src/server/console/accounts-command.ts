/**
 * `npm run console:user -- <command>`: agent accounts from the shell (docs/behaviour.md#console-accounts),
 * with the same account and password rules as the console. Answers the text to print; a mistake
 * throws a SettingError that says what to type.
 */
import { parseArgs } from 'node:util'
import { SettingError } from '../setting-error'
import type { ConsoleAccount } from '../../protocol/console'
import type { Storage } from '../storage'
import { createAccount, setNewPassword } from './accounts'
import { generatePassword, type PasswordCost } from './passwords'

export const ACCOUNTS_USAGE = [
  'Uso: npm run console:user -- <orden>',
  '  add --email <correo> --name <nombre> --role admin|asesor [--password <contraseña>]   crea una cuenta (sin --password se genera una y se muestra)',
  '  password --email <correo> [--password <contraseña>]   da una contraseña nueva a una cuenta (olvidada); sin --password se genera una y se muestra; sus sesiones se cierran',
  '  remove --email <correo>   elimina una cuenta',
  '  list   lista las cuentas',
].join('\n')

/**
 * Ends a reset or removed account's sessions. The running server's (console/index.ts) also closes
 * its open consoles and hands its conversations back; without a server, its sessions in the database.
 */
export type SignedOut = (account: ConsoleAccount) => Promise<void>

export async function accountsCommand(
  args: string[],
  storage: Storage,
  cost?: PasswordCost,
  signedOut: SignedOut = (account) => storage.sessions.destroyAccount(account.id),
): Promise<string> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: false,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
  })
  const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined)
  const [email, given] = [text(values.email), text(values.password)]
  const shown = (password: string) => (given ? '' : `  contraseña: ${password}`)
  const existing = async () => {
    const account = email ? await storage.accounts.byEmail(email) : undefined
    if (!account) throw new SettingError(email ? `No existe una cuenta con el correo ${email}.` : `Falta --email.\n${ACCOUNTS_USAGE}`)
    return account
  }
  switch (positionals[0]) {
    case 'add': {
      const password = given ?? generatePassword()
      const created = await createAccount(storage, { email, name: text(values.name), role: text(values.role) ?? 'asesor', password }, cost)
      if (!created.ok) throw new SettingError(`${created.error}\n${ACCOUNTS_USAGE}`)
      return `Cuenta creada: ${created.account.email} (${created.account.role})${shown(password)}`
    }
    case 'password': {
      const account = await existing()
      const changed = await setNewPassword(storage, account.id, given, cost)
      if (!changed.ok) throw new SettingError(changed.error)
      // The old password and its sessions stop at once (docs/behaviour.md#console-accounts).
      await signedOut(account)
      return `Contraseña nueva para ${account.email}; sus sesiones se cerraron.${shown(changed.password)}`
    }
    case 'remove': {
      const account = await existing()
      await storage.accounts.remove(account.id)
      await signedOut(account)
      return `Cuenta eliminada: ${account.email}`
    }
    case 'list':
      return (await storage.accounts.list()).map((account) => `${account.role.padEnd(7)} ${account.email}  ${account.name}`).join('\n')
    default:
      throw new SettingError(ACCOUNTS_USAGE)
  }
}

/** The command's text and whether it did what was asked: what `console:user` prints, and its exit code. */
export async function accountsReply(...command: Parameters<typeof accountsCommand>): Promise<{ ok: boolean; output: string }> {
  try {
    return { ok: true, output: await accountsCommand(...command) }
  } catch (error) {
    if (error instanceof SettingError) return { ok: false, output: error.message }
    throw error
  }
}
