/**
 * The slug of anything in the catalogue (property, development, zone, post, product): lower-case
 * letters and digits in words joined by single hyphens, "casa-marina-3". One rule for the URL
 * router, the API and the chat agent.
 */

/** The slug's words, unanchored, for patterns that find a slug inside longer text (a URL). */
export const SLUG_WORDS = '[a-z0-9]+(?:-[a-z0-9]+)*'
export const SLUG_PATTERN = new RegExp(`^${SLUG_WORDS}$`)
/** Longest slug accepted from outside; the catalogue's longest is well under it. */
export const SLUG_MAX_LENGTH = 120

export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value)
}
