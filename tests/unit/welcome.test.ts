import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { welcomeAllowed, welcomeHideAtMs, welcomeSequence, type WelcomeStage } from '../../src/widget/welcome'

/** Stages reported so far, with the fake clock's time of each. */
function record() {
  const seen: Array<{ stage: WelcomeStage; at: number }> = []
  const start = Date.now()
  const onStage = (stage: WelcomeStage) => seen.push({ stage, at: Date.now() - start })
  return { seen, onStage, stages: () => seen.map((s) => s.stage) }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.clearAllTimers()
  vi.useRealTimers()
})

describe('welcomeHideAtMs (docs/behaviour.md#welcome)', () => {
  it('is the display time in seconds plus 4.5 s', () => {
    expect(welcomeHideAtMs(5)).toBe(9500)
    expect(welcomeHideAtMs(1)).toBe(5500)
    expect(welcomeHideAtMs(10)).toBe(14_500)
    expect(welcomeHideAtMs(0.5)).toBe(5000)
  })

  it.each([
    ['unset', undefined],
    ['null', null],
    ['zero', 0],
    ['negative', -3],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a numeric string', '5'],
    ['an object', { seconds: 5 }],
    ['a boolean', true],
  ])('falls back to 15 s when the display time is %s', (_label, value) => {
    expect(welcomeHideAtMs(value)).toBe(15_000)
  })
})

describe('welcomeSequence (docs/behaviour.md#welcome)', () => {
  it('shows nothing before 1 s', () => {
    const { seen, onStage } = record()
    welcomeSequence(5, onStage)
    vi.advanceTimersByTime(999)
    expect(seen).toEqual([])
  })

  it('shows the typing dots exactly at 1000 ms, and nothing else until 3500 ms', () => {
    const { seen, onStage } = record()
    welcomeSequence(5, onStage)
    vi.advanceTimersByTime(1000)
    expect(seen).toEqual([{ stage: 'typing', at: 1000 }])
    vi.advanceTimersByTime(2499) // 3499 ms
    expect(seen).toEqual([{ stage: 'typing', at: 1000 }])
  })

  it('replaces the dots with the card exactly at 3500 ms', () => {
    const { seen, onStage } = record()
    welcomeSequence(5, onStage)
    vi.advanceTimersByTime(3500)
    expect(seen).toEqual([
      { stage: 'typing', at: 1000 },
      { stage: 'card', at: 3500 },
    ])
  })

  it('hides the card at display time * 1000 + 4500 ms and never reports again', () => {
    const { seen, onStage } = record()
    welcomeSequence(5, onStage)
    vi.advanceTimersByTime(9499)
    expect(seen.map((s) => s.stage)).toEqual(['typing', 'card'])
    vi.advanceTimersByTime(1) // 9500 ms
    expect(seen).toEqual([
      { stage: 'typing', at: 1000 },
      { stage: 'card', at: 3500 },
      { stage: 'done', at: 9500 },
    ])
    vi.advanceTimersByTime(60_000)
    expect(seen).toHaveLength(3)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('uses the configured display time (12 s -> 16.5 s)', () => {
    const { seen, onStage } = record()
    welcomeSequence(12, onStage)
    vi.advanceTimersByTime(16_499)
    expect(seen.map((s) => s.stage)).toEqual(['typing', 'card'])
    vi.advanceTimersByTime(1)
    expect(seen.at(-1)).toEqual({ stage: 'done', at: 16_500 })
  })

  it.each([
    ['unset', undefined],
    ['zero', 0],
    ['negative', -1],
    ['NaN', Number.NaN],
    ['a string', '8'],
    ['null', null],
  ])('hides the card at 15000 ms when the display time is %s', (_label, value) => {
    const { seen, onStage } = record()
    welcomeSequence(value, onStage)
    vi.advanceTimersByTime(14_999)
    expect(seen.map((s) => s.stage)).toEqual(['typing', 'card'])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual([
      { stage: 'typing', at: 1000 },
      { stage: 'card', at: 3500 },
      { stage: 'done', at: 15_000 },
    ])
  })

  it('cancel before 1 s stops every stage', () => {
    const { seen, onStage } = record()
    const cancel = welcomeSequence(5, onStage)
    vi.advanceTimersByTime(500)
    cancel()
    vi.advanceTimersByTime(60_000)
    expect(seen).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('cancel at 2000 ms (dots showing) gives no card and no done', () => {
    const { onStage, stages } = record()
    const cancel = welcomeSequence(5, onStage)
    vi.advanceTimersByTime(2000)
    expect(stages()).toEqual(['typing'])
    cancel()
    vi.advanceTimersByTime(60_000)
    expect(stages()).toEqual(['typing'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('cancel while the card shows gives no done', () => {
    const { onStage, stages } = record()
    const cancel = welcomeSequence(undefined, onStage)
    vi.advanceTimersByTime(5000)
    expect(stages()).toEqual(['typing', 'card'])
    cancel()
    vi.advanceTimersByTime(60_000)
    expect(stages()).toEqual(['typing', 'card'])
  })

  it('cancel is safe to call twice and after the sequence ended', () => {
    const { onStage, stages } = record()
    const cancel = welcomeSequence(1, onStage)
    vi.advanceTimersByTime(10_000)
    expect(stages()).toEqual(['typing', 'card', 'done'])
    expect(() => {
      cancel()
      cancel()
    }).not.toThrow()
    expect(stages()).toEqual(['typing', 'card', 'done'])
  })

  it('two sequences are independent: cancelling one leaves the other running', () => {
    const a = record()
    const b = record()
    const cancelA = welcomeSequence(5, a.onStage)
    welcomeSequence(5, b.onStage)
    vi.advanceTimersByTime(1000)
    cancelA()
    vi.advanceTimersByTime(20_000)
    expect(a.stages()).toEqual(['typing'])
    expect(b.stages()).toEqual(['typing', 'card', 'done'])
  })

  // BUG (welcome.ts, welcomeSequence): the hide delay is passed to setTimeout unclamped. A display
  // time above ~2,147,479 s makes the delay exceed 2^31-1 ms, which browsers (and Node) treat as
  // 1 ms: 'done' fires first and the card then appears at 3.5 s and never hides.
  it('never hides the card before showing it, even for a huge display time', () => {
    const { onStage, stages } = record()
    welcomeSequence(3_000_000, onStage)
    vi.advanceTimersByTime(3500)
    expect(stages()).toEqual(['typing', 'card'])
  })
})

describe('welcomeAllowed: how often the welcome card shows (docs/behaviour.md#welcome)', () => {
  const fresh = { shownThisSession: false, chatted: false }
  it.each([undefined, 'every-page', 'whenever', 3])('shows on every page with the frequency %s', (frequency) => {
    expect(welcomeAllowed(frequency, fresh)).toBe(true)
    expect(welcomeAllowed(frequency, { shownThisSession: true, chatted: true })).toBe(true)
  })

  it('shows once per browser session', () => {
    expect(welcomeAllowed('once-per-session', fresh)).toBe(true)
    expect(welcomeAllowed('once-per-session', { shownThisSession: true, chatted: false })).toBe(false)
    expect(welcomeAllowed('once-per-session', { shownThisSession: false, chatted: true })).toBe(true)
  })

  it('stops once the visitor has chatted', () => {
    expect(welcomeAllowed('until-chatted', fresh)).toBe(true)
    expect(welcomeAllowed('until-chatted', { shownThisSession: true, chatted: false })).toBe(true)
    expect(welcomeAllowed('until-chatted', { shownThisSession: false, chatted: true })).toBe(false)
  })
})
