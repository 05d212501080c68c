/**
 * `npm run console:user -- <command>`: agent accounts from the shell (docs/behaviour.md#console-accounts),
 * on the database the server uses (DATABASE_URL or the embedded one in DATA_DIR).
 *   add --email a@b.mx --name "Ana" --role admin|asesor [--password …]   (a password is generated when omitted)
 *   remove --email a@b.mx
 *   list
 */
import { parseArgs } from 'node:util'
import { readConfig } from '../config'
import { SettingError } from '../setting-error'
import { openStorage } from '../storage'
import { createAccount } from './accounts'
import { generatePassword } from './passwords'

const USAGE = 'Usage: npm run console:user -- add --email <e-mail> --name <name> --role admin|asesor [--password <password>] | remove --email <e-mail> | list'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
})
const config = readConfig()
const storage = await openStorage({ url: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir })
try {
  const command = positionals[0]
  if (command === 'add') {
    const password = values.password ?? generatePassword()
    const created = await createAccount(storage, { email: values.email, name: values.name, role: values.role ?? 'asesor', password })
    if (!created.ok) throw new SettingError(`${created.error}\n${USAGE}`)
    console.log(`Cuenta creada: ${created.account.email} (${created.account.role})${values.password ? '' : `  contraseña: ${password}`}`)
  } else if (command === 'remove') {
    const account = values.email ? await storage.accounts.byEmail(values.email) : undefined
    if (!account) throw new SettingError(`No existe una cuenta con el correo ${values.email ?? '(falta --email)'}.`)
    await storage.accounts.remove(account.id)
    console.log(`Cuenta eliminada: ${account.email}`)
  } else if (command === 'list') {
    for (const account of await storage.accounts.list()) console.log(`${account.role.padEnd(7)} ${account.email}  ${account.name}`)
  } else {
    throw new SettingError(USAGE)
  }
} catch (error) {
  console.error(error instanceof SettingError ? error.message : error)
  process.exitCode = 1
} finally {
  await storage.close()
}
