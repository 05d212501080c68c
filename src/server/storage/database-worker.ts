import { parentPort } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { embeddedRunner, type Prepared, type Step } from './prepared'

/**
 * The embedded database's own thread (database.ts, docs/behaviour.md#chat-at-load): it owns the
 * PGlite instance, so PGlite's WebAssembly, its file system calls and the reading of its rows run
 * beside the server's main thread instead of on it. It answers the main thread's requests one at
 * a time, in the order they came, each with its rows or its error. The first opens the database.
 */
/** PGlite's WebAssembly, compiled once per process, and its file system bundle (database.ts, pgliteAssets). */
export interface PGliteAssets {
  pgliteWasmModule: WebAssembly.Module
  initdbWasmModule: WebAssembly.Module
  fsBundle: Uint8Array<ArrayBuffer>
}

export type Request =
  | { op: 'open'; dataDir: string; assets?: PGliteAssets }
  | { op: 'query'; sql: string | Prepared<unknown>; params: unknown[] }
  | { op: 'run'; steps: Step<unknown>[] }
  | { op: 'begin' | 'commit' | 'rollback' | 'close' }

/** An error as it crosses to the main thread: its message and its fields (PostgreSQL's code, detail…). */
export type ErrorFields = { message: string; name: string } & Record<string, string | number>

export type Reply = { id: number; rows: unknown; error?: undefined } | { id: number; error: ErrorFields }

/** COMMIT of a transaction an error aborted rolls it back: thrown as PGlite's own transaction() throws it. */
const ROLLED_BACK = { message: 'Transaction was rolled back instead of committed', code: '25P02' }

function fieldsOf(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const fields: ErrorFields = { name: error.name, message: error.message }
  // PostgreSQL's fields (code, detail, constraint…) are strings or numbers; the failed query's
  // parameters and options stay here.
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  return fields
}

let db: PGlite
let run: ReturnType<typeof embeddedRunner>

async function perform(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'open':
      db = await PGlite.create(
        request.dataDir,
        request.assets ? { pgliteWasmModule: request.assets.pgliteWasmModule, initdbWasmModule: request.assets.initdbWasmModule, fsBundle: new Blob([request.assets.fsBundle]) } : {},
      )
      run = embeddedRunner(db)
      return null
    case 'query':
      return typeof request.sql === 'string' ? (await db.query(request.sql, request.params)).rows : (await run([[request.sql, request.params]]))[0]
    case 'run':
      return run(request.steps)
    case 'begin':
    case 'rollback':
      await db.exec(request.op.toUpperCase())
      return null
    case 'commit': {
      const [result] = await db.exec('COMMIT')
      if ((result as { command?: string } | undefined)?.command === 'ROLLBACK') throw Object.assign(new Error(ROLLED_BACK.message), { code: ROLLED_BACK.code })
      return null
    }
    case 'close':
      await db.close()
      return null
  }
}

const port = parentPort!
let queue: Promise<void> = Promise.resolve()
port.on('message', ({ id, ...request }: Request & { id: number }) => {
  queue = queue.then(async () => {
    try {
      port.postMessage({ id, rows: await perform(request) } satisfies Reply)
    } catch (error) {
      // A failed statement, or rows that cannot cross to the main thread.
      port.postMessage({ id, error: fieldsOf(error) } satisfies Reply)
    }
  })
})
