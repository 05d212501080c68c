/** Server configuration from environment variables, each with a working dev default (README). */
import { SettingError } from './setting-error'

export interface AgentConfig {
  /** idAgent of the widget props; the handshake's idOwner. */
  idAgent: string
  /** Public key the widget sends as api_key. */
  apiKey: string
  /** Page origins allowed to open the chat; ['*'] allows any (dev default). */
  origins: string[]
}

export interface ServerConfig {
  port: number
  host: string
  agents: AgentConfig[]
  /** How long the automated agent "types" before answering. */
  replyDelayMs: number
  /** Business API keys: X-Api-Key for reads, a bearer token for the lead service. */
  apiKey: string
  leadsToken: string
  /** Browser origins allowed to call /api from other sites (CORS). */
  apiAllowedOrigins: string[]
  /** PostgreSQL URL; the embedded database in `dataDir` when absent. */
  databaseUrl: string | undefined
  /** PostgreSQL schema to use (created if missing); the server's default search path when absent. */
  databaseSchema: string | undefined
  dataDir: string
  /** Remote hosts /_ipx may fetch images from (local content/ images are always allowed). */
  imageHosts: string[]
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean
  /** With it, several server processes share chat rooms and rate limits through Redis. */
  redisUrl: string | undefined
  /** Public base URL of the site, for links and images the agent sends (the widget may be elsewhere); the server's own URL when unset. */
  publicUrl: string | undefined
  /** The chat server URL the site's widget tag uses ('/' is this server). */
  widgetSocketUrl: string
  /** The agency's name in the agent's messages. */
  agencyName: string
  /** Chat abuse limits (see ChatLimits); unset ones keep their defaults. */
  chatLimits: {
    messagesPerWindow?: number
    windowSeconds?: number
    connectionsPerAddress?: number
    eventsPerSecond?: number
  }
}

export const DEV_AGENT_ID = 'agente-demo'
export const DEV_API_KEY = 'pk_dev_cancun_2026'
export const DEV_BUSINESS_API_KEY = 'dev_api_key_cancun'
export const DEV_LEADS_TOKEN = 'dev_leads_token_cancun'
const DEFAULT_PORT = 3000
const DEFAULT_REPLY_DELAY_MS = 900

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback).split(',').map((item) => item.trim()).filter(Boolean)

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SettingError(`PORT must be a port number, got "${env.PORT}".`)
  return {
    port,
    host: env.HOST ?? 'localhost',
    agents: [
      {
        idAgent: env.CHAT_AGENT_ID ?? DEV_AGENT_ID,
        apiKey: env.CHAT_API_KEY ?? DEV_API_KEY,
        origins: list(env.CHAT_ALLOWED_ORIGINS, '*'),
      },
    ],
    replyDelayMs: Number(env.CHAT_REPLY_DELAY_MS ?? DEFAULT_REPLY_DELAY_MS),
    apiKey: env.API_KEY ?? DEV_BUSINESS_API_KEY,
    leadsToken: env.LEADS_TOKEN ?? DEV_LEADS_TOKEN,
    apiAllowedOrigins: list(env.API_ALLOWED_ORIGINS, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    dataDir: env.DATA_DIR ?? 'data/db',
    imageHosts: list(env.IMAGE_HOSTS, ''),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : undefined,
    widgetSocketUrl: env.WIDGET_SOCKET_URL || '/',
    agencyName: env.AGENCY_NAME ?? 'Cancún Propiedades',
    chatLimits: Object.fromEntries(
      Object.entries({
        messagesPerWindow: env.CHAT_MESSAGES_PER_WINDOW,
        windowSeconds: env.CHAT_WINDOW_SECONDS,
        connectionsPerAddress: env.CHAT_MAX_CONNECTIONS_PER_ADDRESS,
        eventsPerSecond: env.CHAT_EVENTS_PER_SECOND,
      })
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => {
          const number = Number(value)
          if (!Number.isFinite(number) || number <= 0) throw new SettingError(`${key} must be a positive number, got "${value}".`)
          return [key, number]
        }),
    ),
  }
}
