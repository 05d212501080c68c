import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxWorker, type OutboxWorker } from '../../src/server/mail/outbox'
import { smtpTransport } from '../../src/server/mail/transport'
import { addressHash } from '../../src/server/mail/unsubscribe'
import type { OutboxRepository } from '../../src/server/storage/outbox-repo'
import { withEmbeddedStarts } from '../support/limits'
import { startSmtpFake, type SmtpFake } from '../support/smtp'
import { waitForAsync } from '../support/wait'
import { sharedStorage, STORAGES, type TestStorage } from './databases'

/**
 * The outbox on each storage (docs/email.md#outbox, migration 81): what is due is claimed once,
 * a row scheduled for later waits, a lease that ran out is claimed again, a newer notice replaces
 * the older ones, and on PostgreSQL two processes sending from one outbox never send a row twice.
 */

let smtp: SmtpFake
beforeAll(async () => {
  smtp = await startSmtpFake()
})
afterAll(async () => {
  await smtp?.close()
})

const mail = (recipient: string, extra: Partial<Parameters<OutboxRepository['enqueue']>[0]> = {}) => ({ kind: 'prueba', recipient, payload: { n: 1 }, ...extra })

describe.each(STORAGES)('the outbox ($name)', ({ open }) => {
  const storage = sharedStorage(open)
  const repo = () => storage().outbox

  it('claims what is due once, leaves what is scheduled later, and claims again a row whose lease ran out', { timeout: withEmbeddedStarts(1) }, async () => {
    const now = await repo().enqueue(mail('ahora@ejemplo.mx'))
    const later = await repo().enqueue(mail('despues@ejemplo.mx', { sendAt: new Date(Date.now() + 3_600_000) }))
    const claimed = await repo().claim(10, 60_000)
    expect(claimed.map((row) => row.id)).toContain(now)
    expect(claimed.map((row) => row.id)).not.toContain(later)
    expect(claimed.find((row) => row.id === now)).toMatchObject({ status: 'sending', attempts: 1 })
    // Claimed: not claimed again while its lease lasts.
    expect((await repo().claim(10, 60_000)).map((row) => row.id)).not.toContain(now)
    const dead = await repo().enqueue(mail('caido@ejemplo.mx'))
    // A worker whose process died: its lease of 1 ms ends, the row is claimed again, as a second attempt.
    expect((await repo().claim(10, 1)).map((row) => row.id)).toContain(dead)
    await waitForAsync(async () => (await repo().claim(10, 60_000)).find((row) => row.id === dead && row.attempts === 2), 'the row claimed again after its lease')
    expect(await repo().sent(now, '<x@ejemplo.mx>')).toBe(true)
    expect(await repo().sent(now, '<x@ejemplo.mx>')).toBe(false)
    expect((await repo().byId(later))!.status).toBe('pending')
  })

  it('replaces the notices of a topic not sent yet, keeps a failed row\'s error, and tries it again on request', { timeout: withEmbeddedStarts(1) }, async () => {
    const topic = `visit:${Math.random()}`
    const first = await repo().enqueue(mail('rosa@ejemplo.mx', { topic, kind: 'visit-notice', payload: { sequence: 0 } }))
    expect(await repo().highest(topic, 'sequence')).toBe(0)
    expect(await repo().supersede(topic, ['visit-notice'], 'Reemplazado.')).toBe(1)
    expect(await repo().byId(first)).toMatchObject({ status: 'cancelled', lastError: 'Reemplazado.' })
    expect(await repo().highest(`visit:${Math.random()}`, 'sequence')).toBe(-1)

    const failing = await repo().enqueue(mail('falla@ejemplo.mx'))
    await waitForAsync(async () => (await repo().claim(50, 60_000)).some((row) => row.id === failing), 'the row claimed')
    await repo().attemptFailed(failing, 'No se pudo conectar con el servidor de correo (SMTP_URL).', 'give-up')
    expect(await repo().byId(failing)).toMatchObject({ status: 'failed', lastError: 'No se pudo conectar con el servidor de correo (SMTP_URL).' })
    expect(await repo().retryNow(failing)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(await repo().retryNow(first)).toBeNull() // a cancelled row stays so
  })

  it('keeps an unsubscribed address as its hash only, and one link key for every process', { timeout: withEmbeddedStarts(1) }, async () => {
    await repo().unsubscribe(addressHash(' Ana@Ejemplo.mx '))
    expect(await repo().unsubscribed(addressHash('ana@ejemplo.mx'))).toBe(true)
    expect(await repo().unsubscribed(addressHash('otra@ejemplo.mx'))).toBe(false)
    const rows = await storage().db.query<{ address_hash: string }>('SELECT address_hash FROM mail_unsubscribes')
    expect(rows.some((row) => row.address_hash.includes('ana'))).toBe(false)
    expect(await repo().key('unsubscribe')).toBe(await repo().key('unsubscribe'))
  })
})

describe.each(STORAGES.filter((s) => s.name === 'PostgreSQL'))('two processes sending from one outbox ($name)', ({ open }) => {
  const stores: TestStorage[] = []
  const workers: OutboxWorker[] = []
  afterAll(async () => {
    for (const worker of workers) await worker.close()
    for (const store of stores.reverse()) await store.close()
    await stores[0]?.drop()
  })

  it('sends every row once, whichever process claims it', { timeout: withEmbeddedStarts(2, 60_000) }, async () => {
    const place = `t_${process.pid}_${Date.now()}_outbox`
    // Two storages on one database, each with its own pool: two processes' connections.
    stores.push(await open(place), await open(place))
    const ROWS = 60
    const recipient = `carrera-${process.pid}@ejemplo.mx`
    for (let n = 0; n < ROWS; n++) await stores[0]!.outbox.enqueue({ kind: 'prueba', recipient, payload: { n } })
    const sentBy = new Map<string, number>()
    for (const [i, store] of stores.entries()) {
      workers.push(
        outboxWorker({
          repo: store.outbox,
          transport: smtpTransport(smtp.url),
          // Small batches, so both workers are claiming while the other sends.
          settings: { batch: 3 },
          messageHost: () => 'pruebas.local',
          soleProcess: false,
          renderers: {
            prueba: async (row) => {
              sentBy.set(String(row.payload.n), i)
              return { honorsUnsubscribe: false, mail: { from: 'agencia@ejemplo.mx', subject: `Mensaje ${String(row.payload.n)}`, text: 'Prueba' } }
            },
          },
        }),
      )
    }
    await Promise.all(workers.map((worker) => worker.start()))
    await smtp.waitFor(recipient, ROWS, `all ${ROWS} messages`, 60_000)
    await waitForAsync(async () => (await stores[0]!.outbox.counts()).sent === ROWS, 'every row marked sent')
    const subjects = smtp.to(recipient).map((r) => r.mail.subject)
    expect(new Set(subjects).size).toBe(ROWS)
    expect(subjects).toHaveLength(ROWS)
    // Both processes took part (each claims a batch of 3 while the other sends its own).
    expect(new Set(sentBy.values()).size).toBe(2)
  })
})
