/** docs/behaviour.md#embed: how often the host is put back before the widget stops fighting the page. */
export const REATTACH_LIMIT = 3
export const REATTACH_WINDOW_MS = 10_000

/**
 * Puts the widget's host back at the end of <html> when the page's framework removes it (React 18
 * hydrating or re-creating <html>, a router replacing the document's children): the same element,
 * so its shadow root, React state and socket go on as they were (docs/behaviour.md#embed). A page
 * that removes it more than REATTACH_LIMIT times within REATTACH_WINDOW_MS is fighting it: it is
 * left off and `gaveUp` runs. Returns a stop function.
 */
export function keepAttached(doc: Document, host: Element, gaveUp: () => void): () => void {
  let putBack: number[] = []
  const observer = new MutationObserver(() => {
    const root = doc.documentElement
    if (host.isConnected || !root) return
    const now = Date.now()
    putBack = putBack.filter((at) => now - at < REATTACH_WINDOW_MS)
    if (putBack.length >= REATTACH_LIMIT) return stop(), gaveUp()
    putBack.push(now)
    root.append(host)
    watch()
  })
  // <html> itself can be replaced (React 18's client render of a document): watch the document too.
  const watch = () => {
    observer.disconnect()
    observer.observe(doc, { childList: true })
    if (doc.documentElement) observer.observe(doc.documentElement, { childList: true })
  }
  const stop = () => observer.disconnect()
  watch()
  return stop
}
