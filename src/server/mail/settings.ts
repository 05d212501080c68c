/** The mail settings' checks (config.ts), without loading nodemailer: the commands beside the server read the configuration too. */

/** Whether SMTP_URL is one nodemailer reads: an error naming the variable, else null. */
export function smtpUrlProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'SMTP_URL must be a URL such as smtp://user:password@host:587 (its value is not repeated here: it may hold a password).'
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//".`
  if (!url.hostname) return 'SMTP_URL names no host.'
  return null
}
