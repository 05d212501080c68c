/**
 * The one lead policy every channel goes through (chat, site forms, API): how many leads an
 * address and a visitor may leave, and how many different visitor ids one address may use for
 * them (docs/behaviour.md#leads). Past those volume limits a lead is still kept, marked for
 * review: an office or a mobile carrier is one address, and a real person must not be refused.
 * Only spam that is certain is dropped: a link in the name, the same content from many visitor
 * ids of one address, or a flood no group of people behind one address sends. Counters are rate
 * limiters, in memory by default or shared through Redis when several processes serve.
 */
import { createHash } from 'node:crypto'
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { foldText } from '../../domain/fold'

export interface LeadLimits {
  /** Leads one client address may leave per hour, across visitors and channels, before the rest are marked for review. */
  perAddressPerHour: number
  /** Leads one visitor (chat id or form cookie) may leave per hour before the rest are marked for review. */
  perVisitorPerHour: number
  /** Different visitor ids one address may leave leads with per hour before the rest are marked (fresh ids per attempt are the spam pattern). */
  visitorsPerAddressPerHour: number
  /** Different visitor ids one address may leave the same name and message with per hour; past it the lead is spam and dropped. */
  sameContentVisitorsPerHour: number
  /** Leads one address may leave per hour at all; past it they are a flood and dropped (bounds what a script can store). */
  floodPerAddressPerHour: number
  /** A lead with the same phone or e-mail about the same property within this window is a duplicate. */
  duplicateWindowMinutes: number
}

export const DEFAULT_LEAD_LIMITS: LeadLimits = {
  // An office behind one address may send a handful an hour; a script sends thousands.
  perAddressPerHour: 10,
  perVisitorPerHour: 3,
  visitorsPerAddressPerHour: 5,
  // Two people behind one address may share a name and say the same; four is a template.
  sameContentVisitorsPerHour: 3,
  // Ten times the review limit: a carrier's address with many real people stays far below it.
  floodPerAddressPerHour: 100,
  // A day: a visitor who asks twice about one property the same day is one lead for the agency.
  duplicateWindowMinutes: 24 * 60,
}

const HOUR_S = 60 * 60

/** Which volume limit a kept lead went past. */
export type LeadLimitReason = 'address' | 'visitor' | 'new-visitors'
/** Why a lead is certainly spam. */
export type SpamReason = 'link-in-name' | 'same-content' | 'flood'

export type PolicyVerdict =
  /** Stored; `review` names the volume limit it went past, null when within every limit. */
  | { kind: 'keep'; review: LeadLimitReason | null }
  /** Dropped: certainly not a person's lead. */
  | { kind: 'spam'; reason: SpamReason }

/** Who leaves a lead: the client address, and the visitor id when the channel has one. */
export interface LeadSender {
  address: string
  visitorId: string | null
}

/** What of a lead the policy reads. */
export interface LeadContent {
  name: string
  message: string
}

/** Limiters to share across processes (Redis); in memory otherwise. */
export type LeadLimiterFactory = (points: number, durationS: number, keyPrefix: string) => RateLimiterAbstract

const memoryLimiter: LeadLimiterFactory = (points, duration, keyPrefix) => new RateLimiterMemory({ points, duration, keyPrefix })

/** A web address or markup in a name: no person's name has one, every link-spam form does. */
const LINK_IN_NAME = /https?:|www\.|<\/?[a-z]|\b[a-z0-9-]{2,}\.(?:com|net|org|info|biz|io|co|me|ru|xyz|top|site|online|shop|link|click|app)\b/i

/** The same name and message, whatever the case, accents and spacing. */
const contentKey = ({ name, message }: LeadContent) => createHash('sha256').update([name, message].map((text) => foldText(text).replace(/\s+/g, ' ').trim()).join('\u0000')).digest('base64url')

export function createLeadPolicy(limits: LeadLimits, limiter: LeadLimiterFactory = memoryLimiter) {
  const byAddress = limiter(limits.perAddressPerHour, HOUR_S, 'lead-address')
  const byVisitor = limiter(limits.perVisitorPerHour, HOUR_S, 'lead-visitor')
  const visitorsOfAddress = limiter(limits.visitorsPerAddressPerHour, HOUR_S, 'lead-new-visitor')
  const visitorsOfContent = limiter(limits.sameContentVisitorsPerHour, HOUR_S, 'lead-same-content')
  const flood = limiter(limits.floodPerAddressPerHour, HOUR_S, 'lead-flood')
  /** Which keys were already counted this hour: one point, never consumed twice. */
  const seen = limiter(1, HOUR_S, 'lead-seen')

  /** Counts one point; false when the limit is past. */
  const within = async (limiter: RateLimiterAbstract, key: string): Promise<boolean> => {
    try {
      await limiter.consume(key)
      return true
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      return false
    }
  }
  /** Counts `key` against `limiter` once per (key, visitor) pair and hour; false when the limit is past. */
  const withinOnce = async (limiter: RateLimiterAbstract, key: string, visitorId: string): Promise<boolean> => {
    const pair = `${limiter.keyPrefix}\u0000${key}\u0000${visitorId}`
    if (await seen.get(pair)) return true
    const ok = await within(limiter, key)
    // Only a visitor let through is remembered: one past the limit is counted (and refused) again.
    if (ok) await seen.consume(pair)
    return ok
  }

  return {
    limits,
    /** Counts one lead of `sender`: certain spam is dropped, a lead past a volume limit is kept for review. */
    async admit(lead: LeadContent, { address, visitorId }: LeadSender): Promise<PolicyVerdict> {
      if (LINK_IN_NAME.test(lead.name)) return { kind: 'spam', reason: 'link-in-name' }
      if (visitorId !== null && !(await withinOnce(visitorsOfContent, `${address}\u0000${contentKey(lead)}`, visitorId))) {
        return { kind: 'spam', reason: 'same-content' }
      }
      if (!(await within(flood, address))) return { kind: 'spam', reason: 'flood' }
      // Every volume limit is counted, whichever is past first: the first one past is the reason.
      const past: LeadLimitReason[] = []
      if (visitorId !== null) {
        if (!(await withinOnce(visitorsOfAddress, address, visitorId))) past.push('new-visitors')
        if (!(await within(byVisitor, visitorId))) past.push('visitor')
      }
      if (!(await within(byAddress, address))) past.push('address')
      return { kind: 'keep', review: past[0] ?? null }
    },
  }
}

export type LeadPolicy = ReturnType<typeof createLeadPolicy>
