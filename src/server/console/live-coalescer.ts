/**
 * The console's live list gets coalesced updates (docs/behaviour.md#console-live-visitors): each
 * process sends every console at most one batch per LIVE_FLUSH_MS, whatever the visitors do.
 * Changes are kept per visitor, the latest state wins; a visitor's entries go out at most
 * LIVE_VISITOR_ENTRIES_PER_SECOND in any second (a typing storm is cut at the visitor), an address's entries at most
 * LIVE_ADDRESS_VISITORS_PER_SECOND a second (then at the address), a batch at most
 * LIVE_BATCH_MAX entries. What waits is sent by a later batch, never dropped. Per process: with
 * several processes (Redis) a console gets one batch stream from each.
 */
import type { LiveVisitor, LiveVisitorChanges } from '../../protocol/console'

/** How often a process may send the consoles a batch: at most 4 a second. */
export const LIVE_FLUSH_MS = 250
/** Entries of one visitor in any second: arriving then moving to a page shows at once, typing on and off too. */
export const LIVE_VISITOR_ENTRIES_PER_SECOND = 2
/** Entries one address may put in the batches per second: an office's visitors change pages now and then. */
export const LIVE_ADDRESS_VISITORS_PER_SECOND = 20
/** Entries in one batch: a few hundred visitors changing at once still show within seconds. */
export const LIVE_BATCH_MAX = 200

export interface LiveLimits {
  flushMs: number
  visitorEntriesPerSecond: number
  addressVisitorsPerSecond: number
  batchMax: number
}

const DEFAULT_LIVE_LIMITS: LiveLimits = {
  flushMs: LIVE_FLUSH_MS,
  visitorEntriesPerSecond: LIVE_VISITOR_ENTRIES_PER_SECOND,
  addressVisitorsPerSecond: LIVE_ADDRESS_VISITORS_PER_SECOND,
  batchMax: LIVE_BATCH_MAX,
}

/** A visitor's latest state waiting for a batch; null: their last tab closed. */
interface Waiting {
  presence: LiveVisitor | null
  address: string
}

export function liveCoalescer(send: (changes: LiveVisitorChanges) => void, limits: Partial<LiveLimits> = {}) {
  const { flushMs, visitorEntriesPerSecond, addressVisitorsPerSecond, batchMax } = { ...DEFAULT_LIVE_LIMITS, ...limits }
  const waiting = new Map<string, Waiting>()
  /** When each visitor's entries of the last second went out (only visitors with such entries are kept). */
  const sentAt = new Map<string, number[]>()
  /** Entries of each address in the current second: fixed windows, as rate-limiter-flexible counts. */
  const byAddress = new Map<string, number>()
  let windowStart = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const schedule = () => {
    if (timer || stopped || waiting.size === 0) return
    timer = setTimeout(flush, flushMs)
    timer.unref?.() // a batch still waiting does not keep a stopping process alive
  }

  function flush() {
    timer = undefined
    const now = Date.now()
    if (now - windowStart >= 1000) {
      windowStart = now
      byAddress.clear()
    }
    for (const [visitorId, times] of sentAt) {
      const recent = times.filter((at) => now - at < 1000)
      if (recent.length > 0) sentAt.set(visitorId, recent)
      else sentAt.delete(visitorId)
    }
    const changes: LiveVisitorChanges = { visitors: [], gone: [] }
    for (const [visitorId, entry] of waiting) {
      if (changes.visitors.length + changes.gone.length >= batchMax) break
      if (entry.presence) {
        // The visitor's budget first, then the address's; what is over waits for a later batch.
        const sent = sentAt.get(visitorId) ?? []
        if (sent.length >= visitorEntriesPerSecond) continue
        const used = byAddress.get(entry.address) ?? 0
        if (used >= addressVisitorsPerSecond) continue
        byAddress.set(entry.address, used + 1)
        sentAt.set(visitorId, [...sent, now])
        changes.visitors.push(entry.presence)
      } else {
        changes.gone.push(visitorId) // a leaving visitor is not held back: the list must not show them
      }
      waiting.delete(visitorId)
    }
    if (changes.visitors.length + changes.gone.length > 0) send(changes)
    schedule()
  }

  return {
    /** A visitor's state now (connected, changed, or another tab of theirs is the one shown). */
    changed(presence: LiveVisitor, address: string) {
      // Re-inserted, so a visitor waiting on their budget does not keep others behind them.
      waiting.delete(presence.visitorId)
      waiting.set(presence.visitorId, { presence, address })
      schedule()
    },
    /** The visitor's last tab closed. */
    gone(visitorId: string, address: string) {
      waiting.delete(visitorId)
      waiting.set(visitorId, { presence: null, address })
      schedule()
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
      waiting.clear()
    },
  }
}
