/**
 * Visitors on the site now (docs/behaviour.md#console-live-visitors): every widget socket of the
 * chat namespace keeps its presence in `socket.data.presence`, folded from the events the widget
 * sends anyway; each change goes to every console at once. The list itself is read from every
 * process's sockets (socket.io's fetchSockets, across processes through the Redis adapter).
 * The visitor's name, once known, is read when a returning visitor's widget connects and when the
 * automated agent has their contact details (the turn that registers their lead).
 */
import type { Namespace, Socket } from 'socket.io'
import { ClientEvent } from '../../protocol'
import { ConsoleServerEvent, type LiveVisitor } from '../../protocol/console'
import type { ZodType } from 'zod'
import { roomOf } from '../chat/namespace'
import { checkPayload, metricsSchema, navigationPathSchema, sendChatMessageSchema, typingUserStateSchema } from '../chat/schemas'
import { isPreviewInstance } from '../../shared/widget-settings'
import type { AgentsRoom } from './conversations'
import { latestTab, newPresence, withAttribution, withMetrics, withName, withPage, withTyping } from './presence'

/**
 * A widget event's payload for the live list, or null. The shape is checked before zod walks it,
 * as the chat namespace does (docs/behaviour.md#chat-budgets): a deeply nested payload must not
 * overflow the stack here either.
 */
function tracked<T>(schema: ZodType<T>, payload: unknown): T | null {
  const parsed = checkPayload(schema, payload)
  return parsed?.success ? parsed.data : null
}

interface TrackedData {
  visitorId?: string
  instance?: string
  firstVisit?: boolean
  presence?: LiveVisitor
}

/** Changes the presence of one widget socket and tells every console. */
function updatePresence(socket: { data: unknown }, agents: AgentsRoom, change: (presence: LiveVisitor) => LiveVisitor) {
  const data = socket.data as TrackedData
  if (!data.presence) return
  const next = change(data.presence)
  if (next === data.presence) return
  data.presence = next
  agents(ConsoleServerEvent.visitor, next)
}

/** `nameOf` reads a visitor's known name (null while anonymous). */
export function trackVisitors(chat: Namespace, agents: AgentsRoom, nameOf: (visitorId: string) => Promise<string | null>) {
  let stopped = false
  const learnName = (visitorId: string, sockets: readonly { data: unknown }[]) =>
    nameOf(visitorId).then(
      (name) => sockets.forEach((socket) => updatePresence(socket, agents, (p) => withName(p, name))),
      (error: unknown) => console.error('[consola] could not read the visitor name:', error),
    )

  chat.on('connection', (socket: Socket) => {
    const data = socket.data as TrackedData
    const visitorId = data.visitorId
    // The settings preview's widget is an admin looking at their draft, not a visitor on the site.
    if (!visitorId || isPreviewInstance(data.instance)) return
    data.presence = newPresence(visitorId, new Date().toISOString())
    const update = (change: (presence: LiveVisitor) => LiveVisitor) => updatePresence(socket, agents, change)
    // The chat namespace validates and answers these events; here they only feed the live list.
    socket.on(ClientEvent.navigationPathChat, (payload: unknown) => {
      const parsed = tracked(navigationPathSchema, payload)
      if (!parsed || parsed.clientId !== visitorId) return
      const { urlPath, time, utms } = parsed
      update((p) => withAttribution(withPage(p, urlPath, time ?? new Date().toISOString()), utms))
    })
    socket.on(ClientEvent.metricsChat, (payload: unknown) => {
      const parsed = tracked(metricsSchema, payload)
      if (parsed && parsed.idClient === visitorId) update((p) => withMetrics(p, parsed))
    })
    socket.on(ClientEvent.typingUserState, (payload: unknown) => {
      const parsed = tracked(typingUserStateSchema, payload)
      if (parsed === null) return
      update((p) => withTyping(p, parsed))
      agents(ConsoleServerEvent.visitorTyping, { visitorId, typing: parsed })
    })
    socket.on(ClientEvent.sendChatMessage, (payload: unknown) => {
      const parsed = tracked(sendChatMessageSchema, payload)
      if (parsed && parsed.userUUID === visitorId) update((p) => withAttribution(withTyping(p, false), parsed.utms))
    })
    socket.on('disconnect', () => {
      if (stopped) return // shutting down: every widget leaves, and Redis may be gone already
      void chat
        .in(roomOf(visitorId))
        .fetchSockets()
        .then((left) => {
          if (stopped) return // the answer came back after the shutdown began: Redis may be gone
          const remaining = latestTab(left.map((s) => (s.data as TrackedData).presence).filter((p): p is LiveVisitor => !!p))
          if (remaining) agents(ConsoleServerEvent.visitor, remaining)
          else agents(ConsoleServerEvent.visitorGone, { visitorId })
        })
        .catch((error: unknown) => console.error('[consola] could not list the visitor tabs left:', error))
    })
    agents(ConsoleServerEvent.visitor, data.presence)
    // A visitor on their first visit has told nobody their name: no read on that hot path.
    if (!data.firstVisit) void learnName(visitorId, [socket])
  })

  return {
    stop() {
      stopped = true
    },
    /**
     * The visitor's name may be known now (the agent has their contact details): their widgets in this
     * process carry it from now on, and every console shows it. (Tabs held by another process
     * learn it when they reconnect.)
     */
    async named(visitorId: string) {
      const local = (await chat.in(roomOf(visitorId)).local.fetchSockets()) as unknown as { data: unknown }[]
      await learnName(visitorId, local)
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
