/**
 * The whole catalogue read and written at once (issue 32): `npm run catalogue -- export|import`
 * (server/catalogue/io.ts) and the demo seed of an empty database (catalogue-repo.ts
 * `seedCatalogue`) share this one upsert. A record is added when its key is new (a property's
 * `id`, every other record's `slug`), updated when its data or publication changed, left alone
 * when not; records the file lacks are deleted only when asked (`deleteMissing`: the kinds to do it for).
 *
 * Each kind's table, key and columns are the edit repository's (catalogue-rows.ts CATALOGUE_TABLES
 * and rowColumns): an imported row is the row a console save would write.
 */
import { listingRows } from '../../catalogue/listing-criteria'
import type { BlogPost, Development, Product, Property, Zone } from '../../catalogue/model'
import { PUBLISHED, type CatalogueFile, type Publication } from '../../catalogue/catalogue-file'
import { CATALOGUE_TABLES, rowColumns } from './catalogue-rows'
import type { Database, Queryable } from './database'

/** The file's lists, each as the console's kind (its table and key in CATALOGUE_TABLES) and whether its records have a publication. */
const TABLES = {
  zones: { ...CATALOGUE_TABLES.zones, published: false },
  properties: { ...CATALOGUE_TABLES.properties, published: true },
  developments: { ...CATALOGUE_TABLES.developments, published: true },
  blog: { ...CATALOGUE_TABLES.posts, published: true },
  products: { ...CATALOGUE_TABLES.products, published: false },
} as const
export type CatalogueKind = keyof typeof TABLES
export const CATALOGUE_KINDS = Object.keys(TABLES) as CatalogueKind[]

/** What an import did to one kind of record. */
export interface KindCounts {
  added: number
  updated: number
  unchanged: number
  deleted: number
}
export type ImportCounts = Record<CatalogueKind, KindCounts>

/** A record as stored in `data`: the model object without the file's `publication`. */
function stored<T extends object>(record: T): Omit<T, 'publication'> {
  const { publication: _publication, ...data } = record as T & { publication?: Publication }
  return data
}

/** The file's record with its publication, written only when it is not the default. */
function withPublication<T>(data: T, publication: Publication | null | undefined): T & { publication?: Publication } {
  return publication && publication !== PUBLISHED ? { ...data, publication } : (data as T & { publication?: Publication })
}

/** Every record of the catalogue, whatever its publication, in the storage's usual orders. */
async function readAll(db: Queryable): Promise<CatalogueFile> {
  const publication = ', publication'
  const rows = async <T>(sql: string) =>
    (await db.query<{ data: T; publication: Publication | null }>(sql)).map((r) => withPublication(r.data, r.publication))
  return {
    zones: (await db.query<{ data: Zone }>('SELECT data FROM zones ORDER BY slug')).map((r) => r.data),
    properties: await rows<Property>(`SELECT data${publication} FROM properties ORDER BY id COLLATE "C"`),
    developments: await rows<Development>(`SELECT data${publication} FROM developments ORDER BY price_from_mxn, slug`),
    blog: await rows<BlogPost>(`SELECT data${publication} FROM blog_posts ORDER BY published_at DESC, slug`),
    products: (await db.query<{ data: Product }>('SELECT data FROM products ORDER BY slug')).map((r) => r.data),
  }
}

/**
 * One upsert statement per table: the row's columns (rowColumns) and its publication, a changed
 * row's revision bumped (a console form open on it is then told it is stale) and its last editor
 * cleared, an unchanged row not touched. Returns whether the row was inserted, or nothing when it
 * was unchanged.
 */
function upsertSql(table: string, key: string, columns: readonly string[], published: boolean): string {
  const all = [...columns, ...(published ? ['publication'] : [])]
  const placeholders = all.map((_, i) => `$${i + 1}`)
  const updates = [...all.filter((c) => c !== key).map((c) => `${c} = EXCLUDED.${c}`), `revision = ${table}.revision + 1`, 'updated_at = now()', 'updated_by = NULL']
  const changed = ['data', ...(published ? ['publication'] : [])].map((c) => `${table}.${c} IS DISTINCT FROM EXCLUDED.${c}`)
  return `INSERT INTO ${table} (${all.join(', ')}) VALUES (${placeholders.join(', ')})
    ON CONFLICT (${key}) DO UPDATE SET ${updates.join(', ')} WHERE ${changed.join(' OR ')}
    RETURNING (xmax = 0) AS inserted`
}

/** Thrown inside the transaction to undo it: what the check found against the stored catalogue. */
export class CatalogueRefused extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'))
  }
}

/**
 * Writes `file` into the catalogue in one transaction: all of it or nothing. `check` sees the
 * stored catalogue first (inside the transaction, so no edit slips between the check and the
 * write) and returns the lines of what it refuses; any line undoes everything (CatalogueRefused).
 */
