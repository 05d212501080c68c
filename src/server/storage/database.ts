import { accessSync, constants, mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import { SettingError } from '../setting-error'
import { takeEmbeddedLock } from './embedded-lock'
import type { ErrorFields, PGliteAssets, Reply, Request } from './database-worker'
import type { RowsOfSteps, Prepared, Step } from './prepared'

/**
 * One SQL interface over the embedded default (PGlite: PostgreSQL compiled to WebAssembly, no
 * server to install) and a real PostgreSQL (DATABASE_URL). Both speak the same dialect, so the
 * schema, the migrations and every query are the same text on both.
 */
export interface Database {
  readonly kind: 'embedded' | 'postgres'
  /** The embedded database's folder, which this process alone holds (embedded-lock.ts); absent for memory:// and PostgreSQL. */
  readonly folder?: string
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
function prepareDataDir(dataDir: string): string | undefined {
  if (dataDir.includes('://')) return undefined // memory:// and other PGlite stores have no folder
  try {
    mkdirSync(dataDir, { recursive: true })
    accessSync(dataDir, constants.R_OK | constants.W_OK)
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new SettingError(`DATA_DIR: cannot create or write the embedded database folder ${resolve(dataDir)} (${reason}). Set DATA_DIR to a writable folder.`)
  }
  return resolve(dataDir)
}

/**
 * The embedded database's thread (database-worker.ts), built by build.mjs beside the server's
 * bundle (dist/server/). Run from the TypeScript sources (the tests, through vitest, which builds
 * first), it is the built one in dist/: Node cannot run the TypeScript in a worker itself.
 */
const WORKER_SCRIPT = new URL(import.meta.url.endsWith('.ts') ? '../../../dist/server/database-worker.mjs' : './database-worker.mjs', import.meta.url)

/**
 * PGlite's WebAssembly compiled once per process and handed to every database thread, with its
 * file system bundle read once: each thread compiling its own was about half of an open's CPU
 * (0.9 s against 0.45 s on a 2-core machine), paid by every test server (docs/testing.md#suite-time).
 * Undefined when the files are not where the package keeps them: PGlite then loads its own.
 */
let pgliteAssets: Promise<PGliteAssets | undefined> | undefined
function pgliteAssetsOnce(): Promise<PGliteAssets | undefined> {
  pgliteAssets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    const [pglite, initdb, fsBundle] = await Promise.all(['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(join(dist, file))))
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite!), WebAssembly.compile(initdb!)])
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Uint8Array(fsBundle!) }
  })().catch(() => undefined)
  return pgliteAssets
}

/**
 * PGlite runs in a thread of its own (database-worker.ts), so its WebAssembly, its file system
 * calls and the reading of its rows use another core than socket.io and the agent
 * (docs/behaviour.md#chat-at-load). Requests go to the thread as they come, and it runs them one
 * at a time in that order; a transaction, whose statements come from JavaScript between round
 * trips, holds back the requests made after it until it ends, as PGlite's own transaction() does.
 */
async function openEmbedded(dataDir: string): Promise<Database> {
  const folder = prepareDataDir(dataDir)
  // Before PGlite touches the files: a second opener is refused here (embedded-lock.ts).
  const lock = folder ? takeEmbeddedLock(folder) : undefined
  const worker = new Worker(WORKER_SCRIPT)
  const pending = new Map<number, { resolve(rows: unknown): void; reject(error: Error): void }>()
  let lastId = 0
  /** Why the thread is gone, once it is: every call waiting or made then fails with it. */
  let gone: Error | undefined
  let crash: Error | undefined
  worker.on('error', (error) => (crash = error))
  worker.on('exit', (code) => {
    gone ??= new Error(`The embedded database's thread stopped (exit code ${code}${crash ? `: ${crash.message}` : ''}).`)
    for (const call of pending.values()) call.reject(gone)
    pending.clear()
  })
  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id)
    if (!call) return
    pending.delete(reply.id)
    // The thread keeps the process alive only while a call waits for it, as PGlite in this thread did.
    if (pending.size === 0) worker.unref()
    if (reply.error) call.reject(errorFrom(reply.error))
    else call.resolve(reply.rows)
  })
  const call = <T>(request: Request) =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(gone)
      const id = ++lastId
      pending.set(id, { resolve: resolve as (rows: unknown) => void, reject })
      if (pending.size === 1) worker.ref()
      worker.postMessage({ ...request, id })
    })

  try {
    await call({ op: 'open', dataDir, assets: await pgliteAssetsOnce() })
  } catch (error) {
    await worker.terminate()
    lock?.release()
    throw error
  }
  let transactionEnds: Promise<unknown> = Promise.resolve()
  const afterTransaction = <T>(work: () => Promise<T>): Promise<T> => transactionEnds.then(work)
  return {
    kind: 'embedded',
    ...(folder ? { folder } : {}),
    query: (sql, params = []) => afterTransaction(() => call({ op: 'query', sql, params })),
    transaction(work) {
      const run = afterTransaction(async () => {
        await call({ op: 'begin' })
        let closed = false
        const tx: Queryable = {
          query: (sql, params = []) => (closed ? Promise.reject(new Error('Transaction is closed')) : call({ op: 'query', sql: textOf(sql), params })),
        }
        try {
          const result = await work(tx)
          closed = true
          await call({ op: 'commit' })
          return result
        } catch (error) {
          if (!closed) {
            closed = true
            await call({ op: 'rollback' })
          }
          throw error
        }
      })
      transactionEnds = run.catch(() => {})
      return run
    },
    runTogether: (steps) =>
      afterTransaction(async () => {
        const rows = await call<unknown[][]>({ op: 'run', steps: steps.filter((step) => step !== null) as Step<unknown>[] })
        return steps.map((step) => (step === null ? null : rows.shift())) as never
      }),
    close: () =>
      afterTransaction(async () => {
        if (!gone) {
          await call({ op: 'close' })
          gone = new Error('The embedded database is closed.')
          await worker.terminate()
        }
        // A thread that stopped by itself left the folder too: it is free once its opener is done.
        lock?.release()
      }),
  }
}

/** An error of the database's thread, with its fields (PostgreSQL's code, detail…), as this thread's. */
function errorFrom({ message, name, ...fields }: ErrorFields): Error {
  const error = Object.assign(new Error(message), fields)
  if (name !== error.name) error.name = name
  return error
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
  // Processes starting together may both create it: IF NOT EXISTS is not atomic (23505 on pg_namespace).
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).catch((error: { code?: string }) => {
    if (error.code !== '23505' && error.code !== '42P06') throw error
  })
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
