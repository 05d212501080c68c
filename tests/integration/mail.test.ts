import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencyInstantAt, agencyIso, agencyWallClock } from '../../src/domain/agency-clock'
import type { MailOverview } from '../../src/protocol/mail'
import type { RunningServer } from '../../src/server/app'
import { UNSUBSCRIBE_PATH } from '../../src/server/mail/unsubscribe'
import { client, collect, connected, disconnectAll, send } from '../support/chat-client'
import { consoleFetch, signIn, TEST_ADMIN } from '../support/console'
import { withEmbeddedStarts } from '../support/limits'
import { openTestStorage, startTestServer, testServers } from '../support/server'
import { freePort, invitationOf, smtpUrl, startSmtpFake, type SmtpFake } from '../support/smtp'
import { waitFor, waitForAsync } from '../support/wait'

/**
 * The visitor's e-mails through the real server and its real nodemailer transport, to a local
 * SMTP server the test reads (docs/email.md): a visit's confirmation with its invitation at the
 * right Cancún time, its move and cancellation, a copy of the conversation asked in the chat, the
 * unsubscribe link, and an SMTP server that is down and then up.
 */

const servers = testServers({ ...TEST_ADMIN })
let smtp: SmtpFake
beforeAll(async () => {
  smtp = await startSmtpFake()
})
afterAll(async () => {
  disconnectAll()
  await servers.closeAll()
  await smtp?.close()
})

let visitors = 0
const newVisitor = () => `0000cccc-0000-4000-8000-${String(process.pid).padStart(6, '0')}${String(++visitors).padStart(6, '0')}`

/** A Cancún wall-clock time `days` from now at `hour`:00, as the console sends it (ISO with the offset Intl gives). */
function cancunSlot(days: number, hour: number): string {
  return agencyIso(agencyInstantAt(agencyWallClock(new Date(Date.now() + days * 86_400_000)), hour * 60))
}

/** The one VEVENT of an invitation, parsed by ical.js, with the calendar's METHOD. */
function parseInvitation(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    status: String(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')),
    location: event.location,
    summary: event.summary,
  }
}

async function book(server: RunningServer, cookie: string, body: Record<string, unknown>) {
  const answer = await consoleFetch(server.url, '/visits', { method: 'POST', cookie, body })
  expect(answer.status).toBe(201)
  return ((await answer.json()) as { visit: { id: string; at: string } }).visit
}

