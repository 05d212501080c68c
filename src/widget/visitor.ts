import { ClientEvent, DEFAULT_IP_LOOKUP_URL, type AttributionRecord, type ClientLocation, type NavigationPathPayload, type SessionInfo } from '../protocol'
import { chatEvent, messageSentEvent, pageAnalytics } from './analytics'
import { attributionRecord, captureArrival, captureAttribution } from '../domain/attribution-record'
import { METRICS_POLL_MS } from './constants'
import { chatSessionId, type VisitorIdentity } from './identity'
import type { WidgetEvents } from './events'
import { locateVisitor } from './location'
import { watchPageUrl } from './navigation'
import { visiblePoll } from './poll'
import type { WidgetProps } from './props'
import { sessionInfo, UNKNOWN_LOCATION } from './session'
import { alertKey, createSoundPlayer, soundName } from './sounds'
import { safeStorage, type SafeStorage } from './storage'
import type { WidgetStore } from './store'

/** localStorage: the visitor accepted alert sounds (kept across the site's pages). */
export const ALERTS_ACCEPTED_KEY = 'chat_alerts'
/** sessionStorage: chat_session_started was already pushed in this browser session. */
const SESSION_STARTED_KEY = 'chat_session_started'

/** What the visitor context needs from the connection. */
export interface ContextConnection {
  emit(event: string, payload: unknown): void
  isConnected(): boolean
}

/**
 * Everything the agent learns about the visitor (docs/behaviour.md#attribution): campaign attribution, the
 * navigation trail, session metrics, location on request, analytics events and alert sounds.
 * Create it before the connection (which sends `attribution()` with every message), then start it.
 */
