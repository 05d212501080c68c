/**
 * What screens, the shell and the router agree on. This module imports only a type of
 * src/shared, so anything may import it without closing a cycle.
 */
import type { SiteIdentity } from '../../shared/agency'

/** Id of every page's main heading: focus moves there after a client navigation. */
export const PAGE_HEADING_ID = 'page-heading'

/** What a screen component is given: its page's path, data and the agency it shows (the rest of the payload is the shell's). */
export interface ScreenProps<T = unknown> {
  payload: { path: string; data: T; site: SiteIdentity }
}
