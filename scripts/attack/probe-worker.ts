/**
 * The `GET /` probe's thread: one keep-alive client loading the site's home page from 127.0.0.1,
 * a short pause between loads, for the whole run. In a thread of its own so that the attack's
 * own work (thousands of socket events a second) does not delay it and show up as the server's.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { request } from './http'

/** A load that takes longer counts as this long (it failed a person anyway). */
export const PROBE_TIMEOUT_MS = 10_000
/** A person's browser loads now and then; a tight loop would be an attack of its own. */
const PAUSE_MS = 50

interface Sample {
  startedAt: number
  ms: number
  failed: boolean
}
interface Ask {
  from: number
  until: number
}

const { url } = workerData as { url: string }
const samples: Sample[] = []
let inFlightSince: number | null = null
const waiting: { ask: Ask; reply: () => void }[] = []

parentPort!.on('message', (ask: Ask) => {
  const reply = () => parentPort!.postMessage(samples.filter((s) => s.startedAt >= ask.from && s.startedAt <= ask.until))
  // A load started before `until` and still under way belongs to the span: wait for it.
  if (inFlightSince !== null && inFlightSince <= ask.until) waiting.push({ ask, reply })
  else reply()
})

for (;;) {
  const startedAt = Date.now()
  inFlightSince = startedAt
  const start = performance.now()
  let failed = false
  try {
    const reply = await request(`${url}/`, { headers: { 'Accept-Encoding': 'br, gzip' }, timeoutMs: PROBE_TIMEOUT_MS })
    failed = reply.status !== 200
  } catch {
    failed = true
  }
  samples.push({ startedAt, ms: failed ? Math.max(PROBE_TIMEOUT_MS, performance.now() - start) : performance.now() - start, failed })
  inFlightSince = null
  waiting.splice(0).forEach(({ reply }) => reply())
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
}