export async function writeCatalogue(
  db: Database,
  file: CatalogueFile,
  options: { deleteMissing: readonly CatalogueKind[]; check?: (current: CatalogueFile) => string[] },
): Promise<ImportCounts> {
  return db.transaction(async (tx) => {
    const current = await readAll(tx)
    const refused = options.check?.(current) ?? []
    if (refused.length) throw new CatalogueRefused(refused)
    return upsertCatalogue(tx, file, current, options.deleteMissing)
  })
}

async function upsertCatalogue(tx: Queryable, file: CatalogueFile, current: CatalogueFile, deleteMissing: readonly CatalogueKind[]): Promise<ImportCounts> {
  const counts = Object.fromEntries(CATALOGUE_KINDS.map((kind) => [kind, { added: 0, updated: 0, unchanged: 0, deleted: 0 }])) as ImportCounts
  const upsert = async (kind: CatalogueKind, columns: Record<string, unknown>, publication?: Publication) => {
    const { table, key, published } = TABLES[kind]
    const values = Object.values(columns)
    const [row] = await tx.query<{ inserted: boolean }>(upsertSql(table, key, Object.keys(columns), published), published ? [...values, publication ?? PUBLISHED] : values)
    counts[kind][row ? (row.inserted ? 'added' : 'updated') : 'unchanged']++
  }
  // Deleted before the upserts, so a new record may take the slug of one deleted.
  for (const kind of (['properties', 'developments', 'zones', 'blog', 'products'] as const).filter((k) => deleteMissing.includes(k))) {
    const { table, key } = TABLES[kind]
    const keep = (file[kind] as unknown as readonly Record<string, unknown>[]).map((record) => String(record[key]))
    const gone = await tx.query(`DELETE FROM ${table} WHERE NOT (${key} = ANY($1::text[])) RETURNING ${key}`, [keep])
    counts[kind].deleted = gone.length
  }
  // A property whose slug changes lets go of the old one first: two properties may swap slugs.
  await tx.query(
    `UPDATE properties SET slug = '~' || properties.id FROM unnest($1::text[], $2::text[]) AS incoming (id, slug)
     WHERE properties.id = incoming.id AND properties.slug <> incoming.slug`,
    [file.properties.map((p) => p.id), file.properties.map((p) => p.slug)],
  )
  for (const zone of file.zones) await upsert('zones', rowColumns.zones(stored(zone)))
  for (const d of file.developments) await upsert('developments', rowColumns.developments(stored(d)), d.publication)
  // The search text holds zone and development names: computed over the catalogue as it will be.
  const zones = mergeByKey(current.zones, file.zones, (z) => z.slug)
  const developments = mergeByKey(current.developments, file.developments, (d) => d.slug)
  const publications = new Map(file.properties.map((p) => [p.id, p.publication]))
  for (const row of listingRows({ properties: file.properties.map(stored), zones, developments })) {
    await upsert('properties', rowColumns.properties(row), publications.get(row.property.id))
  }
  for (const post of file.blog) await upsert('blog', rowColumns.posts(stored(post)), post.publication)
  for (const product of file.products) await upsert('products', rowColumns.products(stored(product)))

  // The properties as they now are, from what was read and written: no second read of the table.
  const kept = deleteMissing.includes('properties') ? [] : current.properties
  await refreshSearchText(tx, file, mergeByKey(kept.map(stored), file.properties.map(stored), (p) => p.id), zones, developments)
  return counts
}

/** `current` with `incoming` over it, by key. */
function mergeByKey<T>(current: readonly T[], incoming: readonly T[], key: (record: T) => string): T[] {
  const merged = new Map(current.map((record) => [key(record), record]))
  for (const record of incoming) merged.set(key(record), record)
  return [...merged.values()]
}

/**
 * A zone or development renamed by the file changes the search text (the words a visitor searches
 * with) of the properties that name it: those the file lacks, and those it carries unchanged (their
 * upsert wrote nothing). Rewritten where it differs.
 */
async function refreshSearchText(tx: Queryable, file: CatalogueFile, properties: Property[], zones: Zone[], developments: Development[]) {
  if (!file.zones.length && !file.developments.length) return
  for (const { property, searchText } of listingRows({ properties, zones, developments })) {
    await tx.query('UPDATE properties SET search_text = $2 WHERE id = $1 AND search_text IS DISTINCT FROM $2', [property.id, searchText])
  }
}

/** Read access to the whole catalogue, drafts and archived records included (never for a public read). */
export function catalogueImportRepository(db: Database) {
  return {
    readAll: () => readAll(db),
    write: (file: CatalogueFile, options: Parameters<typeof writeCatalogue>[2]) => writeCatalogue(db, file, options),
  }
}
