import { randomUUID } from 'node:crypto'
import type { ChatMessage, ChatRole, CustomWidgetConfig } from '../../protocol'
import type { Queryable } from './database'

/** A stored message always has a server id and a time. */
export type StoredMessage = ChatMessage & { id: string; at: string }

/** What the chat remembers of a visitor besides the conversation. */
export interface VisitorRecord {
  utms: Record<string, unknown> | null
  metrics: Record<string, unknown> | null
  navigation: { urlPath: string; time: string }[]
}

/** The configuration every instance gets until one is stored for it (spec §3 keys, §9 defaults). */
export const DEFAULT_WIDGET_CONFIG: CustomWidgetConfig = {
  visibility_welcome_modal: true,
  btn_close_welcome_modal: true,
  time_active_welcome_modal: 10,
  welcomeMessage: '¡Hola! 👋 ¿Buscas casa, departamento o terreno en Cancún? Te ayudamos a encontrarlo.',
  welcomeMessageButton: '¡Chatear Ahora!',
  svgName: 'hello',
  soundName: 'sound1',
}

interface MessageRow {
  id: string
  role: ChatRole
  content: string
  client_message_id: string | null
  created_at: Date | string
}

const toMessage = (row: MessageRow): StoredMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  ...(row.client_message_id ? { clientMessageId: row.client_message_id } : {}),
  at: new Date(row.created_at).toISOString(),
})

/** Ensure the visitor row exists (first message, metrics or page view creates it). */
const UPSERT_VISITOR = 'INSERT INTO chat_visitors (id) VALUES ($1) ON CONFLICT (id) DO NOTHING'

/** The chat backend's storage: conversations, visitors and widget configuration. */
export function chatRepository(db: Queryable) {
  return {
    async history(visitorId: string): Promise<StoredMessage[]> {
      const rows = await db.query<MessageRow>('SELECT * FROM chat_messages WHERE visitor_id = $1 ORDER BY seq', [visitorId])
      return rows.map(toMessage)
    },
    /** Store a message; a visitor message whose clientMessageId is already stored is not stored twice. */
    async append(visitorId: string, message: ChatMessage): Promise<StoredMessage> {
      await db.query(UPSERT_VISITOR, [visitorId])
      const [row] = await db.query<MessageRow>(
        `INSERT INTO chat_messages (id, visitor_id, role, content, client_message_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (visitor_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING RETURNING *`,
        [randomUUID(), visitorId, message.role, message.content, message.clientMessageId ?? null],
      )
      if (row) return toMessage(row)
      return (await this.findByClientMessageId(visitorId, message.clientMessageId!))!
    },
    async findByClientMessageId(visitorId: string, clientMessageId: string): Promise<StoredMessage | undefined> {
      const [row] = await db.query<MessageRow>('SELECT * FROM chat_messages WHERE visitor_id = $1 AND client_message_id = $2', [visitorId, clientMessageId])
      return row ? toMessage(row) : undefined
    },
    async saveUtms(visitorId: string, utms: Record<string, unknown>) {
      await db.query(
        `INSERT INTO chat_visitors (id, utms) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET utms = $2, updated_at = now()`,
        [visitorId, utms],
      )
    },
    async saveMetrics(visitorId: string, metrics: Record<string, unknown>) {
      await db.query(
        `INSERT INTO chat_visitors (id, metrics) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET metrics = $2, updated_at = now()`,
        [visitorId, metrics],
      )
    },
    async addNavigation(visitorId: string, urlPath: string, time: string) {
      await db.query(UPSERT_VISITOR, [visitorId])
      await db.query('INSERT INTO chat_navigation (visitor_id, url_path, at) VALUES ($1, $2, $3)', [visitorId, urlPath, time])
    },
    async visitor(visitorId: string): Promise<VisitorRecord> {
      const [row] = await db.query<{ utms: VisitorRecord['utms']; metrics: VisitorRecord['metrics'] }>(
        'SELECT utms, metrics FROM chat_visitors WHERE id = $1',
        [visitorId],
      )
      const navigation = await db.query<{ url_path: string; at: Date | string }>(
        'SELECT url_path, at FROM chat_navigation WHERE visitor_id = $1 ORDER BY seq',
        [visitorId],
      )
      return {
        utms: row?.utms ?? null,
        metrics: row?.metrics ?? null,
        navigation: navigation.map((n) => ({ urlPath: n.url_path, time: new Date(n.at).toISOString() })),
      }
    },
    async widgetConfig(instance: string): Promise<CustomWidgetConfig> {
      const [row] = await db.query<{ config: CustomWidgetConfig }>('SELECT config FROM widget_configs WHERE instance = $1', [instance])
      return row?.config ?? DEFAULT_WIDGET_CONFIG
    },
    async setWidgetConfig(instance: string, config: CustomWidgetConfig) {
      await db.query(
        `INSERT INTO widget_configs (instance, config) VALUES ($1, $2) ON CONFLICT (instance) DO UPDATE SET config = $2, updated_at = now()`,
        [instance, config],
      )
    },
  }
}

export type ChatStore = ReturnType<typeof chatRepository>
