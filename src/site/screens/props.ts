/**
 * What screens, the shell and the router agree on. This module imports nothing, so anything may
 * import it without closing a cycle.
 */

/** Id of every page's main heading: focus moves there after a client navigation. */
export const PAGE_HEADING_ID = 'page-heading'

/** What a screen component is given: its page's path and data (the rest of the payload is the shell's). */
export interface ScreenProps<T = unknown> {
  payload: { path: string; data: T }
}
