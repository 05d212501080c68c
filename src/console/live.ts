/**
 * The console's live state (docs/behaviour.md#console-live-visitors): the visitors on the site
 * and who is typing, kept from the socket's events; React reads it with useSyncExternalStore.
 * After every (re)connect the whole list is asked again, so nothing missed while offline stays missing.
 * The socket opens on first use, which is in an effect: the server renders the console with the
 * same state and no socket (server/console/render.tsx).
 */
import { useEffect, useSyncExternalStore } from 'react'
import type { Socket } from 'socket.io-client'
import { ConsoleClientEvent, ConsoleServerEvent, type ErasedPerson, type LiveVisitor, type LiveVisitorChanges } from '../protocol/console'
import { ask } from './connection'

export interface LiveState {
  visitors: ReadonlyMap<string, LiveVisitor>
  typing: ReadonlySet<string>
  online: boolean
}

export function createLive(connect: () => Socket) {
  let state: LiveState = { visitors: new Map(), typing: new Set(), online: false }
  const listeners = new Set<() => void>()
  const set = (next: Partial<LiveState>) => {
    state = { ...state, ...next }
    listeners.forEach((listener) => listener())
  }
  let socket: Socket | undefined
  const open = (): Socket => {
    if (socket) return socket
    const opened = (socket = connect())
    const resync = () => {
      set({ online: true })
      ask<LiveVisitor[]>(opened, ConsoleClientEvent.liveVisitors).then(
        (list) => set({ visitors: new Map(list.map((v) => [v.visitorId, v])), typing: new Set(list.filter((v) => v.typing).map((v) => v.visitorId)) }),
        () => {},
      )
    }
    opened.on('connect', resync)
    opened.on('disconnect', () => set({ online: false }))
    // A batch of changes (a few a second per server process): each visitor's latest state, typing included.
    opened.on(ConsoleServerEvent.visitors, ({ visitors: changed, gone }: LiveVisitorChanges) => {
      const visitors = new Map(state.visitors)
      const typing = new Set(state.typing)
      for (const visitor of changed) {
        visitors.set(visitor.visitorId, visitor)
        if (visitor.typing) typing.add(visitor.visitorId)
        else typing.delete(visitor.visitorId)
      }
      for (const visitorId of gone) {
        visitors.delete(visitorId)
        typing.delete(visitorId)
      }
      set({ visitors, typing })
    })
    // An erased person leaves the list at once, whichever process erased them (docs/behaviour.md#data-rights).
    opened.on(ConsoleServerEvent.erased, ({ visitorIds }: ErasedPerson) => {
      const visitors = new Map(state.visitors)
      const typing = new Set(state.typing)
      for (const id of visitorIds) {
        visitors.delete(id)
        typing.delete(id)
      }
      set({ visitors, typing })
    })
    if (opened.connected) resync()
    return opened
  }
  return {
    /** The console's socket, opened on first use (never during a render). */
    get socket() {
      return open()
    },
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type Live = ReturnType<typeof createLive>

/** The live state; the server's render reads the same (empty) state. */
export const useLive = (live: Live) => useSyncExternalStore(live.subscribe, live.get, live.get)

/** Run `handler` for each `event` of the console's socket while the component is mounted. */
export function useSocketEvent<T>(live: Live, event: string, handler: (payload: T) => void) {
  useEffect(() => {
    const { socket } = live
    socket.on(event, handler)
    return () => {
      socket.off(event, handler)
    }
  }, [live, event, handler])
}

/** "hace 3 min" style durations for the live list. */
export function since(iso: string | null, now: number): string {
  if (!iso) return '—'
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** A visitor's known name, else a short anonymous label. */
export const visitorLabel = (visitorId: string, name?: string | null) => name || `Visitante ${visitorId.slice(0, 6)}`

/** The label of a visitor on the site now, with the name the live list carries (notifications). */
export const liveLabel = (live: Live, visitorId: string) => visitorLabel(visitorId, live.get().visitors.get(visitorId)?.name)
