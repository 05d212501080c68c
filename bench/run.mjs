// `npm run bench`: the product's weight and speed as figures next to their reference.
// `npm run bench -- --only widget` runs one part. Results: a table here, JSON in bench/results.json.
import { build } from 'esbuild'
import { BROWSER_BUILD } from '../scripts/esbuild-browser.mjs'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import os from 'node:os'
import { widgetPage } from './widget-page.mjs'
import { conversation } from './conversation.mjs'
import { roundtrip } from './roundtrip.mjs'
import { site } from './site.mjs'

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
const rows = []
const round = (n) => Math.round(n * 10) / 10
const row = (figure, value, reference, unit) =>
  rows.push({ figure, value, reference, unit, ratio: reference ? Number((value / reference).toFixed(2)) : null })

const sizes = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
})

/** The same esbuild settings as build.mjs, bundling only the dependency entry points the widget uses. */
async function dependencyFloor() {
  const result = await build({
    stdin: {
      contents: `
        import { createRoot } from 'react-dom/client'
        import { io } from 'socket.io-client'
        import DOMPurify from 'dompurify'
        import { find } from 'linkifyjs'
        import { signal } from '@preact/signals-react'
        import { useSignals } from '@preact/signals-react/runtime'
        window.__floor = { createRoot, io, DOMPurify, find, signal, useSignals }`,
      resolveDir: process.cwd(),
      loader: 'js',
    },
    ...BROWSER_BUILD,
    format: 'iife',
    write: false,
  })
  return Buffer.from(result.outputFiles[0].contents)
}

function bytesPerPackage() {
  const meta = JSON.parse(readFileSync('dist/widget.meta.json', 'utf8'))
  const perPackage = {}
  for (const [file, { bytesInOutput }] of Object.entries(meta.outputs['dist/widget.js'].inputs)) {
    const inside = file.split('node_modules/').pop()
    const name = file.includes('node_modules/')
      ? inside.split('/').slice(0, inside.startsWith('@') ? 2 : 1).join('/')
      : '(own code)'
    perPackage[name] = (perPackage[name] ?? 0) + bytesInOutput
  }
  return Object.fromEntries(Object.entries(perPackage).sort((a, b) => b[1] - a[1]))
}

/** Percentile of sorted numbers (nearest rank). */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** `concurrency` keep-alive loops fetching `url` for `seconds`; latencies in ms. */
async function load(url, headers, { concurrency = 50, seconds = 5 } = {}) {
  const latencies = []
  let errors = 0
  const end = Date.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const start = performance.now()
        try {
          const response = await fetch(url, { headers })
          await response.arrayBuffer()
          if (!response.ok) errors++
        } catch {
          errors++
        }
        latencies.push(performance.now() - start)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return { requests: latencies.length, errors, p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: latencies.length / seconds }
}

/** The bench's own PostgreSQL schemas are dropped after use. */
async function dropSchema(url, schema) {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await client.end()
}

let nextPort = 3900
/** The built server in a child process (so the load generator does not share its event loop). */
async function startServer(env) {
  const port = nextPort++
  const child = spawn(process.execPath, ['dist/server/main.mjs'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/favicon.ico`)).status === 204) {
        return {
          url,
          /** Resident memory of the server process, in MiB. */
          rssMiB: () => Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024,
          stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
        }
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error('the server did not start')
}

/**
 * `visitors` socket.io clients at once, each connecting, loading its history and sending
 * `messages` messages one after another, each waiting for the agent's reply.
 */
async function conversations(urls, { visitors = 500, messages = 10, replyTimeoutMs = 30_000 } = {}) {
  const { io } = await import('socket.io-client')
  const latencies = []
  const roundTrips = []
  let sent = 0
  let answered = 0
  let refused = 0
  await Promise.all(
    Array.from({ length: visitors }, async (_, i) => {
      const visitorId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}${Date.now()}`.slice(0, 36)
      const socket = io(`${urls[i % urls.length]}/chat`, {
        transports: ['websocket'],
        reconnection: false,
        query: { idOwner: 'agente-demo', api_key: 'pk_dev_cancun_2026', idClient: visitorId, instance: 'bench' },
      })
      try {
        await new Promise((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)))
        await socket.timeout(replyTimeoutMs).emitWithAck('connected-chat', { userUUID: visitorId, agentId: 'agente-demo' })
        const start = performance.now()
        await socket.timeout(replyTimeoutMs).emitWithAck('get-custom-widget', { instance: 'bench' })
        roundTrips.push(performance.now() - start)
        for (let m = 0; m < messages; m++) {
          const reply = new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), replyTimeoutMs)
            socket.on('response', function onReply(message) {
              if (message.role !== 'agent') return
              socket.off('response', onReply)
              clearTimeout(timer)
              resolve(true)
            })
          })
          const begin = performance.now()
          sent++
          const ack = await socket.timeout(replyTimeoutMs).emitWithAck('send-chat-message', {
            userUUID: visitorId, message: `Busco casa en Huayacán, mensaje ${m}`, agentId: 'agente-demo', api_key: 'pk_dev_cancun_2026', utms: {}, clientMessageId: `${visitorId}-${m}`,
          })
          if (!ack?.ok) refused++
          if (await reply) {
            answered++
            latencies.push(performance.now() - begin)
          }
        }
      } catch {
        // counted below as messages never answered
      } finally {
        socket.disconnect()
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  roundTrips.sort((a, b) => a - b)
  return {
    visitors, sent, answered, refused, lost: visitors * messages - answered,
    p50: percentile(latencies, 50), p95: percentile(latencies, 95),
    roundTripP50: percentile(roundTrips, 50), roundTripP95: percentile(roundTrips, 95),
  }
}

