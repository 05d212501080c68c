/**
 * Where a visitor came from (docs/domain.md#attribution), read from the attribution record the
 * widget and the site's forms send (src/domain/attribution-record.ts writes it): the campaign, the
 * traffic channel as analytics tools group it (GA4's default channel grouping) and the source shown
 * beside it; and which channel (chat or form) a lead came by. One rule, in TypeScript for the
 * console's live list and in SQL for the numbers, the inbox and the leads' stored columns;
 * tests/integration/attribution-sql.test.ts runs both on each storage over the same records and
 * expects the same answers.
 *
 * A value counts when it is a JSON string that is not blank and not 'Unknown'; it is trimmed (spaces,
 * tabs, line breaks) and cut to MAX_CREDIT_LENGTH characters. Sources, media and hosts are compared
 * in lower case (ASCII letters only, so both forms agree whatever the database's locale).
 * - Campaign: utm_campaign, else campaign, else the same two in utm_obj.
 * - The touch the channel is read from: the record's `arrival` when it has one (what the widget
 *   keeps of the visitor's last arrival: raw utm_source and utm_medium, an ad click id, the other
 *   site's host). A record without one (sent before arrivals were kept, or by the business API) is
 *   read from its other fields: the source is the landing URL's utm_source (utm_obj), else the
 *   record's utm_source or source unless it is the spec's default «Google» (which says nothing: any
 *   unknown source is stored as Google); the medium, utm_obj's utm_medium, else utm_medium or medium;
 *   a Google click id (gclid, wbraid, gbraid, gad_source) or fbclid, in the record or utm_obj; the
 *   referrer's host (page_referrer, or referrer) unless it is the page's own site (page_url's host,
 *   www. or not).
 * - Source: the touch's utm_source, else its referrer's host.
 * - Channel: CHANNEL_RULES, the first that holds, else direct.
 */
import type { LeadChannel, TrafficChannel } from '../protocol/crm'

/** Longest source or campaign kept, in characters (code points, as SQL's left() counts). */
export const MAX_CREDIT_LENGTH = 120

type Path = readonly string[]

const CAMPAIGN_FIELDS = [['utm_campaign'], ['campaign'], ['utm_obj', 'utm_campaign'], ['utm_obj', 'campaign']] as const
const ARRIVAL: Path = ['arrival']
/** Sources whose value is not the spec's default «Google». */
const TAGGED_SOURCE_FIELDS = [['utm_source'], ['source']] as const
const LANDING_SOURCE_FIELDS = [['utm_obj', 'utm_source'], ['utm_obj', 'source']] as const
const MEDIUM_FIELDS = [['utm_obj', 'utm_medium'], ['utm_medium'], ['medium']] as const
const GOOGLE_CLICK_FIELDS = [['gclid'], ['utm_obj', 'gclid'], ['utm_obj', 'wbraid'], ['utm_obj', 'gbraid'], ['gad_source'], ['utm_obj', 'gad_source']] as const
const META_CLICK_FIELDS = [['fbclid'], ['utm_obj', 'fbclid']] as const
const REFERRER_FIELDS = [['page_referrer'], ['referrer']] as const
const PAGE_FIELDS = [['page_url']] as const
/** The spec's stored source for anything it does not know (docs/behaviour.md#attribution). */
const DEFAULT_SOURCE = 'Google'
/** The characters trimmed around a value, in both forms. */
const BLANKS = ' \t\n\r'
/** The host of an http(s) URL: after the scheme and any user info, up to a port, path, query or fragment. */
const REFERRER_HOST = '^https?://(?:[^/?#@]*@)?([^/?#:]+)'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const LOWER = 'abcdefghijklmnopqrstuvwxyz'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The string at a path of the record; null for anything else. */
function at(record: unknown, path: Path): string | null {
  let value: unknown = record
  for (const key of path) value = isObject(value) ? value[key] : undefined
  return typeof value === 'string' ? value : null
}

const TRIM = new RegExp(`^[${BLANKS}]+|[${BLANKS}]+$`, 'g')

/** A value as credited: trimmed, cut, and null when blank or 'Unknown'. */
function creditText(value: string | null): string | null {
  const trimmed = value?.replace(TRIM, '') ?? ''
  if (trimmed === '' || trimmed === 'Unknown') return null
  return Array.from(trimmed).slice(0, MAX_CREDIT_LENGTH).join('')
}

