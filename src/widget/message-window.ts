// Which messages of a long conversation are in the DOM (docs/behaviour.md#long-conversations):
// the newest ones, enough to fill the panel with a margin; older ones on request. Pure, so the
// rule is tested without a browser; components/MessageList.tsx applies it.

/** Messages rendered when the list first shows: a full panel holds about ten, the rest is margin. */
export const WINDOW_INITIAL = 40
/** Older messages added each time the visitor asks for them (or scrolls to the top). */
export const WINDOW_STEP = 40

export interface MessageWindow {
  /** How many of the newest messages are rendered. */
  shown: number
  /** The list this window was last computed for (its length and newest key). */
  length: number
  lastKey: string | undefined
}

export const initialWindow = (): MessageWindow => ({ shown: WINDOW_INITIAL, length: 0, lastKey: undefined })

/**
 * The window for a list of `length` messages (`keyAt` gives their keys), constant time. Messages appended to a list on screen join it
 * (what arrives while the visitor reads never pushes older ones out under their eyes); a list
 * replaced as a whole (the history on connecting, a re-sync) keeps the window's size.
 */
export function followList(window: MessageWindow, length: number, keyAt: (index: number) => string | undefined): MessageWindow {
  const lastKey = keyAt(length - 1)
  if (length === window.length && lastKey === window.lastKey) return window
  const appended = window.length > 0 && length > window.length && keyAt(window.length - 1) === window.lastKey
  return { shown: appended ? window.shown + length - window.length : window.shown, length, lastKey }
}

/** WINDOW_STEP more of the older messages. */
export const showOlder = (window: MessageWindow): MessageWindow => ({ ...window, shown: window.shown + WINDOW_STEP })

/** Index of the first rendered message. */
export const firstShown = (window: MessageWindow): number => Math.max(0, window.length - window.shown)
