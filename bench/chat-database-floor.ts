// The chat bench's database floor (bench/chat.mjs, rows "chat database alone"): the writes the
// one-process server makes for its 500 visitors × 10 messages, through the same journal
// (storage/chat-journal.ts: group commit) into a fresh embedded database in its own thread, with
// no sockets and no agent: each visitor stores a message, then the agent's turn (its five
// messages of the real sizes and its memory), ten times, all visitors at once. What it measures
// is how fast the embedded database alone stores a conversation's traffic on this machine, at
// best (every batch full): the closed loop cannot answer faster than that, whatever the rest does.
// The bench bundles it into dist/server/ (beside the database's thread script) and runs it in a
// process of its own; it prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { INITIAL_STATE } from '../src/server/chat/agent/state'
import { openStorage } from '../src/server/storage'
import { agentReplies } from './chat-traffic'

const VISITORS = Number(process.env.VISITORS)
const MESSAGES = Number(process.env.MESSAGES)
/** The idle time the server passes with each write when the console is on (src/server/chat). */
const OWNER_IDLE_SECONDS = 300

const replies = agentReplies()
/** The agent's memory after a search: criteria and the three properties shown. */
const memory = (turns: number) => ({
  ...INITIAL_STATE,
  turns,
  criteria: { operacion: 'venta', tipo: 'casa', zona: 'huayacan' },
  shown: [1, 2, 3].map((n) => ({ slug: `casa-en-venta-huayacan-${n}`, title: `Casa en venta en Huayacán ${n}`, price: { amount: 4_500_000 + n, currency: 'MXN' } })),
  seen: [1, 2, 3].map((n) => `casa-en-venta-huayacan-${n}`),
})
const utms = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'cancun', landing: '/' }

const dir = mkdtempSync(join(tmpdir(), 'bench-chat-db-'))
const storage = await openStorage({ dataDir: dir })
try {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, v) => {
      const visitorId = `bench-visitor-${v}`
      for (let m = 0; m < MESSAGES; m++) {
        const stored = await storage.journal.storeVisitorMessage({ visitorId, address: '127.0.0.1', content: `Busco casa en Huayacán, mensaje ${m + 1}`, clientMessageId: `m${m}`, utms, ownerIdleSeconds: OWNER_IDLE_SECONDS })
        await storage.journal.storeTurn({ visitorId, answers: stored.message.id, replies, state: memory(m + 1), ownerIdleSeconds: OWNER_IDLE_SECONDS })
      }
    }),
  )
  const ms = performance.now() - started
  const used = process.cpuUsage(cpu)
  console.log(JSON.stringify({ messages: VISITORS * MESSAGES, ms, cpuMs: (used.user + used.system) / 1000, transactions: storage.journal.transactions() }))
} finally {
  await storage.close()
  rmSync(dir, { recursive: true, force: true })
}
