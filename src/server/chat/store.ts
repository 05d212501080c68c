import { randomUUID } from 'node:crypto'
import type { ChatMessage, CustomWidgetConfig } from '../../protocol'

/** A stored message always has a server id. */
export type StoredMessage = ChatMessage & { id: string; at: string }

/** What the chat remembers of a visitor besides the conversation. */
export interface VisitorRecord {
  utms?: Record<string, unknown>
  metrics?: Record<string, unknown>
  navigation: { urlPath: string; time: string }[]
}

/**
 * The chat backend's storage. In memory for now; the same interface is what a persistent
 * store implements, so the namespace code does not change.
 */
export interface ChatStore {
  history(visitorId: string): Promise<StoredMessage[]>
  append(visitorId: string, message: ChatMessage): Promise<StoredMessage>
  findByClientMessageId(visitorId: string, clientMessageId: string): Promise<StoredMessage | undefined>
  visitor(visitorId: string): Promise<VisitorRecord>
  updateVisitor(visitorId: string, update: (record: VisitorRecord) => void): Promise<void>
  widgetConfig(instance: string): Promise<CustomWidgetConfig>
  setWidgetConfig(instance: string, config: CustomWidgetConfig): Promise<void>
}

/** The configuration every instance gets until one is stored for it (spec §3 keys). */
export const DEFAULT_WIDGET_CONFIG: CustomWidgetConfig = {
  visibility_welcome_modal: true,
  btn_close_welcome_modal: true,
  time_active_welcome_modal: 10,
  welcomeMessage: '¡Hola! 👋 ¿Buscas casa, departamento o terreno en Cancún? Te ayudamos a encontrarlo.',
  welcomeMessageButton: '¡Chatear Ahora!',
  svgName: 'hello',
  soundName: 'sound1',
}

export function createMemoryChatStore(): ChatStore {
  const conversations = new Map<string, StoredMessage[]>()
  const visitors = new Map<string, VisitorRecord>()
  const configs = new Map<string, CustomWidgetConfig>()
  const visitorRecord = (id: string) => {
    let record = visitors.get(id)
    if (!record) visitors.set(id, (record = { navigation: [] }))
    return record
  }
  return {
    async history(visitorId) {
      return [...(conversations.get(visitorId) ?? [])]
    },
    async append(visitorId, message) {
      const stored: StoredMessage = { ...message, id: randomUUID(), at: new Date().toISOString() }
      const list = conversations.get(visitorId) ?? []
      list.push(stored)
      conversations.set(visitorId, list)
      return stored
    },
    async findByClientMessageId(visitorId, clientMessageId) {
      return conversations.get(visitorId)?.find((m) => m.clientMessageId === clientMessageId)
    },
    async visitor(visitorId) {
      return structuredClone(visitorRecord(visitorId))
    },
    async updateVisitor(visitorId, update) {
      update(visitorRecord(visitorId))
    },
    async widgetConfig(instance) {
      return configs.get(instance) ?? DEFAULT_WIDGET_CONFIG
    },
    async setWidgetConfig(instance, config) {
      configs.set(instance, config)
    },
  }
}
