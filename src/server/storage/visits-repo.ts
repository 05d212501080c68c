import { randomUUID } from 'node:crypto'
import type { NewVisit, Visit, VisitStatus } from '../../protocol/crm'
import { selectVisits, toVisit, type VisitRow } from './chat-repo'
import type { Queryable } from './database'
import { historyRepository } from './history-repo'
import { agencyDayStartSql } from '../../domain/agency-clock'

const SELECT_VISITS = selectVisits('appointments')

/** The fields of a visit a person changes from the console, each recorded in the history; `assigned_to`: its adviser. */
export type VisitField = { status: VisitStatus; at: string; assigned_to: string | null }

/** The agency's visits (`appointments`, docs/behaviour.md#visits) over `db`, the database or one transaction. */
export function visitsRepository(db: Queryable) {
  const history = historyRepository(db)
  const byId = async (id: string): Promise<Visit | null> => {
    const [row] = await db.query<VisitRow>(`${SELECT_VISITS} WHERE a.id = $1`, [id])
    return row ? toVisit(row) : null
  }
  return {
    byId,

    /** Every visit from the first day to the last (Cancún, both included), in time order. */
    async between(from: string, to: string): Promise<Visit[]> {
      const rows = await db.query<VisitRow>(
        `${SELECT_VISITS} WHERE a.at >= ${agencyDayStartSql('$1')} AND a.at < ${agencyDayStartSql('$2', 1)} ORDER BY a.at, a.id`,
        [from, to],
      )
      return rows.map(toVisit)
    },

    /** Visits from the day `from` (Cancún) on, soonest first, of one status or any (null). */
    async from(status: VisitStatus | null, from: string, limit: number): Promise<Visit[]> {
      const rows = await db.query<VisitRow>(
        `${SELECT_VISITS} WHERE ($1::text IS NULL OR a.status = $1) AND a.at >= ${agencyDayStartSql('$2')} ORDER BY a.at, a.id LIMIT $3`,
        [status, from, limit],
      )
      return rows.map(toVisit)
    },

    async forVisitor(visitorId: string): Promise<Visit[]> {
      return (await db.query<VisitRow>(`${SELECT_VISITS} WHERE a.visitor_id = $1 ORDER BY a.at`, [visitorId])).map(toVisit)
    },

    /**
     * Stores a visit a person booked, confirmed, with its first history entry (the visitor row
     * is created when missing); run it in a transaction. Returns the stored visit.
     */
    async bookConfirmed(visitorId: string, visit: NewVisit, actor: string): Promise<Visit> {
      const id = randomUUID()
      await db.query('INSERT INTO chat_visitors (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [visitorId])
      await db.query(
        `INSERT INTO appointments (id, visitor_id, at, name, phone, email, property_slug, note, status, booked_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'confirmada', $9)`,
        [id, visitorId, visit.at, visit.name, visit.phone, visit.email, visit.propertySlug, visit.note, actor],
      )
      await db.query(
        `INSERT INTO pipeline_history (entity, entity_id, field, old_value, new_value, actor) VALUES ('visit', $1, 'status', NULL, 'confirmada', $2)`,
        [id, actor],
      )
      return (await byId(id))!
    },

    /** Sets one field and records the change; run it in a transaction. False when no such visit. */
    async setField<F extends keyof VisitField>(id: string, field: F, value: VisitField[F], actor: string): Promise<boolean> {
      return (await history.changeField('visit', id, field, value, actor)) !== null
    },
  }
}

export type VisitsRepository = ReturnType<typeof visitsRepository>
