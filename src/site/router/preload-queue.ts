/** At most this many route preloads at once (docs/behaviour.md#preloading: max 5 concurrent). */
export const MAX_CONCURRENT_PRELOADS = 5

/** Connections on which nothing is preloaded (docs/behaviour.md#preloading: skipped on save-data or 2g). */
export function preloadAllowed(connection: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  if (!connection) return true
  return !connection.saveData && connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g'
}

/**
 * A queue that runs `preload(key)` for each key once, at most `limit` at a time. Failures are
 * forgotten, so a later visit of the link may try again.
 */
export function createPreloadQueue(preload: (key: string) => Promise<unknown>, limit = MAX_CONCURRENT_PRELOADS) {
  const seen = new Set<string>()
  const waiting: string[] = []
  let running = 0
  const next = () => {
    while (running < limit && waiting.length > 0) {
      const key = waiting.shift()!
      running++
      preload(key)
        .catch(() => seen.delete(key))
        .finally(() => {
          running--
          next()
        })
    }
  }
  return {
    add(key: string) {
      if (seen.has(key)) return
      seen.add(key)
      waiting.push(key)
      next()
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}
