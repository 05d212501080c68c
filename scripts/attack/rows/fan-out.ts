/**
 * Row 1, live-visitor fan-out: one address, 20 chat sockets storming typing and session-info
 * changes for 10 s. Holds when the signed-in console receives at most LIVE_EVENTS_PER_SECOND
 * live-visitor events a second on average, and each visitor's latest state still arrives.
 */
import { ConsoleServerEvent, type LiveVisitorChanges } from '../../../src/protocol/console'
import { ClientEvent } from '../../../src/protocol'
import { address, cameTrue, count, visitorsFrom, type Row } from '../context'

const SOCKETS = 20
const STORM_MS = 10_000
/** Each socket sends one typing change and one session-info change this often. */
const EVERY_MS = 10
/** Events still on their way when the storm stops are counted too. */
const DRAIN_MS = 1000
/** Issue 30: «at most a few per second per console, whatever the visitors do». */
export const LIVE_EVENTS_PER_SECOND = 10
/** A pause after the storm, so the latest change is not within the storm's own budget. */
const QUIET_MS = 2000
const LATEST_MS = 5000

export const fanOut: Row = {
  name: 'fan-out',
  limitMs: 60_000,
  async run(ctx) {
    const from = address(1, 1)
    const { ids: visitors, sockets, open } = await visitorsFrom(ctx, from, SOCKETS)

    let counting = false
    let events = 0
    let bytes = 0
    /** What the console knows of each visitor, folded from what it received. */
    const seen = new Map<string, { browser?: string | null; typing?: boolean }>()
    // The live list arrives as batches (one `visitors` event carries many visitors' latest states):
    // what a console pays for is the events and bytes it receives, counted here.
    const listener = (event: string, payload: LiveVisitorChanges) => {
      if (event !== ConsoleServerEvent.visitors) return
      if (counting) {
        events++
        bytes += Buffer.byteLength(JSON.stringify(payload ?? null))
      }
      for (const visitor of payload?.visitors ?? []) seen.set(visitor.visitorId, { browser: visitor.browser, typing: visitor.typing })
    }
    ctx.console.onAny(listener)
    let sent = 0
    try {
      counting = true
      const started = Date.now()
      let tick = 0
      const timers = sockets.map((socket, i) =>
        setInterval(() => {
          tick++
          socket.emit(ClientEvent.typingUserState, tick % 2 === 0)
          socket.emit(ClientEvent.metricsChat, { idClient: visitors[i], browser: `Chrome ${tick % 120}`, deviceType: 'desktop', os: 'Linux', clientLocation: { city: 'Cancún', country: 'México' } })
          sent += 2
        }, EVERY_MS),
      )
      await new Promise((resolve) => setTimeout(resolve, STORM_MS))
      timers.forEach(clearInterval)
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS))
      counting = false
      const seconds = (Date.now() - started) / 1000
      const perSecond = events / seconds

      await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
      sockets.forEach((socket, i) => {
        socket.emit(ClientEvent.metricsChat, { idClient: visitors[i], browser: `Final ${i}`, deviceType: 'desktop', os: 'Linux', clientLocation: { city: 'Cancún', country: 'México' } })
        socket.emit(ClientEvent.typingUserState, true)
      })
      const latest = () => visitors.filter((id, i) => seen.get(id)?.browser === `Final ${i}` && seen.get(id)?.typing === true).length
      await cameTrue(() => latest() === SOCKETS, LATEST_MS)
      const arrived = latest()
      const rate = `${perSecond.toFixed(1)} live-visitor events/s (${count(events)} events, ${(bytes / 2 ** 20).toFixed(1)} MB in ${seconds.toFixed(0)} s) at the console`
      const latestText = `latest state arrived for ${arrived}/${SOCKETS}`
      return {
        attempts: `${open}/${SOCKETS} sockets from ${from}, ${count(sent)} typing and session-info changes in ${STORM_MS / 1000} s`,
        held: perSecond <= LIVE_EVENTS_PER_SECOND && arrived === SOCKETS,
        detail: `${rate} (limit ${LIVE_EVENTS_PER_SECOND}/s), ${latestText}`,
      }
    } finally {
      ctx.console.offAny(listener)
    }
  },
}
