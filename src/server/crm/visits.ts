import { VISIT_LIST_MAX, VISIT_NOT_YET_ERROR, VISIT_OUTCOMES, VISIT_PAST_ERROR, type HistoryEntry, type NewVisit, type Visit, type VisitStatus, type VisitWeek } from '../../protocol/crm'
import type { PipelineRepositories, PipelineStore } from '../storage/pipeline-store'
import { weekOf } from '../../domain/agency-clock'
import { visitMessage, type VisitChange } from './visit-messages'
import { planVisitMail, type VisitNoticeChange } from '../mail/visit-mail'

export const VISIT_ERRORS = {
  notFound: 'No encontramos esa visita.',
  past: VISIT_PAST_ERROR,
  cancelled: 'Esa visita está cancelada: agenda una nueva.',
  notYet: VISIT_NOT_YET_ERROR,
  /** A visit marked «Realizada» or «No asistió» is what happened: another time is another visit. */
  settled: 'Esa visita ya está marcada «Realizada» o «No asistió»: agenda una nueva.',
} as const

/** A change that reached the store, with what the visitor's widget should say (null: nothing). */
export type VisitOutcome = { ok: true; visit: Visit; message: string | null } | { ok: false; error: string }

/** Which status changes the visitor is told about. */
const STATUS_CHANGES: Partial<Record<VisitStatus, VisitChange & VisitNoticeChange>> = { confirmada: 'confirmed', cancelada: 'cancelled' }

/**
 * `mailStored`: a change stored e-mails for the visitor, in its own transaction (a visit's notice
 * and reminder, docs/email.md#visits), and the outbox may send them now.
 */
export function visitPipeline(store: PipelineStore, clock: () => Date = () => new Date(), mailStored: () => void = () => {}) {
  const { visits } = store
  /** Runs `work` in one transaction; tells the outbox afterwards when it stored e-mails. */
  const withMail = async <T>(work: (tx: PipelineRepositories, mail: (change: VisitNoticeChange, visit: Visit) => Promise<void>) => Promise<T>): Promise<T> => {
    let mailed = false
    const result = await store.inTransaction((tx) => work(tx, async (change, visit) => {
      mailed = (await planVisitMail(tx.outbox, change, visit, clock())) || mailed
    }))
    if (mailed) mailStored()
    return result
  }
  const outcome = (visit: Visit, change: VisitChange | undefined): VisitOutcome => ({
    ok: true,
    visit,
    message: change ? visitMessage(change, visit, clock()) : null,
  })

  return {
    byId: (id: string) => visits.byId(id),

    /** Every visit of the Monday-to-Sunday week (Cancún) holding `day`, in time order. */
    async week(day: string): Promise<VisitWeek> {
      const week = weekOf(day)
      return { ...week, visits: await visits.between(week.from, week.to) }
    },

    /** Upcoming and recent visits, soonest first, optionally of one status. */
    list(options: { status?: VisitStatus; from?: string; limit?: number } = {}): Promise<Visit[]> {
      return visits.from(options.status ?? null, options.from ?? '1970-01-01', options.limit ?? VISIT_LIST_MAX)
    },

    forVisitor: (visitorId: string): Promise<Visit[]> => visits.forVisitor(visitorId),

    history: (id: string): Promise<HistoryEntry[]> => store.history.of('visit', id),

    /** A person books a visit for a visitor: confirmed, since they agreed on it in the conversation. */
    async book(visitorId: string, visit: NewVisit, actor: string): Promise<VisitOutcome> {
      if (Date.parse(visit.at) <= clock().getTime()) return { ok: false, error: VISIT_ERRORS.past }
      const booked = await withMail(async (tx, mail) => {
        const stored = await tx.visits.bookConfirmed(visitorId, visit, actor)
        await mail('booked', stored)
        return stored
      })
      return outcome(booked, 'booked')
    },

    async move(id: string, at: string, actor: string): Promise<VisitOutcome> {
      if (Date.parse(at) <= clock().getTime()) return { ok: false, error: VISIT_ERRORS.past }
      const moved = await withMail(async ({ visits }, mail) => {
        const current = await visits.byId(id)
        if (!current) return VISIT_ERRORS.notFound
        if (current.status === 'cancelada') return VISIT_ERRORS.cancelled
        if (VISIT_OUTCOMES.includes(current.status)) return VISIT_ERRORS.settled
        await visits.setField(id, 'at', at, actor)
        const after = await visits.byId(id)
        if (after && Date.parse(after.at) !== Date.parse(current.at)) await mail('moved', after)
        return after
      })
      return typeof moved === 'string' || !moved ? { ok: false, error: moved ?? VISIT_ERRORS.notFound } : outcome(moved, 'moved')
    },

    async setStatus(id: string, status: VisitStatus, actor: string): Promise<VisitOutcome> {
      const changed = await withMail(async ({ visits }, mail) => {
        const before = await visits.byId(id)
        if (!before) return VISIT_ERRORS.notFound
        if (VISIT_OUTCOMES.includes(status) && Date.parse(before.at) > clock().getTime()) return VISIT_ERRORS.notYet
        await visits.setField(id, 'status', status, actor)
        const after = (await visits.byId(id))!
        const change = before.status === status ? undefined : STATUS_CHANGES[status]
        if (change) await mail(change, after)
        return { before, after }
      })
      if (typeof changed === 'string') return { ok: false, error: changed }
      return outcome(changed.after, changed.before.status === status ? undefined : STATUS_CHANGES[status])
    },

    /** The visit's adviser (`accountId` null: nobody); the visitor is not told, whatever the visit's status. */
    async assign(id: string, accountId: string | null, actor: string): Promise<VisitOutcome> {
      const assigned = await store.inTransaction(async ({ visits }) => ((await visits.setField(id, 'assigned_to', accountId, actor)) ? visits.byId(id) : null))
      return assigned ? outcome(assigned, undefined) : { ok: false, error: VISIT_ERRORS.notFound }
    },

    cancel(id: string, actor: string): Promise<VisitOutcome> {
      return this.setStatus(id, 'cancelada', actor)
    },
  }
}

export type VisitPipeline = ReturnType<typeof visitPipeline>
