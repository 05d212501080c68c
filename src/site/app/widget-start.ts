/**
 * The widget on the site's pages starts after the page's own content (docs/behaviour.md#shell):
 * the rendered HTML carries the customer's tag marked inert (a non-script `type` the browser
 * neither fetches nor runs), and the site's client swaps in a live copy once the page has loaded,
 * hydrated and gone idle, so widget.js never competes with the largest paint.
 */
import { whenIdle } from '../../shared/idle'

/** The mark on the rendered tag: its attributes after the customer's own. */
export const DEFERRED_WIDGET = { type: 'text/plain', marker: 'data-start-after', when: 'load' } as const

/** Longest wait for an idle moment after load before the widget starts anyway. */
const IDLE_TIMEOUT_MS = 2000

/** The tag's attributes without the mark: exactly what a customer pastes. */
export function liveAttributes(attributes: Iterable<{ name: string; value: string }>): [string, string][] {
  return Array.from(attributes, ({ name, value }): [string, string] => [name, value]).filter(
    ([name]) => name !== 'type' && name !== DEFERRED_WIDGET.marker,
  )
}

const afterLoad = (win: Window) =>
  new Promise<void>((resolve) => {
    if (win.document.readyState === 'complete') resolve()
    else win.addEventListener('load', () => resolve(), { once: true })
  })

const idle = (win: Window) => new Promise<void>((resolve) => void whenIdle(win, resolve, IDLE_TIMEOUT_MS))

/** Replaces the inert widget tag with a live one once the page has loaded and the main thread is idle. */
export async function startDeferredWidget(win: Window = window): Promise<void> {
  await afterLoad(win)
  await idle(win)
  const inert = win.document.querySelector<HTMLScriptElement>(`script[${DEFERRED_WIDGET.marker}]`)
  if (!inert) return
  const live = win.document.createElement('script')
  for (const [name, value] of liveAttributes(inert.attributes)) live.setAttribute(name, value)
  // A nonce the server put on the tag (strict CSP) is readable only as a property.
  if (inert.nonce) live.nonce = inert.nonce
  inert.replaceWith(live)
}
