import type { AttributionRecord } from '../protocol/index'

/** Where the attribution is kept: the widget's never-throwing localStorage wrapper, or any like it. */
export interface AttributionStorage {
  get(key: string): string | null
  set(key: string, value: string): void
}

/**
 * Campaign attribution (docs/behaviour.md#attribution): what the page URL says about where the visitor came
 * from, kept in storage across visits, and the outgoing record sent as `utms`.
 * Pure: the only I/O is the storage passed in; no module-level mutable state. Shared by the
 * widget (which captures and sends it) and the site (whose lead forms attach the same record).
 */

/** localStorage keys of the stored attribution (docs/behaviour.md#attribution), in this order. */
export const ATTRIBUTION_KEYS = [
  'source',
  'campaign',
  'adSet',
  'ad',
  'adgroup',
  'utm_content',
  'utm_term',
  'gad_source',
  'gclid',
  'medium',
  'fbclid',
] as const
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number]
export type StoredAttribution = Partial<Record<AttributionKey, string>>
export type NormalizedSource = 'Google' | 'Google Ads' | 'Facebook'

/** Keys of utm_obj read from the URL (docs/behaviour.md#attribution). */
export const CAMPAIGN_KEYS = [
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
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number]
export type CampaignObject = Partial<Record<CampaignKey, string>> & { campaign: string | null }

/** Longest value kept from a URL parameter; longer ones are cut. */
export const MAX_ATTRIBUTION_VALUE_LENGTH = 500
/**
 * Longest JSON of an attribution record the server accepts, with a lead or a chat message: the
 * record's fields are capped well under it, so only a forged record comes near.
 */
export const MAX_ATTRIBUTION_JSON = 8192

/** The first `max` UTF-16 units of the text, one fewer when the cut would halve a surrogate pair (an emoji). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const last = cut.charCodeAt(cut.length - 1)
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut
}

/** Trims and caps a value; '' when missing. */
function clean(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim()
  return trimmed.length <= MAX_ATTRIBUTION_VALUE_LENGTH ? trimmed : cutText(trimmed, MAX_ATTRIBUTION_VALUE_LENGTH).trimEnd()
}

/** decodeURIComponent that returns its input when the input is not valid percent-encoding. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * docs/behaviour.md#attribution: empty or missing gives Google; google, 'google ads' or 'google+ads' give Google Ads;
 * facebook gives Facebook; anything else gives Google. Case-insensitive; a leftover percent-encoding,
 * '+' and runs of whitespace all count as one space, so 'Google  Ads' and 'google%20ads' match too.
 */
