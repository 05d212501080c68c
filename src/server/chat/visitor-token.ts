import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * A visitor's conversation is theirs (docs/behaviour.md#visitor-token): the server gives each new
 * visitor id a secret token; a handshake for that id must present it from then on. Only a hash
 * is stored, so a copy of the database does not hand out conversations.
 */

/** 256 bits: not guessable, 43 characters in base64url. */
const TOKEN_BYTES = 32

export interface VisitorTokenStore {
  /** The token hash of a visitor, or null when none was issued yet. */
  visitorTokenHash(visitorId: string): Promise<string | null>
  /** Set the token hash of a visitor that has none; false when one was set meanwhile. */
  claimVisitorToken(visitorId: string, hash: string): Promise<boolean>
}

export type VisitorAccess = { ok: true; issued: string | null } | { ok: false }

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * The handshake's check. A presented token must be the visitor's; a visitor with no token yet
 * takes the presented one (a database restored without it) or gets a new one (`issued`, sent to
 * the widget once). A visitor id that has a token, named without it, is refused.
 */
export async function checkVisitor(store: VisitorTokenStore, visitorId: string, presented: string | null): Promise<VisitorAccess> {
  if (presented) {
    const stored = await store.visitorTokenHash(visitorId)
    if (stored) return sameHash(stored, hashOf(presented)) ? { ok: true, issued: null } : { ok: false }
    return (await store.claimVisitorToken(visitorId, hashOf(presented))) ? { ok: true, issued: null } : { ok: false }
  }
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  return (await store.claimVisitorToken(visitorId, hashOf(token))) ? { ok: true, issued: token } : { ok: false }
}
