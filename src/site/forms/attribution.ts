/**
 * The campaign attribution a lead carries: the same record the chat widget sends as `utms`
 * (src/domain/attribution-record.ts: what the widget stored in localStorage on this origin, the page,
 * the referrer, a timestamp and the URL's utm_obj), cut down when needed to fit the lead
 * service's size limit. Pure: storage is a getter passed in; page, referrer and time are arguments.
 */
import { attributionRecord, captureArrival, captureAttribution, cutText, MAX_ATTRIBUTION_JSON, type AttributionStorage } from '../../domain/attribution-record'

/** A storage read that may throw (private mode, blocked storage): callers pass `(k) => localStorage.getItem(k)`. */
export type StorageGetter = (key: string) => string | null | undefined

/** Value lengths tried, longest first, until the record fits. */
const VALUE_CAPS = [2000, 500, 100, 20]

export type LeadAttribution = Record<string, unknown>

/** Every string in the record (nested too) cut to `max` characters, never halving a surrogate pair. */
function capStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return cutText(value, max)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, capStrings(v, max)]))
  return value
}

/** A storage that only reads, and never throws. */
function readOnly(get: StorageGetter): AttributionStorage {
  return {
    get: (key) => {
      try {
        const value = get(key)
        return typeof value === 'string' ? value : null
      } catch {
        return null
      }
    },
    set: () => {},
  }
}

/**
 * The stored attribution with this page's own query captured over it, in memory only. The widget
 * stores the landing URL's campaign and arrival, but it starts after the page has loaded
 * (docs/behaviour.md#start-up): a visitor who sends the form before that must not lose the
 * campaign of the very page they landed on. Writing stays the widget's job.
 */
function withPageCapture(stored: AttributionStorage, page: { search: string; referrer: string; href: string }): AttributionStorage {
  const captured = new Map<string, string>()
  const layered: AttributionStorage = {
    get: (key) => captured.get(key) ?? stored.get(key),
    set: (key, value) => void captured.set(key, value),
  }
  captureAttribution(page.search, layered)
  captureArrival(page, layered)
  return layered
}

function searchOf(href: string): string {
  try {
    return new URL(href).search
  } catch {
    const query = href.split('#')[0]!.split('?')[1]
    return query ? `?${query}` : ''
  }
}

/** The record sent with a lead, the same shape the widget sends, fitted to the service's limit. */
export function leadAttribution(get: StorageGetter, href: string, referrer: string, now: Date): LeadAttribution {
  const search = searchOf(href)
  const record = attributionRecord({ storage: withPageCapture(readOnly(get), { search, referrer, href }), href, search, referrer, now })
  for (const max of VALUE_CAPS) {
    const capped = capStrings(record, max) as LeadAttribution
    if (JSON.stringify(capped).length <= MAX_ATTRIBUTION_JSON) return capped
  }
  return capStrings(record, 0) as LeadAttribution
}
