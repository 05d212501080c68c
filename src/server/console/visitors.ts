/**
 * Visitors on the site now (docs/behaviour.md#console-live-visitors): every widget socket of the
 * chat namespace keeps its presence in `socket.data.presence`, folded from the events the widget
 * sends anyway, once the chat namespace checked them (TurnHooks.widgetEvent); each change goes
 * to every console at once. The list itself is read from every
 * process's sockets (socket.io's fetchSockets, across processes through the Redis adapter).
 */
import type { Namespace, Socket } from 'socket.io'
import { ConsoleServerEvent, type LiveVisitor } from '../../protocol/console'
import { roomOf, type WidgetEvent } from '../chat/namespace'
import { isPreviewInstance } from '../../shared/widget-settings'
import { AGENTS_ROOM } from './conversations'
import { latestTab, newPresence, withAttribution, withMetrics, withPage, withTyping } from './presence'

interface TrackedData {
  visitorId?: string
  instance?: string
  presence?: LiveVisitor
}

/** The visitor's presence after one widget event. */
function fold(presence: LiveVisitor, event: WidgetEvent): LiveVisitor {
  switch (event.kind) {
    case 'navigation':
      return withAttribution(withPage(presence, event.payload.urlPath, event.payload.time ?? new Date().toISOString()), event.payload.utms)
    case 'metrics':
      return withMetrics(presence, event.payload)
    case 'typing':
      return withTyping(presence, event.typing)
    case 'message':
      return withAttribution(withTyping(presence, false), event.utms)
  }
}

export function trackVisitors(chat: Namespace, consoles: Namespace) {
  const agents = () => consoles.to(AGENTS_ROOM)
  let stopped = false

  chat.on('connection', (socket: Socket) => {
    const data = socket.data as TrackedData
    const visitorId = data.visitorId
    // The settings preview's widget is an admin looking at their draft, not a visitor on the site.
    if (!visitorId || isPreviewInstance(data.instance)) return
    data.presence = newPresence(visitorId, new Date().toISOString())
    socket.on('disconnect', () => {
      if (stopped) return // shutting down: every widget leaves, and Redis may be gone already
      void chat
        .in(roomOf(visitorId))
        .fetchSockets()
        .then((left) => {
          const remaining = latestTab(left.map((s) => (s.data as TrackedData).presence).filter((p): p is LiveVisitor => !!p))
          if (remaining) agents().emit(ConsoleServerEvent.visitor, remaining)
          else agents().emit(ConsoleServerEvent.visitorGone, { visitorId })
        })
        .catch((error: unknown) => console.error('[consola] could not list the visitor tabs left:', error))
    })
    agents().emit(ConsoleServerEvent.visitor, data.presence)
  })

  return {
    /** A widget event the chat namespace let through (TurnHooks.widgetEvent): the visitor's row changes on every console. */
    seen(socket: Socket, event: WidgetEvent) {
      const data = socket.data as TrackedData
      const { visitorId, presence } = data
      if (!visitorId || !presence) return
      const next = fold(presence, event)
      if (next !== presence) {
        data.presence = next
        agents().emit(ConsoleServerEvent.visitor, next)
      }
      if (event.kind === 'typing') agents().emit(ConsoleServerEvent.visitorTyping, { visitorId, typing: event.typing })
    },
    stop() {
      stopped = true
    },
    /** Every visitor connected now, one entry per visitor (their most recently used tab), in every process. */
    async list(): Promise<LiveVisitor[]> {
      const byVisitor = new Map<string, LiveVisitor[]>()
      for (const socket of await chat.fetchSockets()) {
        const presence = (socket.data as TrackedData).presence
        if (presence) byVisitor.set(presence.visitorId, [...(byVisitor.get(presence.visitorId) ?? []), presence])
      }
      return [...byVisitor.values()].map((tabs) => latestTab(tabs)!).sort((a, b) => (b.pageSince ?? b.connectedAt).localeCompare(a.pageSince ?? a.connectedAt))
    },
  }
}
