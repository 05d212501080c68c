/**
 * The campaign attribution a lead carries: what the chat widget stored in localStorage (same
 * origin, same keys: src/widget/attribution.ts) plus the page and the campaign parameters of the
 * current URL as utm_obj. A small reimplementation, so the site never bundles the widget.
 * Pure: storage is a getter passed in, and the page, referrer and time are arguments.
 */

/** localStorage keys the widget writes (spec §9), in its order. */
export const STORED_KEYS = ['source', 'campaign', 'adSet', 'ad', 'adgroup', 'utm_content', 'utm_term', 'gad_source', 'gclid', 'medium', 'fbclid'] as const

/** Parameters of the current URL copied into utm_obj (spec §3). */
export const UTM_OBJ_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_term',
  'utm_content',
  'utm_campaign',
  'gclid',
  'wbraid',
  'gbraid',
  'crm_link',
  'adSet',
  'ad',
  'form',
  'gad_campaignid',
  'gad_source',
  'zones',
] as const

export type StoredKey = (typeof STORED_KEYS)[number]
export type UtmObject = Partial<Record<(typeof UTM_OBJ_KEYS)[number], string>> & { campaign: string | null }

/** A type, not an interface, so it is a Record<string, unknown> for the lead body. */
export type LeadAttribution = Partial<Record<Exclude<StoredKey, 'fbclid'>, string>> & {
  utm_source: string | null
  utm_campaign: string | null
  utm_medium: string | null
  fbclid: string | null
  page_url: string
  page_referrer: string
  timestamp: string
  utm_obj: UtmObject
}

/** A storage read that may throw (private mode, blocked storage): callers pass `(k) => localStorage.getItem(k)`. */
export type StorageGetter = (key: string) => string | null | undefined

/** Longest value kept (the widget's cap). */
export const MAX_VALUE_LENGTH = 500
/** Longest page URL or referrer kept. */
export const MAX_PAGE_LENGTH = 2000
/** The lead service refuses attribution whose JSON is longer than this. */
export const MAX_ATTRIBUTION_JSON = 8192

/** Trimmed and capped, never cutting a surrogate pair in half; '' when missing. */
function clean(value: string | null | undefined, max = MAX_VALUE_LENGTH): string {
  const trimmed = (value ?? '').trim()
  if (trimmed.length <= max) return trimmed
  let cut = trimmed.slice(0, max)
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut.trimEnd()
}

function safeGet(get: StorageGetter, key: string): string {
  try {
    const value = get(key)
    return typeof value === 'string' ? value : ''
  } catch {
    return ''
  }
}

function queryOf(href: string): URLSearchParams {
  try {
    return new URL(href).searchParams
  } catch {
    const query = href.split('#')[0]!.split('?')[1] ?? ''
    return new URLSearchParams(query)
  }
}

/** Every campaign parameter of the URL that is present and non-empty, plus campaign (utm_campaign or null). */
export function utmObject(href: string, max = MAX_VALUE_LENGTH): UtmObject {
  const params = queryOf(href)
  const object: UtmObject = { campaign: null }
  for (const key of UTM_OBJ_KEYS) {
    const value = clean(params.get(key), max)
    if (value !== '') object[key] = value
  }
  object.campaign = object.utm_campaign ?? null
  return object
}

function build(get: StorageGetter, href: string, referrer: string, now: Date, max: number): LeadAttribution {
  const stored: Partial<Record<StoredKey, string>> = {}
  for (const key of STORED_KEYS) {
    const value = clean(safeGet(get, key), max)
    if (value !== '') stored[key] = value
  }
  return {
    ...stored,
    utm_source: stored.source ?? null,
    utm_campaign: stored.campaign ?? null,
    utm_medium: stored.medium ?? null,
    fbclid: stored.fbclid ?? null,
    page_url: clean(href, max === MAX_VALUE_LENGTH ? MAX_PAGE_LENGTH : max),
    page_referrer: clean(referrer, max === MAX_VALUE_LENGTH ? MAX_PAGE_LENGTH : max),
    timestamp: now.toISOString(),
    utm_obj: utmObject(href, max),
  }
}

/**
 * The record sent with a lead, the same shape the widget sends as `utms`: the stored values,
 * source/campaign/medium/fbclid also under their utm names (null when not stored), the page, the
 * referrer, an ISO timestamp and utm_obj. Values are capped so the JSON fits the service's limit:
 * when the full record would not, every value is cut shorter (100, then 20 characters).
 */
export function leadAttribution(get: StorageGetter, href: string, referrer: string, now: Date): LeadAttribution {
  let record = build(get, href, referrer, now, MAX_VALUE_LENGTH)
  for (const max of [100, 20]) {
    if (JSON.stringify(record).length <= MAX_ATTRIBUTION_JSON) break
    record = build(get, href, referrer, now, max)
  }
  return record
}
