/**
 * What the console's outbox view reads from /consola/api/correo (docs/email.md#console): JSON
 * shapes and their Spanish labels, shared by the server that answers and the console that shows them.
 */

/** A row's state in the outbox (storage/outbox-repo.ts). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'En espera',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Fallido',
  cancelled: 'No se envió',
}

/** What each kind of e-mail is, as the console names it. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  'visit-notice': 'Aviso de visita',
  'visit-reminder': 'Recordatorio de visita',
  'conversation-copy': 'Copia de la conversación',
}

/** One row as the console lists it: no content, the address as it was written. */
export interface OutboxItem {
  id: string
  kind: string
  recipient: string
  status: OutboxStatus
  /** When it was to go (a reminder: the day before its visit). */
  sendAt: string
  attempts: number
  /** The last error of a failed try, or why it was not sent; Spanish. */
  lastError: string | null
  updatedAt: string
  sentAt: string | null
}

/** GET /consola/api/correo */
export interface MailOverview {
  /** Whether SMTP_URL is set: without it every e-mail waits. */
  configured: boolean
  counts: Record<OutboxStatus, number>
  /** The rows waiting or failed, then the latest sent or not sent; each group most recently changed first. */
  items: OutboxItem[]
}
