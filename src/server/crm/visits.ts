import { randomUUID } from 'node:crypto'
import { VISIT_LIST_MAX, VISIT_NOT_YET_ERROR, VISIT_OUTCOMES, VISIT_PAST_ERROR, type HistoryEntry, type NewVisit, type Visit, type VisitStatus, type VisitWeek } from '../../protocol/crm'
import { selectVisits, toVisit, type VisitRow } from '../storage/chat-repo'
import type { Database, Queryable } from '../storage/database'
import { changeField, historyOf } from './history'
import { agencyDayStart } from './lead-filter'
import { weekOf } from '../../domain/agency-clock'
import { visitMessage, type VisitChange } from './visit-messages'

const SELECT_VISITS = selectVisits('appointments')

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
const STATUS_CHANGES: Partial<Record<VisitStatus, VisitChange>> = { confirmada: 'confirmed', cancelada: 'cancelled' }

export function visitPipeline(db: Database, clock: () => Date = () => new Date()) {
  const byId = async (q: Queryable, id: string) => {
    const [row] = await q.query<VisitRow>(`${SELECT_VISITS} WHERE a.id = $1`, [id])
    return row ? toVisit(row) : null
  }
  const outcome = (visit: Visit, change: VisitChange | undefined): VisitOutcome => ({
    ok: true,
    visit,
    message: change ? visitMessage(change, visit, clock()) : null,
  })

  return {
    byId: (id: string) => byId(db, id),

    /** Every visit of the Monday-to-Sunday week (Cancún) holding `day`, in time order. */
    async week(day: string): Promise<VisitWeek> {
      const week = weekOf(day)
      const rows = await db.query<VisitRow>(
        `${SELECT_VISITS} WHERE a.at >= ${agencyDayStart('$1')} AND a.at < ${agencyDayStart('$2', 1)} ORDER BY a.at, a.id`,
        [week.from, week.to],
      )
      return { ...week, visits: rows.map(toVisit) }
    },

    /** Upcoming and recent visits, soonest first, optionally of one status. */
    async list(options: { status?: VisitStatus; from?: string; limit?: number } = {}): Promise<Visit[]> {
      const rows = await db.query<VisitRow>(
        `${SELECT_VISITS} WHERE ($1::text IS NULL OR a.status = $1) AND a.at >= ${agencyDayStart('$2')} ORDER BY a.at, a.id LIMIT $3`,
        [options.status ?? null, options.from ?? '1970-01-01', options.limit ?? VISIT_LIST_MAX],
      )
      return rows.map(toVisit)
    },

    async forVisitor(visitorId: string): Promise<Visit[]> {
      return (await db.query<VisitRow>(`${SELECT_VISITS} WHERE a.visitor_id = $1 ORDER BY a.at`, [visitorId])).map(toVisit)
    },

    history: (id: string): Promise<HistoryEntry[]> => historyOf(db, 'visit', id),

    /** A person books a visit for a visitor: confirmed, since they agreed on it in the conversation. */
    async book(visitorId: string, visit: NewVisit, actor: string): Promise<VisitOutcome> {
      if (Date.parse(visit.at) <= clock().getTime()) return { ok: false, error: VISIT_ERRORS.past }
      const id = randomUUID()
      const booked = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO chat_visitors (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [visitorId])
        await tx.query(
          `INSERT INTO appointments (id, visitor_id, at, name, phone, email, property_slug, note, status, booked_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'confirmada', $9)`,
          [id, visitorId, visit.at, visit.name, visit.phone, visit.email, visit.propertySlug, visit.note, actor],
        )
        await tx.query(
          `INSERT INTO pipeline_history (entity, entity_id, field, old_value, new_value, actor) VALUES ('visit', $1, 'status', NULL, 'confirmada', $2)`,
          [id, actor],
        )
        return byId(tx, id)
      })
      return outcome(booked!, 'booked')
    },

    async move(id: string, at: string, actor: string): Promise<VisitOutcome> {
      if (Date.parse(at) <= clock().getTime()) return { ok: false, error: VISIT_ERRORS.past }
      const moved = await db.transaction(async (tx) => {
        const current = await byId(tx, id)
        if (!current) return VISIT_ERRORS.notFound
        if (current.status === 'cancelada') return VISIT_ERRORS.cancelled
        if (VISIT_OUTCOMES.includes(current.status)) return VISIT_ERRORS.settled
        await changeField(tx, 'visit', id, 'at', at, actor)
        return byId(tx, id)
      })
      return typeof moved === 'string' || !moved ? { ok: false, error: moved ?? VISIT_ERRORS.notFound } : outcome(moved, 'moved')
    },

    async setStatus(id: string, status: VisitStatus, actor: string): Promise<VisitOutcome> {
      const changed = await db.transaction(async (tx) => {
        const before = await byId(tx, id)
        if (!before) return VISIT_ERRORS.notFound
        if (VISIT_OUTCOMES.includes(status) && Date.parse(before.at) > clock().getTime()) return VISIT_ERRORS.notYet
        await changeField(tx, 'visit', id, 'status', status, actor)
        return { before, after: (await byId(tx, id))! }
      })
      if (typeof changed === 'string') return { ok: false, error: changed }
      return outcome(changed.after, changed.before.status === status ? undefined : STATUS_CHANGES[status])
    },

    cancel(id: string, actor: string): Promise<VisitOutcome> {
      return this.setStatus(id, 'cancelada', actor)
    },
  }
}

export type VisitPipeline = ReturnType<typeof visitPipeline>
