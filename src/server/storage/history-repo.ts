import type { HistoryEntry } from '../../protocol/crm'
import type { Queryable } from './database'

/** What the pipeline records changes of (docs/behaviour.md#leads, #visits). */
export type PipelineEntity = 'lead' | 'visit'

/** An instant as history keeps it: ISO in UTC, the same text on every server whatever its TimeZone. */
const ISO_UTC = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * Each entity's table and the columns a person may change, with the SQL that reads each as the
 * text history keeps (written here, never from input).
 */
const TABLES: Record<PipelineEntity, { table: string; columns: Record<string, string> }> = {
  lead: { table: 'leads', columns: { status: 'status', assigned_to: 'assigned_to', review: 'review' } },
  visit: { table: 'appointments', columns: { status: 'status', at: ISO_UTC('at'), assigned_to: 'assigned_to' } },
}

/** The pipeline's change history (`pipeline_history`) over `db`, the database or one transaction. */
export function historyRepository(db: Queryable) {
  return {
    /**
     * Sets one column of one row and records the change with who made it, only when the value
     * differs; run it in a transaction (the row is locked until it ends). Returns the row after
     * the change (unchanged row when it was equal), or null when there is no such row.
     */
    async changeField<Row>(entity: PipelineEntity, id: string, column: string, value: string | null, actor: string): Promise<Row | null> {
      const { table, columns } = TABLES[entity]
      const asText = columns[column]
      if (!asText) throw new Error(`${entity}.${column} is not a pipeline field`)
      const [old] = await db.query<{ value: string | null }>(`SELECT ${asText} AS value FROM ${table} WHERE id = $1 FOR UPDATE`, [id])
      if (!old) return null
      const [row] = await db.query<Row & { changed_value: string | null }>(
        `UPDATE ${table} SET ${column} = $2, updated_at = now() WHERE id = $1 RETURNING *, ${asText} AS changed_value`,
        [id, value],
      )
      if (old.value !== row!.changed_value) {
        await db.query(
          'INSERT INTO pipeline_history (entity, entity_id, field, old_value, new_value, actor) VALUES ($1, $2, $3, $4, $5, $6)',
          [entity, id, column, old.value, row!.changed_value, actor],
        )
      }
      return row!
    },

    /** The changes of one lead or visit, oldest first. */
    async of(entity: PipelineEntity, id: string): Promise<HistoryEntry[]> {
      const rows = await db.query<{ field: string; old_value: string | null; new_value: string | null; actor: string; at: Date | string }>(
        'SELECT field, old_value, new_value, actor, at FROM pipeline_history WHERE entity = $1 AND entity_id = $2 ORDER BY seq',
        [entity, id],
      )
      return rows.map((r) => ({ field: r.field, from: r.old_value, to: r.new_value, actor: r.actor, at: new Date(r.at).toISOString() }))
    },
  }
}

export type HistoryRepository = ReturnType<typeof historyRepository>
