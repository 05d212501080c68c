/** Key/value storage that never throws: localStorage when it works, else memory for the page's life. */
export interface SafeStorage {
  get(key: string): string | null
  set(key: string, value: string): void
}

/**
 * Private mode, sandboxed frames and disabled cookies make localStorage throw on access or on
 * write; the widget must still work, so values then live in memory until the page unloads.
 */
export function safeStorage(getStorage: () => Storage | null | undefined = () => window.localStorage): SafeStorage {
  const memory = new Map<string, string>()
  const storage = (): Storage | null => {
    try {
      return getStorage() ?? null
    } catch {
      return null
    }
  }
  return {
    get(key) {
      // What this page wrote wins: a write that storage refused must not leave an old value visible.
      const written = memory.get(key)
      if (written !== undefined) return written
      try {
        return storage()?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    set(key, value) {
      memory.set(key, value)
      try {
        storage()?.setItem(key, value)
      } catch {
        // memory keeps it for this page
      }
    },
  }
}
