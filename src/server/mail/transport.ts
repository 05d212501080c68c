/**
 * The SMTP side of the outbox (docs/email.md#sending): nodemailer's SMTP transport made from
 * SMTP_URL, and what a failed send means, in Spanish, for the console's outbox list.
 */
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'

/** What one e-mail is, as nodemailer takes it. */
export type OutgoingMail = Mail.Options

export interface MailTransport {
  /** Hands the e-mail to the SMTP server; resolves once it accepted it. */
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>
  close(): void
}

/** Nothing a slow SMTP server does keeps a claimed row longer than this (the outbox's lease is longer). */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000, dnsTimeout: 20_000 }

/** The transport of `smtpUrl` ("smtp://user:pass@host:587", "smtps://…:465"). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {})
  // The URL's options first, then the time limits (an SMTP_URL query such as ?pool=true still works).
  Object.assign(transporter.options, SMTP_TIMEOUTS)
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail)
      return { messageId: info.messageId ?? null }
    },
    close: () => transporter.close(),
  }
}

/** A failed send as people read it, and whether trying again can help. */
export interface SendFailure {
  /** Spanish, for the console («Último error»), with the server's own answer when it gave one. */
  message: string
  /** The SMTP server refused this message for good (5xx on the recipient or the content): no retry. */
  permanent: boolean
}

interface SmtpError {
  code?: string
  responseCode?: number
  response?: string
  message?: string
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'ETLS', 'EPROTOCOL'])

/** The SMTP server's own answer, short, to put after the Spanish sentence. */
const serverSaid = (error: SmtpError) => {
  const said = (error.response ?? error.message ?? '').replace(/\s+/g, ' ').trim().slice(0, 200)
  return said ? ` (${said})` : ''
}

export function describeSendFailure(thrown: unknown): SendFailure {
  const error = (thrown ?? {}) as SmtpError
  const status = error.responseCode
  if (error.code === 'EAUTH') return { message: `El servidor de correo no aceptó el usuario o la contraseña de SMTP_URL${serverSaid(error)}.`, permanent: false }
  if (error.code && CONNECTION_CODES.has(error.code)) return { message: `No se pudo conectar con el servidor de correo (SMTP_URL)${serverSaid(error)}.`, permanent: false }
  if (status && status >= 500 && (error.code === 'EENVELOPE' || error.code === 'EMESSAGE')) {
    return { message: `El servidor de correo rechazó este mensaje o su destinatario${serverSaid(error)}.`, permanent: true }
  }
  if (status && status >= 400 && status < 500) return { message: `El servidor de correo pidió intentarlo más tarde${serverSaid(error)}.`, permanent: false }
  return { message: `El envío falló${serverSaid(error)}.`, permanent: false }
}
