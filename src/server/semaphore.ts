/**
 * At most `limit` tasks at once; the rest wait in arrival order. A finished task hands its turn
 * straight to the next one waiting, so no task arriving in between can run beside them: the
 * limit holds exactly (the console's sign-in counts on it for memory, src/server/console/sign-in.ts).
 */
export function semaphore(limit: number) {
  let running = 0
  let peak = 0
  const waiting: (() => void)[] = []
  return {
    get waiting() {
      return waiting.length
    },
    get running() {
      return running
    },
    /** The most tasks ever running at once. */
    get peak() {
      return peak
    },
    /** `task` in its turn; `first` puts it ahead of the others waiting. */
    async run<T>(task: () => Promise<T>, first = false): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)))
      else running++
      peak = Math.max(peak, running)
      try {
        return await task()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else running--
      }
    },
  }
}
