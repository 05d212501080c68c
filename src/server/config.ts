/** Server configuration from environment variables, each with a working dev default (docs/operations.md#environment). */
import { DEFAULT_OWNER_IDLE_MINUTES } from './chat/ownership'
import type { SignInLimits } from './console/sign-in'
import { DEFAULT_PHOTO_LIMITS, MB } from './media/limits'
import type { S3PhotoSettings } from './media/store'
import { SettingError } from './setting-error'
import { AGENCY_ENVIRONMENT } from './console/first-run-environment'
import { smtpUrlProblem } from './mail/settings'
import { isValidEmail } from '../domain/email'

export interface AgentConfig {
  /** idAgent of the widget props; the handshake's idOwner. */
  idAgent: string
  /** Public key the widget sends as api_key. */
  apiKey: string
  /**
   * Page origins allowed to open the chat; ['*'] allows any. Empty: the site's own origin
   * (PUBLIC_URL, else the server's), where the site and the demo pages are served.
   */
  origins: string[]
}

export interface ServerConfig {
  port: number
  host: string
  agents: AgentConfig[]
  /** How long the automated agent "types" before answering. */
  replyDelayMs: number
  /** Business API keys: the secret X-Api-Key for reads, the secret bearer token for the lead service. */
  apiKey: string
  leadsToken: string
  /** The public X-Api-Key the site's pages carry: reads only, rate-limited per address. */
  publicApiKey: string
  publicApiReadsPerMinute: number
  /** Browser origins allowed to call /api from other sites (CORS). */
  apiAllowedOrigins: string[]
  /** PostgreSQL URL; the embedded database in `dataDir` when absent. */
  databaseUrl: string | undefined
  /** PostgreSQL schema to use (created if missing); the server's default search path when absent. */
  databaseSchema: string | undefined
  dataDir: string
  /** Remote hosts /_ipx may fetch images from (local content/ images are always allowed). */
  imageHosts: string[]
  /** The image proxy's disk cache, its bound, transforms at once and per address per minute. */
  images: { cacheDir: string; cacheMaxBytes: number; concurrency: number; transformsPerMinute: number }
  /** Uploaded photos (src/server/media): their folder or bucket and the caps on each file. */
  photos: PhotoSettings
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean
  /** With it, several server processes share chat rooms and rate limits through Redis. */
  redisUrl: string | undefined
  /**
   * Put before every Redis key and channel this server uses, so several deployments (staging and
   * production, or the tests running side by side) can share one Redis without meeting.
   */
  redisPrefix: string
  /** Public base URL of the site, for links and images the agent sends (the widget may be elsewhere); the server's own URL when unset. */
  publicUrl: string | undefined
  /** The chat server URL the site's widget tag uses ('/' is this server). */
  widgetSocketUrl: string
  /** Serve the build's source maps (*.map); off by default, they hold the whole source. */
  serveSourceMaps: boolean
  /** The e-mails the server sends (docs/email.md): SMTP_URL (none: they wait in the outbox) and MAIL_FROM. */
  mail: { smtpUrl: string | undefined; from: string | undefined }
  /** The console's first admin, made when no account exists; the first-run wizard without them (console/first-run.ts). */
  consoleAdminEmail: string | undefined
  /** An automated install's answers to the first-run wizard (console/first-run.ts `AGENCY_ENVIRONMENT`). */
  agencySetup: Record<string, string | undefined>
  consoleAdminPassword: string | undefined
  /** Minutes without an answer from a person before the automated agent takes their conversation back. */
  consoleOwnerIdleMinutes: number
  /** Minutes a console session lasts unused. */
  consoleSessionIdleMinutes: number
  /** Console sign-in limits (see SignInLimits); unset ones keep their defaults. */
  consoleSignIn: Partial<SignInLimits>
  /** Chat abuse limits (see ChatLimits); unset ones keep their defaults. */
  chatLimits: {
    messagesPerWindow?: number
    windowSeconds?: number
    connectionsPerAddress?: number
    eventsPerSecond?: number
    pendingTurns?: number
    addressEventsPerSecond?: number
    addressWritesPerMinute?: number
    newVisitorsPerAddressPerHour?: number
    storedBytesPerAddressPerMinute?: number
  }
  /** The lead policy of every channel (see LeadLimits); unset ones keep their defaults. */
  leadLimits: {
    perAddressPerHour?: number
    perVisitorPerHour?: number
    visitorsPerAddressPerHour?: number
    sameContentVisitorsPerHour?: number
    floodPerAddressPerHour?: number
    duplicateWindowMinutes?: number
  }
}

