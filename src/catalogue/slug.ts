/**
 * The slug of anything in the catalogue (property, development, zone, post, product): lower-case
 * letters and digits in words joined by single hyphens, "casa-marina-3". One rule for the URL
 * router, the API and the chat agent.
 */
import { foldText } from '../domain/fold'

/** The slug's words, unanchored, for patterns that find a slug inside longer text (a URL). */
export const SLUG_WORDS = '[a-z0-9]+(?:-[a-z0-9]+)*'
export const SLUG_PATTERN = new RegExp(`^${SLUG_WORDS}$`)
/** Longest slug accepted from outside; the catalogue's longest is well under it. */
export const SLUG_MAX_LENGTH = 120

export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value)
}

/**
 * The slug of a title: accents folded («Recámara en Cancún» -> "recamara-en-cancun"), ñ as n,
 * anything but letters and digits a hyphen, cut at a word within SLUG_MAX_LENGTH. "" when the
 * title has no letter or digit.
 */
export function slugFromTitle(title: string): string {
  const words = foldText(title)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word
    if (next.length > SLUG_MAX_LENGTH) break
    slug = next
  }
  return slug || (words[0]?.slice(0, SLUG_MAX_LENGTH) ?? '')
}
