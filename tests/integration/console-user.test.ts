import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_LIMITS, ConsoleServerEvent } from '../../src/protocol/console'
import { ACCOUNTS_USAGE, accountsCommand } from '../../src/server/console/accounts-command'
import { tokenHash } from '../../src/server/console/sessions'
import { verifyPassword } from '../../src/server/console/passwords'
import { DatabaseInUse, EMBEDDED_LOCK_FILE } from '../../src/server/storage/embedded-lock'
import { consoleFetch, consoleSocket, signIn, TEST_ADMIN } from '../support/console'
import { freshEmbeddedDir } from '../support/embedded'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer, TEST_PASSWORD_COST } from '../support/server'
import { builtServerEntry, consoleUserEntry, runEntry, startServerProcess, type ServerProcess } from '../support/server-process'
import { sharedStorage, STORAGES } from './databases'

const signInStatus = async (url: string, email: string, password: string) =>
  (await consoleFetch(url, '/session', { method: 'POST', body: { email, password } })).status
/** A signed-in console socket, and its `signed-out` to come. */
async function openConsole(url: string, cookie: string) {
  const socket = consoleSocket(url, cookie)
  const signedOut = new Promise<void>((resolve) => socket.once(ConsoleServerEvent.signedOut, () => resolve()))
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return { socket, signedOut }
}

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

  it('signs out the open console of an account changed in the database beside a running server (the shell on PostgreSQL), though it sends nothing', async () => {
    const server = await startTestServer({ storage: storage() })
    try {
      const email = 'abierta@pruebas.mx'
      await run('add', '--email', email, '--name', 'Abi', '--role', 'asesor', '--password', 'clave-de-abierta-1')
      const open = await openConsole(server.url, await signIn(server.url, email, 'clave-de-abierta-1'))
      await run('password', '--email', email, '--password', 'clave-nueva-de-abi')
      await open.signedOut
      expect(await signInStatus(server.url, email, 'clave-de-abierta-1')).toBe(401)
      open.socket.close()
    } finally {
      await server.close()
    }
  })

  it('refuses a short password, an unknown e-mail or a missing one, and an unknown command, saying what to type', async () => {
    await expect(run('password', '--email', 'olvido@pruebas.mx', '--password', 'corta')).rejects.toThrow(`La contraseña debe tener al menos ${ACCOUNT_LIMITS.passwordMin} caracteres.`)
    await expect(run('password', '--email', 'nadie@pruebas.mx')).rejects.toThrow('No existe una cuenta con el correo nadie@pruebas.mx.')
    await expect(run('password')).rejects.toThrow(`Falta --email.\n${ACCOUNTS_USAGE}`)
    await expect(run('olvide')).rejects.toThrow(ACCOUNTS_USAGE)
    expect(ACCOUNTS_USAGE).toContain('password --email <correo>')
  })
})

/**
 * The embedded database has one opener (docs/behaviour.md#one-opener): the command beside a
 * running server process asks that server, a second opener is refused, and a killed one's lock
 * is taken over.
 */
describe('console:user beside a running server process (embedded database)', () => {
  const ADMIN = { CONSOLE_ADMIN_EMAIL: TEST_ADMIN.consoleAdminEmail, CONSOLE_ADMIN_PASSWORD: TEST_ADMIN.consoleAdminPassword }
  let entry: string
  beforeAll(async () => {
    entry = builtServerEntry()
  })
  const processes: ServerProcess[] = []
  const dirs: { remove(): void }[] = []
  afterEach(async () => {
    for (const p of processes.splice(0)) await p.crash()
    for (const d of dirs.splice(0)) d.remove()
  })
  const started = async (env: Record<string, string>) => {
    const server = await startServerProcess(entry, env)
    processes.push(server)
    return server
  }
  const freshEnv = () => {
    const db = freshEmbeddedDir()
    dirs.push(db)
    return { dir: db.dir, env: { DATA_DIR: db.dir, ...ADMIN } }
  }
  const command = (env: Record<string, string>, ...args: string[]) => runEntry(consoleUserEntry(entry), args, env)
  const refusal = (pid: number) => new DatabaseInUse(pid).message

  // One story for the one opener across a kill -9 (each process start is seconds of CPU).
  it('makes the account through the server, refuses a second server with one line, and after a kill -9 a restart takes the lock over and the account signs in', { timeout: withEmbeddedStarts(3) }, async () => {
    const { dir, env } = freshEnv()
    const first = await started(env)
    expect(await runEntry(entry, [], env)).toMatchObject({ code: 1, stderr: `${refusal(first.child.pid!)}\n` })
    const added = await command(env, 'add', '--email', 'nueva@pruebas.mx', '--name', 'Nueva', '--role', 'asesor', '--password', 'clave-de-la-nueva-1')
    expect(added).toMatchObject({ code: 0, stdout: 'Cuenta creada: nueva@pruebas.mx (asesor)\n' })
    expect(await signInStatus(first.url, 'nueva@pruebas.mx', 'clave-de-la-nueva-1')).toBe(200)

    await first.crash()
    expect(JSON.parse(readFileSync(join(dir, EMBEDDED_LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.child.pid })
    const second = await started(env)
    expect(await signInStatus(second.url, 'nueva@pruebas.mx', 'clave-de-la-nueva-1')).toBe(200)
    expect(await signInStatus(second.url, ADMIN.CONSOLE_ADMIN_EMAIL, ADMIN.CONSOLE_ADMIN_PASSWORD)).toBe(200)
    // Without a server the command opens the folder itself, after the killed server's lock too.
    await second.crash()
    expect(await command(env, 'list')).toMatchObject({ code: 0, stdout: expect.stringContaining('nueva@pruebas.mx') })
  })

  it('-- password and remove end the account at once: the old password is refused, its cookie and open console signed out', { timeout: withEmbeddedStarts(2) }, async () => {
    const { env } = freshEnv()
    const server = await started(env)
    const email = 'olvido@pruebas.mx'
    await command(env, 'add', '--email', email, '--name', 'Olga', '--role', 'asesor', '--password', 'la-clave-olvidada')
    const cookie = await signIn(server.url, email, 'la-clave-olvidada')
    const open = await openConsole(server.url, cookie)

    const changed = await command(env, 'password', '--email', email, '--password', 'la-clave-nueva-1')
    expect(changed).toMatchObject({ code: 0, stdout: `Contraseña nueva para ${email}; sus sesiones se cerraron.\n` })
    await open.signedOut
    expect((await consoleFetch(server.url, '/me', { cookie })).status).toBe(401)
    expect(await signInStatus(server.url, email, 'la-clave-olvidada')).toBe(401)
    const second = await signIn(server.url, email, 'la-clave-nueva-1')

    expect(await command(env, 'remove', '--email', email)).toMatchObject({ code: 0, stdout: `Cuenta eliminada: ${email}\n` })
    expect((await consoleFetch(server.url, '/me', { cookie: second })).status).toBe(401)
    expect(await signInStatus(server.url, email, 'la-clave-nueva-1')).toBe(401)
    open.socket.close()
  })
})