export const DEV_AGENT_ID = 'agente-demo'
export const DEV_API_KEY = 'pk_dev_cancun_2026'
export const DEV_BUSINESS_API_KEY = 'dev_api_key_cancun'
export const DEV_LEADS_TOKEN = 'dev_leads_token_cancun'
export const DEV_PUBLIC_API_KEY = 'pk_site_read_cancun'
/** The site's search asks once per change of a filter: a person stays far below this. */
const DEFAULT_PUBLIC_API_READS_PER_MINUTE = 120
const DEFAULT_PORT = 3000
const DEFAULT_REPLY_DELAY_MS = 900
/** A working day: an agent signed in in the morning is not asked again before the evening. */
const DEFAULT_SESSION_IDLE_MINUTES = 8 * 60

/** Optional positive numbers from the environment: unset ones are left out, anything else stops the server naming the variable. */
const positiveNumbers = <K extends string>(variables: Record<K, [name: string, value: string | undefined]>): Partial<Record<K, number>> =>
  Object.fromEntries(
    Object.entries<[string, string | undefined]>(variables)
      .filter(([, [, value]]) => value !== undefined && value !== '')
      .map(([key, [name, value]]) => {
        const number = Number(value)
        if (!Number.isFinite(number) || number <= 0) throw new SettingError(`${name} must be a positive number, got "${value}".`)
        return [key, number]
      }),
  ) as Partial<Record<K, number>>

const IMAGE_DEFAULTS = {
  cacheDir: 'data/image-cache',
  // Every width and format of the demo catalogue takes about a tenth of this.
  cacheMaxMb: 512,
  // sharp already uses every core for one image: two at once keep the chat and the API responsive.
  concurrency: 2,
  // A person browsing causes a few transforms a minute (then the cache answers); a script, thousands.
  transformsPerMinute: 120,
}

function imageSettings(env: NodeJS.ProcessEnv): ServerConfig['images'] {
  const set = positiveNumbers({
    cacheMaxMb: ['IMAGE_CACHE_MAX_MB', env.IMAGE_CACHE_MAX_MB],
    concurrency: ['IMAGE_CONCURRENCY', env.IMAGE_CONCURRENCY],
    transformsPerMinute: ['IMAGE_TRANSFORMS_PER_MINUTE', env.IMAGE_TRANSFORMS_PER_MINUTE],
  })
  return {
    cacheDir: env.IMAGE_CACHE_DIR || IMAGE_DEFAULTS.cacheDir,
    cacheMaxBytes: (set.cacheMaxMb ?? IMAGE_DEFAULTS.cacheMaxMb) * MB,
    concurrency: set.concurrency ?? IMAGE_DEFAULTS.concurrency,
    transformsPerMinute: set.transformsPerMinute ?? IMAGE_DEFAULTS.transformsPerMinute,
  }
}

export interface PhotoSettings {
  /** The folder of the originals when no bucket is set. */
  dir: string
  maxBytes: number
  maxPixels: number
  /** An S3-compatible bucket instead of the folder. */
  s3: S3PhotoSettings | undefined
}

function photoSettings(env: NodeJS.ProcessEnv): PhotoSettings {
  const set = positiveNumbers({
    maxMb: ['PHOTOS_MAX_MB', env.PHOTOS_MAX_MB],
    maxMegapixels: ['PHOTOS_MAX_MEGAPIXELS', env.PHOTOS_MAX_MEGAPIXELS],
  })
  const keys = [env.PHOTOS_S3_ACCESS_KEY_ID || undefined, env.PHOTOS_S3_SECRET_ACCESS_KEY || undefined]
  if (!keys[0] !== !keys[1]) throw new SettingError('PHOTOS_S3_ACCESS_KEY_ID and PHOTOS_S3_SECRET_ACCESS_KEY go together: set both or neither.')
  if (!env.PHOTOS_S3_BUCKET && (env.PHOTOS_S3_ENDPOINT || keys[0])) throw new SettingError('PHOTOS_S3_ENDPOINT and the PHOTOS_S3 keys need PHOTOS_S3_BUCKET.')
  return {
    // Beside the database's folder, not in it: PGlite's folder must hold nothing else.
    dir: env.PHOTOS_DIR || 'data/photos',
    maxBytes: (set.maxMb ?? DEFAULT_PHOTO_LIMITS.maxBytes / MB) * MB,
    maxPixels: (set.maxMegapixels ?? DEFAULT_PHOTO_LIMITS.maxPixels / 1_000_000) * 1_000_000,
    s3: env.PHOTOS_S3_BUCKET
      ? {
          bucket: env.PHOTOS_S3_BUCKET,
          endpoint: env.PHOTOS_S3_ENDPOINT || undefined,
          // S3-compatible services take any region; AWS's own needs the bucket's.
          region: env.PHOTOS_S3_REGION || 'us-east-1',
          accessKeyId: keys[0],
          secretAccessKey: keys[1],
        }
      : undefined,
  }
}

