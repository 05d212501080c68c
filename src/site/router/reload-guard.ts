/** How long a chunk-error reload counts as recent (docs/behaviour.md#reload-guard: reload guard 10 s). */
export const RELOAD_GUARD_MS = 10_000
export const RELOAD_MARKER_KEY = 'chunk-reload-at'

interface MarkerStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/**
 * After a chunk fails to load (a new deployment removed it), reload the target once: true when
 * no reload happened in the last RELOAD_GUARD_MS (the marker is then set), false when one did,
 * so a broken deployment shows an error instead of reloading for ever.
 */
export function mayReloadAfterChunkError(store: MarkerStore | null, now = Date.now()): boolean {
  try {
    const last = Number(store?.getItem(RELOAD_MARKER_KEY))
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false
    store?.setItem(RELOAD_MARKER_KEY, String(now))
    return true
  } catch {
    return true // storage blocked: one reload is still better than a dead page
  }
}

/** A dynamic import failed because the file is gone or the network dropped (not a bug in the chunk). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Failed to fetch/i.test(message)
}
