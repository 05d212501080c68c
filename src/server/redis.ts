import { randomUUID } from 'node:crypto'
import { createAdapter } from '@socket.io/redis-adapter'
import { RateLimiterRedis } from 'rate-limiter-flexible'
import { createClient } from 'redis'
import type { Server } from 'socket.io'
import { DEFAULT_CHAT_LIMITS, type ChatLimits } from './chat/namespace'
import { shareRooms } from './rooms'
import type { Storage } from './storage'

/**
 * Scale-out (docs/behaviour.md#chat-server): with REDIS_URL the socket.io rooms of every server process are
 * shared through @socket.io/redis-adapter (a visitor's tabs may sit on different processes),
 * and so are the per-visitor message limits.
 */
export async function connectRedis(io: Server, url: string, prefix = '') {
  /** The adapter's pub/sub channels: socket.io's default name behind the deployment's prefix (config.ts, redisPrefix). */
  const adapterOptions = { key: `${prefix}socket.io` }
  const pub = createClient({ url })
  const sub = pub.duplicate()
  for (const client of [pub, sub]) client.on('error', (error: Error) => console.error('[redis]', error.message))
  await Promise.all([pub.connect(), sub.connect()])
  shareRooms(io, createAdapter(pub, sub, adapterOptions))
  const publishers = [pub]
  const subscribers = [sub]
  /** A rate limit shared by every process, its keys behind the deployment's prefix. */
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterRedis({ storeClient: pub, useRedisPackage: true, points, duration, keyPrefix: `${prefix}${keyPrefix}` })
  return {
    /** Another socket.io server of this process (the console's) shares its rooms the same way. */
    async attach(other: Server) {
      const [otherPub, otherSub] = [pub.duplicate(), pub.duplicate()]
      publishers.push(otherPub)
      subscribers.push(otherSub)
      for (const client of [otherPub, otherSub]) client.on('error', (error: Error) => console.error('[redis]', error.message))
      await Promise.all([otherPub.connect(), otherSub.connect()])
      shareRooms(other, createAdapter(otherPub, otherSub, adapterOptions))
    },
    limiter,
    /**
     * A pub/sub channel every process of the deployment shares (behind its prefix), on a
     * subscriber connection of its own; `onMessage` gets each message published on it, this
     * process's own included.
     */
    async channel(name: string, onMessage: (message: string) => void) {
      const key = `${prefix}${name}`
      const listener = pub.duplicate()
      subscribers.push(listener)
      listener.on('error', (error: Error) => console.error('[redis]', error.message))
      await listener.connect()
      await listener.subscribe(key, onMessage)
      return { publish: async (message: string) => void (await pub.publish(key, message)) }
    },
    /**
     * The agent's knowledge base is shared by every process (docs/knowledge.md#live): a change made
     * here is announced on a channel behind the deployment's prefix, and one announced by another
     * process is told to this one's agent, which reads the entries again and retrains.
     */
    async shareKnowledge(knowledge: Storage['knowledge']) {
      /** This server among those sharing the Redis: its own announcements are not news to it. */
      const self = randomUUID()
      const changes = await this.channel('knowledge-changed', (sender) => {
        if (sender !== self) knowledge.changedElsewhere()
      })
      knowledge.onChange((change) => {
        if (change === 'here') changes.publish(self).catch((error: Error) => console.error('[redis] knowledge change not announced:', error.message))
      })
    },
    messageLimiter: (limits: Partial<ChatLimits> = {}) => {
      const { messagesPerWindow, windowSeconds } = { ...DEFAULT_CHAT_LIMITS, ...limits }
      return limiter('chat-msg', messagesPerWindow, windowSeconds)
    },
    /**
     * Subscribers first: a request from another process that arrived after this one's publishers
     * quit would be answered on a closed client, an unhandled rejection that ends the process.
     */
    async close() {
      const quit = (clients: typeof publishers) => Promise.allSettled(clients.map((client) => client.quit()))
      await quit(subscribers)
      await quit(publishers)
    },
  }
}

/**
 * One message on a channel of the deployment (behind its prefix) from a command that is no server
 * (`npm run catalogue -- import`): connect, publish, quit. Answers how many listeners got it (one
 * per server process). A Redis that cannot be reached fails at once: a command must end.
 */
export async function publishOnce(url: string, prefix: string, name: string, message: string): Promise<number> {
  const client = createClient({ url, socket: { reconnectStrategy: false } })
  // The failed connect() below says why; without a listener the same error would end the process.
  client.on('error', () => {})
  await client.connect()
  try {
    return await client.publish(`${prefix}${name}`, message)
  } finally {
    await client.quit().catch(() => {})
  }
}
