/** What every row of the attack gets from the runner (main.ts), and the helpers several rows use. */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Browser, BrowserContext } from 'playwright-core'
import type { Socket } from 'socket.io-client'
import { CONSOLE_API_PATH, type ConversationDetail, type InboxItem, type InboxPage } from '../../src/protocol/console'
import type { LeadPage, PipelineLead } from '../../src/protocol/crm'
import { FORM_COOKIE } from '../../src/server/leads/forms'
import { SITE_LEAD_ENDPOINT } from '../../src/domain/site-paths'
import { client, connected, send } from '../../tests/support/chat-client'
import { waitFor } from '../../tests/support/wait'
import { request, type CookieJar, type Reply, type RequestOptions } from './http'
import type { RowOutcome } from './judgement'
import type { AttackServer } from './server'

export interface AttackContext {
  /** The server now (the console:user row starts another on the same folder). */
  server: AttackServer
  /** The admin signed in from 127.0.0.1 before any row: every cookie the server gave. */
  admin: CookieJar
  /** The admin's console socket, open for the whole run. */
  console: Socket
  /** One Chromium for the rows that need a browser, launched at the first. */
  chromium: () => Promise<Browser>
}

export interface Row {
  name: string
  /** The row's own bound: past it, it did not hold. */
  limitMs: number
  run: (ctx: AttackContext) => Promise<RowOutcome>
}

/**
 * Row `row`'s client number `host`: 127.0.<row>.<host>. Each row has addresses of its own, so
 * one row's budgets do not decide another's (the lockout row uses 127.0.0.2–8, as issue 30 says).
 */
export const address = (row: number, host: number) => `127.0.${row}.${host}`

/** A console API request as the console's page makes it (same origin), as `cookie` from `from`. */
export function consoleApi(ctx: AttackContext, path: string, options: RequestOptions & { cookie?: string } = {}): Promise<Reply> {
  const { cookie = ctx.admin.header(), headers = {}, ...rest } = options
  return request(`${ctx.server.url}${CONSOLE_API_PATH}${path}`, { ...rest, headers: { Origin: ctx.server.url, Cookie: cookie, ...headers } })
}

/** Sign in as a browser at `from` holding `cookie` does; the reply (its cookies are the session). */
export const signInFrom = (ctx: AttackContext, email: string, password: string, options: { from?: string; cookie?: string; timeoutMs?: number } = {}) =>
  consoleApi(ctx, '/session', { method: 'POST', json: { email, password }, cookie: '', ...options })

/** Every conversation of the admin's inbox (all pages). */
export async function inbox(ctx: AttackContext): Promise<InboxItem[]> {
  const items: InboxItem[] = []
  let before: string | null = null
  for (let page = 0; page < 100; page++) {
    const reply = await consoleApi(ctx, `/inbox${before ? `?before=${before}` : ''}`)
    if (reply.status !== 200) throw new Error(`GET /consola/api/inbox answered ${reply.status}`)
    const body = reply.json<InboxPage>()
    items.push(...body.items)
    if (!body.next) break
    before = body.next
  }
  return items
}

export async function conversation(ctx: AttackContext, visitorId: string): Promise<ConversationDetail> {
  const reply = await consoleApi(ctx, `/conversations/${encodeURIComponent(visitorId)}`)
  if (reply.status !== 200) throw new Error(`GET /consola/api/conversations/… answered ${reply.status}`)
  return reply.json<ConversationDetail>()
}

/** Every lead of the console's list (all pages). */
export async function leads(ctx: AttackContext): Promise<PipelineLead[]> {
  const items: PipelineLead[] = []
  for (let page = 1; page <= 200; page++) {
    const reply = await consoleApi(ctx, `/leads?pagina=${page}`)
    if (reply.status !== 200) throw new Error(`GET /consola/api/leads answered ${reply.status}`)
    const body = reply.json<LeadPage>()
    items.push(...body.items)
    if (page >= body.pages) break
  }
  return items
}

/** A phone as a comparable key: its last 10 digits (a stored +52 prefix or spacing does not matter). */
export const phoneKey = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '').slice(-10)

/** A site visitor's `cp_visitor` cookie value, as the site sets it. */
export const visitorCookie = () => randomBytes(18).toString('base64url')

/** The site's contact form posted as a visitor's browser does it: same origin, the visitor cookie. */
export function postFormLead(ctx: AttackContext, lead: { name: string; phone?: string; email?: string; message?: string }, visitor: string, from: string) {
  return request(`${ctx.server.url}${SITE_LEAD_ENDPOINT}`, {
    method: 'POST',
    from,
    headers: { Origin: ctx.server.url, Cookie: `${FORM_COOKIE}=${visitor}` },
    json: { message: 'Quiero información', ...lead, consent: true, source: 'contacto' },
  })
}

/** `n` chat visitors with fresh ids connected from one address (those refused stay unconnected). */
export async function visitorsFrom(ctx: AttackContext, from: string, n: number) {
  const ids: string[] = Array.from({ length: n }, () => randomUUID())
  const sockets = ids.map((id) => client(ctx.server.url, id, { localAddress: from }))
  await Promise.allSettled(sockets.map(connected))
  return { ids, sockets, open: sockets.filter((socket) => socket.connected).length }
}

/** Whether `probe` came true within `ms` (never throws). */
export const cameTrue = (probe: () => unknown, ms: number, what = 'condition') => waitFor(() => Boolean(probe()), what, ms).then(() => true, () => false)

/**
 * A visitor writes `text` and the agent's turn runs: the agent's words until the turn ends (the
 * widget's typing indicator goes off), or until `ms` when the message was dropped.
 */
export async function say(socket: Socket, visitorId: string, text: string, ms = 30_000): Promise<string[]> {
  const said: string[] = []
  let done = false
  const onResponse = (m: { role: string; content: string }) => m.role === 'agent' && said.push(m.content)
  const onTyping = (state: string) => state !== 'in-progress' && (done = true)
  socket.on('response', onResponse)
  socket.on('typing-state-widget', onTyping)
  try {
    await send(socket, visitorId, text, {}, ms).catch(() => undefined)
    await cameTrue(() => done, ms, 'the agent turn')
  } finally {
    socket.off('response', onResponse)
    socket.off('typing-state-widget', onTyping)
  }
  return said
}

/** A browser context whose requests never leave loopback (as tests/e2e/harness.ts isolatedContext). */
export async function loopbackContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  await context.route(/^(?!https?:\/\/(127\.\d+\.\d+\.\d+|localhost)[:/])/, (route) => route.abort())
  return context
}

export const count = (n: number) => n.toLocaleString('en-US')
