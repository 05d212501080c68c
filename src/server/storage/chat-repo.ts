import { createHash, randomUUID } from 'node:crypto'
import type { ChatMessage, ChatRole, CustomWidgetConfig } from '../../protocol'
import type { Visit, VisitStatus } from '../../protocol/crm'
import type { Queryable } from './database'
import { prepared } from './prepared'
import { trafficOf } from '../../domain/attribution'

/** A stored message always has a server id and a time. */
export type StoredMessage = ChatMessage & { id: string; at: string }

/** What the chat remembers of a visitor besides the conversation. */
export interface VisitorRecord {
  utms: Record<string, unknown> | null
  metrics: Record<string, unknown> | null
  navigation: { urlPath: string; time: string }[]
  /** Page views older than the kept ones, folded into a count (docs/behaviour.md#chat-budgets). */
  navigationFolded: number
}

/** Page views kept per visitor; older ones are folded into `navigation_folded`. */
export const NAVIGATION_ROWS_KEPT = 100

/** The configuration every instance gets until one is stored for it (docs/behaviour.md#theme). */
export const DEFAULT_WIDGET_CONFIG: CustomWidgetConfig = {
  visibility_welcome_modal: true,
  btn_close_welcome_modal: true,
  time_active_welcome_modal: 10,
  welcomeMessage: '¡Hola! 👋 ¿Buscas casa, departamento o terreno en Cancún? Te ayudamos a encontrarlo.',
  welcomeMessageButton: '¡Chatear Ahora!',
  svgName: 'hello',
  soundName: 'sound1',
}

export interface MessageRow {
  id: string
  role: ChatRole
  content: string
  client_message_id: string | null
  created_at: Date | string
}

