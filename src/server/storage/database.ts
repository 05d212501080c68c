import { accessSync, constants, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { SettingError } from '../setting-error'

/**
 * One SQL interface over the embedded default (PGlite: PostgreSQL compiled to WebAssembly, no
 * server to install) and a real PostgreSQL (DATABASE_URL). Both speak the same dialect, so the
 * schema, the migrations and every query are the same text on both.
 */
export interface Database {
  readonly kind: 'embedded' | 'postgres'
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Run `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
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
  const query = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows
  return {
    kind: 'embedded',
    query: (sql, params) => serial(() => query(sql, params)),
    transaction: (work) => serial(() => db.transaction((tx) => work({ query: async (sql, params = []) => (await tx.query(sql, params)).rows as never }))),
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
  return {
    kind: 'postgres',
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({ query: async (sql, params = []) => (await client.query(sql, params)).rows })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
