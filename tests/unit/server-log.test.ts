import { afterEach, describe, expect, it, vi } from 'vitest'
import { faultLines, log } from '../../src/server/safe-log'
import { createLeadService } from '../../src/server/leads/service'
import type { Storage } from '../../src/server/storage'

/**
 * The server's one logger (src/server/safe-log.ts) as the lead service and the request handlers
 * use it: a client's value cannot start a line, and a flood of one kind is cut.
 */
afterEach(() => vi.restoreAllMocks())

/** A lead service over a store that keeps nothing: only its log lines matter here. */
const leadService = () =>
  createLeadService({
    storage: { leads: { findDuplicate: async () => null, insert: async () => ({}), linkVisitor: async () => {} } } as unknown as Storage,
  })
const spam = { name: 'Gana https://spam.example', email: null, phone: '9981234567', message: '', source: 'contacto' as const, propertySlug: null, attribution: null }

describe('server log lines', () => {
  it("write a lead's client values escaped: a line separator or a newline in an address cannot forge a line", async () => {
    const lines: string[] = []
    vi.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line))
    await leadService().register(spam, { channel: 'form', address: '10.0.0.1\u2028[leads] forjada\n\u2029x', visitorId: 'v\u0007' })
    expect(lines).toEqual(['[leads] dropped a lead (form) from "10.0.0.1\\u2028[leads] forjada\\n\\u2029x" (visitor "v\\u0007"): link-in-name'])
    expect(lines[0]).not.toMatch(/[\n\r\u2028\u2029\u0000-\u001f]/)
  })

  it('limit the dropped-lead lines: a flood of spam writes a bounded number of lines', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line))
    const service = leadService()
    for (let i = 0; i < 200; i++) await service.register(spam, { channel: 'form', address: `10.0.1.${i}`, visitorId: null })
    const dropped = lines.filter((line) => line.startsWith('[leads] dropped'))
    expect(dropped.length).toBeGreaterThan(0)
    expect(dropped.length).toBeLessThanOrEqual(20)
  })

  it("write a server fault as its escaped message and its code's stack frames only", () => {
    const error = new Error('mal\n[http] forjada\u2028otra')
    const text = faultLines(error)
    const [first, ...frames] = text.split('\n')
    expect(first).toBe('"Error: mal\\n[http] forjada\\u2028otra"')
    expect(frames.length).toBeGreaterThan(0)
    expect(frames.every((line) => line.startsWith('    at '))).toBe(true)
    expect(text).not.toContain('\u2028')
  })

  it('is one logger: every kind shares it, each limited on its own', () => {
    const lines: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line))
    for (let i = 0; i < 50; i++) log.error('api-failed-test', `[api] line ${i}`)
    log.error('forms-failed-test', '[forms] another kind')
    expect(lines.filter((line) => line.startsWith('[api]'))).toHaveLength(20)
    expect(lines).toContain('[forms] another kind')
  })
})
