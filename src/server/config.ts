/** Server configuration from environment variables, each with a working dev default (README). */

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
}

export const DEV_AGENT_ID = 'agente-demo'
export const DEV_API_KEY = 'pk_dev_cancun_2026'
const DEFAULT_PORT = 3000
const DEFAULT_REPLY_DELAY_MS = 900

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  return {
    port,
    host: env.HOST ?? 'localhost',
    agents: [
      {
        idAgent: env.CHAT_AGENT_ID ?? DEV_AGENT_ID,
        apiKey: env.CHAT_API_KEY ?? DEV_API_KEY,
        origins: (env.CHAT_ALLOWED_ORIGINS ?? '*').split(',').map((o) => o.trim()).filter(Boolean),
      },
    ],
    replyDelayMs: Number(env.CHAT_REPLY_DELAY_MS ?? DEFAULT_REPLY_DELAY_MS),
  }
}