const first = (record: unknown, paths: readonly Path[]): string | null => {
  for (const path of paths) {
    const value = creditText(at(record, path))
    if (value !== null) return value
  }
  return null
}

const lowerAscii = (value: string | null) => value?.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) ?? null
const notDefault = (value: string | null) => (value === DEFAULT_SOURCE ? null : value)

/** REFERRER_HOST (kept as source for its SQL form) made once: it runs on every live-list update. */
const HOST_PATTERN = new RegExp(REFERRER_HOST, 'i')
const host = (url: string | null) => lowerAscii(url === null ? null : (HOST_PATTERN.exec(url)?.[1] ?? null))
const bareHost = (value: string) => value.replace(/^www\./, '')

/** What the channel is read from (see the module's comment). */
interface Touch {
  source: string | null
  medium: string | null
  googleClick: boolean
  metaClick: boolean
  referrer: string | null
  /** The source shown: `source`, else `referrer`. */
  credited: string | null
}

function touchOf(record: unknown): Touch {
  let touch: Omit<Touch, 'credited'>
  if (isObject(record) && isObject(record.arrival)) {
    const click = at(record, [...ARRIVAL, 'click'])
    touch = {
      source: lowerAscii(first(record, [[...ARRIVAL, 'source']])),
      medium: lowerAscii(first(record, [[...ARRIVAL, 'medium']])),
      googleClick: click === 'google',
      metaClick: click === 'meta',
      referrer: lowerAscii(first(record, [[...ARRIVAL, 'referrer']])),
    }
  } else {
    const referrer = host(first(record, REFERRER_FIELDS))
    const page = host(first(record, PAGE_FIELDS))
    touch = {
      source: lowerAscii(first(record, LANDING_SOURCE_FIELDS) ?? TAGGED_SOURCE_FIELDS.map((path) => notDefault(first(record, [path]))).find((v) => v !== null) ?? null),
      medium: lowerAscii(first(record, MEDIUM_FIELDS)),
      googleClick: first(record, GOOGLE_CLICK_FIELDS) !== null,
      metaClick: first(record, META_CLICK_FIELDS) !== null,
      referrer: referrer !== null && page !== null && bareHost(referrer) === bareHost(page) ? null : referrer,
    }
  }
  return { ...touch, credited: touch.source ?? touch.referrer }
}

/* ------------------------------------------------------------------ SQL forms (jsonb columns) */

/** SQL: the JSON string at a path of a jsonb expression, else NULL. */
const atSql = (column: string, path: Path) => {
  const pathLiteral = `'{${path.join(',')}}'`
  return `CASE WHEN jsonb_typeof(${column} #> ${pathLiteral}) = 'string' THEN ${column} #>> ${pathLiteral} END`
}
const creditTextSql = (value: string) => `NULLIF(NULLIF(left(btrim(${value}, E' \\t\\n\\r'), ${MAX_CREDIT_LENGTH}), ''), 'Unknown')`
const firstSql = (column: string, paths: readonly Path[]) => `COALESCE(${paths.map((path) => creditTextSql(atSql(column, path))).join(', ')})`
const lowerAsciiSql = (value: string) => `translate(${value}, '${UPPER}', '${LOWER}')`
const hostSql = (url: string) => lowerAsciiSql(`substring(${url} from '(?i)${REFERRER_HOST}')`)
const bareHostSql = (value: string) => `regexp_replace(${value}, '^www\\.', '')`

/** Touch in SQL: each value as an expression over the jsonb column. */
type TouchSql = Record<keyof Touch, string>

