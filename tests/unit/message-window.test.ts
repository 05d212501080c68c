import { describe, expect, it } from 'vitest'
import { firstShown, followList, initialWindow, showOlder, WINDOW_INITIAL, WINDOW_STEP } from '../../src/widget/message-window'

const keys = (count: number, prefix = 'm') => Array.from({ length: count }, (_, i) => `${prefix}${i}`)
const follow = (window: ReturnType<typeof initialWindow>, list: string[]) => followList(window, list.length, (i) => list[i])

describe('the window over a long conversation', () => {
  it('renders only the newest WINDOW_INITIAL messages of a history of 1,000', () => {
    const window = follow(initialWindow(), keys(1000))
    expect(firstShown(window)).toBe(1000 - WINDOW_INITIAL)
  })

  it('renders a short history whole', () => {
    expect(firstShown(follow(initialWindow(), keys(10)))).toBe(0)
  })

  it('keeps what is on screen when messages are appended: they join the window', () => {
    const list = keys(1000)
    const before = follow(initialWindow(), list)
    const after = follow(before, [...list, 'new1', 'new2'])
    expect(firstShown(after)).toBe(firstShown(before))
  })

  it('keeps its size when the list is replaced (a history re-sync)', () => {
    const before = follow(initialWindow(), keys(1000))
    const after = follow(before, keys(1200, 'other'))
    expect(firstShown(after)).toBe(1200 - WINDOW_INITIAL)
  })

  it('returns the same window for the same list (no re-render loop)', () => {
    const list = keys(50)
    const window = follow(initialWindow(), list)
    expect(follow(window, list)).toBe(window)
  })

  it('adds WINDOW_STEP older messages on request, down to the first one', () => {
    let window = follow(initialWindow(), keys(100))
    window = showOlder(window)
    expect(firstShown(window)).toBe(100 - WINDOW_INITIAL - WINDOW_STEP)
    window = showOlder(showOlder(window))
    expect(firstShown(window)).toBe(0)
  })
})
