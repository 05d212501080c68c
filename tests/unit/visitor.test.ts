// @vitest-environment jsdom
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { METRICS_POLL_MS } from '../../src/widget/constants'
import { createWidgetEvents } from '../../src/widget/events'
import { UNKNOWN_LOCATION } from '../../src/widget/session'
import { CHAT_SESSION_ID_KEY, USER_UUID_KEY, visitorIdentity } from '../../src/widget/identity'
import { safeStorage } from '../../src/widget/storage'
import { createWidgetStore, type WidgetStore } from '../../src/widget/store'
import { ALERTS_ACCEPTED_KEY, createVisitorContext, type ContextConnection } from '../../src/widget/visitor'

/**
 * The visitor context on a jsdom page: what it sends through the connection (navigation trail,
 * metrics), what it pushes to the page's data layer, and what it remembers. The IP lookup service
 * is a real HTTP server on a loopback port; the device's position is the one browser part jsdom
 * lacks, so it is given per test.
 */

const VISITOR = '3b0d6a0e-8f7c-4d1e-9b2a-5c4f3e2d1a00'
const IP_ANSWER = { country_name: 'Mexico', city: 'Cancún', region: 'Quintana Roo', timezone: 'America/Cancun', latitude: 21.17, longitude: -86.85 }

// The real history methods and viewport width, saved before any test changes them.
const nativePushState = History.prototype.pushState
const nativeReplaceState = History.prototype.replaceState
const innerWidth = Object.getOwnPropertyDescriptor(window, 'innerWidth')!
const resizeTo = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width })
  window.dispatchEvent(new Event('resize'))
}

let lookup: HttpServer
let lookupAnswer: { status: number; body: unknown } = { status: 200, body: IP_ANSWER }
let lookupUrl = ''
beforeAll(async () => {
  lookup = createServer((_req, res) => res.writeHead(lookupAnswer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(lookupAnswer.body)))
  await new Promise<void>((resolve) => lookup.listen(0, '127.0.0.1', resolve))
  lookupUrl = `http://127.0.0.1:${(lookup.address() as AddressInfo).port}/json/`
})
afterAll(() => new Promise((resolve) => lookup.close(resolve)))

/** The connection as the context sees it: every event it emits, recorded in order. */
function recordingConnection() {
  const sent: { event: string; payload: Record<string, unknown> }[] = []
  let connected = false
  const connection: ContextConnection = {
    emit: (event, payload) => void sent.push({ event, payload: payload as Record<string, unknown> }),
    isConnected: () => connected,
  }
  return {
    connection,
    sent,
    setConnected: (value: boolean) => void (connected = value),
    of: (event: string) => sent.filter((s) => s.event === event).map((s) => s.payload),
  }
}

let store: WidgetStore
let events: ReturnType<typeof createWidgetEvents>
let context: ReturnType<typeof createVisitorContext> | undefined

function visitorContext(props: { gaTrackingId?: string } = {}) {
  const storage = safeStorage()
  storage.set(USER_UUID_KEY, VISITOR)
  context = createVisitorContext({
    win: window,
    props: { socketUrl: 'http://127.0.0.1:1', idAgent: 'agente-prueba', api_key: 'pk_prueba', nameSpace: '/chat', instanceName: 'Prueba', ipLookupUrl: lookupUrl, ...props },
    store,
    events,
    storage,
    identity: visitorIdentity(storage),
  })
  return context
}

const dataLayer = () => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter((e) => !(e instanceof Object && 'length' in e))
/** Lets the microtasks queued so far (the URL watcher's deferred check) run. */
const flushMicrotasks = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve()
}

beforeEach(() => {
  nativeReplaceState.call(window.history, null, '', '/')
  localStorage.clear()
  sessionStorage.clear()
  store = createWidgetStore()
  events = createWidgetEvents()
  lookupAnswer = { status: 200, body: IP_ANSWER }
  // Only the polls' intervals are faked; the IP lookup's real timers and sockets keep running.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => {
  context?.destroy()
  context = undefined
  vi.useRealTimers()
  vi.restoreAllMocks()
  delete (window as unknown as { dataLayer?: unknown }).dataLayer
  delete (navigator as unknown as { geolocation?: unknown }).geolocation
  document.head.querySelectorAll('script').forEach((s) => s.remove())
  history.pushState = nativePushState
  history.replaceState = nativeReplaceState
  Object.defineProperty(window, 'innerWidth', innerWidth)
})

