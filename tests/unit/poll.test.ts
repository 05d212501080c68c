// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { visiblePoll } from '../../src/widget/poll'

let visibility: DocumentVisibilityState = 'visible'

function setVisibility(state: DocumentVisibilityState) {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

beforeEach(() => {
  vi.useFakeTimers()
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' })
})
afterEach(() => {
  vi.clearAllTimers()
  vi.useRealTimers()
  vi.restoreAllMocks()
  delete (document as unknown as Record<string, unknown>).visibilityState
  delete (document as unknown as Record<string, unknown>).hidden
})

describe('visiblePoll', () => {
  it('runs at once, then every interval', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    expect(task).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(999)
    expect(task).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(3000)
    expect(task).toHaveBeenCalledTimes(5)
    stop()
  })

  it('uses the global document by default', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 500)
    setVisibility('hidden')
    vi.advanceTimersByTime(5000)
    expect(task).toHaveBeenCalledTimes(1)
    stop()
  })

  it('pauses while the tab is hidden', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    vi.advanceTimersByTime(2000) // runs at 0, 1000, 2000
    expect(task).toHaveBeenCalledTimes(3)
    setVisibility('hidden')
    vi.advanceTimersByTime(10_000)
    expect(task).toHaveBeenCalledTimes(3)
    stop()
  })

  it('runs at once when visible again, then every interval from then', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    vi.advanceTimersByTime(500)
    setVisibility('hidden')
    vi.advanceTimersByTime(7250)
    expect(task).toHaveBeenCalledTimes(1)
    setVisibility('visible')
    expect(task).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(999)
    expect(task).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(3)
    stop()
  })

  it('does not start when created in a hidden tab, and starts when it shows', () => {
    visibility = 'hidden'
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    vi.advanceTimersByTime(5000)
    expect(task).not.toHaveBeenCalled()
    setVisibility('visible')
    expect(task).toHaveBeenCalledTimes(1)
    stop()
  })

  it('a visibilitychange while already visible does not add runs or a second interval', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    setVisibility('visible')
    setVisibility('visible')
    expect(task).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1000)
    expect(task).toHaveBeenCalledTimes(2)
    expect(vi.getTimerCount()).toBe(1)
    stop()
  })

  it('repeated hidden/visible cycles keep a single interval', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    for (let i = 0; i < 5; i++) {
      setVisibility('hidden')
      setVisibility('visible')
    }
    expect(task).toHaveBeenCalledTimes(6)
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(1000)
    expect(task).toHaveBeenCalledTimes(7)
    stop()
  })

  it('stop() ends it: no more runs, even when the tab shows again', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    stop()
    vi.advanceTimersByTime(5000)
    setVisibility('hidden')
    setVisibility('visible')
    vi.advanceTimersByTime(5000)
    expect(task).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stop() while hidden keeps it stopped', () => {
    const task = vi.fn()
    const stop = visiblePoll(task, 1000, document)
    setVisibility('hidden')
    stop()
    setVisibility('visible')
    vi.advanceTimersByTime(5000)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('a throwing task does not stop the poll', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let calls = 0
    const task = vi.fn(() => {
      calls++
      if (calls <= 2) throw new Error('boom')
    })
    let stop: () => void = () => {}
    expect(() => {
      stop = visiblePoll(task, 1000, document)
    }).not.toThrow()
    vi.advanceTimersByTime(3000)
    expect(task).toHaveBeenCalledTimes(4)
    expect(warn).toHaveBeenCalledTimes(2)
    setVisibility('hidden')
    expect(() => setVisibility('visible')).not.toThrow()
    expect(task).toHaveBeenCalledTimes(5)
    stop()
  })

  it('two polls on one document are independent', () => {
    const a = vi.fn()
    const b = vi.fn()
    const stopA = visiblePoll(a, 1000, document)
    const stopB = visiblePoll(b, 2000, document)
    stopA()
    vi.advanceTimersByTime(4000)
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(3)
    stopB()
  })
})
