import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveVisitor, LiveVisitorChanges } from '../../src/protocol/console'
import { LIVE_ADDRESS_VISITORS_PER_SECOND, LIVE_BATCH_MAX, LIVE_FLUSH_MS, LIVE_VISITOR_ENTRIES_PER_SECOND, liveCoalescer } from '../../src/server/console/live-coalescer'
import { newPresence, withPage, withTyping } from '../../src/server/console/presence'

/** The live list's batches (docs/behaviour.md#console-live-visitors), on fake timers. */

const visitor = (id: string) => newPresence(id, '2026-12-01T10:00:00.000Z')
const sent: LiveVisitorChanges[] = []
let live: ReturnType<typeof liveCoalescer>
beforeEach(() => {
  vi.useFakeTimers()
  sent.length = 0
  live = liveCoalescer((changes) => sent.push(structuredClone(changes)))
})
afterEach(() => {
  live.stop()
  vi.useRealTimers()
})
const entries = () => sent.flatMap((batch) => batch.visitors)

describe('live list coalescer', () => {
  it('sends nothing at once, then one batch with each visitor’s latest state', () => {
    let ana = visitor('ana')
    live.changed(ana, '203.0.113.1')
    ana = withPage(ana, '/propiedad/casa', '2026-12-01T10:00:01.000Z')
    live.changed(ana, '203.0.113.1')
    live.changed(visitor('beto'), '203.0.113.2')
    expect(sent).toEqual([])
    vi.advanceTimersByTime(LIVE_FLUSH_MS)
    expect(sent).toEqual([{ visitors: [ana, visitor('beto')], gone: [] }])
  })

  it('a typing storm from one visitor reaches the consoles a few times a second, the last state last', () => {
    let ana: LiveVisitor = visitor('ana')
    // 1,000 toggles a second for 3 seconds.
    for (let ms = 0; ms < 3000; ms++) {
      ana = withTyping(ana, ms % 2 === 0)
      live.changed(ana, '203.0.113.1')
      vi.advanceTimersByTime(1)
    }
    ana = withTyping(ana, false)
    live.changed(ana, '203.0.113.1')
    vi.advanceTimersByTime(2000)
    // At most its entries a second over these 5 seconds, where 20 batches could go out.
    expect(entries().length).toBeLessThanOrEqual(LIVE_VISITOR_ENTRIES_PER_SECOND * 5)
    expect(entries().at(-1)).toEqual(ana)
    expect(entries().at(-1)?.typing).toBe(false)
  })

  it('batches at most every flush, however many visitors change', () => {
    for (let ms = 0; ms < 2000; ms += 5) {
      for (let i = 0; i < 10; i++) live.changed(withPage(visitor(`v${i}`), `/p${ms}`, '2026-12-01T10:00:01.000Z'), `198.51.100.${i}`)
      vi.advanceTimersByTime(5)
    }
    vi.advanceTimersByTime(5 * LIVE_FLUSH_MS)
    expect(sent.length).toBeLessThanOrEqual(2000 / LIVE_FLUSH_MS + 5)
    // Each visitor's last page arrives.
    for (let i = 0; i < 10; i++) expect(entries().filter((v) => v.visitorId === `v${i}`).at(-1)?.page).toBe('/p1995')
  })

  it('cuts an address at its budget a second; its visitors wait their turn and still arrive', () => {
    const many = LIVE_ADDRESS_VISITORS_PER_SECOND * 3
    for (let i = 0; i < many; i++) live.changed(visitor(`n${i}`), '203.0.113.9')
    live.changed(visitor('elsewhere'), '198.51.100.1')
    vi.advanceTimersByTime(LIVE_FLUSH_MS)
    expect(sent[0]!.visitors).toHaveLength(LIVE_ADDRESS_VISITORS_PER_SECOND + 1)
    expect(sent[0]!.visitors.map((v) => v.visitorId)).toContain('elsewhere')
    vi.advanceTimersByTime(1000 - LIVE_FLUSH_MS)
    expect(entries()).toHaveLength(LIVE_ADDRESS_VISITORS_PER_SECOND + 1)
    vi.advanceTimersByTime(3000)
    expect(new Set(entries().map((v) => v.visitorId)).size).toBe(many + 1)
  })

  it('a batch holds at most its maximum; the rest follow', () => {
    for (let i = 0; i < LIVE_BATCH_MAX + 10; i++) live.changed(visitor(`b${i}`), `10.0.${Math.floor(i / 10)}.${i % 10}`)
    vi.advanceTimersByTime(LIVE_FLUSH_MS)
    expect(sent[0]!.visitors).toHaveLength(LIVE_BATCH_MAX)
    vi.advanceTimersByTime(LIVE_FLUSH_MS)
    expect(sent[1]!.visitors).toHaveLength(10)
  })

  it('a visitor who left is not held back by their budget, and a change after it shows them again', () => {
    live.changed(visitor('ana'), '203.0.113.1')
    vi.advanceTimersByTime(LIVE_FLUSH_MS)
    live.changed(withTyping(visitor('ana'), true), '203.0.113.1')
    live.gone('ana', '203.0.113.1')
    vi.advanceTimersByTime(LIVE_FLUSH_MS)
    expect(sent[1]).toEqual({ visitors: [], gone: ['ana'] })
    live.changed(visitor('ana'), '203.0.113.1')
    vi.advanceTimersByTime(1000)
    expect(sent.at(-1)).toEqual({ visitors: [visitor('ana')], gone: [] })
  })

  it('stopped, it sends nothing more', () => {
    live.changed(visitor('ana'), '203.0.113.1')
    live.stop()
    vi.advanceTimersByTime(10 * LIVE_FLUSH_MS)
    expect(sent).toEqual([])
  })
})
