import { describe, expect, it, vi } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import type { Responder } from '../../src/server/chat/namespace'
import { LEAD_REVIEW } from '../../src/protocol/crm'
import { DEFAULT_LEAD_LIMITS } from '../../src/server/leads/policy'
import { FORM_COOKIE, FORM_NOTICES } from '../../src/server/leads/forms'
import { LEAD_NOTICES } from '../../src/server/leads/service'
import { DEV_BUSINESS_API_KEY, DEV_LEADS_TOKEN } from '../../src/server/config'
import { SITE_LEAD_ENDPOINT } from '../../src/domain/site-paths'
import { client, connected, disconnectAll, send } from '../support/chat-client'
import { TEST_WORK_MS, withEmbeddedStarts } from '../support/limits'
import { testServers } from '../support/server'
import { waitFor } from '../support/wait'

/**
 * The one lead policy (docs/behaviour.md#leads) against the attacks of issue 14 (lead spam
 * through the chat from fresh visitor ids, forms posted from another site, secrets in pages)
 * and issue 30 (real people behind one address: kept and marked for review, never refused).
 * Each test has a server of its own (the policy's counters are per server).
 */
const server = testServers({ replyDelayMs: 20 }).start

/** Eight people of one office, one address: each their own name and phone. */
const OFFICE = [
  ['Ana Ruiz', '998 100 0001'],
  ['Luis Gómez', '998 100 0002'],
  ['Carlos Méndez', '998 100 0003'],
  ['María López', '998 100 0004'],
  ['Jorge Castro', '998 100 0005'],
  ['Sofía Torres', '998 100 0006'],
  ['Pedro Ramírez', '998 100 0007'],
  ['Lucía Herrera', '998 100 0008'],
] as const

const formLead = (phone: string) => ({ name: 'Juan Pérez', phone, message: 'Quiero información', consent: true, source: 'contacto' })

