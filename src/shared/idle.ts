/**
 * Runs `run` in the page's next idle moment, at most `timeoutMs` later on a page that is never
 * idle: requestIdleCallback where the browser has it (not Safari), else the next task. Returns a
 * cancel function. Used by the widget's staged start-up and the site's deferred widget tag
 * (docs/behaviour.md#start-up, #shell).
 */
export function whenIdle(win: Window, run: () => void, timeoutMs: number): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(() => run(), { timeout: timeoutMs })
    return () => win.cancelIdleCallback(id)
  }
  const id = win.setTimeout(run, 0)
  return () => win.clearTimeout(id)
}