export const toMessage = (row: MessageRow): StoredMessage => ({
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
  /** The adviser who attends it (a console account), when the booking has one. */
  assignedTo?: string | null
}
export type Appointment = Omit<NewAppointment, 'assignedTo'> & { id: string; visitorId: string }

export interface AppointmentRow {
  id: string
  visitor_id: string
  at: Date | string
  name: string | null
  phone: string | null
  email: string | null
  property_slug: string | null
  note: string
}

export const toAppointment = (row: AppointmentRow): Appointment => ({
  id: row.id,
  visitorId: row.visitor_id,
  at: new Date(row.at).toISOString(),
  name: row.name,
  phone: row.phone,
  email: row.email,
  propertySlug: row.property_slug,
  note: row.note,
})

/** An appointment as the console's pipeline shows it: the stored row and its property's title. */
export interface VisitRow extends AppointmentRow {
  property_title: string | null
  status: VisitStatus
  booked_by: string
  assigned_to: string | null
  created_at: Date | string
  updated_at: Date | string
}

export const toVisit = (row: VisitRow): Visit => ({
  ...toAppointment(row),
  propertyTitle: row.property_title,
  status: row.status,
  bookedBy: row.booked_by,
  assignedTo: row.assigned_to ?? null,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
})

/** The visits' rows (`VisitRow`) of `appointments`: the table, or the rows a statement just wrote. */
export const selectVisits = (appointments: string) =>
  `SELECT a.*, p.data->>'title' AS property_title FROM ${appointments} a LEFT JOIN properties p ON p.slug = a.property_slug`

// A visitor's connection reads its token and its history: prepared (prepared.ts), as the journal's writes.
const HISTORY = prepared<MessageRow>('chat_history', 'SELECT * FROM chat_messages WHERE visitor_id = $1 ORDER BY seq')
const TOKEN_HASH = prepared<{ token_hash: string | null }>('visitor_token_hash', 'SELECT token_hash FROM chat_visitors WHERE id = $1')
/** An erased visitor's id claims no token (erased_visitors): its widget is refused and starts over. */
const CLAIM_TOKEN = prepared<{ id: string }>(
  'visitor_token_claim',
  `INSERT INTO chat_visitors (id, token_hash) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM erased_visitors WHERE id_hash = $3)
   ON CONFLICT (id) DO UPDATE SET token_hash = EXCLUDED.token_hash WHERE chat_visitors.token_hash IS NULL RETURNING id`,
)

/** A one-way fingerprint of an id (the erasure log's subject, an erased visitor): the id itself is not kept. */
export const idHash = (kind: 'visitor' | 'lead', id: string) => createHash('sha256').update(`${kind}:${id}`).digest('hex')

/** Ensure the visitor row exists (a message, metrics or a page view creates it). */
const UPSERT_VISITOR = 'INSERT INTO chat_visitors (id) VALUES ($1) ON CONFLICT (id) DO NOTHING'

/** The chat backend's storage: conversations, visitors and widget configuration. */
export function chatRepository(db: Queryable) {
  return {
    async history(visitorId: string): Promise<StoredMessage[]> {
      return (await db.query(HISTORY, [visitorId])).map(toMessage)
    },
    /**
     * Store a message outside a turn; a visitor message whose clientMessageId is already stored
     * is not stored twice. Live visitor messages go through the journal (chat-journal.ts), which
     * also marks when a conversation started.
     */
    async append(visitorId: string, message: ChatMessage): Promise<StoredMessage> {
      await db.query(UPSERT_VISITOR, [visitorId])
      const [row] = await db.query<MessageRow>(
        `INSERT INTO chat_messages (id, visitor_id, role, content, client_message_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (visitor_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING RETURNING *`,
        [randomUUID(), visitorId, message.role, message.content, message.clientMessageId ?? null],
      )
      if (row) return toMessage(row)
      const [earlier] = await db.query<MessageRow>('SELECT * FROM chat_messages WHERE visitor_id = $1 AND client_message_id = $2', [visitorId, message.clientMessageId])
      return toMessage(earlier!)
    },
    /**
     * Written only when changed: an unchanged record leaves no new row version behind. Its channel
     * and source are written beside it (migration 71 says why).
     */
    async saveUtms(visitorId: string, utms: Record<string, unknown>) {
      const traffic = trafficOf(utms)
      await db.query(
        `INSERT INTO chat_visitors (id, utms, traffic_channel, traffic_source) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET utms = $2, traffic_channel = $3, traffic_source = $4, updated_at = now()
         WHERE chat_visitors.utms IS DISTINCT FROM EXCLUDED.utms`,
        [visitorId, utms, traffic.channel, traffic.source],
      )
    },
    /** Written only when changed, like the attribution. */
    async saveMetrics(visitorId: string, metrics: Record<string, unknown>) {
      await db.query(
        `INSERT INTO chat_visitors (id, metrics) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET metrics = $2, updated_at = now()
         WHERE chat_visitors.metrics IS DISTINCT FROM EXCLUDED.metrics`,
        [visitorId, metrics],
      )
    },
    /**
     * A page view, unless it is the page stored last; beyond `keep` views the oldest are
     * folded into the visitor's count, so a visitor's trail has a bounded size.
     */
    async addNavigation(visitorId: string, urlPath: string, time: string, keep = NAVIGATION_ROWS_KEPT) {
      await db.query(UPSERT_VISITOR, [visitorId])
      const [last] = await db.query<{ url_path: string }>(
        'SELECT url_path FROM chat_navigation WHERE visitor_id = $1 ORDER BY seq DESC LIMIT 1',
        [visitorId],
      )
      if (last?.url_path === urlPath) return
      await db.query('INSERT INTO chat_navigation (visitor_id, url_path, at) VALUES ($1, $2, $3)', [visitorId, urlPath, time])
      const folded = await db.query<{ seq: string }>(
        `DELETE FROM chat_navigation WHERE visitor_id = $1
           AND seq <= (SELECT seq FROM chat_navigation WHERE visitor_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)
         RETURNING seq`,
        [visitorId, keep],
      )
      if (folded.length > 0) {
        await db.query('UPDATE chat_visitors SET navigation_folded = navigation_folded + $2 WHERE id = $1', [visitorId, folded.length])
      }
    },
    async visitorTokenHash(visitorId: string): Promise<string | null> {
      const [row] = await db.query(TOKEN_HASH, [visitorId])
      return row?.token_hash ?? null
    },
    async claimVisitorToken(visitorId: string, hash: string): Promise<boolean> {
      return (await db.query(CLAIM_TOKEN, [visitorId, hash, idHash('visitor', visitorId)])).length > 0
    },
    async visitor(visitorId: string): Promise<VisitorRecord> {
      const [row] = await db.query<{ utms: VisitorRecord['utms']; metrics: VisitorRecord['metrics']; navigation_folded: number }>(
        'SELECT utms, metrics, navigation_folded FROM chat_visitors WHERE id = $1',
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
        navigationFolded: Number(row?.navigation_folded ?? 0),
      }
    },
    /** The language of the conversation and the e-mail the visitor gave the automated agent, from its memory (the visitor's e-mails, docs/email.md). */
    async visitorContact(visitorId: string): Promise<{ language: 'es' | 'en'; email: string | null; name: string | null }> {
      const [row] = await db.query<{ lang: string | null; email: string | null; name: string | null }>(
        `SELECT agent_state->>'lang' AS lang, agent_state->'contact'->>'email' AS email, agent_state->'contact'->>'name' AS name FROM chat_visitors WHERE id = $1`,
        [visitorId],
      )
      return { language: row?.lang === 'en' ? 'en' : 'es', email: row?.email ?? null, name: row?.name ?? null }
    },
    /** The visitor asked for a person: the agency's console lists these conversations; each new request is counted. */
    async requestHuman(visitorId: string) {
      await db.query('INSERT INTO chat_handoffs (visitor_id) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM chat_visitors WHERE id = $1 AND needs_human)', [visitorId])
      await db.query(
        `INSERT INTO chat_visitors (id, needs_human) VALUES ($1, true) ON CONFLICT (id) DO UPDATE SET needs_human = true, updated_at = now()`,
        [visitorId],
      )
    },
    /** The automated agent's booking, as the console's pipeline shows it (one statement: the console needs no read of its own). */
    async addAppointment(visitorId: string, appointment: NewAppointment): Promise<Visit> {
      const [row] = await db.query<VisitRow>(
        `WITH added AS (
           INSERT INTO appointments (id, visitor_id, at, name, phone, email, property_slug, note, assigned_to)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *
         ) ${selectVisits('added')}`,
        [
          randomUUID(),
          visitorId,
          appointment.at,
          appointment.name,
          appointment.phone,
          appointment.email,
          appointment.propertySlug,
          appointment.note,
          appointment.assignedTo ?? null,
        ],
      )
      return toVisit(row!)
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
