import type { AttributionRecord } from '../protocol'

/**
 * The outgoing attribution record (spec §3) sent as `utms`. For now the page part only
 * (page_url, page_referrer, timestamp); the stored campaign fields and utm_obj join it with the
 * visitor-context work.
 */
export function attributionRecord(location: Location, referrer: string, now: Date = new Date()): AttributionRecord {
  return { page_url: location.href, page_referrer: referrer, timestamp: now.toISOString() }
}