function mailSettings(env: NodeJS.ProcessEnv): ServerConfig['mail'] {
  const smtpUrl = env.SMTP_URL || undefined
  const problem = smtpUrl ? smtpUrlProblem(smtpUrl) : null
  if (problem) throw new SettingError(problem)
  const from = env.MAIL_FROM?.trim() || undefined
  if (from && !isValidEmail(/<([^>]+)>/.exec(from)?.[1] ?? from)) throw new SettingError(`MAIL_FROM must be an e-mail address, or a name and one ("Agencia <hola@agencia.mx>"), got "${from}".`)
  return { smtpUrl, from }
}

const flag = (value: string | undefined) => value === '1' || value === 'true'

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback).split(',').map((item) => item.trim()).filter(Boolean)

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SettingError(`PORT must be a port number, got "${env.PORT}".`)
  const consoleMinutes = positiveNumbers({
    owner: ['CONSOLE_OWNER_IDLE_MINUTES', env.CONSOLE_OWNER_IDLE_MINUTES],
    session: ['CONSOLE_SESSION_IDLE_MINUTES', env.CONSOLE_SESSION_IDLE_MINUTES],
  })
  return {
    port,
    host: env.HOST ?? 'localhost',
    agents: [
      {
        idAgent: env.CHAT_AGENT_ID ?? DEV_AGENT_ID,
        apiKey: env.CHAT_API_KEY ?? DEV_API_KEY,
        origins: list(env.CHAT_ALLOWED_ORIGINS, ''),
      },
    ],
    replyDelayMs: Number(env.CHAT_REPLY_DELAY_MS ?? DEFAULT_REPLY_DELAY_MS),
    apiKey: env.API_KEY ?? DEV_BUSINESS_API_KEY,
    leadsToken: env.LEADS_TOKEN ?? DEV_LEADS_TOKEN,
    publicApiKey: env.PUBLIC_API_KEY ?? DEV_PUBLIC_API_KEY,
    publicApiReadsPerMinute: positiveNumbers({ reads: ['PUBLIC_API_READS_PER_MINUTE', env.PUBLIC_API_READS_PER_MINUTE] }).reads ?? DEFAULT_PUBLIC_API_READS_PER_MINUTE,
    apiAllowedOrigins: list(env.API_ALLOWED_ORIGINS, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    dataDir: env.DATA_DIR ?? 'data/db',
    imageHosts: list(env.IMAGE_HOSTS, ''),
    images: imageSettings(env),
    photos: photoSettings(env),
    trustProxy: flag(env.TRUST_PROXY),
    serveSourceMaps: flag(env.SERVE_SOURCE_MAPS),
    mail: mailSettings(env),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? '',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : undefined,
    widgetSocketUrl: env.WIDGET_SOCKET_URL || '/',
    consoleAdminEmail: env.CONSOLE_ADMIN_EMAIL || undefined,
    agencySetup: Object.fromEntries(AGENCY_ENVIRONMENT.map((name) => [name, env[name] || undefined])),
    consoleAdminPassword: env.CONSOLE_ADMIN_PASSWORD || undefined,
    consoleOwnerIdleMinutes: consoleMinutes.owner ?? DEFAULT_OWNER_IDLE_MINUTES,
    consoleSessionIdleMinutes: consoleMinutes.session ?? DEFAULT_SESSION_IDLE_MINUTES,
    consoleSignIn: positiveNumbers({
      hashesAtOnce: ['CONSOLE_SIGN_IN_HASHES', env.CONSOLE_SIGN_IN_HASHES],
      hashesWaiting: ['CONSOLE_SIGN_IN_QUEUE', env.CONSOLE_SIGN_IN_QUEUE],
    }),
    chatLimits: positiveNumbers({
      messagesPerWindow: ['CHAT_MESSAGES_PER_WINDOW', env.CHAT_MESSAGES_PER_WINDOW],
      windowSeconds: ['CHAT_WINDOW_SECONDS', env.CHAT_WINDOW_SECONDS],
      connectionsPerAddress: ['CHAT_MAX_CONNECTIONS_PER_ADDRESS', env.CHAT_MAX_CONNECTIONS_PER_ADDRESS],
      eventsPerSecond: ['CHAT_EVENTS_PER_SECOND', env.CHAT_EVENTS_PER_SECOND],
      pendingTurns: ['CHAT_MAX_PENDING_TURNS', env.CHAT_MAX_PENDING_TURNS],
      addressEventsPerSecond: ['CHAT_ADDRESS_EVENTS_PER_SECOND', env.CHAT_ADDRESS_EVENTS_PER_SECOND],
      addressWritesPerMinute: ['CHAT_ADDRESS_WRITES_PER_MINUTE', env.CHAT_ADDRESS_WRITES_PER_MINUTE],
      newVisitorsPerAddressPerHour: ['CHAT_NEW_VISITORS_PER_ADDRESS_PER_HOUR', env.CHAT_NEW_VISITORS_PER_ADDRESS_PER_HOUR],
      storedBytesPerAddressPerMinute: ['CHAT_STORED_BYTES_PER_ADDRESS_PER_MINUTE', env.CHAT_STORED_BYTES_PER_ADDRESS_PER_MINUTE],
    }),
    leadLimits: positiveNumbers({
      perAddressPerHour: ['LEADS_PER_ADDRESS_PER_HOUR', env.LEADS_PER_ADDRESS_PER_HOUR],
      perVisitorPerHour: ['LEADS_PER_VISITOR_PER_HOUR', env.LEADS_PER_VISITOR_PER_HOUR],
      visitorsPerAddressPerHour: ['LEAD_VISITORS_PER_ADDRESS_PER_HOUR', env.LEAD_VISITORS_PER_ADDRESS_PER_HOUR],
      sameContentVisitorsPerHour: ['LEAD_SAME_CONTENT_VISITORS_PER_HOUR', env.LEAD_SAME_CONTENT_VISITORS_PER_HOUR],
      floodPerAddressPerHour: ['LEADS_FLOOD_PER_ADDRESS_PER_HOUR', env.LEADS_FLOOD_PER_ADDRESS_PER_HOUR],
      duplicateWindowMinutes: ['LEAD_DUPLICATE_WINDOW_MINUTES', env.LEAD_DUPLICATE_WINDOW_MINUTES],
    }),
  }
}

