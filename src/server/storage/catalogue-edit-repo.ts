/**
 * The catalogue's write side (docs/catalogue.md): records of every kind as the console edits them
 * (drafts and archived ones included), their revisions, who changed what (catalogue_history) and
 * the redirects a changed or archived address leaves (catalogue_redirects). The rules are the
 * edit service's (server/catalogue/edits.ts); this file only stores. A save is one transaction
 * (`edit`): every statement of it is stored, or none.
 */
import { listingRows, type ListingRow } from '../../catalogue/listing-criteria'
import { foldText } from '../../domain/fold'
import { hasPublication } from '../../catalogue/schema'
import type { Development, Property, Zone } from '../../catalogue/model'
import type { CatalogueKind, CatalogueRecords, HistoryEntry, Publication } from '../../protocol/catalogue'
import { CATALOGUE_TABLES, insertRow, rowColumns } from './catalogue-rows'
import type { Database, Queryable } from './database'
import { listingSql } from './listings-sql'

/** A record as stored, with what the console needs to edit it. */
export interface StoredRecord<T> {
  record: T
  publication: Publication
  revision: number
  updatedAt: string
  updatedBy: string | null
}

/** Who makes a change: their account id and name (kept as they were, for the history). */
export interface Actor {
  id: string
  name: string
}

/** One field's change, for the history. */
export interface FieldChange {
  field: string
  old: unknown
  new: unknown
}

/** The console's list filters (all optional). */
export interface CatalogueListFilter {
  q?: string
  status?: string
  operation?: string
  type?: string
  zone?: string
  development?: string
  featured?: boolean
  publication?: Publication
  page: number
  pageSize: number
}

interface Row<T> {
  data: T
  publication?: Publication
  revision: number
  updated_at: Date | string
  updated_by: string | null
}


const stored = <T>(kind: CatalogueKind, row: Row<T>): StoredRecord<T> => ({
  record: row.data,
  publication: hasPublication(kind) ? (row.publication ?? 'publicada') : 'publicada',
  revision: Number(row.revision),
  updatedAt: new Date(row.updated_at).toISOString(),
  updatedBy: row.updated_by,
})

const columnsOf = (kind: CatalogueKind) => `data, revision, updated_at, updated_by${hasPublication(kind) ? ', publication' : ''}`

/** The text a list's `q` is matched against (folded as listing searches fold). */
const TITLE_SQL: Record<Exclude<CatalogueKind, 'properties'>, string> = {
  developments: "data->>'name'",
  posts: "data->>'title'",
  zones: "data->>'name'",
  products: "data->>'title' || ' ' || (data->>'name')",
}
/** foldText in SQL, for the few letters the catalogue's Spanish names carry. */
const foldSql = (sql: string) => `translate(lower(${sql}), 'áéíóúüñ', 'aeiouun')`