describe('the visitor\'s e-mails (embedded database)', { timeout: withEmbeddedStarts(1, 90_000) }, () => {
  let server: RunningServer
  let cookie: string
  beforeAll(async () => {
    server = await servers.start({ mail: { smtpUrl: smtp.url, from: undefined } })
    cookie = await signIn(server.url)
  }, withEmbeddedStarts(1))

  it('confirms a visit booked in the console once, with an invitation at the Cancún time, then tells a move and a cancellation', async () => {
    const address = 'rosa.confirmacion@ejemplo.mx'
    const property = server.catalogue.current().catalogue.properties.find((p) => p.status === 'disponible')!
    const at = cancunSlot(5, 11)
    const visit = await book(server, cookie, { visitorId: newVisitor(), at, name: 'Rosa Pérez', phone: '9981112233', email: address, propertySlug: property.slug })

    const [confirmation] = await smtp.waitFor(address, 1, 'the confirmation')
    const mail = confirmation!.mail
    expect(mail.subject).toMatch(/^Tu visita está agendada: /)
    expect(mail.text).toContain('Hola, Rosa:')
    expect(mail.text).toContain(property.title)
    expect(mail.text).toContain(property.address)
    expect(mail.text).toContain('11:00 (hora de Cancún)')
    expect(mail.from?.text).toContain(server.catalogue.current().agency.profile.name)
    // Mail clients offer the unsubscribe link themselves, one click (RFC 8058).
    expect(confirmation!.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/_correo\/baja\?t=[^>]+>/m)
    expect(confirmation!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    const invitation = parseInvitation(invitationOf(mail)!)
    expect(invitation).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: new Date(at).toISOString() })
    expect(new Date(invitation.start).getUTCHours()).toBe(16) // 11:00 in Cancún is 16:00 UTC (UTC−5 all year)
    expect(invitation.location).toBe(property.address)

    // Moved: a notice with the same event, a higher SEQUENCE and the new time.
    const later = cancunSlot(6, 12)
    expect((await consoleFetch(server.url, `/visits/${visit.id}`, { method: 'PATCH', cookie, body: { at: later } })).status).toBe(200)
    const [, moved] = await smtp.waitFor(address, 2, 'the notice of the move')
    expect(moved!.mail.subject).toMatch(/^Cambiamos tu visita: ahora es el /)
    const movedInvitation = parseInvitation(invitationOf(moved!.mail)!)
    expect(movedInvitation).toMatchObject({ method: 'REQUEST', uid: invitation.uid, sequence: 1, start: new Date(later).toISOString() })

    // Cancelled: METHOD:CANCEL for the same event.
    expect((await consoleFetch(server.url, `/visits/${visit.id}`, { method: 'PATCH', cookie, body: { status: 'cancelada' } })).status).toBe(200)
    const [, , cancelled] = await smtp.waitFor(address, 3, 'the notice of the cancellation')
    expect(cancelled!.mail.subject).toMatch(/^Cancelamos tu visita del /)
    expect(parseInvitation(invitationOf(cancelled!.mail)!)).toMatchObject({ method: 'CANCEL', uid: invitation.uid, sequence: 2, status: 'CANCELLED' })

    // The reminders followed the visit: the first replaced by the move's, that one by the cancellation; none waits.
    const overview = (await (await consoleFetch(server.url, '/mail', { cookie })).json()) as MailOverview
    const reminders = overview.items.filter((item) => item.recipient === address && item.kind === 'visit-reminder')
    expect(reminders).toHaveLength(2)
    expect(reminders.every((item) => item.status === 'cancelled')).toBe(true)
    expect(smtp.to(address)).toHaveLength(3)
  })

  it('confirms a visit the automated agent books in English, in English, with the address the visitor gave', async () => {
    const visitor = newVisitor()
    const socket = client(server.url, visitor)
    const appointments = collect(socket, 'scheduled_appointment')
    const replies = collect<{ content: string }>(socket, 'response')
    const typing = collect<string>(socket, 'typing-state-widget')
    await connected(socket)
    const say = async (text: string) => {
      const done = typing.filter((state) => state === 'done').length
      await send(socket, visitor, text)
      await waitFor(() => typing.filter((state) => state === 'done').length > done, `the agent's answer to «${text}»`)
    }
    await say("I'm looking for a house for sale in Huayacán")
    await say('I would like to visit the first one on Thursday at 11')
    const address = 'john.smith@example.com'
    await send(socket, visitor, `My name is John Smith, ${address}`)
    await waitFor(() => appointments.length === 1, `the booking (scheduled_appointment), after: ${replies.map((r) => r.content).join(' | ')}`)
    const [confirmation] = await smtp.waitFor(address, 1, 'the confirmation of the agent\'s booking')
    expect(confirmation!.mail.subject).toMatch(/^We received your visit: Thursday, /)
    expect(confirmation!.mail.text).toContain('Hi John,')
    expect(confirmation!.mail.text).toContain('An adviser will confirm it soon.')
    expect(parseInvitation(invitationOf(confirmation!.mail)!)).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'TENTATIVE' })
    socket.disconnect()
  })

  it('sends a copy of the conversation when the visitor asks for it in the chat, asking for the address first', async () => {
    const visitor = newVisitor()
    const socket = client(server.url, visitor)
    const replies = collect(socket, 'response')
    await connected(socket)
    await send(socket, visitor, 'Hola, busco casa en renta en Huayacán')
    await waitFor(() => replies.length > 0, 'the answer to the search')
    const before = replies.length
    await send(socket, visitor, 'envíame la conversación')
    await waitFor(() => replies.length > before, 'the question for the address')
    expect(String((replies.at(-1) as { content: string }).content)).toMatch(/correo/i)
    const address = 'ana.copia@ejemplo.mx'
    await send(socket, visitor, address)
    const [copy] = await smtp.waitFor(address, 1, 'the copy of the conversation')
    expect(copy!.mail.subject).toBe(`Tu conversación con ${server.catalogue.current().agency.profile.name}`)
    expect(copy!.mail.text).toContain('Hola, busco casa en renta en Huayacán')
    expect(copy!.mail.text).toContain('envíame la conversación')

    // The address is known now: asked again, the copy goes at once; past 3 an hour the agent says it did not send it.
    for (const n of [2, 3]) {
      await send(socket, visitor, 'mándame otra copia de la conversación')
      await smtp.waitFor(address, n, `copy ${n}`)
    }
    await send(socket, visitor, 'envíame la conversación otra vez')
    await waitFor(() => replies.some((r) => /Ya enviamos varias copias de esta conversación/.test((r as { content: string }).content)), 'the notice that no more copies go this hour')
    expect(smtp.to(address)).toHaveLength(3)
    socket.disconnect()
  })

  it('records an unsubscribe from the signed link: no copy goes to that address, the booking\'s confirmation still does', async () => {
    const visitor = newVisitor()
    const socket = client(server.url, visitor)
    const replies = collect(socket, 'response')
    await connected(socket)
    const address = 'luis.baja@ejemplo.mx'
    await send(socket, visitor, `Send me the conversation to ${address}, please`)
    const [copy] = await smtp.waitFor(address, 1, 'the first copy, in English')
    expect(copy!.mail.subject).toMatch(/^Your conversation with /)
    const link = copy!.mail.text!.match(/https?:\/\/\S+\/_correo\/baja\?t=\S+/)![0]

    // Opening the link records nothing: a link scanner opens every link of a message.
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/)
    const html = await page.text()
    expect(html).toContain('Darme de baja')
    expect(html).toContain('l***@ejemplo.mx')
    const forged = await fetch(`${server.url}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(Buffer.from('otra@ejemplo.mx').toString('base64url'))}.firma`, { method: 'POST' })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('Este enlace no es válido')
    const done = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Listo: te diste de baja')

    const before = replies.length
    await send(socket, visitor, 'send me the conversation again')
    await waitFor(() => replies.some((r, i) => i >= before && /unsubscribed/.test((r as { content: string }).content)), 'the notice that the address unsubscribed')
    // A visit booked for that address is still confirmed (docs/email.md#unsubscribe).
    await book(server, cookie, { visitorId: visitor, at: cancunSlot(4, 10), name: 'Luis', email: address })
    await smtp.waitFor(address, 2, 'the confirmation to an unsubscribed address')
    const overview = (await (await consoleFetch(server.url, '/mail', { cookie })).json()) as MailOverview
    expect(overview.items.filter((i) => i.recipient === address && i.kind === 'conversation-copy').map((i) => i.status)).toEqual(['sent'])
    socket.disconnect()
  })
})

