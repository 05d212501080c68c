/**
 * Which source and campaign a visitor is credited to (docs/domain.md#attribution), read from the
 * attribution record the widget and the site's forms send (src/domain/attribution-record.ts writes it),
 * and which channel a lead came by. One rule, in TypeScript for the console's live list and in SQL
 * for the numbers and the leads' stored columns; tests/integration/attribution-sql.test.ts runs
 * both on each storage over the same records and expects the same answers.
 *
 * A value counts when it is a JSON string that is not blank and not 'Unknown'; it is trimmed (spaces,
 * tabs, line breaks) and cut to MAX_CREDIT_LENGTH characters.
 * - Source: utm_source, else source, else the same two in utm_obj (the landing URL's own
 *   parameters), else the host of the referrer (page_referrer, or referrer), lower case.
 * - Campaign: utm_campaign, else campaign, else the same two in utm_obj.
 */
import type { LeadChannel } from '../protocol/crm'

/** Longest source or campaign kept, in characters (code points, as SQL's left() counts). */
export const MAX_CREDIT_LENGTH = 120

const SOURCE_FIELDS = [['utm_source'], ['source'], ['utm_obj', 'utm_source'], ['utm_obj', 'source']] as const
const CAMPAIGN_FIELDS = [['utm_campaign'], ['campaign'], ['utm_obj', 'utm_campaign'], ['utm_obj', 'campaign']] as const
const REFERRER_FIELDS = [['page_referrer'], ['referrer']] as const
/** The characters trimmed around a value, in both forms. */
const BLANKS = ' \t\n\r'
/** The host of an http(s) URL: after the scheme and any user info, up to a port, path, query or fragment. */
const REFERRER_HOST = '^https?://(?:[^/?#@]*@)?([^/?#:]+)'

type Path = readonly string[]

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

/** REFERRER_HOST (kept as source for its SQL form) made once: it runs on every live-list update. */
const REFERRER_HOST_PATTERN = new RegExp(REFERRER_HOST, 'i')

function referrerHost(record: unknown): string | null {
  const referrer = first(record, REFERRER_FIELDS)
  const host = referrer === null ? null : REFERRER_HOST_PATTERN.exec(referrer)?.[1]
  return host ? host.toLowerCase() : null
}

/** The source a record credits ("facebook", "Google Ads", "www.google.com"), or null. */
export const attributionSource = (record: unknown): string | null => first(record, SOURCE_FIELDS) ?? referrerHost(record)

/** The campaign a record credits, or null. */
export const attributionCampaign = (record: unknown): string | null => first(record, CAMPAIGN_FIELDS)

/* ------------------------------------------------------------------ SQL forms (jsonb columns) */

/** SQL: the JSON string at a path of a jsonb expression, else NULL. */
const atSql = (column: string, path: Path) => {
  const pathLiteral = `'{${path.join(',')}}'`
  return `CASE WHEN jsonb_typeof(${column} #> ${pathLiteral}) = 'string' THEN ${column} #>> ${pathLiteral} END`
}
const creditTextSql = (value: string) => `NULLIF(NULLIF(left(btrim(${value}, E' \\t\\n\\r'), ${MAX_CREDIT_LENGTH}), ''), 'Unknown')`
const firstSql = (column: string, paths: readonly Path[]) => `COALESCE(${paths.map((path) => creditTextSql(atSql(column, path))).join(', ')})`

/** SQL: attributionSource of a jsonb column (immutable, so a generated column may use it). */
export const attributionSourceSql = (column: string) =>
  `COALESCE(${firstSql(column, SOURCE_FIELDS)}, lower(substring(${firstSql(column, REFERRER_FIELDS)} from '(?i)${REFERRER_HOST}')))`

/** SQL: attributionCampaign of a jsonb column (immutable). */
export const attributionCampaignSql = (column: string) => firstSql(column, CAMPAIGN_FIELDS)

/* ------------------------------------------------------------------ channel */

/** The channel of a lead's source ('chat', 'contacto', 'propiedad'…): every source but the chat is a form. */
export const leadChannel = (source: string): LeadChannel => (source === 'chat' ? 'chat' : 'form')

/** SQL: whether a lead (its `source` column) came by a channel. */
export const leadChannelSql = (channel: LeadChannel, column = 'source') => (channel === 'chat' ? `${column} = 'chat'` : `${column} <> 'chat'`)
