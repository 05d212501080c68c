import { describe, expect, it } from 'vitest'
import { semaphore } from '../../src/server/semaphore'

describe('semaphore', () => {
  it('runs at most its limit at once, hands each turn to the next waiting (or to one put first), and keeps the peak', async () => {
    const turns = semaphore(1)
    const order: string[] = []
    const releases: (() => void)[] = []
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name)
        releases.push(resolve)
      })
    const runs = [turns.run(task('a')), turns.run(task('b')), turns.run(task('c')), turns.run(task('first'), true)]
    expect([turns.running, turns.waiting]).toEqual([1, 3])
    while (order.length < 4) {
      releases.shift()?.()
      // A task arriving while a turn is being handed on waits behind the others.
      runs.push(turns.run(task(`late-${order.length}`)))
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(order).toEqual(['a', 'first', 'b', 'c'])
    while (releases.length || turns.waiting) {
      releases.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(runs)
    expect(turns.peak).toBe(1)
    expect([turns.running, turns.waiting]).toEqual([0, 0])
  })
})