function touchSql(column: string): TouchSql {
  const arrival = `jsonb_typeof(${column} #> '{arrival}') = 'object'`
  const either = (fromArrival: string, fromRecord: string) => `CASE WHEN ${arrival} THEN ${fromArrival} ELSE ${fromRecord} END`
  const click = atSql(column, [...ARRIVAL, 'click'])
  const referrer = hostSql(firstSql(column, REFERRER_FIELDS))
  const page = hostSql(firstSql(column, PAGE_FIELDS))
  const source = either(
    lowerAsciiSql(firstSql(column, [[...ARRIVAL, 'source']])),
    lowerAsciiSql(`COALESCE(${firstSql(column, LANDING_SOURCE_FIELDS)}, ${TAGGED_SOURCE_FIELDS.map((path) => `NULLIF(${firstSql(column, [path])}, '${DEFAULT_SOURCE}')`).join(', ')})`),
  )
  const otherSite = either(
    lowerAsciiSql(firstSql(column, [[...ARRIVAL, 'referrer']])),
    `CASE WHEN ${bareHostSql(referrer)} = ${bareHostSql(page)} THEN NULL ELSE ${referrer} END`,
  )
  return {
    source,
    medium: either(lowerAsciiSql(firstSql(column, [[...ARRIVAL, 'medium']])), lowerAsciiSql(firstSql(column, MEDIUM_FIELDS))),
    googleClick: either(`COALESCE(${click} = 'google', false)`, `${firstSql(column, GOOGLE_CLICK_FIELDS)} IS NOT NULL`),
    metaClick: either(`COALESCE(${click} = 'meta', false)`, `${firstSql(column, META_CLICK_FIELDS)} IS NOT NULL`),
    referrer: otherSite,
    credited: `COALESCE(${source}, ${otherSite})`,
  }
}

/* ------------------------------------------------------------------ channel rules */

/** A test on a touch in both forms: TypeScript over its values, SQL over their expressions. */
interface TouchTest {
  test(touch: Touch): boolean
  sql(touch: TouchSql): string
}

/** Names matched as a whole word of a source or host: "google" in "www.google.com.mx" and "google ads", not in "googleusercontent". */
const words = (names: readonly string[]) => `(^|[^a-z0-9])(${names.join('|')})([^a-z0-9]|$)`
/** Search engines (GA4's list, the ones seen in Mexico). */
const SEARCH = words(['google', 'bing', 'yahoo', 'duckduckgo', 'yandex', 'baidu', 'ecosia', 'naver', 'qwant', 'startpage', 'brave', 'aol'])
/** Social networks and messengers, by name and by their hosts and short links. */
const SOCIAL = `^(x|ig|fb)$|${words(['facebook', 'fb\\.com', 'fb\\.me', 'meta', 'instagram', 'tiktok', 'youtube', 'youtu\\.be', 'twitter', 't\\.co', 'x\\.com', 'linkedin', 'lnkd\\.in', 'pinterest', 'pin\\.it', 'whatsapp', 'wa\\.me', 'messenger', 'threads', 'snapchat', 'reddit', 'telegram', 't\\.me'])}`
/** E-mail, as a source, a medium or a webmail host (GA4: email|e-mail|e_mail|e mail). */
const EMAIL = words(['email', 'e-mail', 'e_mail', 'e mail', 'mail', 'gmail', 'outlook', 'newsletter', 'mailchimp', 'correo', 'boletin'])
/** A paid medium (GA4's, and the Spanish words for it). */
const PAID_MEDIUM = '^(.*cp.*|ppc|retargeting|paid.*|ads?|pago|pagado|anuncios?)$'
/** A source that says it is an ad ("google ads", "fb_ads"). */
const PAID_SOURCE = words(['ads', 'ad', 'adwords', 'googleads', 'paid', 'cpc', 'ppc'])
const SOCIAL_MEDIUM = '^(social|social-network|social-media|sm|social network|social media|redes|redes sociales|rrss)$'

const patterns = new Map<string, RegExp>()
const regex = (pattern: string) => patterns.get(pattern) ?? patterns.set(pattern, new RegExp(pattern)).get(pattern)!

const matches = (value: 'source' | 'medium' | 'credited', pattern: string): TouchTest => ({
  test: (touch) => {
    const text = touch[value]
    return text !== null && regex(pattern).test(text)
  },
  sql: (touch) => `COALESCE(${touch[value]} ~ '${pattern}', false)`,
})
const is = (value: 'medium', text: string): TouchTest => ({ test: (touch) => touch[value] === text, sql: (touch) => `COALESCE(${touch[value]} = '${text}', false)` })
const given = (value: 'source' | 'medium' | 'referrer'): TouchTest => ({ test: (touch) => touch[value] !== null, sql: (touch) => `${touch[value]} IS NOT NULL` })
const flag = (value: 'googleClick' | 'metaClick'): TouchTest => ({ test: (touch) => touch[value], sql: (touch) => `(${touch[value]})` })
const any = (...tests: TouchTest[]): TouchTest => ({ test: (touch) => tests.some((t) => t.test(touch)), sql: (touch) => `(${tests.map((t) => t.sql(touch)).join(' OR ')})` })
const all = (...tests: TouchTest[]): TouchTest => ({ test: (touch) => tests.every((t) => t.test(touch)), sql: (touch) => `(${tests.map((t) => t.sql(touch)).join(' AND ')})` })
const not = (inner: TouchTest): TouchTest => ({ test: (touch) => !inner.test(touch), sql: (touch) => `NOT ${inner.sql(touch)}` })

