import { accessSync, constants, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { SettingError } from '../setting-error'
import { embeddedRunner, type RowsOfSteps, type Prepared, type Step } from './prepared'

/**
 * One SQL interface over the embedded default (PGlite: PostgreSQL compiled to WebAssembly, no
 * server to install) and a real PostgreSQL (DATABASE_URL). Both speak the same dialect, so the
 * schema, the migrations and every query are the same text on both.
 */
export interface Database {
  readonly kind: 'embedded' | 'postgres'
  /** One statement; a prepared one (prepared.ts) is parsed and planned once per connection. */
  query<T = Record<string, unknown>>(sql: string | Prepared<T>, params?: unknown[]): Promise<T[]>
  /** Run `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Run prepared statements in order in one transaction, all stored or none, and return each
   * one's rows (null for a step left out). The embedded database runs them in one call
   * (prepared.ts), so a later statement cannot depend on an earlier one's rows in JavaScript.
   */
  runTogether<const S extends readonly (Step<unknown> | null)[]>(steps: S): Promise<RowsOfSteps<S>>
  close(): Promise<void>
}

export type Queryable = Pick<Database, 'query'>

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise the embedded database. */
  url?: string
  /** Where the embedded database keeps its files; 'memory://' keeps nothing. */
  dataDir?: string
  /** PostgreSQL schema to work in (tests use their own); created when missing. */
  schema?: string
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schema) : openEmbedded(options.dataDir ?? 'memory://')
}

/**
 * The embedded database's folder, with its parents: a fresh clone has no data/ (it is ignored),
 * and PGlite only creates the last level itself.
 */
function prepareDataDir(dataDir: string) {
  if (dataDir.includes('://')) return // memory:// and other PGlite stores have no folder
  try {
    mkdirSync(dataDir, { recursive: true })
    accessSync(dataDir, constants.R_OK | constants.W_OK)
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new SettingError(`DATA_DIR: cannot create or write the embedded database folder ${resolve(dataDir)} (${reason}). Set DATA_DIR to a writable folder.`)
  }
}

async function openEmbedded(dataDir: string): Promise<Database> {
  prepareDataDir(dataDir)
  const db = await PGlite.create(dataDir)
  // PGlite runs one statement at a time; a queue keeps transactions from interleaving.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => {})
    return run
  }
  const run = embeddedRunner(db)
  const query = async <T>(sql: string | Prepared<T>, params: unknown[] = []) =>
    typeof sql === 'string' ? (await db.query<T>(sql, params)).rows : ((await run([[sql, params]]))[0] as T[])
  return {
    kind: 'embedded',
    query: (sql, params) => serial(() => query(sql, params)),
    transaction: (work) => serial(() => db.transaction((tx) => work({ query: async (sql, params = []) => (await tx.query(textOf(sql), params)).rows as never }))),
    runTogether: (steps) =>
      serial(async () => {
        const rows = await run(steps.filter((step) => step !== null) as Step<unknown>[])
        return steps.map((step) => (step === null ? null : rows.shift())) as never
      }),
    close: () => serial(() => db.close()),
  }
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new SettingError(`DATABASE_SCHEMA: "${schema}" is not a valid schema name (lower-case letters, digits and _).`)
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message))
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  // node-postgres prepares a named statement on each pooled connection the first time it runs
  // there; one planned at each run goes unnamed, as an unprepared one.
  const statement = (sql: string | Prepared<unknown>, values: unknown[]) =>
    typeof sql === 'string' || sql.plan === 'each run' ? { text: textOf(sql), values } : { name: sql.name, text: sql.text, values }
  const database: Database = {
    kind: 'postgres',
    query: async (sql, params = []) => (await pool.query(statement(sql, params))).rows,
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({ query: async (sql, params = []) => (await client.query(statement(sql, params))).rows })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    runTogether: (steps) =>
      database.transaction(async (tx) => {
        const rows = []
        for (const step of steps) rows.push(step === null ? null : await tx.query(step[0], [...step[1]]))
        return rows as never
      }),
    close: () => pool.end(),
  }
  return database
}

const textOf = (sql: string | Prepared<unknown>) => (typeof sql === 'string' ? sql : sql.text)
