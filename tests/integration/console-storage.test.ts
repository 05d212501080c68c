import { beforeAll, describe, expect, it } from 'vitest'
import { createOwnership } from '../../src/server/chat/ownership'
import { createAccount } from '../../src/server/console/accounts'
import { createSessions } from '../../src/server/console/sessions'
import { SIGN_IN_ERRORS, signInService } from '../../src/server/console/sign-in'
import { withEmbeddedStarts } from '../support/limits'
import { TEST_PASSWORD_COST } from '../support/server'
import { waitForAsync } from '../support/wait'
import { sharedStorage, STORAGES } from './databases'

let visitors = 0
const newVisitor = () => `console-storage-${process.pid}-${++visitors}`

describe.each(STORAGES)('console storage: $name', ({ open }) => {
  const storage = sharedStorage(open)
  let ana: { id: string; name: string }
  let luis: { id: string; name: string }
  beforeAll(async () => {
    const a = await createAccount(storage(), { email: 'ana@agencia.mx', name: 'Ana', role: 'asesor', password: 'clave-de-ana-1' }, TEST_PASSWORD_COST)
    const l = await createAccount(storage(), { email: 'luis@agencia.mx', name: 'Luis', role: 'asesor', password: 'clave-de-luis-1' }, TEST_PASSWORD_COST)
    if (!a.ok || !l.ok) throw new Error('accounts not created')
    ana = a.account
    luis = l.account
  }, withEmbeddedStarts(1))

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const again = await createAccount(storage(), { email: 'ANA@agencia.mx', name: 'Otra', role: 'admin', password: 'otra-clave-123' }, TEST_PASSWORD_COST)
    expect(again).toEqual({ ok: false, error: 'Ya existe una cuenta con ese correo.' })
  })

  it('signs in with the right password only, with one error for an unknown e-mail and a wrong password', async () => {
    const service = signInService(storage(), { passwordCost: TEST_PASSWORD_COST })
    expect(await service.signIn('Ana@Agencia.mx', 'clave-de-ana-1', '10.0.0.1')).toMatchObject({ ok: true, account: { name: 'Ana' } })
    const wrong = await service.signIn('ana@agencia.mx', 'clave-equivocada', '10.0.0.1')
    const unknown = await service.signIn('nadie@agencia.mx', 'clave-equivocada', '10.0.0.1')
    expect(wrong).toEqual({ ok: false, status: 401, error: SIGN_IN_ERRORS.wrong })
    expect(unknown).toEqual(wrong)
  })

  it("slows down an account's wrong passwords from one address, not from others; a device that signed in before passes", async () => {
    // Waits long enough that none ends during the test, however slow the machine.
    const service = signInService(storage(), { passwordCost: TEST_PASSWORD_COST, limits: { firstDelaySeconds: 600, maxDelaySeconds: 600, accountFreeFailures: 10 } })
    const luis = (address: string, password = 'clave-de-luis-1', device: string | null = null) => service.signIn('luis@agencia.mx', password, address, device)
    const first = await luis('10.0.3.1')
    if (!first.ok) throw new Error('not signed in')
    const wrong = []
    for (let i = 0; i < 5; i++) wrong.push(await luis('10.0.1.1', 'mala-clave'))
    expect(wrong.map((r) => r.ok || r.status)).toEqual([401, 401, 401, 401, 401])
    expect(await luis('10.0.1.1')).toEqual({ ok: false, status: 429, error: SIGN_IN_ERRORS.wait(600), retryAfterSeconds: 600 })
    expect(await luis('10.0.2.1')).toMatchObject({ ok: true, account: { name: 'Luis' } })
    // Wrong passwords from many addresses slow down every address new to the account, not its devices.
    for (let i = 0; i < 5; i++) await luis(`10.0.4.${i}`, 'mala-clave')
    expect(await luis('10.0.5.1')).toMatchObject({ ok: false, status: 429 })
    expect(await luis('10.0.5.1', 'clave-de-luis-1', first.device)).toMatchObject({ ok: true, device: first.device })
    // A device of another account is a stranger here.
    const ana = await service.signIn('ana@agencia.mx', 'clave-de-ana-1', '10.0.6.1')
    expect(ana.ok && (await luis('10.0.5.1', 'clave-de-luis-1', ana.device))).toMatchObject({ ok: false, status: 429 })
  })

  it('keeps sessions server-side: checked, ended everywhere, expired when idle, gone with the account', async () => {
    const sessions = createSessions(storage().sessions, 60_000)
    const token = await sessions.start(ana.id)
    expect(await sessions.check(token)).toBe(ana.id)
    expect(await sessions.check(`${token}x`)).toBeUndefined()
    const [row] = await storage().db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_sessions WHERE token_hash = $1', [token])
    expect(row?.n).toBe(0) // only the hash is stored
    await sessions.end(token)
    expect(await sessions.check(token)).toBeUndefined()

    const quick = createSessions(storage().sessions, 1)
    const idle = await quick.start(ana.id)
    await waitForAsync(async () => (await quick.check(idle)) === undefined, 'the session idle time (1 ms)')

    const gone = await createAccount(storage(), { email: 'temporal@agencia.mx', name: 'Temporal', role: 'asesor', password: 'clave-temporal-1' }, TEST_PASSWORD_COST)
    if (!gone.ok) throw new Error('not created')
    const kept = await sessions.start(gone.account.id)
    await storage().accounts.remove(gone.account.id)
    expect(await sessions.check(kept)).toBeUndefined()
  })

  it('gives a conversation to one person at a time, atomically', async () => {
    const ownership = createOwnership(storage().ownership, 60_000)
    const visitor = newVisitor()
    expect(await ownership.answersAutomatically(visitor)).toBe(true)
    const [first, second] = await Promise.all([ownership.take(visitor, ana.id), ownership.take(visitor, luis.id)])
    expect([first.taken, second.taken].sort()).toEqual([false, true])
    const winner = first.taken ? ana.id : luis.id
    expect((first.taken ? second : first).owner?.accountId).toBe(winner) // the loser is told who has it
    expect(await ownership.answersAutomatically(visitor)).toBe(false)
    expect((await ownership.take(visitor, winner)).taken).toBe(true) // taking one's own again is fine
    expect(await ownership.release(visitor, winner === ana.id ? luis.id : ana.id)).toBe(false)
    expect(await ownership.release(visitor, winner)).toBe(true)
    expect(await ownership.answersAutomatically(visitor)).toBe(true)
  })

  it('hands a conversation back when its owner stops answering', async () => {
    const quick = createOwnership(storage().ownership, 50)
    const visitor = newVisitor()
    expect((await quick.take(visitor, ana.id)).taken).toBe(true)
    expect(await quick.answersAutomatically(visitor)).toBe(false)
    await waitForAsync(() => quick.answersAutomatically(visitor), 'the owner idle time')
    // Once idle, another person may take it, and the sweep hands back the idle ones.
    const other = newVisitor()
    await quick.take(other, luis.id)
    const released = await waitForAsync(async () => {
      const rows = await quick.releaseIdle()
      return rows.some((r) => r.visitorId === other) && rows
    }, 'the idle sweep')
    expect(released).toContainEqual({ visitorId: other, accountId: luis.id })
    expect((await quick.take(visitor, luis.id)).taken).toBe(true)
  })

  it('releases every conversation of an account at sign-out', async () => {
    const ownership = createOwnership(storage().ownership, 60_000)
    const [a, b] = [newVisitor(), newVisitor()]
    await ownership.take(a, ana.id)
    await ownership.take(b, ana.id)
    expect((await ownership.releaseAll(ana.id)).sort()).toEqual([a, b].sort())
    expect(await ownership.answersAutomatically(a)).toBe(true)
  })
})
