/**
 * What counts as an e-mail address (docs/domain.md#email), the one pattern the site's form, the
 * lead and account schemas on the server and the chat agent all check. Pure: the site's browser
 * bundle carries it without zod.
 */

/**
 * zod's e-mail pattern (z.regexes.email, the one z.email() checks by default): a local part
 * of dot-separated words (no leading, trailing or double dot), one @, dotted domain labels that do not start with a hyphen, and a
 * letter top-level domain of two letters or more.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/

/** An address as typed, surrounding spaces ignored. */
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim())

/** The address as stored and compared: trimmed, lower case (mailboxes are not case-sensitive in practice). */
export const emailKey = (email: string): string => email.trim().toLowerCase()
