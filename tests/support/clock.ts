import type { Clock } from '../../src/server/clock'

/**
 * A server clock a test sets (StartOptions.clock, src/server/clock.ts): it runs at the real pace
 * from the time set, so a test «at 03:40 in Cancún» behaves as the server would then, and
 * `advance` moves past an answer time without waiting for it. Every server started with it, in
 * this process, reads the same time.
 */
export function testClock(start: string | Date = new Date()) {
  let offset = 0
  const set = (at: string | Date) => {
    offset = new Date(at).getTime() - Date.now()
  }
  set(start)
  const now: Clock = () => new Date(Date.now() + offset)
  return {
    now,
    set,
    /** Move the clock `ms` forward. */
    advance(ms: number) {
      offset += ms
    },
  }
}

export type TestClock = ReturnType<typeof testClock>

/** Cancún's wall clock (UTC−5 all year) on 2026-03-02, a Monday: `cancunTime('03:40')`. */
export const cancunTime = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00-05:00`
