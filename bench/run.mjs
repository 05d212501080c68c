// `npm run bench`: the product's weight and speed as figures next to their reference.
// `npm run bench -- --only widget` runs one part. Results: a table here, JSON in bench/results.json,
// and, after a full run, bench/README.md (bench/report.mjs). `--readme-from results.json` only
// writes bench/README.md from an earlier run's JSON.
import { build } from 'esbuild'
import { BROWSER_BUILD } from '../scripts/esbuild-browser.mjs'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import os from 'node:os'
import { widgetPage } from './widget-page.mjs'
import { percentile } from './browser.mjs'
import { conversation } from './conversation.mjs'
import { chat } from './chat.mjs'
import { roundtrip } from './roundtrip.mjs'
import { site } from './site.mjs'
import { numbers } from './numbers.mjs'
import { consoleBench } from './console.mjs'
import { photos } from './photos.mjs'
import { catalogue } from './catalogue.mjs'
import { benchReadme, benchTable } from './report.mjs'

const README = new URL('./README.md', import.meta.url)
const readmeFrom = process.argv.includes('--readme-from') ? process.argv[process.argv.indexOf('--readme-from') + 1] : undefined
if (readmeFrom) {
  writeFileSync(README, benchReadme(JSON.parse(readFileSync(readmeFrom, 'utf8'))))
  console.log(`bench/README.md written from ${readmeFrom}`)
  process.exit(0)
}

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

/** A port no one listens on now: several benches may run at once on a shared machine. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
/** Every server the bench started: killed if the bench itself ends first (a failure, Ctrl-C). */
const children = new Set()
process.on('exit', () => children.forEach((child) => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')))
/** The server entry the bench runs; BENCH_SERVER_ENTRY measures another build (e.g. the one before a change). */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'dist/server/main.mjs'
/** Start-up may take a while on a busy machine (first start: initdb, migrations, catalogue): 2 minutes of polls. */
const START_POLLS = 1200
const START_POLL_MS = 100
const PROBE = new URL('./server-probe.cjs', import.meta.url).pathname

/**
 * The built server in a child process (so the load generator does not share its event loop),
 * with the probe inside (bench/server-probe.cjs). `nodeArgs` go to node (e.g. --cpu-prof); its
 * output goes to a log file named when it dies; `entry` starts another script (the chat's floor).
 */
async function startServer(env, { nodeArgs = [], entry = SERVER_ENTRY } = {}) {
  const port = await freePort()
  const work = mkdtempSync(join(tmpdir(), 'bench-server-'))
  const probeFile = join(work, 'probe.json')
  const logFile = join(work, 'server.log')
  const log = openSync(logFile, 'a')
  const child = spawn(process.execPath, [...nodeArgs, '--require', PROBE, entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BENCH_PROBE_FILE: probeFile, ...env },
    stdio: ['ignore', log, log],
  })
  children.add(child)
  let exited = false
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => ((exited = true), resolve({ code, signal }))))
  exit.then(({ code, signal }) => {
    if (code !== 0) console.error(`bench: the server on port ${port} ended with ${signal ?? code}; its log: ${logFile}`)
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < START_POLLS && !exited; i++) {
    try {
      if ((await fetch(`${url}/favicon.ico`)).status === 204) {
        return {
          url,
          logFile,
          /** Resident memory of the server process now, in MiB. */
          rssMiB: () => (exited ? 0 : Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024),
          /** The probe's figures since its previous report (the first call starts the measured span). */
          async probe() {
            if (exited) return null
            rmSync(probeFile, { force: true })
            child.kill('SIGUSR2')
            for (let t = 0; t < 100 && !existsSync(probeFile); t++) await new Promise((r) => setTimeout(r, 20))
            return existsSync(probeFile) ? JSON.parse(readFileSync(probeFile, 'utf8')) : null
          },
          stop: () => (exited ? exit : (child.kill('SIGTERM'), exit)),
          kill: () => (exited ? exit : (child.kill('SIGKILL'), exit)),
        }
      }
    } catch {}
    await new Promise((r) => setTimeout(r, START_POLL_MS))
  }
  child.kill('SIGKILL')
  throw new Error(`the server did not start; its log: ${logFile}`)
}

/** Limits off for a load from one address, no typing pause: the figures are the server's own work. */
const LOAD_ENV = { CHAT_REPLY_DELAY_MS: '0', CHAT_MESSAGES_PER_WINDOW: '1000', CHAT_MAX_CONNECTIONS_PER_ADDRESS: '5000', CHAT_EVENTS_PER_SECOND: '1000', CHAT_ADDRESS_EVENTS_PER_SECOND: '100000', CHAT_NEW_VISITORS_PER_ADDRESS_PER_HOUR: '1000000', CHAT_STORED_BYTES_PER_ADDRESS_PER_MINUTE: '1000000000' }

const parts = {
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

  /** Issue 30's attack rows (scripts/attack): its lines as `npm run attack` prints them, and each row's GET / p95 against its baseline. */
  async attack() {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-attack-')), 'attack.json')
    const code = await new Promise((resolve) => spawn(process.execPath, ['scripts/attack/run.mjs', '--json', file], { stdio: 'inherit' }).once('exit', resolve))
    if (!existsSync(file)) return { passed: false, error: `the attack ended with ${code} before judging its rows` }
    const { baselineMs, verdicts } = JSON.parse(readFileSync(file, 'utf8'))
    for (const v of verdicts) row(`attack ${v.name} ${v.passed ? 'held' : 'FAILED'}: GET / p95 (ref: no attack)`, round(v.p95Ms), round(baselineMs), 'ms')
    return { passed: code === 0, baselineMs, verdicts }
  },

  async widget() {
    const widget = sizes(readFileSync('dist/widget.js'))
    const floor = sizes(await dependencyFloor())
    for (const kind of ['raw', 'gzip', 'brotli']) row(`widget.js ${kind} (ref: dependencies alone)`, widget[kind], floor[kind], 'B')
    return { widget, floor, perPackage: bytesPerPackage() }
  },
}

/** What the browser parts (in their own files) get from here. */
const benchContext = { row, round, percentile, startServer, dropSchema, dataDir: (prefix) => mkdtempSync(join(tmpdir(), prefix)), LOAD_ENV }
parts.chat = () => chat(benchContext)
parts.widgetPage = () => widgetPage(benchContext)
parts.conversation = () => conversation(benchContext)
parts.roundtrip = () => roundtrip(benchContext)
parts.site = () => site(benchContext)
parts.numbers = () => numbers(benchContext)
parts.console = () => consoleBench(benchContext)
parts.photos = () => photos(benchContext)
parts.catalogue = () => catalogue(benchContext)

const results = { date: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`, parts: {} }
for (const [name, run] of Object.entries(parts)) {
  if (only && only !== name) continue
  results.parts[name] = await run()
}
results.rows = rows

const table = benchTable(rows)
console.log(`${results.date} on ${results.machine}\n\n${table}`)
if (results.parts.widget) {
  console.log('\nwidget.js bytes per package (minified, before compression):')
  for (const [name, bytes] of Object.entries(results.parts.widget.perPackage)) console.log(`  ${name.padEnd(30)} ${bytes.toLocaleString('en-US')}`)
}
writeFileSync('bench/results.json', JSON.stringify(results, null, 2))
// A partial run would replace the whole table with a few rows: only a full run rewrites it.
if (!only) writeFileSync(README, benchReadme(results))
