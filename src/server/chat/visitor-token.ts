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

/** `registered: false`: a new id let in without a token yet, over its address's budget of new ids (namespace.ts). */
export type VisitorAccess = { ok: true; issued: string | null; registered: boolean } | { ok: false }

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * The handshake's check. A presented token must be the visitor's; a visitor with no token yet
 * takes the presented one (a database restored without it) or gets a new one (`issued`, sent to
 * the widget once), when `mayRegister` allows one more new visitor id; else it is let in
 * unregistered and claims later (`claimVisitor`). A visitor id that has a token, named without
 * it, is refused.
 */
export async function checkVisitor(
  store: VisitorTokenStore,
  visitorId: string,
  presented: string | null,
  mayRegister: () => Promise<boolean> = async () => true,
): Promise<VisitorAccess> {
  if (presented) {
    const stored = await store.visitorTokenHash(visitorId)
    if (stored) return sameHash(stored, hashOf(presented)) ? { ok: true, issued: null, registered: true } : { ok: false }
  }
  if (await mayRegister()) return claimVisitor(store, visitorId, presented)
  // Let in unregistered only as an id nobody holds: not even the live list may show a stranger as them.
  if (!presented && (await store.visitorTokenHash(visitorId))) return { ok: false }
  return { ok: true, issued: null, registered: false }
}

/** Give a visitor id with no token yet the presented token, or a new one (`issued`); refused when it has one. */
export async function claimVisitor(store: VisitorTokenStore, visitorId: string, presented: string | null): Promise<VisitorAccess> {
  const token = presented ?? randomBytes(TOKEN_BYTES).toString('base64url')
  if (!(await store.claimVisitorToken(visitorId, hashOf(token)))) return { ok: false }
  return { ok: true, issued: presented ? null : token, registered: true }
}