describe('navigation trail and attribution', () => {
  it('stores the landing campaign, then reports the landing page with it', () => {
    nativeReplaceState.call(window.history, null, '', '/casas?utm_source=facebook&utm_campaign=verano&gclid=abc')
    vi.setSystemTime(new Date('2026-11-20T15:00:00.000Z'))
    const { connection, of } = recordingConnection()
    visitorContext().start(connection)
    expect(localStorage.getItem('source')).toBe('Facebook')
    expect(of('navigation-path-chat')).toEqual([
      {
        urlPath: '/casas?utm_source=facebook&utm_campaign=verano&gclid=abc',
        time: '2026-11-20T15:00:00.000Z',
        clientId: VISITOR,
        instance: 'Prueba',
        utms: expect.objectContaining({
          source: 'Facebook',
          campaign: 'verano',
          gclid: 'abc',
          page_url: 'http://localhost:3000/casas?utm_source=facebook&utm_campaign=verano&gclid=abc',
          utm_obj: expect.objectContaining({ utm_source: 'facebook', utm_campaign: 'verano' }),
        }),
      },
    ])
  })

  it('gives the connection the same record as utms for messages', () => {
    nativeReplaceState.call(window.history, null, '', '/?utm_source=google&utm_campaign=otono')
    const { connection } = recordingConnection()
    const visitor = visitorContext()
    visitor.start(connection)
    expect(visitor.attribution()).toMatchObject({ source: 'Google Ads', campaign: 'otono', utm_source: 'Google Ads', page_url: 'http://localhost:3000/?utm_source=google&utm_campaign=otono' })
  })

  it('reports each page change at once and never the same URL twice in a row', async () => {
    const { connection, of } = recordingConnection()
    visitorContext().start(connection)
    history.pushState({}, '', '/venta?utm_source=facebook')
    await flushMicrotasks()
    history.replaceState({}, '', '/venta?utm_source=facebook')
    history.pushState({}, '', '/renta')
    await flushMicrotasks()
    expect(of('navigation-path-chat').map((p) => p.urlPath)).toEqual(['/', '/venta?utm_source=facebook', '/renta'])
    // The campaign of a later page is captured too, before that page is reported.
    expect(of('navigation-path-chat')[1]!.utms).toMatchObject({ source: 'Facebook' })
  })
})

describe('session metrics', () => {
  it('are sent on connect, then only when they changed, checked every METRICS_POLL_MS', () => {
    const { connection, of, setConnected } = recordingConnection()
    visitorContext().start(connection)
    events.emit('connect') // not connected yet: nothing to send on
    expect(of('metrics-chat')).toEqual([])
    setConnected(true)
    events.emit('connect')
    expect(of('metrics-chat')).toEqual([
      expect.objectContaining({ idClient: VISITOR, screenWidth: window.innerWidth, screenHeight: window.innerHeight, userAgent: navigator.userAgent, referrer: 'Unknown', clientLocation: UNKNOWN_LOCATION }),
    ])
    vi.advanceTimersByTime(3 * METRICS_POLL_MS)
    events.emit('connect')
    expect(of('metrics-chat')).toHaveLength(1)

    resizeTo(400)
    expect(of('metrics-chat')).toHaveLength(1) // the next check sends it
    vi.advanceTimersByTime(METRICS_POLL_MS)
    expect(of('metrics-chat')).toHaveLength(2)
    expect(of('metrics-chat')[1]).toMatchObject({ screenWidth: 400 })
  })
})

