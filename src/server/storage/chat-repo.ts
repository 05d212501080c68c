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

export interface NewAppointment {
  /** ISO time with offset. */
  at: string
  name: string | null
  phone: string | null
  email: string | null
  propertySlug: string | null
  note: string
}
export type Appointment = NewAppointment & { id: string; visitorId: string }

interface AppointmentRow {
  id: string
  visitor_id: string
  at: Date | string
  name: string | null
  phone: string | null
  email: string | null
  property_slug: string | null
  note: string
}

const toAppointment = (row: AppointmentRow): Appointment => ({
  id: row.id,
  visitorId: row.visitor_id,
  at: new Date(row.at).toISOString(),
  name: row.name,
  phone: row.phone,
  email: row.email,
  propertySlug: row.property_slug,
  note: row.note,
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
    /** The agent's memory of this visitor's conversation (JSON), or null before the first turn. */
    async agentState(visitorId: string): Promise<unknown> {
      const [row] = await db.query<{ agent_state: unknown }>('SELECT agent_state FROM chat_visitors WHERE id = $1', [visitorId])
      return row?.agent_state ?? null
    },
    async saveAgentState(visitorId: string, state: unknown) {
      await db.query(
        `INSERT INTO chat_visitors (id, agent_state) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET agent_state = $2, updated_at = now()`,
        [visitorId, state],
      )
    },
    /** The visitor asked for a person: the agency's console lists these conversations. */
    async requestHuman(visitorId: string) {
      await db.query(
        `INSERT INTO chat_visitors (id, needs_human) VALUES ($1, true) ON CONFLICT (id) DO UPDATE SET needs_human = true, updated_at = now()`,
        [visitorId],
      )
    },
    async needsHuman(visitorId: string): Promise<boolean> {
      const [row] = await db.query<{ needs_human: boolean }>('SELECT needs_human FROM chat_visitors WHERE id = $1', [visitorId])
      return row?.needs_human ?? false
    },
    async addAppointment(visitorId: string, appointment: NewAppointment): Promise<Appointment> {
      const [row] = await db.query<AppointmentRow>(
        `INSERT INTO appointments (id, visitor_id, at, name, phone, email, property_slug, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
        [randomUUID(), visitorId, appointment.at, appointment.name, appointment.phone, appointment.email, appointment.propertySlug, appointment.note],
      )
      return toAppointment(row!)
    },
    async appointments(visitorId: string): Promise<Appointment[]> {
      return (await db.query<AppointmentRow>('SELECT * FROM appointments WHERE visitor_id = $1 ORDER BY at', [visitorId])).map(toAppointment)
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
