/**
 * Requests that change something must come from the console's own pages (docs/behaviour.md#console-accounts):
 * their Origin is this server's (as the browser reached it) or PUBLIC_URL's.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined, publicUrl: string | undefined): boolean {
  if (!origin || origin === 'null') return false
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (publicUrl && new URL(publicUrl).origin === parsed.origin) return true
  return !!host && parsed.host === host
}
