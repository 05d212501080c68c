import { describe, expect, it } from 'vitest'
import { judge, latencyBound, latencyHeld, p95, percentile, summaryLine, verdictLine } from '../../scripts/attack/judgement'

describe('attack judgement (scripts/attack/judgement.ts)', () => {
  it('p95 is the nearest-rank percentile, whatever the order of the loads', () => {
    const loads = Array.from({ length: 100 }, (_, i) => 100 - i) // 100 … 1
    expect(p95(loads)).toBe(95)
    expect(percentile([7], 95)).toBe(7)
    expect(percentile([3, 1, 2], 50)).toBe(2)
    expect(p95([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 3000])).toBe(10)
    expect(p95([10, 10, 10, 10, 10, 10, 10, 10, 10, 3000])).toBe(3000)
    expect(p95([])).toBeNaN()
  })

  it('the bound is twice the baseline, or the baseline plus 50 ms when that is larger', () => {
    expect(latencyBound(3)).toBe(53)
    expect(latencyBound(50)).toBe(100)
    expect(latencyBound(243)).toBe(486)
    expect(latencyHeld(53, 3)).toBe(true)
    expect(latencyHeld(54, 3)).toBe(false)
    expect(latencyHeld(30_000, 243)).toBe(false)
    expect(latencyHeld(Number.NaN, 3)).toBe(false)
  })

  it('a row passes only when its criterion and its latency both held, and its line says which failed', () => {
    const held = { attempts: '20 sockets', held: true, detail: '4.2 events/s' }
    expect(judge('fan-out', held, 40, 12).passed).toBe(true)
    const slow = judge('fan-out', held, 30_000, 12)
    expect(slow.passed).toBe(false)
    expect(verdictLine(slow)).toBe('fan-out: 20 sockets · held: 4.2 events/s · GET / p95 30,000 ms vs baseline 12 ms (OVER bound 62 ms) · FAILED')
    const wrong = judge('fan-out', { ...held, held: false, detail: '22,417 events/s' }, 20, 12)
    expect(wrong.passed).toBe(false)
    expect(verdictLine(wrong)).toBe('fan-out: 20 sockets · did not hold: 22,417 events/s · GET / p95 20 ms vs baseline 12 ms (within bound 62 ms) · FAILED')
    expect(summaryLine([judge('a', held, 1, 1), slow, wrong])).toEqual({ line: 'attack: 1 held, 2 did not', passed: false })
    expect(summaryLine([judge('a', held, 1, 1)])).toEqual({ line: 'attack: 1 held, 0 did not', passed: true })
  })
})
