import { protocol, types, type PGlite } from '@electric-sql/pglite'

/**
 * A statement of the chat's hot path, parsed once per connection and from then on only bound and
 * run, known by its name (docs/behaviour.md#chat-at-load). Its text is the one definition both
 * database kinds run: PostgreSQL through node-postgres' named statements, the embedded database
 * through `embeddedRunner` below.
 */
export interface Prepared<Row = Record<string, unknown>> {
  readonly name: string
  readonly text: string
  /**
   * 'once': on the embedded database, planned at its first run and the plan kept (the generic
   * plan, forced for this statement's runs only: GENERIC_PLAN); its every table read must go
   * through an index whatever the tables' size, as a plan made on an empty database shows (a test
   * checks each). On PostgreSQL, PostgreSQL's own choice (custom plans first, then the generic one
   * when it costs no more). 'each run': its best plan depends on the tables' size and the batch's
   * (a join of a batch with a table), so it is parsed and planned at each run with its values, as
   * an unprepared statement.
   */
  readonly plan: 'once' | 'each run'
  /** Never set: carries the type of the rows it returns. */
  readonly row?: Row
}

/** Every statement defined, for the test of their plans. */
export const PREPARED: Prepared<unknown>[] = []

export function prepared<Row = Record<string, unknown>>(name: string, text: string, plan: Prepared['plan'] = 'once'): Prepared<Row> {
  const statement = { name, text, plan }
  PREPARED.push(statement)
  return statement
}

/**
 * Set around a 'once' statement's Bind on the embedded database, where planning runs in
 * WebAssembly at a cost near the statement's own: its generic plan, made at its first run, is
 * kept (the default would plan its first five runs with their values, and could go on planning
 * each run). Only around it: every other query keeps plans made with its values (an optional
 * filter such as `$1 IS NULL OR …`, a LIMIT). A SET is undone with its transaction, so an error
 * that rolls the batch back cannot leave it set; the RESET after the statement undoes it otherwise.
 */
const GENERIC_PLAN = { on: 'SET plan_cache_mode = force_generic_plan', off: 'RESET plan_cache_mode' }

/** One statement of those run together, and its parameters. */
export type Step<Row = Record<string, unknown>> = readonly [Prepared<Row>, readonly unknown[]]

/** The rows of each step run together, null for a step left out (null). */
export type RowsOfSteps<S extends readonly (Step<unknown> | null)[]> = { -readonly [K in keyof S]: RowsOf<S[K]> }
type RowsOf<S> = S extends Step<infer Row> ? Row[] : null

interface Described {
  text: string
  /** The parameters' type ids, as the database inferred them when it parsed the statement. */
  parameters: number[]
  columns: { name: string; dataTypeID: number }[]
}

/**
 * Prepared statements on PGlite, run together in one synchronous call into its WebAssembly.
 * PGlite's own query() makes six calls per statement (parse, describe, bind, describe, execute,
 * sync) and parses and plans the text each time; its transaction() adds a call each for BEGIN and
 * COMMIT. Here a statement is parsed once (Parse with a name, then Describe for its parameter and
 * column types), and statements run together are one message: Bind + Execute per statement (a
 * statement planned at each run is parsed again first, as the unnamed statement), then Sync.
 * Without BEGIN, the statements up to the Sync form one implicit transaction: committed at the Sync, or,
 * after an error (the backend skips to the Sync), rolled back whole, the error thrown as PGlite's
 * query() throws it.
 */
export function embeddedRunner(db: PGlite) {
  const { serialize } = protocol
  const described = new Map<string, Described>()
  const concat = (parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
    let offset = 0
    for (const part of parts) {
      message.set(part, offset)
      offset += part.length
    }
    return message
  }

  async function describe({ name, text, plan }: Prepared<unknown>): Promise<Described> {
    const known = described.get(name)
    if (known) {
      if (known.text !== text) throw new Error(`two prepared statements are named ${name}`)
      return known
    }
    const named = plan === 'once' ? name : ''
    const { messages } = await db.execProtocol(concat([serialize.parse({ name: named, text }), serialize.describe({ type: 'S', name: named }), serialize.sync()]))
    const entry: Described = { text, parameters: [], columns: [] }
    for (const message of messages) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage) entry.parameters = message.dataTypeIDs
      if (message instanceof protocol.messages.RowDescriptionMessage) entry.columns = message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }))
    }
    described.set(name, entry)
    return entry
  }

  // Values are written and read as PGlite's query() does, with the same type handlers.
  const toText = (value: unknown, type: number) => {
    if (value === null || value === undefined) return null
    const serializer = db.serializers[type]
    return serializer ? serializer(value) : String(value)
  }

  // GENERIC_PLAN's two statements: parsed once, their Bind and Execute written once.
  let bracket: Promise<unknown> | undefined
  const genericPlan = {
    on: concat([serialize.bind({ statement: 'generic_plan_on' }), serialize.execute({})]),
    off: concat([serialize.bind({ statement: 'generic_plan_off' }), serialize.execute({})]),
  }
  const parseBracket = () =>
    (bracket ??= db.execProtocol(
      concat([serialize.parse({ name: 'generic_plan_on', text: GENERIC_PLAN.on }), serialize.parse({ name: 'generic_plan_off', text: GENERIC_PLAN.off }), serialize.sync()]),
    ))

  return async function run(steps: readonly Step<unknown>[]): Promise<Record<string, unknown>[][]> {
    await parseBracket()
    const statements: Described[] = []
    for (const [statement] of steps) statements.push(await describe(statement))
    // Which step each command completed belongs to (null: a SET or RESET around a step).
    const completes: (number | null)[] = []
    const parts = steps.flatMap(([statement, params], i) => {
      const { parameters } = statements[i]!
      const values = params.map((value, p) => toText(value, parameters[p]!))
      if (statement.plan === 'each run') {
        completes.push(i)
        return [serialize.parse({ text: statement.text, types: parameters }), serialize.bind({ values }), serialize.execute({})]
      }
      completes.push(null, i, null)
      return [genericPlan.on, serialize.bind({ statement: statement.name, values }), serialize.execute({}), genericPlan.off]
    })
    const { messages } = await db.execProtocol(concat([...parts, serialize.sync()]))
    const rows: Record<string, unknown>[][] = steps.map(() => [])
    let completed = 0
    for (const message of messages) {
      const step = completes[completed]
      if (message instanceof protocol.messages.DataRowMessage && step != null) {
        const { columns } = statements[step]!
        rows[step]!.push(Object.fromEntries(message.fields.map((field, c) => [columns[c]!.name, types.parseType(field, columns[c]!.dataTypeID, db.parsers)])))
      } else if (message instanceof protocol.messages.CommandCompleteMessage) completed++
    }
    return rows
  }
}
