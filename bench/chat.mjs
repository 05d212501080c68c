// Part `chat` (issue 16): the chat backend at load, per setup. Every visitor is a socket.io
// client speaking the widget's protocol: it connects (a `server-busy` refusal is retried after a
// pause, as the widget does), loads its history, then sends its messages one after another, each
// after the agent's turn for the previous one ended (typing "done").
//
// Per setup: sent, acknowledged, answered, unanswered, and acknowledged but missing from the
// stored history (read back through the protocol from a fresh server on the same database after
// the load's servers stopped: it must be 0); p50/p95/p99 of the ack and of send -> first agent
// reply; the servers' event-loop delay p99 and peak RSS during the run (bench/server-probe.cjs);
// refused connections; how long the run took, the messages answered per second, and the servers'
// CPU time per message sent, all threads (the embedded database runs in a thread of its own) and
// the main threads alone (the closed loop's latency is about visitors / throughput), and the CPU
// the bench's own visitors take per message: they share the machine's cores with the servers.
// The floor rows run the same visitors against socket.io alone (bench/chat-floor-server.ts): the
// closed loop's latency no server on this stack reaches on this machine. The database rows store
// the same traffic through the same journal into the embedded database with nothing else running
// (bench/chat-database-floor.ts): how many messages a second the database alone can take here.
//
// BENCH_CHAT_PROFILE=dir adds `node --cpu-prof` to the one-process server; the profiles (one per
// thread) are written to dir when it stops. BENCH_CHAT_ONLY=oneProcess (a comma-separated list of
// setups) runs only those, for quicker A/B runs of one row.

import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { heaviest } from './profile-top.mjs'
import { importGlob } from '../scripts/esbuild-import-glob.mjs'

/** Functions of the profile the bench names. */
const PROFILE_TOP = 3
/** Visitors at once and the messages each sends (BENCH_CHAT_SCALE=0.1 runs a tenth, for a quick look). */
const SCALE = Number(process.env.BENCH_CHAT_SCALE ?? 1)
const VISITORS = Math.round(500 * SCALE)
const VISITORS_LARGE = Math.round(2000 * SCALE)
const MESSAGES = 10
/**
 * The paced rows: a visitor reads (the welcome, then each reply) and writes 2–4 s later, as people
 * do, instead of the closed loop's zero pause (where latency is about visitors / throughput). The
 * first message waits too: 500 first messages in the same millisecond are a closed loop's burst.
 */
const PACED_PAUSE_MS = [2000, 4000]
/** A reply (or an ack) slower than this counts as never coming. */
const REPLY_TIMEOUT_MS = 30_000
/** A refused connection is tried again after this pause plus up to as much jitter, as the widget does. */
const RETRY_MS = 1000
const MAX_CONNECT_ATTEMPTS = 30
/** How often a long run prints where it is (stderr). */
const PROGRESS_MS = 15_000
/** History read-backs at once after the run. */
const CHECK_CONCURRENCY = 50
/** The setups to run (all when unset). */
const ONLY = process.env.BENCH_CHAT_ONLY?.split(',')
const runs = (setup) => !ONLY || ONLY.includes(setup)

const HANDSHAKE = { idOwner: 'agente-demo', api_key: 'pk_dev_cancun_2026', instance: 'bench' }

/** The socket connected, or its refusal, or a timeout: never a promise left waiting. */
function opened(socket) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connect timeout')), REPLY_TIMEOUT_MS)
    socket.once('connect', () => (clearTimeout(timer), resolve()))
    socket.once('connect_error', (error) => (clearTimeout(timer), reject(error)))
  })
}