describe('no SMTP_URL, then one (embedded database)', { timeout: withEmbeddedStarts(2, 60_000) }, () => {
  it('keeps the e-mail waiting without SMTP_URL and sends it once a server with it starts on the same database', async () => {
    const storage = await openTestStorage()
    try {
      const unset = await startTestServer({ ...TEST_ADMIN, storage })
      const cookie = await signIn(unset.url)
      const address = 'irene.sin.smtp@ejemplo.mx'
      await book(unset, cookie, { visitorId: newVisitor(), at: cancunSlot(3, 10), name: 'Irene', email: address })
      const overview = (await (await consoleFetch(unset.url, '/mail', { cookie })).json()) as MailOverview
      expect(overview.configured).toBe(false)
      expect(overview.items.find((i) => i.recipient === address && i.kind === 'visit-notice')).toMatchObject({ status: 'pending', attempts: 0, lastError: null })
      await unset.close()

      const configured = await startTestServer({ ...TEST_ADMIN, storage, mail: { smtpUrl: smtp.url, from: undefined } })
      try {
        const [notice] = await smtp.waitFor(address, 1, 'the notice once SMTP_URL is set')
        expect(notice!.mail.subject).toMatch(/^Tu visita está agendada: /)
      } finally {
        await configured.close()
      }
    } finally {
      await storage.close()
    }
  })
})

describe('an SMTP server that is down, then up (embedded database)', { timeout: withEmbeddedStarts(1, 90_000) }, () => {
  it('keeps the e-mail waiting with the error in Spanish, then delivers it once', async () => {
    const port = await freePort()
    const server = await servers.start({ mail: { smtpUrl: smtpUrl(port), from: undefined }, mailWorker: { retryBaseMs: 300, retryMaxMs: 600 } })
    const cookie = await signIn(server.url)
    const address = 'marta.reintento@ejemplo.mx'
    await book(server, cookie, { visitorId: newVisitor(), at: cancunSlot(3, 12), name: 'Marta', email: address })
    const waiting = await waitForAsync(async () => {
      const overview = (await (await consoleFetch(server.url, '/mail', { cookie })).json()) as MailOverview
      return overview.items.find((i) => i.recipient === address && i.kind === 'visit-notice' && i.lastError)
    }, 'the notice waiting with its error')
    expect(waiting.status).toBe('pending')
    expect(waiting.lastError).toMatch(/^No se pudo conectar con el servidor de correo \(SMTP_URL\)/)

    const late = await startSmtpFake(port)
    try {
      await late.waitFor(address, 1, 'the notice once the server is up')
      const sent = await waitForAsync(async () => {
        const overview = (await (await consoleFetch(server.url, '/mail', { cookie })).json()) as MailOverview
        return overview.items.find((i) => i.recipient === address && i.kind === 'visit-notice' && i.status === 'sent')
      }, 'the notice marked sent')
      expect(sent.lastError).toBeNull()
      // A sent row is never claimed again: what arrived until it was marked is all that ever arrives.
      expect(late.to(address)).toHaveLength(1)
    } finally {
      await late.close()
    }
  })
})
