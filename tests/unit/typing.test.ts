import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { typingReporter } from '../../src/widget/typing'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.clearAllTimers()
  vi.useRealTimers()
})

function setup(resetMs?: number) {
  const reports: boolean[] = []
  const reporter = typingReporter((typing) => reports.push(typing), resetMs)
  return { reports, reporter }
}

describe('typingReporter (docs/behaviour.md#typing-report: true on non-empty input, false after 1 s without input)', () => {
  it('reports nothing before any input', () => {
    const { reports } = setup()
    vi.advanceTimersByTime(5000)
    expect(reports).toEqual([])
  })

  it('reports true once on the first non-empty input, not on every keystroke', () => {
    const { reports, reporter } = setup()
    reporter.input('h')
    expect(reports).toEqual([true])
    reporter.input('ho')
    reporter.input('hol')
    reporter.input('hola')
    expect(reports).toEqual([true])
  })

  it('reports false exactly 1000 ms after the last input by default', () => {
    const { reports, reporter } = setup()
    reporter.input('hola')
    vi.advanceTimersByTime(999)
    expect(reports).toEqual([true])
    vi.advanceTimersByTime(1)
    expect(reports).toEqual([true, false])
    vi.advanceTimersByTime(10_000)
    expect(reports).toEqual([true, false])
  })

  it('restarts the timer on each input', () => {
    const { reports, reporter } = setup()
    reporter.input('h') // t=0
    vi.advanceTimersByTime(900)
    reporter.input('ho') // t=900
    vi.advanceTimersByTime(900)
    reporter.input('hol') // t=1800
    vi.advanceTimersByTime(999) // t=2799
    expect(reports).toEqual([true])
    vi.advanceTimersByTime(1) // t=2800
    expect(reports).toEqual([true, false])
  })

  it('reports true again when typing resumes after the reset', () => {
    const { reports, reporter } = setup()
    reporter.input('a')
    vi.advanceTimersByTime(1000)
    reporter.input('ab')
    expect(reports).toEqual([true, false, true])
    vi.advanceTimersByTime(1000)
    expect(reports).toEqual([true, false, true, false])
  })

  it('emptying the input reports false at once, and no later false', () => {
    const { reports, reporter } = setup()
    reporter.input('hola')
    vi.advanceTimersByTime(300)
    reporter.input('')
    expect(reports).toEqual([true, false])
    vi.advanceTimersByTime(5000)
    expect(reports).toEqual([true, false])
  })

  it.each(['   ', '\n', '\t \n'])('whitespace-only input (%j) counts as empty', (blank) => {
    const { reports, reporter } = setup()
    reporter.input(blank)
    vi.advanceTimersByTime(2000)
    expect(reports).toEqual([])
    reporter.input('x')
    reporter.input(blank)
    expect(reports).toEqual([true, false])
  })

  it('empty input while not typing reports nothing', () => {
    const { reports, reporter } = setup()
    reporter.input('')
    reporter.input('')
    expect(reports).toEqual([])
  })

  it('stop() reports false when typing and cancels the pending reset', () => {
    const { reports, reporter } = setup()
    reporter.input('hola')
    reporter.stop()
    expect(reports).toEqual([true, false])
    vi.advanceTimersByTime(5000)
    expect(reports).toEqual([true, false])
  })

  it('stop() reports nothing when not typing', () => {
    const { reports, reporter } = setup()
    reporter.stop()
    expect(reports).toEqual([])
    reporter.input('a')
    vi.advanceTimersByTime(1000)
    reporter.stop()
    expect(reports).toEqual([true, false])
  })

  it('honours a custom reset delay', () => {
    const { reports, reporter } = setup(250)
    reporter.input('a')
    vi.advanceTimersByTime(249)
    expect(reports).toEqual([true])
    vi.advanceTimersByTime(1)
    expect(reports).toEqual([true, false])
  })
})
