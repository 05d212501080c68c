import { describe, expect, it } from 'vitest'
import { runInStages, type WaitForIdle } from '../../src/widget/stages'
import { whenIdle } from '../../src/shared/idle'

/** Idle moments the test hands out one at a time. */
function idleByHand() {
  const waiting: (() => void)[] = []
  const wait: WaitForIdle = (run) => {
    waiting.push(run)
    return () => void waiting.splice(waiting.indexOf(run), 1)
  }
  return { wait, idle: () => waiting.shift()?.(), pending: () => waiting.length }
}

describe('runInStages', () => {
  it('runs one stage per idle moment, in order', () => {
    const ran: number[] = []
    const { wait, idle, pending } = idleByHand()
    runInStages([() => ran.push(1), () => ran.push(2), () => ran.push(3)], wait)
    expect(ran).toEqual([])
    idle()
    expect(ran).toEqual([1])
    idle()
    idle()
    expect(ran).toEqual([1, 2, 3])
    expect(pending()).toBe(0)
  })

  it('now() runs every stage left at once, in the caller\'s task, and waits for idle time no more', () => {
    const ran: number[] = []
    const { wait, idle, pending } = idleByHand()
    const stages = runInStages([() => ran.push(1), () => ran.push(2), () => ran.push(3)], wait)
    idle()
    stages.now()
    expect(ran).toEqual([1, 2, 3])
    expect(pending()).toBe(0)
    stages.now()
    expect(ran).toEqual([1, 2, 3])
  })

  it('tells each stage whether it runs in idle time or at once for a call', () => {
    const ran: [number, boolean][] = []
    const { wait, idle } = idleByHand()
    const stages = runInStages([1, 2, 3].map((n) => (urgent: boolean) => ran.push([n, urgent])), wait)
    idle()
    stages.now()
    expect(ran).toEqual([[1, false], [2, true], [3, true]])
  })

  it('runs a generator stage one step per idle moment, the rest at once on now()', () => {
    const ran: string[] = []
    const { wait, idle, pending } = idleByHand()
    const stages = runInStages(
      [
        function* (urgent) {
          ran.push(`a ${urgent}`)
          const second: boolean = yield
          ran.push(`b ${second}`)
          const third: boolean = yield
          ran.push(`c ${third}`)
        },
        () => ran.push('next'),
      ],
      wait,
    )
    idle()
    expect(ran).toEqual(['a false'])
    idle()
    expect(ran).toEqual(['a false', 'b false'])
    stages.now()
    expect(ran).toEqual(['a false', 'b false', 'c true', 'next'])
    expect(pending()).toBe(0)
  })

  it('a step that calls now() does not run a step twice', () => {
    const ran: number[] = []
    const { wait, idle } = idleByHand()
    const stages = runInStages(
      [
        function* () {
          ran.push(1)
          yield
          ran.push(2)
          stages.now()
        },
        () => ran.push(3),
      ],
      wait,
    )
    idle()
    idle()
    expect(ran).toEqual([1, 2, 3])
  })

  it('a stage that calls now() does not run a stage twice', () => {
    const ran: number[] = []
    const { wait } = idleByHand()
    const stages = runInStages([() => ran.push(1), () => (ran.push(2), stages.now()), () => ran.push(3)], wait)
    stages.now()
    expect(ran).toEqual([1, 2, 3])
  })

  it('stop() runs no stage any more', () => {
    const ran: number[] = []
    const { wait, idle, pending } = idleByHand()
    const stages = runInStages([() => ran.push(1), () => ran.push(2)], wait)
    idle()
    stages.stop()
    expect(pending()).toBe(0)
    stages.now()
    expect(ran).toEqual([1])
  })
})

describe('whenIdle', () => {
  it('waits for requestIdleCallback with the timeout given, and cancels through it', () => {
    const calls: unknown[] = []
    const win = {
      requestIdleCallback: (run: () => void, options: { timeout: number }) => (calls.push(options.timeout), run(), 7),
      cancelIdleCallback: (id: number) => calls.push(`cancel ${id}`),
    } as unknown as Window
    let ran = 0
    whenIdle(win, () => ran++, 1234)()
    expect(ran).toBe(1)
    expect(calls).toEqual([1234, 'cancel 7'])
  })

  it('runs in the next task where there is no requestIdleCallback (Safari), unless cancelled', async () => {
    const win = { setTimeout, clearTimeout } as unknown as Window
    const ran: string[] = []
    whenIdle(win, () => ran.push('kept'), 1000)
    whenIdle(win, () => ran.push('cancelled'), 1000)()
    expect(ran).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(ran).toEqual(['kept'])
  })
})

describe('a stage that throws', () => {
  it('stops the rest and goes to the failure callback, in idle time and on now(), never to the caller', () => {
    const ran: number[] = []
    const failures: unknown[] = []
    const broken = new Error('no shadow DOM here')
    const { wait, idle, pending } = idleByHand()
    const stages = runInStages(
      [
        () => ran.push(1),
        () => {
          throw broken
        },
        () => ran.push(3),
      ],
      wait,
      (error) => failures.push(error),
    )
    idle()
    idle()
    expect(ran).toEqual([1])
    expect(failures).toEqual([broken])
    expect(pending()).toBe(0)
    expect(() => stages.now()).not.toThrow()
    expect(ran).toEqual([1])
    expect(failures).toEqual([broken])
  })

  it('a step of a generator stage that throws on now() is caught the same way', () => {
    const failures: unknown[] = []
    const { wait } = idleByHand()
    const stages = runInStages(
      [
        function* () {
          yield
          throw new Error('React could not render')
        },
      ],
      wait,
      (error) => failures.push((error as Error).message),
    )
    expect(() => stages.now()).not.toThrow()
    expect(failures).toEqual(['React could not render'])
  })
})