/** Limits off for a load from one address, no typing pause: the figures are the server's own work. */
const LOAD_ENV = { CHAT_REPLY_DELAY_MS: '0', CHAT_MESSAGES_PER_WINDOW: '1000', CHAT_MAX_CONNECTIONS_PER_ADDRESS: '5000', CHAT_EVENTS_PER_SECOND: '1000' }

const parts = {
  async chat() {
    const results = {}
    const single = await startServer({ ...LOAD_ENV, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-chat-')) })
    results.oneProcess = { ...(await conversations([single.url])), rssMiB: Math.round(single.rssMiB()) }
    await single.stop()
    const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
    const redis = process.env.REDIS_URL || process.env.TEST_REDIS_URL
    if (postgres && redis) {
      // Two processes must share one database: PostgreSQL (the embedded one belongs to one process).
      const env = { ...LOAD_ENV, DATABASE_URL: postgres, DATABASE_SCHEMA: `bench_chat_${process.pid}`, REDIS_URL: redis }
      const a = await startServer(env)
      const b = await startServer(env)
      results.twoProcesses = { ...(await conversations([a.url, b.url])), rssMiB: Math.round(a.rssMiB() + b.rssMiB()) }
      await Promise.all([a.stop(), b.stop()])
      await dropSchema(postgres, `bench_chat_${process.pid}`)
    } else console.log('chat: no PostgreSQL and Redis URLs, the two-process figures are skipped')
    for (const [name, r] of Object.entries(results)) {
      row(`chat ${name}: messages lost of ${r.visitors * 10}`, r.lost, null, '')
      row(`chat ${name}: send -> agent reply p50 (ref: ack round trip)`, round(r.p50), round(r.roundTripP50), 'ms')
      row(`chat ${name}: send -> agent reply p95 (ref: ack round trip)`, round(r.p95), round(r.roundTripP95), 'ms')
      row(`chat ${name}: server memory after ${r.visitors} visitors`, r.rssMiB, null, 'MiB')
    }
    return results
  },

  async api() {
    const storages = [['embedded', () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-db-')) })]]
    const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
    if (postgres) storages.push(['PostgreSQL', () => ({ DATABASE_URL: postgres, DATABASE_SCHEMA: `bench_${process.pid}` })])
    else console.log('api: no DATABASE_URL/TEST_DATABASE_URL, PostgreSQL figures skipped')
    const results = {}
    for (const [name, env] of storages) {
      const vars = env()
      const server = await startServer(vars)
      const headers = { 'X-Api-Key': process.env.API_KEY ?? 'dev_api_key_cancun' }
      const slug = (await (await fetch(`${server.url}/api/properties?por_pagina=1`, { headers })).json()).items[0].slug
      const floor = await load(`${server.url}/favicon.ico`, {})
      const search = await load(`${server.url}/api/properties?operacion=venta&zona=huayacan&recamaras=2&orden=precio-asc`, headers)
      const property = await load(`${server.url}/api/properties/${slug}`, headers)
      server.stop()
      if (vars.DATA_DIR) rmSync(vars.DATA_DIR, { recursive: true, force: true })
      for (const [label, run] of [['filtered search', search], ['property fetch', property]]) {
        row(`${name}: ${label} p50 @50 conc. (ref: no-op request)`, round(run.p50), round(floor.p50), 'ms')
        row(`${name}: ${label} p95 @50 conc. (ref: no-op request)`, round(run.p95), round(floor.p95), 'ms')
      }
      results[name] = { floor, search, property }
    }
    if (postgres) await dropSchema(postgres, `bench_${process.pid}`)
    return results
  },

  async widget() {
    const widget = sizes(readFileSync('dist/widget.js'))
    const floor = sizes(await dependencyFloor())
    for (const kind of ['raw', 'gzip', 'brotli']) row(`widget.js ${kind} (ref: dependencies alone)`, widget[kind], floor[kind], 'B')
    return { widget, floor, perPackage: bytesPerPackage() }
  },
}

/** What the browser parts (in their own files) get from here. */
const benchContext = { row, round, startServer, dataDir: (prefix) => mkdtempSync(join(tmpdir(), prefix)), LOAD_ENV }
parts.widgetPage = () => widgetPage(benchContext)
parts.conversation = () => conversation(benchContext)
parts.roundtrip = () => roundtrip(benchContext)
parts.site = () => site(benchContext)

const results = { date: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`, parts: {} }
for (const [name, run] of Object.entries(parts)) {
  if (only && only !== name) continue
  results.parts[name] = await run()
}
results.rows = rows

const table = [
  '| figure | value | reference | ratio |',
  '|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.figure} | ${r.value.toLocaleString('en-US')} ${r.unit} | ${r.reference == null ? '-' : `${r.reference.toLocaleString('en-US')} ${r.unit}`} | ${r.ratio ?? '-'} |`),
].join('\n')
console.log(`${results.date} on ${results.machine}\n\n${table}`)
if (results.parts.widget) {
  console.log('\nwidget.js bytes per package (minified, before compression):')
  for (const [name, bytes] of Object.entries(results.parts.widget.perPackage)) console.log(`  ${name.padEnd(30)} ${bytes.toLocaleString('en-US')}`)
}
writeFileSync('bench/results.json', JSON.stringify(results, null, 2))
