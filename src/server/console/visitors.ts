/**
 * Visitors on the site now (docs/behaviour.md#console-live-visitors): every widget socket of the
 * chat namespace keeps its presence in `socket.data.presence`, folded from the events the chat
 * accepted within its budgets (the chat namespace calls `live`); the consoles get the changes
 * coalesced (live-coalescer.ts). The list itself is read from every process's sockets
 * (socket.io's fetchSockets, across processes through the Redis adapter).
 * The visitor's name, once known, is read when a returning visitor's widget connects and when the
 * automated agent has their contact details (the turn that registers their lead).
 */
import type { Namespace, Socket } from 'socket.io'
import { ConsoleServerEvent, type LiveVisitor } from '../../protocol/console'
import type { LiveHooks } from '../chat/namespace'
import { roomOf } from '../chat/turns'
import { isPreviewInstance } from '../../shared/widget-settings'
import type { AgentsRoom } from './conversations'
import { liveCoalescer } from './live-coalescer'
import { latestTab, newPresence, withAttribution, withMetrics, withName, withPage, withTyping } from './presence'

interface TrackedData {
  visitorId?: string
  instance?: string
  firstVisit?: boolean
  address?: string
  presence?: LiveVisitor
}

/** `nameOf` reads a visitor's known name (null while anonymous). */
export function trackVisitors(chat: Namespace, agents: AgentsRoom, nameOf: (visitorId: string) => Promise<string | null>) {
  let stopped = false
  const live = liveCoalescer((changes) => agents(ConsoleServerEvent.visitors, changes))
  /** Changes the presence of one widget socket; the consoles hear of it in the next batch. */
  const update = (socket: { data: unknown }, change: (presence: LiveVisitor) => LiveVisitor) => {
    const data = socket.data as TrackedData
    if (!data.presence) return
    const next = change(data.presence)
    if (next === data.presence) return
    data.presence = next
    live.changed(next, data.address ?? '')
  }
  const learnName = (visitorId: string, sockets: readonly { data: unknown }[]) =>
    nameOf(visitorId).then(
      (name) => sockets.forEach((socket) => update(socket, (p) => withName(p, name))),
      (error: unknown) => console.error('[consola] could not read the visitor name:', error),
    )
  const hooks: LiveHooks = {
    navigation: (socket, { urlPath, time, utms }) => update(socket, (p) => withAttribution(withPage(p, urlPath, time ?? new Date().toISOString()), utms)),
    metrics: (socket, metrics) => update(socket, (p) => withMetrics(p, metrics)),
    typing: (socket, typing) => update(socket, (p) => withTyping(p, typing)),
    message: (socket, utms) => update(socket, (p) => withAttribution(withTyping(p, false), utms)),
  }

  chat.on('connection', (socket: Socket) => {
    const data = socket.data as TrackedData
    const visitorId = data.visitorId
    // The settings preview's widget is an admin looking at their draft, not a visitor on the site.
    if (!visitorId || isPreviewInstance(data.instance)) return
    const address = data.address ?? ''
    data.presence = newPresence(visitorId, new Date().toISOString())
    socket.on('disconnect', () => {
      if (stopped) return // shutting down: every widget leaves, and Redis may be gone already
      void chat
        .in(roomOf(visitorId))
        .fetchSockets()
        .then((left) => {
          if (stopped) return // the answer came back after the shutdown began: Redis may be gone
          const remaining = latestTab(left.map((s) => (s.data as TrackedData).presence).filter((p): p is LiveVisitor => !!p))
          if (remaining) live.changed(remaining, address)
          else live.gone(visitorId, address)
        })
        .catch((error: unknown) => console.error('[consola] could not list the visitor tabs left:', error))
    })
    live.changed(data.presence, address)
    // A visitor on their first visit has told nobody their name: no read on that hot path.
    if (!data.firstVisit) void learnName(visitorId, [socket])
  })

  return {
    /** The chat namespace feeds the live list through these. */
    live: hooks,
    stop() {
      stopped = true
      live.stop()
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
