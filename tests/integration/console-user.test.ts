import { describe, expect, it } from 'vitest'
import { ACCOUNT_LIMITS } from '../../src/protocol/console'
import { ACCOUNTS_USAGE, accountsCommand } from '../../src/server/console/accounts-command'
import { tokenHash } from '../../src/server/console/sessions'
import { verifyPassword } from '../../src/server/console/passwords'
import { TEST_PASSWORD_COST } from '../support/server'
import { sharedStorage, STORAGES } from './databases'

/** `npm run console:user`'s commands (docs/behaviour.md#console-accounts) on every storage. */
describe.each(STORAGES)('console:user on $name', ({ open }) => {
  const storage = sharedStorage(open)
  const run = (...args: string[]) => accountsCommand(args, storage(), TEST_PASSWORD_COST)
  const hashOf = async (email: string) => (await storage().accounts.byEmail(email))!.passwordHash

  it('gives a forgotten password anew: a generated one printed once, or the one given; the old one stops working and its sessions end', async () => {
    const email = 'olvido@pruebas.mx'
    await run('add', '--email', email, '--name', 'Olga', '--role', 'asesor', '--password', 'la-clave-olvidada')
    const account = (await storage().accounts.byEmail(email))!
    await storage().sessions.create(tokenHash('una-sesion-abierta-de-olga'), account.id)

    const output = await run('password', '--email', email)
    const password = /contraseña: (\S+)$/.exec(output)![1]!
    expect(output.split(password)).toHaveLength(2)
    expect(await verifyPassword(password, await hashOf(email))).toBe(true)
    expect(await verifyPassword('la-clave-olvidada', await hashOf(email))).toBe(false)
    expect(await storage().sessions.touch(tokenHash('una-sesion-abierta-de-olga'), 60_000)).toBeUndefined()

    expect(await run('password', '--email', email, '--password', 'una-elegida-por-olga')).not.toContain('una-elegida-por-olga')
    expect(await verifyPassword('una-elegida-por-olga', await hashOf(email))).toBe(true)
  })

  it('refuses a short password, an unknown e-mail or a missing one, and an unknown command, saying what to type', async () => {
    await expect(run('password', '--email', 'olvido@pruebas.mx', '--password', 'corta')).rejects.toThrow(`La contraseña debe tener al menos ${ACCOUNT_LIMITS.passwordMin} caracteres.`)
    await expect(run('password', '--email', 'nadie@pruebas.mx')).rejects.toThrow('No existe una cuenta con el correo nadie@pruebas.mx.')
    await expect(run('password')).rejects.toThrow(`Falta --email.\n${ACCOUNTS_USAGE}`)
    await expect(run('olvide')).rejects.toThrow(ACCOUNTS_USAGE)
    expect(ACCOUNTS_USAGE).toContain('password --email <correo>')
  })
})
