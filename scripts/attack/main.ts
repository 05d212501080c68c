/**
 * `npm run attack` (issue 30, «Done when»): the findings of the last security round reproduced
 * against a started server, one printed line per row, each judged by its own criterion and by the
 * site's `GET /` p95 while it ran against the p95 before any attack (judgement.ts). Loopback only:
 * the clients speak from 127.0.<row>.<n>, which the server sees as their addresses. Exits 1 when
 * a row did not hold. `--only a,b` runs some rows; `--json <file>` writes the verdicts (the bench).
 */
import { rmSync, writeFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
// @ts-expect-error plain ESM helper shared with the tests, no types needed
import { CHROMIUM_ARGS } from '../chromium.mjs'
import { chromium } from 'playwright-core'
import { connected, disconnectAll } from '../../tests/support/chat-client'
import { consoleSocket } from '../../tests/support/console'
import { within } from '../../tests/support/wait'
import { address, consoleApi, postFormLead, say, signInFrom, visitorCookie, visitorsFrom, type AttackContext, type Row } from './context'
import { CookieJar } from './http'
import { judge, latencyBound, p95, summaryLine, verdictLine, type RowOutcome, type RowVerdict } from './judgement'
import { startProbe } from './probe'
import { ATTACK_ADMIN, startServer } from './server'
import { accountLockout } from './rows/account-lockout'
import { closeOthers } from './rows/close-others'
import { consoleImages } from './rows/console-images'
import { consoleUserRow } from './rows/console-user'
import { erasure } from './rows/erasure'
import { fanOut } from './rows/fan-out'
import { leadsBehindOneAddress } from './rows/leads-behind-one-address'
import { manyVisitorIds } from './rows/many-visitor-ids'
import { other } from './rows/other'
import { reconnectStorm } from './rows/reconnect-storm'
import { signInCost } from './rows/sign-in-cost'

/**
 * The order: the light rows first, the ones that load the server most after them, and the one
 * that kills the server last. Each row is still measured alone: see `settle`.
 */
const ROWS: Row[] = [other, closeOthers, consoleImages, erasure, leadsBehindOneAddress, accountLockout, reconnectStorm, fanOut, manyVisitorIds, signInCost, consoleUserRow]

/** The baseline: the home page's p95 with a console signed in and no attack. */
const BASELINE_MS = 6000
/**
 * Before each row, the server is given this long to finish the previous row's work (agent turns,
 * queued hashes), judged by a few quick `GET /` loads; so one row's aftermath is not counted
 * against the next.
 */
const SETTLE_MS = 60_000
const SETTLE_SPAN_MS = 500
const SETTLE_LOADS = 3

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const only = option('--only')?.split(',')
const jsonFile = option('--json')
const rows = only ? ROWS.filter((row) => only.includes(row.name)) : ROWS
if (!rows.length) {
  console.error(`attack: no row named ${only}; the rows: ${ROWS.map((r) => r.name).join(', ')}`)
  process.exit(2)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const server = await startServer().catch((error: Error) => {
  console.log(`attack: ${error.message}`)
  console.log(summaryLine(rows.map((row) => judge(row.name, { attempts: 'not run', held: false, detail: 'no server' }, Number.NaN, 0))).line)
  process.exit(1)
})
const probe = startProbe(server.url)
let browser: Promise<Browser> | undefined
/** The first sign-in of a fresh server on a busy machine (its first hash, its caches) may be slow. */
const FIRST_SIGN_IN_MS = 60_000
const admin = new CookieJar().keep(await signInFrom({ server } as AttackContext, ATTACK_ADMIN.email, ATTACK_ADMIN.password, { from: '127.0.0.1', timeoutMs: FIRST_SIGN_IN_MS }))
const live = consoleSocket(server.url, admin.header())
await connected(live)
const ctx: AttackContext = {
  server,
  admin,
  console: live,
  chromium: () => (browser ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS })),
}

const latencies = async (from: number, until: number) => (await probe.samples(from, until)).map((s) => s.ms)
// A warm server, as visitors meet it: one form lead, one agent turn and the console's lists first,
// so the first row does not pay the server's cold start (its first lead, turn and queries) as attack.
const WARM_UP_FROM = address(250, 1)
await postFormLead(ctx, { name: 'Calentamiento', phone: '998 250 00 01' }, visitorCookie(), WARM_UP_FROM)
const warm = await visitorsFrom(ctx, WARM_UP_FROM, 1)
await say(warm.sockets[0]!, warm.ids[0]!, 'Busco casa en renta en Cancún')
await Promise.all([consoleApi(ctx, '/leads'), consoleApi(ctx, '/inbox')])
warm.sockets.forEach((socket) => socket.disconnect())
const baselineStart = Date.now()
await sleep(BASELINE_MS)
const baselineLoads = await latencies(baselineStart, Date.now())
const baseline = p95(baselineLoads)
console.log(`attack: server ${server.url} on ${server.root}, baseline GET / p95 ${Math.round(baseline)} ms over ${baselineLoads.length} loads with a console signed in`)

/** Wait (bounded) until the loads of a short span are all within the bound again. */
async function settle() {
  const deadline = Date.now() + SETTLE_MS
  for (;;) {
    const since = Date.now()
    await sleep(SETTLE_SPAN_MS)
    const loads = await latencies(since, Date.now())
    if ((loads.length >= SETTLE_LOADS && loads.every((ms) => ms <= latencyBound(baseline))) || Date.now() > deadline) return
  }
}

const verdicts: RowVerdict[] = []
for (const row of rows) {
  await settle()
  const started = Date.now()
  let outcome: RowOutcome
  try {
    outcome = await within(row.run(ctx), row.limitMs, row.name)
  } catch (error) {
    outcome = { attempts: 'stopped', held: false, detail: `the row failed: ${(error as Error).message.split('\n')[0]}` }
  } finally {
    disconnectAll()
  }
  const loads = await latencies(started, outcome.measuredUntil ?? Date.now())
  const verdict = judge(row.name, outcome, p95(loads), baseline)
  verdicts.push(verdict)
  console.log(verdictLine(verdict))
}

const { line, passed } = summaryLine(verdicts)
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ baselineMs: baseline, verdicts }, null, 2))
live.disconnect()
await probe.stop()
await (await browser)?.close()
await Promise.race([ctx.server.stop(), sleep(15_000)])
await ctx.server.kill9()
rmSync(ctx.server.root, { recursive: true, force: true })
if (!passed) {
  writeFileSync(`${ctx.server.root}.log`, ctx.server.output())
  console.log(`attack: the server's output is in ${ctx.server.root}.log`)
}
console.log(line)
process.exit(passed ? 0 : 1)
