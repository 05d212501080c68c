/**
 * The outbox's worker (docs/email.md#outbox): in every process, it claims the rows that are due
 * (storage/outbox-repo.ts `claim`: FOR UPDATE SKIP LOCKED and a lease, so two processes never
 * take one row), renders each from what is stored now, and hands it to the SMTP server. A
 * failure is tried again later, each wait twice the one before (up to an hour), and given up
 * after MAX_ATTEMPTS or at once when the server refuses the message for good; the row keeps the
 * last error, in Spanish, for the console. With no SMTP_URL nothing is claimed: rows wait.
 *
 * Each row's Message-ID is made from its id: the one duplicate the design allows (a process
 * killed after the SMTP server took a message and before the row says so, whose lease then
 * ends) carries the same Message-ID, which mail services use to show it once.
 */
import type { OutboxMail, OutboxRepository } from '../storage/outbox-repo'
import { errorLine } from '../safe-log'
import { describeSendFailure, type MailTransport, type OutgoingMail } from './transport'
import { addressHash } from './unsubscribe'

/** What a row becomes when it goes: the e-mail, or why there is nothing to send any more. */
export type RenderedMail = { mail: OutgoingMail; honorsUnsubscribe: boolean } | { skip: string }
export type MailRenderer = (row: OutboxMail) => Promise<RenderedMail>

export const OUTBOX_DEFAULTS = {
  /** Rows claimed at once by one worker. */
  batch: 10,
  /** How long a claimed row is this worker's: far longer than a send may take (transport.ts SMTP_TIMEOUTS). */
  leaseMs: 5 * 60_000,
  /** The first wait after a failure; each next one doubles. */
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  /** About a day of tries (30 s doubling to an hour), then «Fallido» with its last error. */
  maxAttempts: 30,
  /** Rows another process stored (its worker was woken, not this one), or due later, are looked for at least this often. */
  pollMs: 30_000,
}

export interface OutboxWorkerOptions {
  repo: OutboxRepository
  /** Null: SMTP_URL is not set, rows wait. */
  transport: MailTransport | null
  renderers: Record<string, MailRenderer>
  /** The host of the Message-IDs (the site's). */
  messageHost: () => string
  /** One process owns the database (the embedded one): rows a killed process held wait again at once. */
  soleProcess: boolean
  settings?: Partial<typeof OUTBOX_DEFAULTS>
}

export const CANCEL_REASONS = {
  expired: 'Su momento ya pasó: no se envió.',
  unsubscribed: 'El destinatario se dio de baja de estos correos.',
} as const

export function outboxWorker(options: OutboxWorkerOptions) {
  const settings = { ...OUTBOX_DEFAULTS, ...options.settings }
  const { repo, transport } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | null = null
  let again = false
  let closed = false

  const backoff = (attempts: number) => Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), settings.retryMaxMs)

  async function deliver(row: OutboxMail) {
    if (row.expiresAt && Date.parse(row.expiresAt) <= Date.now()) return repo.cancel(row.id, CANCEL_REASONS.expired)
    const render = options.renderers[row.kind]
    if (!render) return repo.attemptFailed(row.id, `Este servidor no sabe preparar los correos de tipo «${row.kind}».`, { delayMs: backoff(row.attempts) })
    let rendered: RenderedMail
    try {
      rendered = await render(row)
    } catch (error) {
      console.error(`[correo] preparing ${row.kind} ${row.id} failed: ${errorLine(error)}`)
      return repo.attemptFailed(row.id, `No se pudo preparar el correo (${errorLine(error)}).`, row.attempts >= settings.maxAttempts ? 'give-up' : { delayMs: backoff(row.attempts) })
    }
    if ('skip' in rendered) return repo.cancel(row.id, rendered.skip)
    if (rendered.honorsUnsubscribe && (await repo.unsubscribed(addressHash(row.recipient)))) return repo.cancel(row.id, CANCEL_REASONS.unsubscribed)
    try {
      const { messageId } = await transport!.send({ ...rendered.mail, to: row.recipient, messageId: `<${row.id}@${options.messageHost()}>` })
      await repo.sent(row.id, messageId)
    } catch (error) {
      const failure = describeSendFailure(error)
      const giveUp = failure.permanent || row.attempts >= settings.maxAttempts
      console.error(`[correo] sending ${row.kind} ${row.id} failed (attempt ${row.attempts}${giveUp ? ', given up' : ''}): ${errorLine(error)}`)
      await repo.attemptFailed(row.id, failure.message, giveUp ? 'give-up' : { delayMs: backoff(row.attempts) })
    }
  }

  /** Every due row, a batch at a time, until none is left. */
  async function pass() {
    for (;;) {
      const rows = await repo.claim(settings.batch, settings.leaseMs)
      for (const row of rows) {
        try {
          await deliver(row)
        } catch (error) {
          // The database failed under the row: its lease ends and a later pass takes it again.
          console.error(`[correo] the outbox row ${row.id} could not be settled: ${errorLine(error)}`)
        }
      }
      if (rows.length < settings.batch || closed) return
    }
  }

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (closed) return
    timer = setTimeout(kick, Math.max(0, ms))
    timer.unref()
  }

  async function next() {
    const due = await repo.nextDue()
    const wait = due ? Math.min(due.getTime() - Date.now() + 20, settings.pollMs) : settings.pollMs
    schedule(wait)
  }

  function kick() {
    if (closed || !transport) return
    if (running) {
      again = true
      return
    }
    running = pass()
      .then(next)
      .catch((error: unknown) => {
        console.error(`[correo] the outbox pass failed: ${errorLine(error)}`)
        schedule(settings.pollMs)
      })
      .finally(() => {
        running = null
        if (again) {
          again = false
          kick()
        }
      })
  }

  return {
    configured: transport !== null,
    async start() {
      if (options.soleProcess) await repo.releaseAll()
      kick()
    },
    /** A row was stored in this process: looked at now rather than at the next poll. */
    wake: kick,
    async close() {
      closed = true
      clearTimeout(timer)
      await running
      transport?.close()
    },
  }
}

export type OutboxWorker = ReturnType<typeof outboxWorker>
