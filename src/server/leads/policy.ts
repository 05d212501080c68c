/**
 * The one lead policy every channel goes through (chat, site forms, API): how many leads an
 * address and a visitor may leave, and how many different visitor ids one address may use for
 * them (docs/behaviour.md#leads). Counters are rate limiters, in memory by default or shared
 * through Redis when several processes serve.
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

export interface LeadLimits {
  /** Leads one client address may leave per hour, across visitors and channels. */
  perAddressPerHour: number
  /** Leads one visitor (chat id or form cookie) may leave per hour. */
  perVisitorPerHour: number
  /** Different visitor ids one address may leave leads with per hour (fresh ids per attempt are the spam pattern). */
  visitorsPerAddressPerHour: number
  /** A lead with the same phone or e-mail about the same property within this window is a duplicate. */
  duplicateWindowMinutes: number
}

export const DEFAULT_LEAD_LIMITS: LeadLimits = {
  // An office behind one address may send a handful an hour; a script sends thousands.
  perAddressPerHour: 10,
  perVisitorPerHour: 3,
  visitorsPerAddressPerHour: 5,
  // A day: a visitor who asks twice about one property the same day is one lead for the agency.
  duplicateWindowMinutes: 24 * 60,
}

const HOUR_S = 60 * 60

export type LeadLimitReason = 'address' | 'visitor' | 'new-visitors'

export type PolicyVerdict = { ok: true } | { ok: false; reason: LeadLimitReason; retryAfterMs: number }

/** Who leaves a lead: the client address, and the visitor id when the channel has one. */
export interface LeadSender {
  address: string
  visitorId: string | null
}

/** Limiters to share across processes (Redis); in memory otherwise. */
export type LeadLimiterFactory = (points: number, durationS: number, keyPrefix: string) => RateLimiterAbstract

const memoryLimiter: LeadLimiterFactory = (points, duration, keyPrefix) => new RateLimiterMemory({ points, duration, keyPrefix })

export function createLeadPolicy(limits: LeadLimits, limiter: LeadLimiterFactory = memoryLimiter) {
  const byAddress = limiter(limits.perAddressPerHour, HOUR_S, 'lead-address')
  const byVisitor = limiter(limits.perVisitorPerHour, HOUR_S, 'lead-visitor')
  const visitorsOfAddress = limiter(limits.visitorsPerAddressPerHour, HOUR_S, 'lead-new-visitor')
  /** Which (address, visitor) pairs were already counted this hour: one point, never consumed twice. */
  const seenVisitors = limiter(1, HOUR_S, 'lead-seen-visitor')

  const consume = async (limiter: RateLimiterAbstract, key: string, reason: LeadLimitReason): Promise<PolicyVerdict> => {
    try {
      await limiter.consume(key)
      return { ok: true }
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      return { ok: false, reason, retryAfterMs: error.msBeforeNext }
    }
  }

  return {
    limits,
    /** Counts one attempt of `sender` against every limit; the first limit reached refuses it. */
    async admit({ address, visitorId }: LeadSender): Promise<PolicyVerdict> {
      if (visitorId !== null) {
        const pair = `${address}\u0000${visitorId}`
        if (!(await seenVisitors.get(pair))) {
          const fresh = await consume(visitorsOfAddress, address, 'new-visitors')
          if (!fresh.ok) return fresh
          await seenVisitors.consume(pair)
        }
        const visitor = await consume(byVisitor, visitorId, 'visitor')
        if (!visitor.ok) return visitor
      }
      return consume(byAddress, address, 'address')
    },
  }
}

export type LeadPolicy = ReturnType<typeof createLeadPolicy>
