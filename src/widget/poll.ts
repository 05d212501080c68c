/**
 * A poll that runs `task` now and every `intervalMs` while the tab is visible, pauses while it
 * is hidden and runs at once when it becomes visible again (docs/behaviour.md#config-poll). Returns a stop function.
 */
export function visiblePoll(task: () => void, intervalMs: number, doc: Document = document): () => void {
  let timer: ReturnType<typeof setInterval> | undefined
  const run = () => {
    try {
      task()
    } catch (error) {
      console.warn('[chat-widget] poll failed', error)
    }
  }
  const start = () => {
    if (timer !== undefined || doc.visibilityState === 'hidden') return
    run()
    timer = setInterval(run, intervalMs)
  }
  const pause = () => {
    clearInterval(timer)
    timer = undefined
  }
  const onVisibility = () => (doc.visibilityState === 'hidden' ? pause() : start())
  doc.addEventListener('visibilitychange', onVisibility)
  start()
  return () => {
    pause()
    doc.removeEventListener('visibilitychange', onVisibility)
  }
}
