import type { ChatMessage } from '../protocol'

/** What the page can listen to through the window API's on(event, callback). */
export interface WidgetEventMap {
  open: void
  close: void
  send: { message: string }
  response: ChatMessage
  connect: void
  disconnect: void
  'lead-registered': unknown
  scheduled_appointment: unknown
}

export type WidgetEventName = keyof WidgetEventMap

/** Every event the page can listen to, checked at run time (the record keeps it complete). */
const EVENT_NAMES: Record<WidgetEventName, true> = {
  open: true,
  close: true,
  send: true,
  response: true,
  connect: true,
  disconnect: true,
  'lead-registered': true,
  scheduled_appointment: true,
}
export const WIDGET_EVENT_NAMES = Object.keys(EVENT_NAMES) as WidgetEventName[]

/** A small per-widget event emitter; a listener that throws never breaks the widget. */
export function createWidgetEvents() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  return {
    on<E extends WidgetEventName>(event: E, callback: (payload: WidgetEventMap[E]) => void): () => void {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(callback as (payload: unknown) => void)
      return () => set.delete(callback as (payload: unknown) => void)
    },
    emit<E extends WidgetEventName>(event: E, ...[payload]: WidgetEventMap[E] extends void ? [] : [WidgetEventMap[E]]) {
      for (const callback of listeners.get(event) ?? []) {
        try {
          callback(payload)
        } catch (error) {
          console.error(`[chat-widget] a "${event}" listener threw`, error)
        }
      }
    },
    clear() {
      listeners.clear()
    },
  }
}

export type WidgetEvents = ReturnType<typeof createWidgetEvents>
