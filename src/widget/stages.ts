import { whenIdle } from '../shared/idle'

/**
 * A stage of the start-up: synchronous work that runs in one task, or, when it returns an
 * iterator (a generator function), in one task per step: each `yield` ends a step. `urgent`
 * (also what each `yield` returns) when it runs at once for a call (`now()`), not in idle time.
 */
export type Stage = (urgent: boolean) => unknown

/** Waits for the page's next idle moment, then calls `run`; returns a cancel function. */
export type WaitForIdle = (run: () => void) => () => void

/** At most this long before a stage runs on a page that is never idle: the chat must start. */
export const STAGE_IDLE_TIMEOUT_MS = 1000

/** The browser's idle moments, for the stages. */
export const browserIdle = (win: Window = window): WaitForIdle => (run) => whenIdle(win, run, STAGE_IDLE_TIMEOUT_MS)

const isSteps = (value: unknown): value is Iterator<unknown, unknown, boolean> =>
  typeof (value as Iterator<unknown> | null)?.next === 'function'

/** A failed step's error, thrown where no handler was given. */
const rethrow = (error: unknown) => {
  throw error
}

/**
 * Runs `stages` in order, each step in a task of its own when the page is idle, so none of them
 * blocks the page for long (docs/behaviour.md#start-up). `now()` runs every step left at once,
 * in the caller's task (the visitor pressed the launcher, or the page called the API); `stop()`
 * runs none of them any more. A step that throws stops the rest and goes to `failed`; the widget
 * passes one that keeps it out of the page (whose error monitoring would blame the page, and whose
 * click handler would throw); without one it is thrown, as a step's error is.
 */
export function runInStages(stages: readonly Stage[], waitForIdle: WaitForIdle, failed: (error: unknown) => void = rethrow) {
  let next = 0
  /** The stage cut in steps that is under way. */
  let steps: Iterator<unknown, unknown, boolean> | null = null
  let cancel: (() => void) | null = null

  const left = () => steps !== null || next < stages.length
  const step = (urgent: boolean) => {
    try {
      const running = steps ?? stages[next++]!(urgent)
      if (!isSteps(running)) return
      steps = null // a step that calls now() does not run itself again
      if (!running.next(urgent).done) steps = running
    } catch (error) {
      stop()
      failed(error)
    }
  }
  const schedule = () => {
    cancel = left() ? waitForIdle(() => (step(false), schedule())) : null
  }
  const stop = () => {
    cancel?.()
    cancel = null
    steps = null
    next = stages.length
  }
  schedule()

  return {
    now() {
      cancel?.()
      cancel = null
      while (left()) step(true)
    },
    stop,
  }
}