/**
 * The keys whose dev values are published (README, .env.example): a production server with one
 * of them would let anyone who read the repository read the API or post leads as the agency.
 */
const PUBLISHED_DEV_KEYS: readonly [variable: string, value: (config: ServerConfig) => string | undefined, published: string][] = [
  ['API_KEY', (config) => config.apiKey, DEV_BUSINESS_API_KEY],
  ['LEADS_TOKEN', (config) => config.leadsToken, DEV_LEADS_TOKEN],
  ['PUBLIC_API_KEY', (config) => config.publicApiKey, DEV_PUBLIC_API_KEY],
  ['CHAT_API_KEY', (config) => config.agents[0]?.apiKey, DEV_API_KEY],
]

/** Production: NODE_ENV=production, or a site served over https (PUBLIC_URL). */
export function isProduction(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production' || (env.PUBLIC_URL ?? '').startsWith('https:')
}

/**
 * In production the server refuses the published dev keys, unset or copied from .env.example,
 * with one line naming each variable to set (docs/server.md#production-keys). `env` is read as
 * an object: the server's bundle replaces `process.env.NODE_ENV` itself with "production".
 */
export function refuseDevKeys(config: ServerConfig, env: NodeJS.ProcessEnv): void {
  if (!isProduction(env)) return
  const published = PUBLISHED_DEV_KEYS.filter(([, value, dev]) => value(config) === dev).map(([variable]) => variable)
  if (published.length === 0) return
  throw new SettingError(
    `Production (NODE_ENV=production or an https PUBLIC_URL) refuses the published dev keys: set ${published.join(', ')} to values of your own (see .env.example).`,
  )
}