async function connect(io, url, visitorId, counts) {
  for (let attempt = 1; ; attempt++) {
    const socket = io(`${url}/chat`, { transports: ['websocket'], reconnection: false, timeout: REPLY_TIMEOUT_MS, query: { ...HANDSHAKE, idClient: visitorId } })
    // A new visitor gets a token (a server with visitor tokens); reading the history back needs it.
    socket.once('visitor-token', ({ token }) => (counts.tokens[visitorId] = token))
    try {
      await opened(socket)
      return socket
    } catch (error) {
      socket.disconnect()
      if (error?.data?.code !== 'server-busy' || attempt >= MAX_CONNECT_ATTEMPTS) throw error
      counts.refusedConnections++
      await new Promise((r) => setTimeout(r, RETRY_MS + Math.random() * RETRY_MS))
    }
  }
}

/**
 * The visitors' socket.io client: the package's own ES build without `debug` (the one the widget's
 * bundle is made from), with its Node transports (the `ws` package), bundled once per run. Node's
 * `import` picks the package's `esm-debug` build instead, whose disabled debug calls (several per
 * packet, eight packets per message) were about 6% of the visitors' CPU, taken from the cores the
 * server runs on.
 */
let client
const socketIoClient = () => (client ??= bundledClient())
async function bundledClient() {
  const nodeOnly = { name: 'node-only', setup: (b) => b.onResolve({ filter: /^(ws|xmlhttprequest-ssl)$/ }, (a) => ({ path: import.meta.resolve(a.path), external: true })) }
  const { outputFiles } = await build({
    stdin: { contents: "export { io } from 'socket.io-client'", resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    // Neutral: Node's condition would pick the debug build again.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['import'],
    format: 'esm',
    plugins: [nodeOnly],
    write: false,
    logLevel: 'warning',
  })
  const dir = mkdtempSync(join(tmpdir(), 'bench-socket-io-client-'))
  const file = join(dir, 'client.mjs')
  writeFileSync(file, outputFiles[0].contents)
  try {
    return await import(pathToFileURL(file).href)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** One visitor's conversation; acknowledged message ids go into `acked`. */
async function visitor(io, url, visitorId, counts, acks, replies, acked, pauseMs, messages = MESSAGES) {
  let socket
  try {
    socket = await connect(io, url, visitorId, counts)
    await socket.timeout(REPLY_TIMEOUT_MS).emitWithAck('connected-chat', { userUUID: visitorId, agentId: HANDSHAKE.idOwner })
    for (let m = 0; m < messages; m++) {
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs[0] + Math.random() * (pauseMs[1] - pauseMs[0])))
      let firstReply = null
      const onReply = (message) => message?.role === 'agent' && firstReply === null && (firstReply = performance.now())
      socket.on('response', onReply)
      const turnEnded = new Promise((resolve) => {
        const timer = setTimeout(resolve, REPLY_TIMEOUT_MS)
        socket.on('typing-state-widget', function onTyping(state) {
          if (state !== 'done') return
          socket.off('typing-state-widget', onTyping)
          clearTimeout(timer)
          resolve()
        })
      })
      const begin = performance.now()
      counts.sent++
      const ack = await socket.timeout(REPLY_TIMEOUT_MS).emitWithAck('send-chat-message', {
        userUUID: visitorId, message: `Busco casa en Huayacán, mensaje ${m}`, agentId: HANDSHAKE.idOwner, api_key: HANDSHAKE.api_key, utms: {}, clientMessageId: `${visitorId}-${m}`,
      }).catch(() => null)
      if (!ack?.ok) {
        counts.refusedMessages++
        socket.off('response', onReply)
        continue
      }
      acks.push(performance.now() - begin)
      acked.push(ack.id)
      await turnEnded
      socket.off('response', onReply)
      if (firstReply !== null) {
        counts.answered++
        replies.push(firstReply - begin)
      }
    }
  } catch (error) {
    // the messages it did not send count as never answered; why is counted
    const reason = String(error?.message ?? error)
    counts.failures[reason] = (counts.failures[reason] ?? 0) + 1
  } finally {
    socket?.disconnect()
  }
}

/** How many acknowledged ids are not in their visitor's stored history, read through the protocol. */
async function missingFromHistory(io, url, ackedByVisitor, tokens) {
  let missing = 0
  const queue = [...ackedByVisitor.entries()]
  await Promise.all(
    Array.from({ length: CHECK_CONCURRENCY }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [visitorId, ids] = next
        if (!ids.length) continue
        const visitorToken = tokens[visitorId]
        const socket = io(`${url}/chat`, { transports: ['websocket'], reconnection: false, query: { ...HANDSHAKE, idClient: visitorId }, auth: visitorToken ? { visitorToken } : {} })
        try {
          await opened(socket)
          const history = await socket.timeout(REPLY_TIMEOUT_MS).emitWithAck('connected-chat', { userUUID: visitorId, agentId: HANDSHAKE.idOwner })
          const stored = new Set(history.map((m) => m.id))
          missing += ids.filter((id) => !stored.has(id)).length
        } catch {
          missing += ids.length
        } finally {
          socket.disconnect()
        }
      }
    }),
  )
  return missing
}

