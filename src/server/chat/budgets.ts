import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

/**
 * Budgets, not only rates (docs/behaviour.md#chat-budgets): what one address may make the
 * server do across all its sockets, and what one visitor may make it store, each checked before
 * the work. Events and writes are counted per process, like the connection count; new visitor
 * ids and stored message bytes, like the visitor message limit, through Redis when the
 * processes share it (`shared`).
 */
export interface BudgetLimits {
  /** Events per second from one address, across all its sockets. */
  addressEventsPerSecond: number
  /** Stored writes (page views, metrics, attribution) per minute from one address. */
  addressWritesPerMinute: number
  /** Page views stored per visitor per minute; the widget sends one per page change. */
  navigationPerMinute: number
  /** Session metrics stored per visitor per minute; the widget checks every 10 s. */
  metricsPerMinute: number
  /** Attribution records stored per visitor per minute (only changed ones are written). */
  utmsPerMinute: number
  /** Outbox messages a visitor may flush after reconnects beyond the message rate limit, per window. */
  outboxMessages: number
  outboxWindowSeconds: number
  /** New visitor ids (a first token) per address per hour: an office or a carrier NAT has many real visitors. */
  newVisitorsPerAddressPerHour: number
  /** Bytes of visitor messages (text and the attribution stored with it) per address per minute. */
  storedBytesPerAddressPerMinute: number
}

/** A rate limit shared by every process (redis.ts): key prefix, points, duration in seconds. */
export type SharedLimiter = (keyPrefix: string, points: number, duration: number) => RateLimiterAbstract

export type WriteKind = 'navigation' | 'metrics' | 'utms'

/** Take one point; false when the budget is spent (any other failure is a real error). */
async function take(limiter: RateLimiterAbstract, key: string, points = 1): Promise<boolean> {
  try {
    await limiter.consume(key, points)
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}

export function chatBudgets(limits: BudgetLimits, shared?: SharedLimiter) {
  const limiter = (points: number, duration: number) => new RateLimiterMemory({ points, duration })
  const sharedLimiter = (keyPrefix: string, points: number, duration: number) => shared?.(keyPrefix, points, duration) ?? new RateLimiterMemory({ points, duration, keyPrefix })
  const addressEvents = limiter(limits.addressEventsPerSecond, 1)
  const addressWrites = limiter(limits.addressWritesPerMinute, 60)
  const visitorWrites: Record<WriteKind, RateLimiterAbstract> = {
    navigation: limiter(limits.navigationPerMinute, 60),
    metrics: limiter(limits.metricsPerMinute, 60),
    utms: limiter(limits.utmsPerMinute, 60),
  }
  const outbox = limiter(limits.outboxMessages, limits.outboxWindowSeconds)
  const newVisitors = sharedLimiter('chat-new-visitors', limits.newVisitorsPerAddressPerHour, 3600)
  const storedBytes = sharedLimiter('chat-stored-bytes', limits.storedBytesPerAddressPerMinute, 60)
  return {
    /** One more event from this address. */
    event: (address: string) => take(addressEvents, address),
    /** One more stored write of this kind for this visitor, from this address. */
    write: async (kind: WriteKind, visitorId: string, address: string) =>
      (await take(visitorWrites[kind], visitorId)) && (await take(addressWrites, address)),
    /** One more outbox message of this visitor let past the message rate limit. */
    outbox: (visitorId: string) => take(outbox, visitorId),
    /** One more new visitor id from this address. */
    newVisitor: (address: string) => take(newVisitors, address),
    /** `bytes` more stored from this address. */
    stored: (address: string, bytes: number) => take(storedBytes, address, bytes),
  }
}