describe('lead policy', { timeout: withEmbeddedStarts(1) }, () => {
  /** Visitors behind one address (an office, a carrier) each leaving their own contact in the chat: what each read, and the leads stored. */
  async function chatLeads(s: RunningServer, texts: string[]) {
    const visitors = texts.map((_, i) => `office-${i}-${Date.now()}`)
    const sockets = visitors.map((visitor) => client(s.url, visitor))
    const said = visitors.map(() => [] as string[])
    const registered = visitors.map(() => 0)
    let turnsDone = 0
    try {
      await Promise.all(
        sockets.map((socket, i) => {
          socket.on('lead-registered', () => registered[i]!++)
          socket.on('response', (m: { role: string; content: string }) => m.role === 'agent' && said[i]!.push(m.content))
          socket.on('typing-state-widget', (state: string) => state === 'done' && turnsDone++)
          return connected(socket)
        }),
      )
      // One after another: the policy counts them in this order.
      for (const [i, socket] of sockets.entries()) {
        await send(socket, visitors[i]!, texts[i]!, {}, TEST_WORK_MS)
        await waitFor(() => turnsDone === i + 1, `the agent's turn for visitor ${i + 1}`, TEST_WORK_MS)
      }
    } finally {
      disconnectAll()
    }
    return { visitors, said, registered }
  }
  /** The stored leads, oldest first, as `[name, review]`. */
  const stored = async (s: RunningServer) => (await s.storage.leads.recent(100)).reverse().map((lead) => [lead.name, lead.review])

  it('8 people behind one address leave their contact in the chat: all 8 are stored, those past the limits marked for review, none told «no registramos»', { timeout: withEmbeddedStarts(1, 3 * TEST_WORK_MS) }, async () => {
    const s = await server()
    const { said, registered } = await chatLeads(s, OFFICE.map(([name, phone]) => `Hola, soy ${name}, mi teléfono es ${phone}, llámenme`))
    expect(registered).toEqual(OFFICE.map(() => 1))
    // The first visitorsPerAddressPerHour are within every limit; the next ones are new visitor ids past it.
    expect(await stored(s)).toEqual(OFFICE.map(([name], i) => [name, i < DEFAULT_LEAD_LIMITS.visitorsPerAddressPerHour ? null : LEAD_REVIEW]))
    for (const [i, messages] of said.entries()) {
      expect(messages).toEqual([expect.stringMatching(new RegExp(`^¡Gracias, ${OFFICE[i]![0].split(' ')[0]}! Un asesor te contactará`))])
      expect(messages.join(' ')).not.toMatch(/no (los )?registramos/)
    }
  })

  it('8 people behind one address book a visit in the chat: every visit and lead is stored, and no one reads «no registramos» after «quedó agendada»', { timeout: withEmbeddedStarts(1, 3 * TEST_WORK_MS) }, async () => {
    // An agent that books in the turn the contact arrives: the turn of the finding of issue 30.
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const booking: Responder = async (text, state) => {
      const [name, phone] = text.split('|') as [string, string]
      return {
        state,
        messages: [`¡Listo, ${name}! Tu visita quedó agendada.`],
        lead: { name, phone, email: null, message: 'Agendó una visita', propertySlug: null },
        appointment: { at, name, phone, propertySlug: null, note: 'Visita' },
      }
    }
    const s = await server({ responder: booking })
    const { visitors, said, registered } = await chatLeads(s, OFFICE.map(([name, phone]) => `${name}|${phone}`))
    expect(registered).toEqual(OFFICE.map(() => 1))
    expect(await stored(s)).toEqual(OFFICE.map(([name], i) => [name, i < DEFAULT_LEAD_LIMITS.visitorsPerAddressPerHour ? null : LEAD_REVIEW]))
    for (const visitor of visitors) expect(await s.storage.chat.appointments(visitor)).toHaveLength(1)
    for (const [i, messages] of said.entries()) expect(messages).toEqual([`¡Listo, ${OFFICE[i]![0]}! Tu visita quedó agendada.`])
  })

  it('the same name and message from many visitor ids of one address is spam: a few are kept, the rest dropped, said once and counted in the log', { timeout: withEmbeddedStarts(1, 3 * TEST_WORK_MS) }, async () => {
    const s = await server()
    const ATTACKERS = 8
    const warnings = vi.spyOn(console, 'warn')
    try {
      const { said, registered } = await chatLeads(
        s,
        Array.from({ length: ATTACKERS }, (_, i) => `Hola, soy Juan Pérez, mi teléfono es 99850${String(i).padStart(5, '0')}, llámenme`),
      )
      const kept = DEFAULT_LEAD_LIMITS.sameContentVisitorsPerHour
      expect(registered).toEqual(Array.from({ length: ATTACKERS }, (_, i) => (i < kept ? 1 : 0)))
      expect(await s.storage.leads.recent(100)).toHaveLength(kept)
      for (const messages of said.slice(kept)) expect(messages.at(-1)).toBe(LEAD_NOTICES.spam)
      for (const messages of said.slice(0, kept)) expect(messages).not.toContain(LEAD_NOTICES.spam)
      expect(warnings.mock.calls.filter(([line]) => String(line).startsWith('[leads] dropped a lead (chat)') && String(line).endsWith(': same-content'))).toHaveLength(ATTACKERS - kept)
    } finally {
      warnings.mockRestore()
    }
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
    // One visitor (one cookie) past perVisitorPerHour leads: still stored, marked for review.
    const answers = []
    for (let i = 2; i <= DEFAULT_LEAD_LIMITS.perVisitorPerHour + 1; i++) {
      const response = await post(formLead(`998 500 000${i}`), own)
      answers.push([response.status, ((await response.json()) as { lead: { review: string | null } }).lead.review])
    }
    expect(answers).toEqual([...Array(DEFAULT_LEAD_LIMITS.perVisitorPerHour - 1).fill([201, null]), [201, LEAD_REVIEW]])
    expect(await s.storage.leads.recent()).toHaveLength(DEFAULT_LEAD_LIMITS.perVisitorPerHour + 1)
  })

  it('8 people behind one address send the site form: all 8 are stored, those past the limits marked for review; a link in the name is dropped', async () => {
    const s = await server()
    const results = []
    for (const [name, phone] of OFFICE) {
      // Each person's browser has its own cookie, from the page they are on.
      const cookie = (await fetch(`${s.url}/contacto`)).headers.get('set-cookie')!.split(';')[0]!
      const response = await fetch(`${s.url}${SITE_LEAD_ENDPOINT}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: s.url, Cookie: cookie },
        body: JSON.stringify({ ...formLead(phone), name }),
      })
      results.push([response.status, ((await response.json()) as { lead: { review: string | null } }).lead.review])
    }
    const limit = DEFAULT_LEAD_LIMITS.visitorsPerAddressPerHour
    expect(results).toEqual(OFFICE.map((_, i) => [201, i < limit ? null : LEAD_REVIEW]))
    expect(await stored(s)).toEqual(OFFICE.map(([name], i) => [name, i < limit ? null : LEAD_REVIEW]))

    const cookie = (await fetch(`${s.url}/contacto`)).headers.get('set-cookie')!.split(';')[0]!
    const spam = await fetch(`${s.url}${SITE_LEAD_ENDPOINT}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: s.url, Cookie: cookie },
      body: JSON.stringify({ ...formLead('998 555 0199'), name: 'Gana dinero https://spam.example' }),
    })
    expect(spam.status).toBe(422)
    expect(((await spam.json()) as { error: { message: string } }).error.message).toBe(LEAD_NOTICES.spam)
    expect(await s.storage.leads.recent(100)).toHaveLength(OFFICE.length)
  })

  it('POST /api/leads past the per-address limit answers 201 with the lead marked for review, never 429', async () => {
    const s = await server()
    const count = DEFAULT_LEAD_LIMITS.perAddressPerHour + 2
    const results = []
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${s.url}/api/leads`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEV_LEADS_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...formLead(`998 600 ${String(i).padStart(4, '0')}`), name: `Cliente ${i + 1}` }),
      })
      results.push([response.status, ((await response.json()) as { lead: { review: string | null } }).lead.review])
    }
    expect(results).toEqual(Array.from({ length: count }, (_, i) => [201, i < DEFAULT_LEAD_LIMITS.perAddressPerHour ? null : LEAD_REVIEW]))
    expect(await s.storage.leads.recent(100)).toHaveLength(count)
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
