import { PUT_BACK_EVENT } from './constants'

/** docs/behaviour.md#embed: how often the host is put back before the widget stops fighting the page. */
export const REATTACH_LIMIT = 3
export const REATTACH_WINDOW_MS = 10_000

/**
 * Puts the widget's host back at the end of <html> when the page's framework removes it (React 18
 * hydrating or re-creating <html>, a router replacing the document's children): the same element,
 * so its shadow root, React state and socket go on as they were (docs/behaviour.md#embed), and
 * the focus goes back where it was inside it (a text area keeps its caret); PUT_BACK_EVENT tells
 * the rest of the widget (the page-scroll lock). A page that removes it
 * more than REATTACH_LIMIT times within REATTACH_WINDOW_MS is fighting it: it is left off and
 * `gaveUp` runs. Returns a stop function.
 */
export function keepAttached(doc: Document, host: Element, gaveUp: () => void): () => void {
  const shadow = host.shadowRoot!
  let putBack: number[] = []
  /** What had focus in the widget. A removal blurs it in the task that removes it, so focusout re-reads it a task later. */
  let focused: Element | null = null
  shadow.addEventListener('focusin', (event) => (focused = event.target as Element))
  shadow.addEventListener('focusout', () => setTimeout(() => (focused = shadow.activeElement)))
  const observer = new MutationObserver(() => {
    const root = doc.documentElement
    if (host.isConnected || !root) return
    const now = Date.now()
    putBack = putBack.filter((at) => now - at < REATTACH_WINDOW_MS)
    if (putBack.length >= REATTACH_LIMIT) return stop(), gaveUp()
    putBack.push(now)
    root.append(host)
    // Unless the page has moved the focus on meanwhile.
    if (!doc.activeElement || doc.activeElement == doc.body) (focused as HTMLElement | null)?.focus({ preventScroll: true })
    shadow.dispatchEvent(new Event(PUT_BACK_EVENT))
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
