/**
 * A faithful local SMTP server for the tests (docs/email.md#tests): smtp-server on loopback with
 * AUTH, no TLS, and every message read back by mailparser exactly as a mail client would. The
 * product sends to it with its real nodemailer transport (SMTP_URL).
 */
import { createServer, type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import { waitFor } from './wait'

export const SMTP_USER = 'correo'
export const SMTP_PASSWORD = 'clave-smtp'

/** One message the fake received: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
  to: string[]
  mail: ParsedMail
  /** The raw message, as it crossed the wire. */
  raw: string
}

export interface SmtpFake {
  port: number
  /** SMTP_URL for it, with its user and password. */
  url: string
  received: ReceivedMail[]
  /** The messages to one address. */
  to(address: string): ReceivedMail[]
  /** Waits until `count` messages reached `address` (each whole and parsed). */
  waitFor(address: string, count: number, what?: string, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

/** A free loopback port (for an SMTP_URL whose server starts later: "SMTP down, then up"). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export async function startSmtpFake(port = 0): Promise<SmtpFake> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), mail, raw: raw.toString('utf8') })
            callback()
          })
          .catch(callback)
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const listening = (server.server.address() as AddressInfo).port
  const to = (address: string) => received.filter((r) => r.to.includes(address.toLowerCase()))
  return {
    port: listening,
    url: smtpUrl(listening),
    received,
    to,
    async waitFor(address, count, what = `${count} e-mail(s) to ${address}`, timeoutMs) {
      await waitFor(() => to(address).length >= count, what, timeoutMs)
      return to(address)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const smtpUrl = (port: number) => `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`

/** The calendar invitation a message carries (its text/calendar part), as text; undefined when none. */
export function invitationOf(mail: ParsedMail): string | undefined {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'))
  return part?.content.toString('utf8')
}
