import { afterAll } from 'vitest'
import { startServer, type RunningServer, type StartOptions } from '../../src/server/app'
import { readConfig } from '../../src/server/config'
import { openStorage, type Storage } from '../../src/server/storage'
import { CATALOGUE_PATH } from './catalogue'
import { freshEmbeddedDir } from './embedded'
import { EMBEDDED_START_MS } from './limits'
import { within } from './wait'

/** How long the automated agent "types" in tests: the typing state shows, the suite stays quick. */
const TEST_REPLY_DELAY_MS = 400
/** Console passwords hashed cheaply in tests (the first admin is made at every start-up); real starts use OWASP's cost. */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 }

/**
 * The real server on a free loopback port with the dev defaults and a quick reply. Unless the
 * options bring a storage or a data directory, it gets a fresh embedded database of its own,
 * deleted when it closes. Its start-up has its own limit, EMBEDDED_START_MS.
 */
export function startTestServer(options: Partial<StartOptions> = {}): Promise<RunningServer> {
  const own = options.storage || options.dataDir ? undefined : freshEmbeddedDir()
  const starting = startServer({
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    replyDelayMs: TEST_REPLY_DELAY_MS,
    consolePasswordCost: TEST_PASSWORD_COST,
    ...(own ? { dataDir: own.dir } : {}),
    ...options,
  })
  return bounded(starting, 'test server start-up (embedded database, migrations, catalogue seeding)', own?.remove)
}

/**
 * A Redis prefix of one test's own (config.ts, redisPrefix): test files run side by side on the
 * machine's one Redis, and two servers of another file must not share this test's rooms or budgets.
 */
export const testRedisPrefix = () => `test-${process.pid}-${Math.random().toString(36).slice(2, 10)}:`

/**
 * The servers one test file starts, each on the file's defaults, all closed after the file (or
 * earlier by `closeAll`, before what they share goes).
 */
export function testServers(defaults: Partial<StartOptions> = {}) {
  const running: RunningServer[] = []
  afterAll(async () => {
    for (const server of running.splice(0)) await server.close().catch(() => {})
  })
  const closeAll = async () => {
    for (const server of running.splice(0)) await server.close()
  }
  const start = async (options: Partial<StartOptions> = {}) => {
    const started = await startTestServer({ ...defaults, ...options })
    running.push(started)
    return started
  }
  return {
    start,
    closeAll,
    /** Two servers on one embedded database behind Redis, as two processes; closed after `test`. */
    async behindRedis(redisUrl: string, test: (a: RunningServer, b: RunningServer) => Promise<void>) {
      const storage = await openTestStorage()
      try {
        // Redis outlives the run and every test run on the machine shares it from 127.0.0.1: the address
        // budgets it holds for an hour (new visitor ids, stored bytes) would carry over between runs.
        const chatLimits = { newVisitorsPerAddressPerHour: 1_000_000, storedBytesPerAddressPerMinute: 1_000_000_000, ...defaults.chatLimits }
        const redisPrefix = testRedisPrefix()
        await test(await start({ storage, redisUrl, redisPrefix, chatLimits }), await start({ storage, redisUrl, redisPrefix, chatLimits }))
      } finally {
        await closeAll()
        await storage.close()
      }
    },
  }
}

/**
 * A storage a test keeps across server restarts (passed to `startTestServer` as `storage`), on a
 * fresh embedded database deleted when it closes.
 */
export function openTestStorage(): Promise<Storage> {
  const own = freshEmbeddedDir()
  return bounded(openStorage({ dataDir: own.dir, cataloguePath: CATALOGUE_PATH }), 'embedded database start-up', own.remove)
}

/**
 * `starting` within EMBEDDED_START_MS, with `cleanUp` after its close. One that finishes past
 * the limit still holds a port and a database: it is closed then.
 */
async function bounded<T extends { close(): Promise<void> }>(starting: Promise<T>, what: string, cleanUp = () => {}): Promise<T> {
  let started: T
  try {
    started = await within(starting, EMBEDDED_START_MS, what)
  } catch (error) {
    starting.then((late) => late.close()).then(cleanUp, cleanUp)
    throw error
  }
  return {
    ...started,
    async close() {
      await started.close()
      cleanUp()
    },
  }
}
