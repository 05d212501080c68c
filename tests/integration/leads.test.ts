import { describe, expect, it } from 'vitest'
import { DEFAULT_LEAD_LIMITS } from '../../src/server/leads/policy'
import { FORM_COOKIE, FORM_NOTICES } from '../../src/server/leads/forms'
import { LEAD_NOTICES } from '../../src/server/leads/service'
import { DEV_BUSINESS_API_KEY, DEV_LEADS_TOKEN } from '../../src/server/config'
import { SITE_LEAD_ENDPOINT } from '../../src/shared/paths'
import { client, connected, disconnectAll, send } from '../support/chat-client'
import { TEST_WORK_MS, withEmbeddedStarts } from '../support/limits'
import { testServers } from '../support/server'
import { waitFor } from '../support/wait'

/**
 * The one lead policy (docs/behaviour.md#leads) against the attacks of issue 14: lead spam
 * through the chat from fresh visitor ids, forms posted from another site, and secrets in pages.
 * Each test has a server of its own (the policy's counters are per server).
 */
const server = testServers({ replyDelayMs: 20 }).start

const formLead = (phone: string) => ({ name: 'Juan Pérez', phone, message: 'Quiero información', consent: true, source: 'contacto' })

describe('lead policy', { timeout: withEmbeddedStarts(1) }, () => {
  // 40 agent turns on one embedded database: on a loaded machine that takes a while.
  it('40 sockets with fresh visitor ids leaving phone numbers register a few leads; the rest read why', { timeout: withEmbeddedStarts(1, 3 * TEST_WORK_MS) }, async () => {
    const s = await server()
    const ATTACKERS = 40
    const visitors = Array.from({ length: ATTACKERS }, (_, i) => `spam-${i}-${Date.now()}`)
    const sockets = visitors.map((visitor) => client(s.url, visitor))
    const registered: unknown[] = []
    const agentSaid: string[] = []
    let turnsDone = 0
    try {
      await Promise.all(
        sockets.map((socket) => {
          socket.on('lead-registered', (lead: unknown) => registered.push(lead))
          socket.on('response', (m: { role: string; content: string }) => m.role === 'agent' && agentSaid.push(m.content))
          socket.on('typing-state-widget', (state: string) => state === 'done' && turnsDone++)
          return connected(socket)
        }),
      )
      await Promise.all(
        sockets.map((socket, i) => send(socket, visitors[i]!, `Hola, soy Juan Pérez, mi teléfono es 99850${String(i).padStart(5, '0')}, llámenme`, {}, TEST_WORK_MS)),
      )
      await waitFor(() => turnsDone === ATTACKERS, 'every agent turn to finish', TEST_WORK_MS)
    } finally {
      disconnectAll()
    }
    const allowed = Math.min(DEFAULT_LEAD_LIMITS.visitorsPerAddressPerHour, DEFAULT_LEAD_LIMITS.perAddressPerHour)
    expect(registered).toHaveLength(allowed)
    expect(await s.storage.leads.recent(100)).toHaveLength(allowed)
    expect(agentSaid.filter((text) => text === LEAD_NOTICES.tooMany)).toHaveLength(ATTACKERS - allowed)
  })

  it('the same contact left again from another device is one lead, and the chat adds no notice to the agent\'s answer', async () => {
    const s = await server()
    const visitors = [`phone-${Date.now()}`, `laptop-${Date.now()}`]
    const said = visitors.map(() => [] as string[])
    const registered = visitors.map(() => 0)
    const done = visitors.map(() => 0)
    try {
      const sockets = visitors.map((visitor, i) => {
        const socket = client(s.url, visitor)
        socket.on('response', (m: { role: string; content: string }) => m.role === 'agent' && said[i]!.push(m.content))
        socket.on('lead-registered', () => registered[i]!++)
        socket.on('typing-state-widget', (state: string) => state === 'done' && done[i]!++)
        return socket
      })
      for (const [i, socket] of sockets.entries()) {
        await connected(socket)
        await send(socket, visitors[i]!, 'me llamo Ana Ruiz, mi teléfono es 998 123 4567', {}, TEST_WORK_MS)
        await waitFor(() => done[i] === 1, `the agent's turn for ${visitors[i]}`, TEST_WORK_MS)
      }
    } finally {
      disconnectAll()
    }
    expect(registered).toEqual([1, 0])
    expect(await s.storage.leads.recent()).toHaveLength(1)
    // Each device reads the agent's one answer, which promises the contact; nothing after it.
    for (const messages of said) expect(messages).toEqual([expect.stringMatching(/^¡Gracias, Ana! Un asesor te contactará/)])
  })

  it('the site form posts to its own origin with the page cookie, never a token; other sites are refused', async () => {
    const s = await server()
    const page = await fetch(`${s.url}/contacto`)
    const html = await page.text()
    // No page holds a key that grants anything: neither the lead token nor the secret read key.
    expect(html).not.toContain(DEV_LEADS_TOKEN)
    expect(html).not.toContain(DEV_BUSINESS_API_KEY)
    const notFound = await (await fetch(`${s.url}/no-existe/en-absoluto`)).text()
    expect(notFound).not.toContain(DEV_LEADS_TOKEN)
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!
    expect(cookie.startsWith(`${FORM_COOKIE}=`)).toBe(true)
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/)

    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(`${s.url}${SITE_LEAD_ENDPOINT}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
    const evil = await post(formLead('998 500 0001'), { Origin: 'https://evil.example', Cookie: cookie })
    expect(evil.status).toBe(403)
    expect(((await evil.json()) as { error: { message: string } }).error.message).toBe(FORM_NOTICES.crossSite)
    expect((await post(formLead('998 500 0001'), { Origin: s.url })).status).toBe(403)
    // The lead service itself still wants its secret token, whatever the Origin.
    const direct = await fetch(`${s.url}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body: JSON.stringify(formLead('998 500 0001')) })
    expect(direct.status).toBe(401)
    expect(await s.storage.leads.recent()).toHaveLength(0)

    const own = { Origin: s.url, Cookie: cookie }
    expect((await post(formLead('998 500 0001'), own)).status).toBe(201)
    // The same phone about the same thing again: the lead already known, nothing new stored.
    const again = await post(formLead('+52 998 500 0001'), own)
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ duplicate: true })
    expect(await s.storage.leads.recent()).toHaveLength(1)
    // One visitor (one cookie) leaves at most perVisitorPerHour leads.
    const answers = []
    for (let i = 2; i <= DEFAULT_LEAD_LIMITS.perVisitorPerHour + 1; i++) answers.push((await post(formLead(`998 500 000${i}`), own)).status)
    expect(answers).toEqual([...Array(DEFAULT_LEAD_LIMITS.perVisitorPerHour - 1).fill(201), 429])
  })

  it('the lead service takes exactly application/json', async () => {
    const s = await server()
    const response = await fetch(`${s.url}/api/leads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEV_LEADS_TOKEN}`, 'Content-Type': 'text/plain; x=application/json' },
      body: JSON.stringify(formLead('998 500 0001')),
    })
    expect(response.status).toBe(415)
    expect(await s.storage.leads.recent()).toHaveLength(0)
  })
})
