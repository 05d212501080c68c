import { randomInt, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createAccount } from '../../src/server/console/accounts'
import { CONSOLE_DEVICE_COOKIE } from '../../src/server/console/devices'
import { DEFAULT_PASSWORD_COST } from '../../src/server/console/passwords'
import { SIGN_IN_ERRORS } from '../../src/server/console/sign-in'
import { signInFrom, TEST_ADMIN, type SignInAnswer } from '../support/console'
import { TEST_WORK_MS, withEmbeddedStarts } from '../support/limits'
import { TEST_PASSWORD_COST, testServers } from '../support/server'
import { waitFor } from '../support/wait'

/** Waits long enough that none ends during a test, however slow the machine. */
const LONG_WAITS = { firstDelaySeconds: 600, maxDelaySeconds: 600 }
const servers = testServers({ ...TEST_ADMIN, consoleSignIn: LONG_WAITS })
const admin = { email: TEST_ADMIN.consoleAdminEmail, password: TEST_ADMIN.consoleAdminPassword }
const deviceOf = (answer: SignInAnswer) => `${CONSOLE_DEVICE_COOKIE}=${answer.cookies[CONSOLE_DEVICE_COOKIE]}`

describe('console sign-in under attack', { timeout: withEmbeddedStarts(1) }, () => {
  // Real scrypt work, several hashes in a row: more than a test's usual work on a busy machine.
  it('answers pages while 20 sign-ins with random e-mails from one address hash one at a time, the excess told to come back', { timeout: withEmbeddedStarts(1, 2 * TEST_WORK_MS) }, async () => {
    // A quarter of the real cost (32 MiB, about 0.2 s a hash here): long enough for the storm to queue.
    const app = await servers.start({ consolePasswordCost: { ...DEFAULT_PASSWORD_COST, N: DEFAULT_PASSWORD_COST.N / 4 }, consoleSignIn: { hashesAtOnce: 1, hashesWaiting: 4 } })
    const before = await signInFrom(app.url, '127.0.0.1', admin)
    const storm = Array.from({ length: 20 }, () => signInFrom(app.url, '127.0.0.8', { email: `${randomUUID()}@ejemplo.mx`, password: 'no-es-esta-clave' }))
    await waitFor(() => app.signInHashes.waiting > 0, 'sign-ins waiting for their hash')
    const page = await fetch(`${app.url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('</html>')
    // The agency's own browser is not turned away by the queue the storm fills.
    expect((await signInFrom(app.url, '127.0.0.1', admin, deviceOf(before))).status).toBe(200)
    const answers = await Promise.all(storm)
    expect(app.signInHashes.peak).toBe(1)
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true)
    const busy = answers.filter((a) => a.status === 503)
    expect(busy.length).toBeGreaterThan(0)
    for (const answer of busy) {
      expect(answer.body.error).toEqual({ code: 'busy', message: SIGN_IN_ERRORS.busy })
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
  })

  it("wrong passwords for the admin from six addresses leave the admin's own address signing in", async () => {
    const app = await servers.start()
    for (let i = 2; i <= 7; i++) expect((await signInFrom(app.url, `127.0.0.${i}`, { ...admin, password: 'no-es-esta-clave' })).status).toBe(401)
    const answer = await signInFrom(app.url, '127.0.0.1', admin)
    expect(answer.status).toBe(200)
    expect(answer.body.account?.email).toBe(admin.email)
  })

  it('makes the address that typed wrong passwords wait, but lets the right password through from a device that signed in before', async () => {
    const app = await servers.start({ consoleSignIn: { ...LONG_WAITS, accountFreeFailures: 8 } })
    const first = await signInFrom(app.url, '127.0.0.9', admin)
    expect(first.status).toBe(200)
    expect(first.cookies[CONSOLE_DEVICE_COOKIE]).toMatch(/^[\w-]{40,}$/)
    for (let i = 0; i < 5; i++) expect((await signInFrom(app.url, '127.0.0.9', { ...admin, password: 'no-es-esta-clave' })).status).toBe(401)
    const waiting = await signInFrom(app.url, '127.0.0.9', admin)
    expect(waiting.status).toBe(429)
    expect(waiting.body.error?.message).toMatch(/Espera \d+ segundos/)
    expect(Number(waiting.retryAfter)).toBeGreaterThan(0)
    const known = await signInFrom(app.url, '127.0.0.9', admin, deviceOf(first))
    expect(known.status).toBe(200)
    expect(known.cookies[CONSOLE_DEVICE_COOKIE]).toBe(first.cookies[CONSOLE_DEVICE_COOKIE])

    // Wrong passwords from many addresses: browsers new to the account wait, its devices do not.
    const marta = { email: 'marta@pruebas.mx', password: 'clave-de-marta-1' }
    await createAccount(app.storage, { ...marta, name: 'Marta', role: 'asesor' }, TEST_PASSWORD_COST)
    const hers = await signInFrom(app.url, '127.0.1.1', marta)
    for (let i = 2; i <= 9; i++) await signInFrom(app.url, `127.0.1.${i}`, { ...marta, password: 'no-es-esta-clave' })
    const stranger = await signInFrom(app.url, '127.0.1.20', marta)
    expect(stranger.status).toBe(429)
    expect(stranger.body.error?.message).toMatch(/Espera/)
    expect((await signInFrom(app.url, '127.0.1.20', marta, deviceOf(hers))).status).toBe(200)
    // The device cookie answers for its own account only.
    expect((await signInFrom(app.url, '127.0.1.20', marta, deviceOf(first))).status).toBe(429)
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.skipIf(!redisUrl)('console sign-in across two processes behind Redis', () => {
  it('an address waits on every process, and a device known on one passes on the other', { timeout: withEmbeddedStarts(2) }, () =>
    servers.behindRedis(redisUrl!, async (a, b) => {
      // Redis keeps its counts across runs: an account and an address of this run only.
      const person = { email: `ana-${randomUUID()}@pruebas.mx`, password: 'clave-de-ana-1' }
      const address = `127.${randomInt(2, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`
      await createAccount(a.storage, { ...person, name: 'Ana', role: 'asesor' }, TEST_PASSWORD_COST)
      const first = await signInFrom(a.url, address, person)
      expect(first.status).toBe(200)
      for (let i = 0; i < 5; i++) expect((await signInFrom(a.url, address, { ...person, password: 'no-es-esta-clave' })).status).toBe(401)
      const waiting = await signInFrom(b.url, address, person)
      expect(waiting.status).toBe(429)
      expect(waiting.body.error?.message).toMatch(/Espera/)
      expect((await signInFrom(b.url, address, person, deviceOf(first))).status).toBe(200)
    }),
  )
})
