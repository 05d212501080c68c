import { whenIdle } from '../shared/idle'

/** A stage of the start-up: synchronous work that runs in one task. */
export type Stage = () => unknown

/** Waits for the page's next idle moment, then calls `run`; returns a cancel function. */
export type WaitForIdle = (run: () => void) => () => void

/** At most this long before a stage runs on a page that is never idle: the chat must start. */
export const STAGE_IDLE_TIMEOUT_MS = 1000

/** The browser's idle moments, for the stages. */
export const browserIdle = (win: Window = window): WaitForIdle => (run) => whenIdle(win, run, STAGE_IDLE_TIMEOUT_MS)

/**
 * Runs `stages` in order, each in a task of its own when the page is idle, so none of them
 * blocks the page for long (docs/behaviour.md#start-up). `now()` runs every stage left at once,
 * in the caller's task (the visitor pressed the launcher, or the page called the API); `stop()`
 * runs none of them any more.
 */
export function runInStages(stages: readonly Stage[], waitForIdle: WaitForIdle) {
  let next = 0
  let cancel: (() => void) | null = null

  const schedule = () => {
    cancel = next < stages.length ? waitForIdle(() => (stages[next++]!(), schedule())) : null
  }
  const stop = () => {
    cancel?.()
    cancel = null
    next = stages.length
  }
  schedule()

  return {
    now() {
      cancel?.()
      cancel = null
      while (next < stages.length) stages[next++]!()
    },
    stop,
  }
}
