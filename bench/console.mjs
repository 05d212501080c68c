// Part `console` (issue 13): the agent console's inbox with 10,000 stored conversations (Chromium,
// signed in): from navigation to the first conversation on screen (the /consola/api/inbox answer
// alone as the reference) and to the app live on it (socket connected); and the latency from a
// visitor's `navigation-path-chat` to the live list's update on a signed-in console socket, over
// 200 visitors.
import { io } from 'socket.io-client'
import { randomUUID } from 'node:crypto'
import { isolatedContext, launchChromium, median, percentile } from './browser.mjs'
import { withEmbeddedDatabase } from './server-modules.mjs'

const CONVERSATIONS = 10_000
const MESSAGES_PER_CONVERSATION = 4
const VISITORS = 200
const RENDERS = 5
/** The console's connection status once its socket is up (App.tsx). */
const LIVE_STATUS = 'En línea'
const ADMIN = { CONSOLE_ADMIN_EMAIL: 'bench@consola.local', CONSOLE_ADMIN_PASSWORD: 'bench-password-123' }

/** 10,000 conversations of 4 messages, straight into the embedded database the server then opens. */
async function seed(dataDir) {
  await withEmbeddedDatabase(dataDir, async (db) => {
    await db.query(`INSERT INTO chat_visitors (id, needs_human) SELECT 'bench-' || g, g % 7 = 0 FROM generate_series(1, ${CONVERSATIONS}) g`)
    await db.query(`INSERT INTO chat_messages (id, visitor_id, role, content)
      SELECT gen_random_uuid()::text, 'bench-' || (g % ${CONVERSATIONS} + 1), CASE WHEN g % 2 = 0 THEN 'user' ELSE 'agent' END, 'Busco casa en Huayacán, mensaje ' || g
      FROM generate_series(1, ${CONVERSATIONS * MESSAGES_PER_CONVERSATION}) g`)
  })
}

async function signIn(url) {
  const response = await fetch(`${url}/consola/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email: ADMIN.CONSOLE_ADMIN_EMAIL, password: ADMIN.CONSOLE_ADMIN_PASSWORD }),
  })
  if (!response.ok) throw new Error(`console sign-in failed: ${response.status}`)
  return response.headers.get('set-cookie').split(';')[0]
}

export async function consoleBench({ row, round, startServer, dataDir, LOAD_ENV }) {
  const dir = dataDir('bench-console-')
  // First start: the schema and the admin; then the conversations go in while it is stopped.
  const first = await startServer({ ...LOAD_ENV, ...ADMIN, DATA_DIR: dir })
  await first.stop()
  await seed(dir)
  // Each bench widget says its own address (X-Forwarded-For): 200 visitors of the site, not one office.
  const server = await startServer({ ...LOAD_ENV, ...ADMIN, DATA_DIR: dir, TRUST_PROXY: 'true' })
  const results = {}
  try {
    const cookie = await signIn(server.url)
    const apiTimes = []
    for (let i = 0; i < RENDERS; i++) {
      const start = performance.now()
      const page = await (await fetch(`${server.url}/consola/api/inbox?filter=all`, { headers: { Cookie: cookie } })).json()
      apiTimes.push(performance.now() - start)
      if (page.items.length !== 50) throw new Error('the inbox page is not full')
    }
    const browser = await launchChromium()
    const renders = []
    const lives = []
    try {
      const context = await isolatedContext(browser)
      const [name, value] = cookie.split('=')
      await context.addCookies([{ name, value, url: `${server.url}/consola` }])
      for (let i = 0; i < RENDERS; i++) {
        const page = await context.newPage()
        const start = Date.now()
        // From the navigation's response on, not its `load` event: the server renders the inbox
        // into the page, so the conversations are on screen before the app's script has loaded.
        await page.goto(`${server.url}/consola#/conversaciones`, { waitUntil: 'commit' })
        await page.locator('.conversation-item').first().waitFor()
        renders.push(Date.now() - start)
        // Live: the app has taken over the page and its socket is connected.
        await page.getByText(LIVE_STATUS, { exact: true }).waitFor()
        lives.push(Date.now() - start)
        await page.close()
      }
    } finally {
      await browser.close()
    }
    results.inbox = { conversations: CONVERSATIONS, firstRenderMs: median(renders), liveMs: median(lives), apiMs: median(apiTimes) }
    row(`console inbox first render, ${CONVERSATIONS.toLocaleString('en-US')} conversations (ref: its /inbox answer)`, round(median(renders)), round(median(apiTimes)), 'ms')
    row(`console inbox live (app started, socket connected), ${CONVERSATIONS.toLocaleString('en-US')} conversations (ref: first render)`, round(median(lives)), round(median(renders)), 'ms')

    // Live list latency: one signed-in console socket, 200 widgets each moving to a new page.
    const agent = io(`${server.url}/consola`, { path: '/consola/socket.io', transports: ['websocket'], extraHeaders: { Cookie: cookie, Origin: server.url } })
    await new Promise((resolve, reject) => (agent.once('connect', resolve), agent.once('connect_error', reject)))
    const waiting = new Map()
    // The live list comes in batches (a few a second per process): each visitor's latest state.
    agent.on('visitors', ({ visitors: changed }) => {
      for (const visitor of changed) waiting.get(`${visitor.visitorId} ${visitor.page}`)?.(performance.now())
    })
    const latencies = []
    const visitors = await Promise.all(
      Array.from({ length: VISITORS }, async (_, i) => {
        const id = randomUUID()
        const socket = io(`${server.url}/chat`, {
          transports: ['websocket'],
          query: { idOwner: 'agente-demo', api_key: 'pk_dev_cancun_2026', idClient: id, instance: 'bench' },
          extraHeaders: { 'X-Forwarded-For': `198.18.${i >> 8}.${i & 255}` },
        })
        await new Promise((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)))
        return { id, socket }
      }),
    )
    await Promise.all(
      visitors.map(async ({ id, socket }, i) => {
        const path = `/propiedad/bench-${i}`
        const seen = new Promise((resolve) => waiting.set(`${id} ${path}`, resolve))
        const start = performance.now()
        socket.emit('navigation-path-chat', { urlPath: path, time: new Date().toISOString(), clientId: id, instance: 'bench', utms: {} })
        latencies.push((await seen) - start)
      }),
    )
    visitors.forEach(({ socket }) => socket.disconnect())
    agent.disconnect()
    latencies.sort((a, b) => a - b)
    results.liveList = { visitors: VISITORS, p50: percentile(latencies, 50), p95: percentile(latencies, 95) }
    row(`console live list: navigation-path-chat -> update, p50 over ${VISITORS} visitors`, round(percentile(latencies, 50)), null, 'ms')
    row(`console live list: navigation-path-chat -> update, p95 over ${VISITORS} visitors`, round(percentile(latencies, 95)), null, 'ms')
  } finally {
    await server.stop()
  }
  return results
}