describe('location', () => {
  const position = (coords: { latitude: number; longitude: number } | null) =>
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          coords ? ok({ coords } as GeolocationPosition) : fail({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    })

  it('takes the precise position, completes it with the IP lookup, and sends it with the metrics', async () => {
    position({ latitude: 21.1619, longitude: -86.8515 })
    const { connection, of, setConnected } = recordingConnection()
    const visitor = visitorContext()
    visitor.start(connection)
    await visitor.shareLocation()
    expect(store.locationShared.value).toBe(true)
    setConnected(true)
    events.emit('connect')
    expect(of('metrics-chat')[0]!.clientLocation).toEqual({ country: 'Mexico', city: 'Cancún', region: 'Quintana Roo', timezone: 'America/Cancun', latitude: 21.1619, longitude: -86.8515 })
  })

  it('takes everything from the IP lookup when the position is refused', async () => {
    position(null)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const visitor = visitorContext()
    await visitor.shareLocation()
    expect(store.locationShared.value).toBe(true)
    const { connection, of, setConnected } = recordingConnection()
    setConnected(true)
    visitor.start(connection)
    events.emit('connect')
    expect(of('metrics-chat')[0]!.clientLocation).toEqual({ country: 'Mexico', city: 'Cancún', region: 'Quintana Roo', timezone: 'America/Cancun', latitude: 21.17, longitude: -86.85 })
  })

  it('logs, never shows, a failure of both: the location stays unknown and not shared', async () => {
    position(null)
    lookupAnswer = { status: 503, body: { error: 'down' } }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const visitor = visitorContext()
    await visitor.shareLocation()
    expect(store.locationShared.value).toBe(false)
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('Geolocation failed (permission denied)'),
      expect.stringContaining('IP lookup failed'),
    ])
  })
})

describe('analytics', () => {
  it('pushes the chat events to the data layer; the session start once per browser session', () => {
    const { connection } = recordingConnection()
    visitorContext().start(connection)
    events.emit('open')
    events.emit('send', { message: 'Hola' })
    events.emit('close')
    events.emit('open')
    events.emit('lead-registered', { name: 'Ana' })
    events.emit('scheduled_appointment', { at: '2026-12-01' })
    // Analytics get a random id of their own: the visitor's id opens their conversation (docs/behaviour.md#analytics).
    const session = localStorage.getItem(CHAT_SESSION_ID_KEY)!
    expect(session).toMatch(/^[0-9a-f-]{36}$/)
    expect(session).not.toBe(VISITOR)
    expect(dataLayer()).toEqual([
      { event: 'chat_session_started', chat_session_id: session },
      { event: 'chat_widget_opened', chat_session_id: session },
      { event: 'chat_message_sent_client', chat_session_id: session, chat_message_length: 4, chat_message_type: 'text' },
      { event: 'chat_widget_closed', chat_session_id: session },
      { event: 'chat_widget_opened', chat_session_id: session },
      { event: 'chat_lead_registered', chat_session_id: session, chat_event_detail: { name: 'Ana' } },
      { event: 'chat_scheduled_appointment', chat_session_id: session, chat_event_detail: { at: '2026-12-01' } },
    ])
  })

  it('loads the tag script for a tracking id once, however many widgets start', () => {
    for (let i = 0; i < 2; i++) {
      visitorContext({ gaTrackingId: 'G-TEST1234' }).start(recordingConnection().connection)
      context!.destroy()
    }
    expect([...document.head.querySelectorAll('script')].map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1234'])
  })
})

describe('alert sounds', () => {
  it('without acceptance, notes once that replies are silent', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    visitorContext().start(recordingConnection().connection)
    events.emit('response', { role: 'agent', content: 'uno' })
    events.emit('response', { role: 'agent', content: 'dos' })
    expect(info.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining('Recibir alertas')])
  })

  it('remembers the acceptance across pages; a browser without Web Audio only warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const first = visitorContext()
    expect(store.alertsEnabled.value).toBe(false)
    first.enableAlerts()
    expect(store.alertsEnabled.value).toBe(true)
    expect(localStorage.getItem(ALERTS_ACCEPTED_KEY)).toBe('on')
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining('Sound alerts are not available')])
    first.destroy()

    store = createWidgetStore() // the next page
    visitorContext()
    expect(store.alertsEnabled.value).toBe(true)
  })
})

describe('destroy', () => {
  it('stops the trail, the metrics and the analytics, and gives history its methods back', async () => {
    const { connection, sent, setConnected } = recordingConnection()
    setConnected(true)
    visitorContext().start(connection)
    events.emit('connect')
    const before = sent.length
    context!.destroy()
    context = undefined
    expect(history.pushState).toBe(nativePushState)
    history.pushState({}, '', '/otra')
    await flushMicrotasks()
    resizeTo(300)
    vi.advanceTimersByTime(2 * METRICS_POLL_MS)
    events.emit('open')
    expect(sent.length).toBe(before)
    expect(dataLayer()).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })
})