const paid = any(matches('medium', PAID_MEDIUM), matches('source', PAID_SOURCE))
const social = any(matches('credited', SOCIAL), flag('metaClick'))

/**
 * GA4's default channel grouping, in its order, on the channels the agency tells apart (display,
 * video, shopping and affiliates fall under other campaigns). A Google click id is paid search
 * whatever the tags say, as Google Ads' auto-tagging wins in GA4; so is a link the agency tagged with
 * a search engine and no medium (the spec reads utm_source=google as Google Ads: a search engine adds
 * no tags to its results, while its maps listing says utm_medium=organic); fbclid only says the click came
 * out of Facebook or Instagram (they add it to every outgoing link, ads or not): social, paid only
 * with a paid medium. A campaign's tags that match nothing known are «other campaigns», not another
 * site: a flyer's QR code (utm_source=volante) is no web page.
 */
const CHANNEL_RULES: readonly (readonly [TrafficChannel, TouchTest])[] = [
  ['paid_search', any(flag('googleClick'), all(matches('credited', SEARCH), paid), all(matches('source', SEARCH), not(given('medium'))))],
  ['paid_social', all(social, paid)],
  ['email', any(matches('credited', EMAIL), matches('medium', EMAIL))],
  ['organic_social', any(social, matches('medium', SOCIAL_MEDIUM))],
  ['organic_search', any(matches('credited', SEARCH), is('medium', 'organic'))],
  ['referral', any(is('medium', 'referral'), all(not(given('source')), not(given('medium')), given('referrer')))],
  ['other_campaign', any(given('source'), given('medium'))],
]

/* ------------------------------------------------------------------ the rule, both forms */

/** The source a record credits: the raw utm_source ("instagram"), else the other site's host ("www.google.com"); null for direct. */
export const attributionSource = (record: unknown): string | null => touchOf(record).credited

/** The campaign a record credits, or null. */
export const attributionCampaign = (record: unknown): string | null => first(record, CAMPAIGN_FIELDS)

/** How the visitor of a record came: the first of CHANNEL_RULES that holds, else direct. */
export const trafficChannel = (record: unknown): TrafficChannel => trafficOf(record).channel

/** A record's channel and source together, as the console shows them. */
export const trafficOf = (record: unknown): { channel: TrafficChannel; source: string | null } => {
  const touch = touchOf(record)
  return { channel: CHANNEL_RULES.find(([, rule]) => rule.test(touch))?.[0] ?? 'direct', source: touch.credited }
}

/** SQL: attributionSource of a jsonb column (immutable, so a generated column may use it). */
export const attributionSourceSql = (column: string) => touchSql(column).credited

/** SQL: attributionCampaign of a jsonb column (immutable). */
export const attributionCampaignSql = (column: string) => firstSql(column, CAMPAIGN_FIELDS)

/** SQL: trafficChannel of a jsonb column (immutable). */
export function trafficChannelSql(column: string): string {
  const touch = touchSql(column)
  return `CASE ${CHANNEL_RULES.map(([channel, rule]) => `WHEN ${rule.sql(touch)} THEN '${channel}'`).join(' ')} ELSE 'direct' END`
}

/* ------------------------------------------------------------------ lead channel */

/** The channel of a lead's source ('chat', 'contacto', 'propiedad'…): every source but the chat is a form. */
export const leadChannel = (source: string): LeadChannel => (source === 'chat' ? 'chat' : 'form')

/** SQL: whether a lead (its `source` column) came by a channel. */
export const leadChannelSql = (channel: LeadChannel, column = 'source') => (channel === 'chat' ? `${column} = 'chat'` : `${column} <> 'chat'`)