/**
 * `visitors` conversations spread over `servers`, then the servers stop and a fresh one
 * (`restart()`) on the same database reads every acknowledged message back.
 */
async function load(servers, restart, visitors, percentile, pauseMs = null) {
  const { io } = await socketIoClient()
  const counts = { sent: 0, answered: 0, refusedConnections: 0, refusedMessages: 0, failures: {}, tokens: {} }
  const acks = []
  const replies = []
  const ackedByVisitor = new Map()
  const run = Date.now()
  // Steady state: one visitor per server is answered first, so the classifier's training at start
  // and the first compilation are not counted as the load's latency or CPU.
  const warmUp = { sent: 0, answered: 0, refusedConnections: 0, refusedMessages: 0, failures: {}, tokens: {} }
  await Promise.all(servers.map((s, i) => visitor(io, s.url, `00000000-0000-4000-8000-${String(run).slice(-7)}9999${i}`, warmUp, [], [], [], null, 1)))
  await Promise.all(servers.map((s) => s.probe()))
  const started = performance.now()
  const clientCpu = process.cpuUsage()
  const progress = setInterval(() => console.error(`chat: ${servers.length} process(es), ${visitors} visitors: ${counts.sent} sent, ${acks.length} acked, ${counts.answered} answered`), PROGRESS_MS)
  await Promise.all(
    Array.from({ length: visitors }, (_, i) => {
      const visitorId = `00000000-0000-4000-8000-${String(run).slice(-7)}${String(i).padStart(5, '0')}`
      const acked = []
      ackedByVisitor.set(visitorId, acked)
      return visitor(io, servers[i % servers.length].url, visitorId, counts, acks, replies, acked, pauseMs)
    }),
  )
  const durationS = (performance.now() - started) / 1000
  const { user, system } = process.cpuUsage(clientCpu)
  clearInterval(progress)
  const probes = await Promise.all(servers.map((s) => s.probe()))
  await Promise.all(servers.map((s) => s.stop()))
  // The floor stores nothing: no history to read back.
  let missing = NaN
  if (restart) {
    const checker = await restart()
    missing = await missingFromHistory(io, checker.url, ackedByVisitor, counts.tokens)
    await checker.stop()
  }
  acks.sort((a, b) => a - b)
  replies.sort((a, b) => a - b)
  const p = (list, n) => (list.length ? percentile(list, n) : NaN)
  return {
    visitors,
    pauseMs,
    sent: counts.sent,
    acknowledged: acks.length,
    answered: counts.answered,
    unanswered: visitors * MESSAGES - counts.answered,
    ackedMissingFromHistory: missing,
    refusedConnections: counts.refusedConnections,
    refusedMessages: counts.refusedMessages,
    /** Visitors whose conversation broke off, by the error that stopped it. */
    failedVisitors: counts.failures,
    ack: { p50: p(acks, 50), p95: p(acks, 95), p99: p(acks, 99) },
    reply: { p50: p(replies, 50), p95: p(replies, 95), p99: p(replies, 99) },
    loopDelayP99Ms: Math.max(...probes.map((x) => x?.loopP99Ms ?? NaN)),
    peakRssMiB: probes.reduce((sum, x) => sum + (x?.peakRssMiB ?? NaN), 0),
    durationS,
    serverCpuMs: probes.reduce((sum, x) => sum + (x?.cpuMs ?? NaN), 0),
    clientCpuMs: (user + system) / 1000,
    serverMainThreadCpuMs: probes.reduce((sum, x) => sum + (x?.mainThreadCpuMs ?? NaN), 0),
    spansUs: probes.map((x) => x?.spanUs),
  }
}

