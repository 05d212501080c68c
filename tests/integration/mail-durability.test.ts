import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MailOverview } from '../../src/protocol/mail'
import { consoleFetch, signIn, TEST_ADMIN } from '../support/console'
import { freshEmbeddedDir } from '../support/embedded'
import { withEmbeddedStarts } from '../support/limits'
import { builtServerEntry, startServerProcess, type ServerProcess } from '../support/server-process'
import { startSmtpFake, type SmtpFake } from '../support/smtp'
import { waitForAsync } from '../support/wait'

/**
 * A visit's reminder across a kill -9 (docs/email.md#outbox): the reminder is a row scheduled in
 * the outbox, so a server killed before it is due sends it after the restart, and once.
 */

/** How far ahead of the reminder's time the visit is booked: the kill and the restart happen before it is due. */
const REMINDER_IN_MS = 60_000
const DAY_MS = 24 * 60 * 60_000

const processes: ServerProcess[] = []
const dirs: { remove(): void }[] = []
let smtp: SmtpFake
let entry: string
beforeAll(async () => {
  entry = builtServerEntry()
  smtp = await startSmtpFake()
})
afterEach(async () => {
  for (const p of processes.splice(0)) await p.crash()
})
afterAll(async () => {
  dirs.forEach((d) => d.remove())
  await smtp?.close()
})

const overview = async (url: string, cookie: string) => (await (await consoleFetch(url, '/mail', { cookie })).json()) as MailOverview

describe('a visit\'s reminder across a kill -9 (a server process, embedded database)', () => {
  it('is sent after the restart, once', { timeout: withEmbeddedStarts(2, 180_000) }, async () => {
    const db = freshEmbeddedDir()
    dirs.push(db)
    const env = {
      DATA_DIR: db.dir,
      SMTP_URL: smtp.url,
      CHAT_REPLY_DELAY_MS: '0',
      CONSOLE_ADMIN_EMAIL: TEST_ADMIN.consoleAdminEmail,
      CONSOLE_ADMIN_PASSWORD: TEST_ADMIN.consoleAdminPassword,
    }
    const first = await startServerProcess(entry, env)
    processes.push(first)
    const cookie = await signIn(first.url)
    const address = 'pablo.recordatorio@ejemplo.mx'
    // A person may book any future time in the console: one a day and a minute away has its reminder a minute from now.
    const at = new Date(Date.now() + DAY_MS + REMINDER_IN_MS).toISOString()
    const booked = await consoleFetch(first.url, '/visits', { method: 'POST', cookie, body: { visitorId: `0000dddd-0000-4000-8000-${String(process.pid).padStart(12, '0')}`, at, name: 'Pablo', email: address } })
    expect(booked.status).toBe(201)
    await smtp.waitFor(address, 1, 'the confirmation')
    const scheduled = (await overview(first.url, cookie)).items.find((item) => item.kind === 'visit-reminder')
    expect(scheduled).toMatchObject({ status: 'pending', recipient: address, sendAt: new Date(Date.parse(at) - DAY_MS).toISOString() })
    await first.crash()
    // The kill came before the reminder's time: only the confirmation went.
    expect(smtp.to(address).map((r) => r.mail.subject)).toEqual([expect.stringMatching(/^Tu visita está agendada: /)])

    const second = await startServerProcess(entry, env)
    processes.push(second)
    const [, reminder] = await smtp.waitFor(address, 2, 'the reminder after the restart', REMINDER_IN_MS + 60_000)
    expect(reminder!.mail.subject).toMatch(/^Recordatorio: tu visita es el /)
    expect(reminder!.mail.text).toContain('Te recordamos tu visita:')
    const cookieAgain = await signIn(second.url)
    const sent = await waitForAsync(async () => (await overview(second.url, cookieAgain)).items.find((item) => item.kind === 'visit-reminder' && item.status === 'sent'), 'the reminder marked sent')
    expect(sent.attempts).toBe(1)
    // A sent row is never claimed again: the confirmation and the reminder are all that ever arrive.
    const counts = (await overview(second.url, cookieAgain)).counts
    expect(counts).toMatchObject({ pending: 0, sending: 0, sent: 2 })
    expect(smtp.to(address)).toHaveLength(2)
  })
})
