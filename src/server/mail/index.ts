/**
 * The e-mails the server sends (docs/email.md): the outbox's worker, the visitor's e-mails (a
 * visit's notices and reminder, a copy of the conversation), the unsubscribe page, and what the
 * console shows of the outbox. One per process; every process's worker sends from the one outbox.
 */
import type { Catalogue } from '../../catalogue/model'
import { isValidEmail } from '../../domain/email'
import type { Visit } from '../../protocol/crm'
import type { Agency } from '../../shared/agency'
import type { NewAppointment } from '../storage/chat-repo'
import type { Storage } from '../storage'
import type { OutboxMail } from '../storage/outbox-repo'
import type { MailOverview, OutboxItem } from '../../protocol/mail'
import { outboxWorker, OUTBOX_DEFAULTS, type MailRenderer } from './outbox'
import { planTranscript, TRANSCRIPT_KIND, transcriptRenderers } from './transcript'
import { smtpTransport, type MailTransport } from './transport'
import { UNSUBSCRIBE_PATH, addressHash, unsubscribeRoutes, unsubscribeToken } from './unsubscribe'
import { planVisitMail, visitRenderers } from './visit-mail'
import { pipelineRepositories } from '../storage/pipeline-store'

export interface MailSettings {
  /** SMTP_URL; none: e-mails wait in the outbox. */
  smtpUrl: string | undefined
  /** MAIL_FROM; none: the agency's name and contact e-mail from its profile. */
  from: string | undefined
}

export interface MailOptions {
  storage: Storage
  settings: MailSettings
  agency: () => Agency
  catalogue: () => Catalogue
  siteUrl: () => string
  /** The worker's timings (tests shorten the waits). */
  worker?: Partial<typeof OUTBOX_DEFAULTS>
  /** Another transport than SMTP_URL's (none in the server). */
  transport?: MailTransport
}

/** How many rows of each kind the console's outbox view lists. */
const LIST_LIMIT = 50

/** An address out of MAIL_FROM ("Agencia <hola@agencia.mx>" or a bare address). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim()

/** What asking for a copy of the conversation came to: stored, or why not. */
export type TranscriptRequest = 'queued' | 'unsubscribed' | 'invalid' | 'limited'

/**
 * Copies of conversations per visitor and per address in an hour: what a person asks for, and
 * a cap on a chat used to mail someone else its messages over and over (docs/email.md#transcript).
 */
export const TRANSCRIPT_LIMITS = { perVisitor: 3, perAddress: 5, windowMs: 60 * 60_000 }

export function createMail(options: MailOptions) {
  const { storage, settings } = options
  const repo = storage.outbox
  const transport = options.transport ?? (settings.smtpUrl ? smtpTransport(settings.smtpUrl) : null)
  const fromAddress = () => (settings.from ? addressOf(settings.from) : options.agency().profile.email)
  const from = () => settings.from ?? { name: options.agency().profile.name, address: options.agency().profile.email }
  const unsubscribeUrl = async (address: string) =>
    `${options.siteUrl().replace(/\/$/, '')}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(unsubscribeToken(await repo.key('unsubscribe'), address))}`
  const visitor = async (visitorId: string) => {
    const contact = await storage.chat.visitorContact(visitorId)
    return { language: contact.language, name: contact.name }
  }
  const visits = pipelineRepositories(storage.db).visits
  const rendererSet: Record<string, MailRenderer> = {
    ...visitRenderers({
      visit: (id) => visits.byId(id),
      visitor,
      adviserName: async (accountId) => options.agency().team.find((member) => member.accountId === accountId)?.name ?? (await storage.accounts.byId(accountId))?.name ?? null,
      agency: options.agency,
      catalogue: options.catalogue,
      siteUrl: options.siteUrl,
      fromAddress,
      unsubscribeUrl,
    }),
    ...transcriptRenderers({ history: (id) => storage.chat.history(id), visitor, agency: options.agency, siteUrl: options.siteUrl, unsubscribeUrl }),
  }
  // Every e-mail comes from the agency, answers go to its contact address, and the unsubscribe link is also a header mail clients offer (RFC 8058).
  const renderers = Object.fromEntries(
    Object.entries(rendererSet).map(([kind, render]): [string, MailRenderer] => [
      kind,
      async (row) => {
        const rendered = await render(row)
        if ('skip' in rendered) return rendered
        const url = await unsubscribeUrl(row.recipient)
        return {
          ...rendered,
          mail: {
            ...rendered.mail,
            from: from(),
            replyTo: options.agency().profile.email,
            list: { unsubscribe: url },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
        }
      },
    ]),
  )
  const worker = outboxWorker({
    repo,
    transport,
    renderers,
    messageHost: () => new URL(options.siteUrl()).hostname,
    soleProcess: storage.db.kind === 'embedded',
    ...(options.worker ? { settings: options.worker } : {}),
  })

  return {
    worker,
    /** The unsubscribe page's routes, mounted by the root app. */
    routes: unsubscribeRoutes({ outbox: repo, agencyName: () => options.agency().profile.name }),
    /** Rows stored in this process: sent now rather than at the next poll. */
    stored: () => worker.wake(),
    /**
     * The automated agent's booking and the e-mails it sends, in one transaction
     * (docs/email.md#visits): a booking is never stored without its confirmation.
     */
    async bookVisit(visitorId: string, appointment: NewAppointment): Promise<Visit> {
      const { visit, mailed } = await storage.withOutbox(async ({ chat, outbox }) => {
        const booked = await chat.addAppointment(visitorId, appointment)
        return { visit: booked, mailed: await planVisitMail(outbox, 'booked', booked, new Date()) }
      })
      if (mailed) worker.wake()
      return visit
    },
    /** «envíame la conversación»: a copy to `address`, unless it unsubscribed (docs/email.md#transcript). */
    async requestTranscript(visitorId: string, address: string): Promise<TranscriptRequest> {
      if (!isValidEmail(address)) return 'invalid'
      if (await repo.unsubscribed(addressHash(address))) return 'unsubscribed'
      const recent = await repo.recent(TRANSCRIPT_KIND, visitorId, address, TRANSCRIPT_LIMITS.windowMs)
      if (recent.visitor >= TRANSCRIPT_LIMITS.perVisitor || recent.recipient >= TRANSCRIPT_LIMITS.perAddress) return 'limited'
      await planTranscript(repo, visitorId, address, new Date())
      worker.wake()
      return 'queued'
    },
    /** The console's view (admins): whether SMTP_URL is set, the counts, the rows waiting or failed and the latest sent. */
    async overview(): Promise<MailOverview> {
      const [counts, open, done] = await Promise.all([repo.counts(), repo.list(['pending', 'sending', 'failed'], LIST_LIMIT), repo.list(['sent', 'cancelled'], LIST_LIMIT)])
      return { configured: worker.configured, counts, items: [...open, ...done].map(outboxItem) }
    },
    /** «Reintentar»: a waiting or failed row goes now; null when it is neither. */
    async retry(id: string) {
      const row = await repo.retryNow(id)
      if (row) worker.wake()
      return row ? outboxItem(row) : null
    },
    start: () => worker.start(),
    close: () => worker.close(),
  }
}

export type MailService = ReturnType<typeof createMail>

const outboxItem = (row: OutboxMail): OutboxItem => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  status: row.status,
  sendAt: row.sendAt,
  attempts: row.attempts,
  lastError: row.lastError,
  updatedAt: row.updatedAt,
  sentAt: row.sentAt,
})