/** Reads that see every record, drafts included (the console's). */
function editReads(db: Queryable) {
  async function get<K extends CatalogueKind>(kind: K, key: string, lock = false): Promise<StoredRecord<CatalogueRecords[K]> | null> {
    const { table, key: column } = CATALOGUE_TABLES[kind]
    const [row] = await db.query<Row<CatalogueRecords[K]>>(`SELECT ${columnsOf(kind)} FROM ${table} WHERE ${column} = $1${lock ? ' FOR UPDATE' : ''}`, [key])
    return row ? stored(kind, row) : null
  }

  return {
    get,
    /** The key of the record of `kind` whose slug is `slug`, or null. */
    async slugOwner(kind: CatalogueKind, slug: string): Promise<string | null> {
      const { table, key } = CATALOGUE_TABLES[kind]
      const [row] = await db.query<{ key: string }>(`SELECT ${key} AS key FROM ${table} WHERE slug = $1`, [slug])
      return row?.key ?? null
    },
    /** The slug of the zone whose page is at `path`, or null. */
    async zoneWithPath(path: string): Promise<string | null> {
      const [row] = await db.query<{ slug: string }>("SELECT slug FROM zones WHERE data->>'path' = $1", [path])
      return row?.slug ?? null
    },
    async exists(kind: CatalogueKind, key: string): Promise<boolean> {
      const { table, key: column } = CATALOGUE_TABLES[kind]
      return (await db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [key])).length > 0
    },
    async list<K extends CatalogueKind>(kind: K, filter: CatalogueListFilter): Promise<{ items: StoredRecord<CatalogueRecords[K]>[]; total: number }> {
      const { table } = CATALOGUE_TABLES[kind]
      const params: unknown[] = []
      const param = (value: unknown) => {
        params.push(value)
        return `$${params.length}`
      }
      let where: string[]
      let orderBy: string
      if (kind === 'properties') {
        // The public search's criteria (catalogue/listing-criteria.ts), within any publication.
        const sql = listingSql(
          { q: filter.q, operacion: filter.operation as never, tipo: filter.type as never, zona: filter.zone, desarrollo: filter.development },
          filter.publication ? { publication: filter.publication } : {},
        )
        params.push(...sql.params)
        where = [sql.where]
        if (filter.status) where.push(`status = ${param(filter.status)}`)
        if (filter.featured !== undefined) where.push(`featured = ${param(filter.featured)}`)
        orderBy = 'updated_at DESC, id COLLATE "C"'
      } else {
        where = []
        const words = foldText(filter.q ?? '').split(/\s+/).filter(Boolean)
        const title = TITLE_SQL[kind as Exclude<CatalogueKind, 'properties'>]
        // A word is bound as data; its LIKE wildcards escaped.
        for (const word of words) where.push(`${foldSql(title)} LIKE ${param(`%${word.replace(/[\\%_]/g, '\\$&')}%`)}`)
        if (filter.zone && kind === 'developments') where.push(`zone = ${param(filter.zone)}`)
        if (filter.publication && hasPublication(kind)) where.push(`publication = ${param(filter.publication)}`)
        orderBy = 'updated_at DESC, slug'
      }
      const condition = where.length ? where.join(' AND ') : 'TRUE'
      const limit = param(filter.pageSize)
      const offset = param((filter.page - 1) * filter.pageSize)
      const rows = await db.query<Row<CatalogueRecords[K]> & { total: string | number }>(
        `SELECT ${columnsOf(kind)}, count(*) OVER () AS total FROM ${table} WHERE ${condition} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
        params,
      )
      let total = Number(rows[0]?.total ?? 0)
      if (rows.length === 0 && filter.page > 1) {
        const [count] = await db.query<{ total: string | number }>(`SELECT count(*) AS total FROM ${table} WHERE ${condition}`, params.slice(0, -2))
        total = Number(count?.total ?? 0)
      }
      return { items: rows.map((row) => stored(kind, row)), total }
    },
    /** A record's changes, newest first. */
    async history(kind: CatalogueKind, recordId: string, limit = 200): Promise<HistoryEntry[]> {
      const rows = await db.query<{ field: string; old_value: unknown; new_value: unknown; actor_name: string | null; at: Date | string }>(
        'SELECT field, old_value, new_value, actor_name, at FROM catalogue_history WHERE kind = $1 AND record_id = $2 ORDER BY id DESC LIMIT $3',
        [kind, recordId, limit],
      )
      return rows.map((r) => ({ field: r.field, old: r.old_value, new: r.new_value, actorName: r.actor_name, at: new Date(r.at).toISOString() }))
    },
    /** Zones and developments for the forms' selects (drafts included). */
    async choices() {
      const zones = await db.query<{ data: Zone }>('SELECT data FROM zones ORDER BY slug')
      const developments = await db.query<{ data: Development; publication: Publication }>('SELECT data, publication FROM developments ORDER BY slug')
      return {
        zones: zones.map(({ data }) => ({ slug: data.slug, name: data.name })),
        developments: developments.map(({ data, publication }) => ({ slug: data.slug, name: data.name, zone: data.zone, publication })),
      }
    },
    /** Where a path redirects now, if it does. */
    async redirectOf(fromPath: string): Promise<string | null> {
      const [row] = await db.query<{ to_path: string }>('SELECT to_path FROM catalogue_redirects WHERE from_path = $1', [fromPath])
      return row?.to_path ?? null
    },
  }
}

/** The writes of one save, on its transaction. */
function editWrites(tx: Queryable) {
  const reads = editReads(tx)

  /** A property's listing row: its search columns read the names of its zone and development. */
  async function listingRow(property: Property): Promise<ListingRow> {
    const zones = (await tx.query<{ data: Zone }>('SELECT data FROM zones WHERE slug = $1', [property.zone])).map((r) => r.data)
    const developments = property.development
      ? (await tx.query<{ data: Development }>('SELECT data FROM developments WHERE slug = $1', [property.development])).map((r) => r.data)
      : []
    return listingRows({ properties: [property], zones, developments })[0]!
  }

  async function columns<K extends CatalogueKind>(kind: K, record: CatalogueRecords[K]): Promise<Record<string, unknown>> {
    if (kind === 'properties') return rowColumns.properties(await listingRow(record as Property))
    return (rowColumns[kind] as (r: CatalogueRecords[K]) => Record<string, unknown>)(record)
  }

  /** Publication, revision and who saved, beside the kind's own columns. */
  const bookkeeping = (kind: CatalogueKind, publication: Publication, actor: Actor) => ({
    ...(hasPublication(kind) ? { publication } : {}),
    updated_by: actor.name,
  })

  return {
    ...reads,
    async insert<K extends CatalogueKind>(kind: K, record: CatalogueRecords[K], publication: Publication, actor: Actor): Promise<StoredRecord<CatalogueRecords[K]>> {
      const { table, key } = CATALOGUE_TABLES[kind]
      const all: Record<string, unknown> = { ...(await columns(kind, record)), ...bookkeeping(kind, publication, actor) }
      await insertRow(tx, table, all)
      return (await reads.get(kind, String(all[key])))!
    },
    /**
     * Replace the record stored under `key` (its key may change: a new slug); the revision grows
     * by one. The caller read it locked (get(kind, key, true)) and checked the revision.
     */
    async update<K extends CatalogueKind>(kind: K, key: string, record: CatalogueRecords[K], publication: Publication, actor: Actor): Promise<StoredRecord<CatalogueRecords[K]>> {
      const { table, key: keyColumn } = CATALOGUE_TABLES[kind]
      const all: Record<string, unknown> = { ...(await columns(kind, record)), ...bookkeeping(kind, publication, actor) }
      const names = Object.keys(all)
      const values = Object.values(all)
      await tx.query(
        `UPDATE ${table} SET ${names.map((name, i) => `${name} = $${i + 1}`).join(', ')}, revision = revision + 1, updated_at = now()
         WHERE ${keyColumn} = $${names.length + 1}`,
        [...values, key],
      )
      return (await reads.get(kind, String(all[keyColumn])))!
    },
    /** One history row per changed field, by `actor`, now. */
    async recordHistory(kind: CatalogueKind, recordId: string, changes: FieldChange[], actor: Actor): Promise<void> {
      for (const change of changes) {
        await tx.query(
          `INSERT INTO catalogue_history (kind, record_id, field, old_value, new_value, actor_id, actor_name)
           VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7)`,
          [kind, recordId, change.field, JSON.stringify(change.old ?? null), JSON.stringify(change.new ?? null), actor.id, actor.name],
        )
      }
    },
    /** A record's history follows it to its new key (a slug is the key of every kind but properties). */
    async moveHistory(kind: CatalogueKind, from: string, to: string): Promise<void> {
      await tx.query('UPDATE catalogue_history SET record_id = $3 WHERE kind = $1 AND record_id = $2', [kind, from, to])
    },
    /**
     * `from` now answers 301 to `to`, the record's new address: older redirects to `from` go
     * straight to `to` (no chains), and nothing redirects away from `to` (a withdrawn record's
     * save then gives it its own row, `withdraw`).
     */
    async redirect(from: string, to: string): Promise<void> {
      if (from === to) return
      await tx.query('DELETE FROM catalogue_redirects WHERE from_path = $1', [to])
      await tx.query('UPDATE catalogue_redirects SET to_path = $2 WHERE to_path = $1', [from, to])
      await tx.query(
        `INSERT INTO catalogue_redirects (from_path, to_path) VALUES ($1, $2)
         ON CONFLICT (from_path) DO UPDATE SET to_path = EXCLUDED.to_path, created_at = now()`,
        [from, to],
      )
    },
    /**
     * `from`, a withdrawn record's address, answers 301 to `to` (its section). Unlike `redirect`, the
     * rows pointing at `from` stay: they are the record's older addresses, back when it is
     * published again (the live site follows them to `to` meanwhile: catalogue/live.ts).
     */
    async withdraw(from: string, to: string): Promise<void> {
      await tx.query(
        `INSERT INTO catalogue_redirects (from_path, to_path) VALUES ($1, $2)
         ON CONFLICT (from_path) DO UPDATE SET to_path = EXCLUDED.to_path`,
        [from, to],
      )
    },
    /** Whether `path` answers a 301 or older paths answer one to it. */
    async redirected(path: string): Promise<boolean> {
      const [row] = await tx.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM catalogue_redirects WHERE from_path = $1 OR to_path = $1) AS found', [path])
      return row?.found ?? false
    },
    /** `path` is a live page again: it no longer redirects. */
    async live(path: string): Promise<void> {
      await tx.query('DELETE FROM catalogue_redirects WHERE from_path = $1', [path])
    },
    /**
     * A zone or development got a new slug or name: the properties and developments that name it
     * follow (their column and their data), and the search text of those properties is made anew.
     */
    async followRename(kind: 'zones' | 'developments', from: string, to: string): Promise<void> {
      const field = kind === 'zones' ? 'zone' : 'development'
      if (from !== to) {
        await tx.query(`UPDATE properties SET ${field} = $2, data = jsonb_set(data, '{${field}}', to_jsonb($2::text)) WHERE ${field} = $1`, [from, to])
        if (kind === 'zones') await tx.query(`UPDATE developments SET zone = $2, data = jsonb_set(data, '{zone}', to_jsonb($2::text)) WHERE zone = $1`, [from, to])
        await tx.query(`UPDATE products SET data = jsonb_set(data, '{filter,${field}}', to_jsonb($2::text)) WHERE data->'filter'->>'${field}' = $1`, [from, to])
      }
      const properties = await tx.query<{ data: Property }>(`SELECT data FROM properties WHERE ${field} = $1`, [to])
      for (const { data } of properties) {
        const row = await listingRow(data)
        await tx.query('UPDATE properties SET search_text = $2 WHERE id = $1', [data.id, row.searchText])
      }
    },
    /** Whether any property or development names this zone, or any property this development. */
    async inUse(kind: 'zones' | 'developments', slug: string): Promise<boolean> {
      const field = kind === 'zones' ? 'zone' : 'development'
      const found = await tx.query(`SELECT 1 FROM properties WHERE ${field} = $1 LIMIT 1`, [slug])
      if (found.length || kind === 'developments') return found.length > 0
      return (await tx.query('SELECT 1 FROM developments WHERE zone = $1 LIMIT 1', [slug])).length > 0
    },
    /** The next free property id: "prop-" and the highest number so far plus one, three digits at least. */
    async nextPropertyId(): Promise<string> {
      const [row] = await tx.query<{ n: number | string | null }>("SELECT max(substring(id from '^prop-([0-9]+)$')::integer) AS n FROM properties")
      return `prop-${String(Number(row?.n ?? 0) + 1).padStart(3, '0')}`
    },
  }
}

export type CatalogueEditReads = ReturnType<typeof editReads>
export type CatalogueEditTx = ReturnType<typeof editWrites>

/** Tries of one save that met another's new key: two new properties at once take the same next id. */
const SAVE_TRIES = 3
const UNIQUE_VIOLATION = '23505'

export function catalogueEditRepository(db: Database) {
  return {
    ...editReads(db),
    /**
     * Run one save in one transaction: all of it is stored, or none. On PostgreSQL two saves may
     * read the same next id or free slug at once; the second's INSERT then fails on the key, and
     * it runs again from the start, reading what the first stored (the slug now taken is refused
     * as any taken slug is).
     */
    async edit<T>(work: (tx: CatalogueEditTx) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction((tx) => work(editWrites(tx)))
        } catch (error) {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= SAVE_TRIES) throw error
        }
      }
    },
  }
}

export type CatalogueEditRepository = ReturnType<typeof catalogueEditRepository>