/** A bench script bundled inside the repo's dist/ (so its package imports resolve from the repo). */
async function bundledInDist(entry, outfile) {
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning', plugins: [importGlob] })
  return outfile
}

const floorServer = () => bundledInDist('bench/chat-floor-server.ts', 'dist/bench/chat-floor-server.mjs')

/**
 * bench/chat-database-floor.ts bundled into dist/server/ (its database thread's script is found
 * beside it) and run in a process of its own: the visitors' writes, the database alone.
 */
async function databaseFloor(visitors) {
  const outfile = await bundledInDist('bench/chat-database-floor.ts', 'dist/server/chat-database-floor.mjs')
  const { stdout } = await promisify(execFile)(process.execPath, [outfile], { env: { ...process.env, VISITORS: String(visitors), MESSAGES: String(MESSAGES) } })
  return { visitors, ...JSON.parse(stdout.trim().split('\n').pop()) }
}

export async function chat({ row, round, percentile, startServer, dropSchema, dataDir, LOAD_ENV }) {
  const results = {}
  const profileDir = process.env.BENCH_CHAT_PROFILE
  const one = { ...LOAD_ENV, DATA_DIR: dataDir('bench-chat-') }
  if (runs('oneProcess')) {
    const single = await startServer(one, { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] })
    results.oneProcess = await load([single], () => startServer(one), VISITORS, percentile)
  }
  if (profileDir && results.oneProcess) {
    // The profiles are written when the server stops, one per thread (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile):
    // the main thread's (0) and the embedded database's; only the samples of the load count.
    const profiles = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).sort((a, b) => statSync(join(profileDir, b)).mtimeMs - statSync(join(profileDir, a)).mtimeMs)
    const pid = profiles[0].split('.')[3]
    const threadOf = (name) => Number(name.split('.')[4])
    for (const name of profiles.filter((f) => f.split('.')[3] === pid).sort((a, b) => threadOf(a) - threadOf(b))) {
      const file = join(profileDir, name)
      const top = heaviest(file, PROFILE_TOP, results.oneProcess.spansUs[0])
      const thread = threadOf(name) === 0 ? 'main thread' : 'database thread'
      results.oneProcess[thread === 'main thread' ? 'heaviest' : 'heaviestDatabaseThread'] = top
      console.log(`chat: heaviest functions of the one-process run, ${thread} (${file}):`)
      console.table(top)
    }
  }
  if (runs('floor')) results.floor = await load([await startServer({}, { entry: await floorServer() })], null, VISITORS, percentile)
  if (runs('database')) results.database = await databaseFloor(VISITORS)
  const paced = { ...LOAD_ENV, DATA_DIR: dataDir('bench-chat-paced-') }
  if (runs('oneProcessPaced')) results.oneProcessPaced = await load([await startServer(paced)], () => startServer(paced), VISITORS, percentile, PACED_PAUSE_MS)

  const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
  const redis = process.env.REDIS_URL || process.env.TEST_REDIS_URL
  if (postgres && redis) {
    // Two processes must share one database: PostgreSQL (the embedded one belongs to one process).
    for (const [name, visitors, pauseMs] of [['twoProcesses', VISITORS], ['twoProcessesPaced', VISITORS, PACED_PAUSE_MS], ['twoProcesses2000', VISITORS_LARGE]]) {
      if (!runs(name)) continue
      const schema = `bench_chat_${process.pid}_${visitors}`
      const env = { ...LOAD_ENV, DATABASE_URL: postgres, DATABASE_SCHEMA: schema, REDIS_URL: redis }
      const a = await startServer(env)
      const b = await startServer(env)
      results[name] = await load([a, b], () => startServer(env), visitors, percentile, pauseMs)
      await dropSchema(postgres, schema)
    }
  } else console.log('chat: no PostgreSQL and Redis URLs, the two-process figures are skipped')

  for (const [name, r] of Object.entries(results)) {
    const pace = r.pauseMs ? `, ${r.pauseMs[0] / 1000}–${r.pauseMs[1] / 1000} s before each message` : ''
    const label = `chat ${name} (${r.visitors} visitors × ${MESSAGES}${pace})`
    if (name === 'floor') {
      // The reference for the one-process closed loop: the same visitors and traffic, socket.io alone.
      const floorLabel = `chat floor: socket.io alone, no database, no agent (${r.visitors} visitors × ${MESSAGES})`
      for (const q of ['p50', 'p95']) row(`${floorLabel}: send -> reply ${q} (ref: oneProcess)`, round(r.reply[q]), results.oneProcess ? round(results.oneProcess.reply[q]) : null, 'ms')
      row(`${floorLabel}: answered per second`, Math.round(r.answered / r.durationS), null, 'msg/s')
      row(`${floorLabel}: server CPU per message sent`, Math.round((100 * r.serverCpuMs) / r.sent) / 100, null, 'ms')
      row(`${floorLabel}: the bench's own visitors' CPU per message sent (same machine)`, Math.round((100 * r.clientCpuMs) / r.sent) / 100, null, 'ms')
      continue
    }
    if (name === 'database') {
      // The other reference: the writes of the same conversations, the embedded database alone.
      const databaseLabel = `chat database alone: the journal's writes, embedded, no sockets, no agent (${r.visitors} visitors × ${MESSAGES})`
      row(`${databaseLabel}: messages stored per second (ref: oneProcess answered per second)`, Math.round(r.messages / (r.ms / 1000)), results.oneProcess ? Math.round(results.oneProcess.answered / results.oneProcess.durationS) : null, 'msg/s')
      row(`${databaseLabel}: CPU per message (both threads)`, Math.round((100 * r.cpuMs) / r.messages) / 100, null, 'ms')
      row(`${databaseLabel}: transactions`, r.transactions, null, '')
      continue
    }
    row(`${label}: sent / acknowledged`, r.sent, r.acknowledged, '')
    row(`${label}: answered (ref: sent)`, r.answered, r.sent, '')
    row(`${label}: unanswered`, r.unanswered, null, '')
    row(`${label}: acknowledged but missing from stored history`, r.ackedMissingFromHistory, null, '')
    row(`${label}: refused connections (server busy)`, r.refusedConnections, null, '')
    const broken = Object.values(r.failedVisitors).reduce((a, b) => a + b, 0)
    row(`${label}: visitors whose conversation broke off`, broken, null, '')
    if (broken) console.log(`chat ${name}: visitors broke off with: ${JSON.stringify(r.failedVisitors)}`)
    for (const q of ['p50', 'p95', 'p99']) row(`${label}: send -> reply ${q} (ref: ack ${q})`, round(r.reply[q]), round(r.ack[q]), 'ms')
    row(`${label}: event-loop delay p99`, round(r.loopDelayP99Ms), null, 'ms')
    row(`${label}: peak RSS (all processes)`, Math.round(r.peakRssMiB), null, 'MiB')
    row(`${label}: duration`, round(r.durationS), null, 's')
    row(`${label}: answered per second`, Math.round(r.answered / r.durationS), null, 'msg/s')
    row(`${label}: server CPU per message sent (all processes)`, Math.round((100 * r.serverCpuMs) / r.sent) / 100, null, 'ms')
    row(`${label}: the bench's own visitors' CPU per message sent (same machine)`, Math.round((100 * r.clientCpuMs) / r.sent) / 100, null, 'ms')
    row(`${label}: server main threads' CPU per message sent`, Math.round((100 * r.serverMainThreadCpuMs) / r.sent) / 100, null, 'ms')
  }
  return results
}