export function normalizeSource(utmSource: string | null | undefined): NormalizedSource {
  const value = safeDecode(utmSource ?? '')
    .replace(/\+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
  if (value === 'google' || value === 'google ads') return 'Google Ads'
  if (value === 'facebook') return 'Facebook'
  return 'Google'
}

/** The query's parameters, or null when the query is empty ('', '?', or no parameter at all). */
function queryParams(search: string): URLSearchParams | null {
  const query = search.trim().replace(/^\?/, '')
  if (query === '') return null
  const params = new URLSearchParams(query)
  return params.keys().next().done ? null : params
}

/** First non-empty (trimmed, capped) value among the named parameters, else ''. */
function firstParam(params: URLSearchParams, ...names: string[]): string {
  for (const name of names) {
    const value = clean(params.get(name))
    if (value !== '') return value
  }
  return ''
}

/**
 * docs/behaviour.md#attribution: stores the URL's attribution, only when the query is non-empty. The stored source is
 * overwritten only when it is empty, or when it is Google and the new one is not; every other field
 * is stored only when its new value is non-empty, so a later visit never erases it.
 */
export function captureAttribution(search: string, storage: AttributionStorage): void {
  const params = queryParams(search)
  if (!params) return

  const source = normalizeSource(params.get('utm_source'))
  const storedSource = (storage.get('source') ?? '').trim()
  if (storedSource === '' || (storedSource === 'Google' && source !== 'Google')) storage.set('source', source)

  const fields: Record<Exclude<AttributionKey, 'source'>, string> = {
    campaign: firstParam(params, 'utm_campaign'),
    adSet: firstParam(params, 'adSet', 'adset'),
    ad: firstParam(params, 'ad', 'utm_content'), // docs/behaviour.md#attribution: ad falls back to utm_content
    adgroup: firstParam(params, 'adgroup'),
    utm_content: firstParam(params, 'utm_content'),
    utm_term: firstParam(params, 'utm_term'),
    gad_source: firstParam(params, 'gad_source'),
    gclid: firstParam(params, 'gclid'),
    medium: firstParam(params, 'utm_medium'),
    fbclid: firstParam(params, 'fbclid'),
  }
  for (const key of ATTRIBUTION_KEYS) {
    if (key === 'source') continue
    const value = fields[key]
    if (value !== '') storage.set(key, value)
  }
}

/** The stored attribution values that are non-empty, keyed by the docs/behaviour.md#attribution keys. */
export function readStoredAttribution(storage: AttributionStorage): StoredAttribution {
  const stored: StoredAttribution = {}
  for (const key of ATTRIBUTION_KEYS) {
    const value = (storage.get(key) ?? '').trim()
    if (value !== '') stored[key] = value
  }
  return stored
}

/**
 * How the visitor last arrived (docs/behaviour.md#attribution), kept beside the spec's keys under a
 * key of its own: the spec's `source` says «Google» for anything but Google Ads and Facebook, and each
 * spec field lives on until a new value replaces it, so no spec key says how this visitor came. An
 * arrival is a page whose URL carries a campaign (a utm_* parameter or an ad click id; the site's own
 * filters, `?zona=…`, are none) or whose referrer is another site; it is kept whole until the next one,
 * and the console classifies its channel (src/domain/attribution.ts).
 */
export const ARRIVAL_KEY = 'chat_arrival'
export type ArrivalClick = 'google' | 'meta'
export interface Arrival {
  /** The raw utm_source, as written. */
  source: string | null
  /** The raw utm_medium. */
  medium: string | null
  /** An ad click id: Google's (gclid, wbraid, gbraid, gad_source) or Meta's (fbclid). */
  click: ArrivalClick | null
  /** The other site's host (the referrer), lower case. */
  referrer: string | null
}

const GOOGLE_CLICK_KEYS = ['gclid', 'wbraid', 'gbraid', 'gad_source']
/** The URL parameters that make a page an arrival by a campaign. */
const ARRIVAL_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gad_campaignid', 'fbclid', ...GOOGLE_CLICK_KEYS]

/** The host of an http(s) URL, lower case; null for anything else. */
function httpHost(url: string): string | null {
  try {
    const parsed = new URL(url)
    return /^https?:$/.test(parsed.protocol) && parsed.hostname ? parsed.hostname : null
  } catch {
    return null
  }
}

/** The referrer's host when it is another site than the page's (www. or not); null for the site itself or none. */
function otherSiteHost(referrer: string, href: string): string | null {
  const host = httpHost(referrer.trim())
  const own = httpHost(href)
  const bare = (h: string) => h.replace(/^www\./, '')
  return host && (own === null || bare(host) !== bare(own)) ? host : null
}

/** The stored arrival, or null when none is stored (or what is stored is not one). */
export function readArrival(storage: AttributionStorage): Arrival | null {
  let value: unknown
  try {
    value = JSON.parse(storage.get(ARRIVAL_KEY) ?? '')
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const fields = value as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
  return {
    source: text(fields.source),
    medium: text(fields.medium),
    click: fields.click === 'google' || fields.click === 'meta' ? fields.click : null,
    referrer: text(fields.referrer),
  }
}

/**
 * Stores this page as the visitor's arrival when it is one: a campaign in its URL (with the
 * referrer it came with), or a referrer from another site that is not the stored arrival's already
 * (a page change on the site keeps the document's referrer: it is the same arrival).
 */
export function captureArrival(page: { search: string; referrer: string; href: string }, storage: AttributionStorage): void {
  const params = queryParams(page.search)
  const referrer = otherSiteHost(page.referrer, page.href)
  let arrival: Arrival | null = null
  if (params && ARRIVAL_PARAMS.some((name) => clean(params.get(name)) !== '')) {
    const click = GOOGLE_CLICK_KEYS.some((name) => clean(params.get(name)) !== '') ? 'google' : clean(params.get('fbclid')) !== '' ? 'meta' : null
    arrival = { source: firstParam(params, 'utm_source') || null, medium: firstParam(params, 'utm_medium') || null, click, referrer }
  } else if (referrer !== null && referrer !== readArrival(storage)?.referrer) {
    arrival = { source: null, medium: null, click: null, referrer }
  }
  if (arrival) storage.set(ARRIVAL_KEY, JSON.stringify(arrival))
}

/** docs/behaviour.md#attribution utm_obj: every campaign parameter present and non-empty in the URL, plus `campaign`. */
export function campaignObject(search: string): CampaignObject {
  const params = new URLSearchParams(search.trim().replace(/^\?/, ''))
  const object: CampaignObject = { campaign: null }
  for (const key of CAMPAIGN_KEYS) {
    const value = clean(params.get(key))
    if (value !== '') object[key] = value
  }
  object.campaign = object.utm_campaign ?? null
  return object
}

/**
 * The outgoing attribution record (docs/behaviour.md#attribution) sent as `utms`: the stored fields, the stored
 * source/campaign/medium/fbclid under their utm names (null when not stored, so the JSON is stable),
 * the referrer, the page URL, an ISO timestamp and the campaign object of the current URL; and the
 * visitor's arrival when one is stored.
 */
export function attributionRecord(input: {
  storage: AttributionStorage
  href: string
  search: string
  referrer: string
  now?: Date
}): AttributionRecord {
  const stored = readStoredAttribution(input.storage)
  const arrival = readArrival(input.storage)
  return {
    ...stored,
    utm_source: stored.source ?? null,
    utm_campaign: stored.campaign ?? null,
    utm_medium: stored.medium ?? null,
    fbclid: stored.fbclid ?? null,
    page_referrer: input.referrer || '',
    page_url: input.href,
    timestamp: (input.now ?? new Date()).toISOString(),
    utm_obj: campaignObject(input.search),
    ...(arrival ? { arrival } : {}),
  }
}
