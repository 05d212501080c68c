/**
 * The site's one HTTP client: every request the site makes (the search API, page payloads, build
 * manifests, lead forms) goes through it. JSON bodies for writes, and one more try after a
 * transient failure for reads only: a write is never sent twice (see docs/behaviour.md).
 */
import { ofetch, type $Fetch } from 'ofetch'

/** Answers worth one more try: the server or something on the way was briefly unable to answer. */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504]
/** A short pause before that try: long enough for a restarting upstream, short enough to go unnoticed. */
export const RETRY_DELAY_MS = 250

/**
 * A client for the site at `baseURL`. How many tries is ofetch's rule by method: one retry for
 * GET and HEAD, none for POST, PUT, PATCH and DELETE (a request may set `retry` itself).
 */
export function createSiteFetch(baseURL: string): $Fetch {
  return ofetch.create({ baseURL, retryStatusCodes: [...RETRY_STATUSES], retryDelay: RETRY_DELAY_MS })
}

/** The site's pages call their own origin. */
export const siteFetch = createSiteFetch('/')