export function createVisitorContext({ win, props, store, events, storage, identity }: {
  win: Window
  props: WidgetProps
  store: WidgetStore
  events: WidgetEvents
  storage: SafeStorage
  identity: VisitorIdentity
}) {
  // Analytics get an id of their own: every tag on the page reads the data layer (docs/behaviour.md#analytics).
  const sessionId = chatSessionId(storage)
  const attribution = (): AttributionRecord =>
    attributionRecord({ storage, href: win.location.href, search: win.location.search, referrer: win.document.referrer })

  let clientLocation: ClientLocation = UNKNOWN_LOCATION
  const currentSessionInfo = (): SessionInfo =>
    sessionInfo(
      {
        userAgent: win.navigator.userAgent,
        viewportWidth: win.innerWidth,
        viewportHeight: win.innerHeight,
        referrer: win.document.referrer,
        maxTouchPoints: win.navigator.maxTouchPoints,
      },
      clientLocation,
    )
  // docs/behaviour.md#session-metrics: recalculated when the window is resized; the metrics check sends it if it changed.
  let session = currentSessionInfo()
  const onResize = () => void (session = currentSessionInfo())

  const sounds = createSoundPlayer(win)
  let soundNoteLogged = false
  if (storage.get(ALERTS_ACCEPTED_KEY) === 'on') store.alertsEnabled.value = true

  let locating = false
  const stops: (() => void)[] = []

  return {
    attribution,

    /** "Compartir ubicación": precise position if allowed, completed or replaced by the IP lookup. */
    async shareLocation() {
      if (locating) return
      locating = true
      const { location, precise } = await locateVisitor({
        geolocation: win.navigator.geolocation,
        fetchJson: (url, signal) =>
          win.fetch(url, { signal, credentials: 'omit' }).then((response) => {
            if (!response.ok) throw new Error(`HTTP ${response.status}`)
            return response.json() as Promise<unknown>
          }),
        ipLookupUrl: props.ipLookupUrl ?? DEFAULT_IP_LOOKUP_URL,
        log: (message, error) => console.warn(`[chat-widget] ${message}`, error ?? ''),
      })
      locating = false
      clientLocation = location
      session = currentSessionInfo()
      if (precise || location !== UNKNOWN_LOCATION) store.locationShared.value = true
    },

    /** "Recibir alertas": runs in the click, so the browser lets audio start. */
    enableAlerts() {
      sounds.unlock()
      storage.set(ALERTS_ACCEPTED_KEY, 'on')
      store.alertsEnabled.value = true
    },

    start(connection: ContextConnection) {
      const sessionStore = safeStorage(() => win.sessionStorage)
      const analytics = pageAnalytics(win, props.gaTrackingId)

      // docs/behaviour.md#attribution: attribution from the query (and the arrival) at mount and after every page
      // change, then the new page in the trail (buffered by socket.io until connected).
      let pageView: NavigationPathPayload | undefined
      stops.push(
        watchPageUrl(win, (urlPath) => {
          captureAttribution(win.location.search, storage)
          captureArrival({ search: win.location.search, referrer: win.document.referrer, href: win.location.href }, storage)
          pageView = { urlPath, time: new Date().toISOString(), clientId: identity.userUUID, instance: props.instanceName, utms: attribution() }
          connection.emit(ClientEvent.navigationPathChat, pageView)
        }),
      )
      // The server knows a socket's page only from this event: after a reconnect (a new socket)
      // the page the visitor is still on is told again, with the time they arrived, so the agent
      // and the console keep it (the trail stores the same page twice in a row once).
      let reconnecting = false
      stops.push(
        events.on('disconnect', () => void (reconnecting = true)),
        events.on('connect', () => {
          if (reconnecting && pageView) connection.emit(ClientEvent.navigationPathChat, pageView)
          reconnecting = false
        }),
      )

      let lastMetrics = ''
      const checkMetrics = () => {
        if (!connection.isConnected()) return
        const metrics = { idClient: identity.userUUID, ...session }
        const json = JSON.stringify(metrics)
        if (json === lastMetrics) return // docs/behaviour.md#session-metrics: sent only when changed
        lastMetrics = json
        connection.emit(ClientEvent.metricsChat, metrics)
      }
      stops.push(visiblePoll(checkMetrics, METRICS_POLL_MS, win.document))
      win.addEventListener('resize', onResize)
      stops.push(() => win.removeEventListener('resize', onResize))

      // A remembered acceptance still needs a gesture on this page before audio may start.
      if (store.alertsEnabled.peek()) {
        const unlock = () => sounds.unlock()
        win.addEventListener('pointerdown', unlock, { once: true, capture: true, passive: true })
        stops.push(() => win.removeEventListener('pointerdown', unlock, { capture: true }))
      }

      stops.push(
        events.on('connect', checkMetrics),
        events.on('open', () => {
          if (!sessionStore.get(SESSION_STARTED_KEY)) {
            sessionStore.set(SESSION_STARTED_KEY, sessionId)
            analytics.push(chatEvent('chat_session_started', sessionId))
          }
          analytics.push(chatEvent('chat_widget_opened', sessionId))
        }),
        events.on('close', () => analytics.push(chatEvent('chat_widget_closed', sessionId))),
        events.on('send', ({ message }) => analytics.push(messageSentEvent(sessionId, message))),
        events.on('lead-registered', (detail) => analytics.push(chatEvent('chat_lead_registered', sessionId, detail))),
        events.on('scheduled_appointment', (detail) =>
          analytics.push(chatEvent('chat_scheduled_appointment', sessionId, detail)),
        ),
        events.on('response', (message) => {
          if (store.alertsEnabled.peek()) {
            void sounds.play(soundName(store.customStyle.peek().soundName), alertKey(message.id ?? message.content))
          } else if (!soundNoteLogged) {
            soundNoteLogged = true
            console.info('[chat-widget] Alert sounds are off: the visitor has not accepted them ("Recibir alertas").')
          }
        }),
      )
    },

    destroy() {
      stops.splice(0).forEach((stop) => stop())
      sounds.close()
    },
  }
}
