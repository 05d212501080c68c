// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  chatEvent,
  messageSentEvent,
  pageAnalytics,
  tagScriptUrl,
} from '../../src/widget/analytics'

type LayerWindow = Window & { dataLayer?: unknown[] }
const layerWindow = () => window as LayerWindow

const TAG_BASE = 'https://www.googletagmanager.com/gtag/js?id='

/** The gtag.js scripts currently in the document. */
const tagScripts = () =>
  Array.from(document.querySelectorAll('script')).filter((script) => script.src.startsWith(TAG_BASE))

const isArguments = (value: unknown) => Object.prototype.toString.call(value) === '[object Arguments]'

let warn: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  delete layerWindow().dataLayer
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  delete layerWindow().dataLayer
  document.head.innerHTML = ''
})

describe('event payloads (docs/behaviour.md#analytics)', () => {
  it('chat_message_sent_client carries the session id, the message length and the type text', () => {
    expect(messageSentEvent('session-1', 'Hola, ¿hay casas en Tulum?')).toStrictEqual({
      event: 'chat_message_sent_client',
      chat_session_id: 'session-1',
      chat_message_length: 26,
      chat_message_type: 'text',
    })
    expect(messageSentEvent('s2', '')).toStrictEqual({
      event: 'chat_message_sent_client',
      chat_session_id: 's2',
      chat_message_length: 0,
      chat_message_type: 'text',
    })
  })

  it('does not put the message text itself in the event', () => {
    const event = messageSentEvent('s', 'my phone is 555-1234')
    expect(JSON.stringify(event)).not.toContain('555-1234')
  })

  it.each([
    ['chat_session_started'],
    ['chat_widget_opened'],
    ['chat_widget_closed'],
    ['chat_lead_registered'],
    ['chat_scheduled_appointment'],
  ] as const)('%s without detail is just the name and the session id', (name) => {
    expect(chatEvent(name, 'uuid-7')).toStrictEqual({ event: name, chat_session_id: 'uuid-7' })
  })

  it('a server event keeps what the server said as chat_event_detail', () => {
    const detail = { leadId: 42, name: 'Ana' }
    expect(chatEvent('chat_lead_registered', 'uuid-7', detail)).toStrictEqual({
      event: 'chat_lead_registered',
      chat_session_id: 'uuid-7',
      chat_event_detail: { leadId: 42, name: 'Ana' },
    })
    // Falsy details are still details; only undefined means "none".
    expect(chatEvent('chat_scheduled_appointment', 'u', null)).toStrictEqual({
      event: 'chat_scheduled_appointment',
      chat_session_id: 'u',
      chat_event_detail: null,
    })
    expect(chatEvent('chat_scheduled_appointment', 'u', 0)).toHaveProperty('chat_event_detail', 0)
  })
})

describe('tagScriptUrl', () => {
  it.each([
    ['G-ABC123XYZ9', `${TAG_BASE}G-ABC123XYZ9`],
    ['UA-12345678-1', `${TAG_BASE}UA-12345678-1`],
    ['AW-1234567890', `${TAG_BASE}AW-1234567890`],
    ['g-abcd1234', `${TAG_BASE}g-abcd1234`],
  ])('builds the gtag.js URL for %s', (id, url) => {
    expect(tagScriptUrl(id)).toBe(url)
  })

  it.each([
    ['an HTML injection', '"><script>alert(1)</script>'],
    ['an empty id', ''],
    ['no prefix', 'abc'],
    ['a too short id', 'G-AB'],
    ['spaces', ' G-ABC123 '],
    ['a query string', 'G-ABC123&l=other'],
    ['a URL', 'https://evil.test/x.js'],
    ['a quote', 'G-ABC"123'],
  ])('refuses %s', (_label, id) => {
    expect(tagScriptUrl(id)).toBeNull()
  })
})

describe('pageAnalytics', () => {
  it('creates window.dataLayer when the page has none and pushes events to it', () => {
    const analytics = pageAnalytics(window, undefined)
    analytics.push(messageSentEvent('s1', 'hola'))
    analytics.push(chatEvent('chat_widget_opened', 's1'))
    expect(Array.isArray(layerWindow().dataLayer)).toBe(true)
    expect(layerWindow().dataLayer).toStrictEqual([
      { event: 'chat_message_sent_client', chat_session_id: 's1', chat_message_length: 4, chat_message_type: 'text' },
      { event: 'chat_widget_opened', chat_session_id: 's1' },
    ])
  })

  it('keeps the page’s existing dataLayer array and appends to it', () => {
    const existing: unknown[] = [{ event: 'page_view', page: '/' }]
    layerWindow().dataLayer = existing
    const analytics = pageAnalytics(window, undefined)
    analytics.push(chatEvent('chat_widget_closed', 's1'))
    expect(layerWindow().dataLayer).toBe(existing)
    expect(existing).toStrictEqual([
      { event: 'page_view', page: '/' },
      { event: 'chat_widget_closed', chat_session_id: 's1' },
    ])
  })

  it('pushes to the array the page has at the time of the event (a later replacement is followed)', () => {
    const analytics = pageAnalytics(window, undefined)
    const replaced: unknown[] = ['page']
    layerWindow().dataLayer = replaced
    analytics.push(chatEvent('chat_session_started', 's1'))
    expect(replaced).toStrictEqual(['page', { event: 'chat_session_started', chat_session_id: 's1' }])
  })

  it('without a tracking id loads no script and warns nothing', () => {
    pageAnalytics(window, undefined)
    expect(document.querySelectorAll('script')).toHaveLength(0)
    expect(warn).not.toHaveBeenCalled()
  })

  it('with a tracking id adds one async gtag.js script to <head>', () => {
    pageAnalytics(window, 'G-ABC123XYZ9')
    const scripts = tagScripts()
    expect(scripts).toHaveLength(1)
    const script = scripts[0]!
    expect(script.parentNode).toBe(document.head)
    expect(script.async).toBe(true)
    expect(script.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ9')
    expect(warn).not.toHaveBeenCalled()
  })

  it('pushes gtag("js", date) and gtag("config", id) as Arguments objects, before any event', () => {
    const before = Date.now()
    const analytics = pageAnalytics(window, 'G-ABC123XYZ9')
    analytics.push(chatEvent('chat_widget_opened', 's1'))
    const layer = layerWindow().dataLayer!
    expect(layer).toHaveLength(3)

    const [js, config, event] = layer
    expect(isArguments(js)).toBe(true)
    expect(Array.isArray(js)).toBe(false)
    const jsArgs = Array.from(js as ArrayLike<unknown>)
    expect(jsArgs).toHaveLength(2)
    expect(jsArgs[0]).toBe('js')
    expect(jsArgs[1]).toBeInstanceOf(Date)
    const time = (jsArgs[1] as Date).getTime()
    expect(time).toBeGreaterThanOrEqual(before)
    expect(time).toBeLessThanOrEqual(Date.now())

    expect(isArguments(config)).toBe(true)
    expect(Array.isArray(config)).toBe(false)
    expect(Array.from(config as ArrayLike<unknown>)).toStrictEqual(['config', 'G-ABC123XYZ9'])

    expect(event).toStrictEqual({ event: 'chat_widget_opened', chat_session_id: 's1' })
  })

  it('appends the gtag pushes to an existing dataLayer', () => {
    const existing: unknown[] = [{ event: 'gtm.js' }]
    layerWindow().dataLayer = existing
    pageAnalytics(window, 'G-ABC123XYZ9')
    expect(layerWindow().dataLayer).toBe(existing)
    expect(existing).toHaveLength(3)
    expect(existing[0]).toStrictEqual({ event: 'gtm.js' })
    expect(Array.from(existing[1] as ArrayLike<unknown>)[0]).toBe('js')
    expect(Array.from(existing[2] as ArrayLike<unknown>)).toStrictEqual(['config', 'G-ABC123XYZ9'])
  })

  it('loads the script and configures the tag only once when called twice', () => {
    pageAnalytics(window, 'G-ABC123XYZ9')
    pageAnalytics(window, 'G-ABC123XYZ9')
    expect(tagScripts()).toHaveLength(1)
    const configs = layerWindow().dataLayer!.filter(
      (entry) => isArguments(entry) && (entry as ArrayLike<unknown>)[0] === 'config',
    )
    expect(configs).toHaveLength(1)
    expect(layerWindow().dataLayer).toHaveLength(2)
  })

  it('adds nothing when the page already loads that tag script', () => {
    const own = document.createElement('script')
    own.async = true
    own.src = 'https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ9'
    document.body.append(own)
    pageAnalytics(window, 'G-ABC123XYZ9')
    expect(tagScripts()).toStrictEqual([own])
    expect(document.head.querySelectorAll('script')).toHaveLength(0)
    expect(layerWindow().dataLayer).toBeUndefined()
  })

  it('still loads its own tag when the page loads a different id', () => {
    const other = document.createElement('script')
    other.src = 'https://www.googletagmanager.com/gtag/js?id=G-OTHER0001'
    document.head.append(other)
    pageAnalytics(window, 'G-ABC123XYZ9')
    expect(tagScripts().map((script) => script.getAttribute('src'))).toStrictEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-OTHER0001',
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ9',
    ])
  })

  it.each([
    ['an HTML injection', '"><script>alert(1)</script>'],
    ['a word', 'abc'],
    ['a URL', 'https://evil.test/x.js'],
  ])('with %s as tracking id loads nothing and warns once', (_label, id) => {
    const headBefore = document.head.innerHTML
    const analytics = pageAnalytics(window, id)
    expect(document.querySelectorAll('script')).toHaveLength(0)
    expect(document.head.innerHTML).toBe(headBefore)
    expect(layerWindow().dataLayer).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('[chat-widget]')
    // Events still work without a tag.
    analytics.push(chatEvent('chat_widget_opened', 's'))
    expect(layerWindow().dataLayer).toStrictEqual([{ event: 'chat_widget_opened', chat_session_id: 's' }])
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('with an empty tracking id (no id given) loads nothing and pushes nothing', () => {
    pageAnalytics(window, '')
    expect(document.querySelectorAll('script')).toHaveLength(0)
    expect(layerWindow().dataLayer).toBeUndefined()
    // An empty attribute means "no id": treated like a missing one, so no warning.
    expect(warn).not.toHaveBeenCalled()
  })

  it('creates no global other than dataLayer', () => {
    const before = new Set(Object.keys(window))
    const analytics = pageAnalytics(window, 'G-ABC123XYZ9')
    analytics.push(messageSentEvent('s', 'x'))
    pageAnalytics(window, 'not an id')
    const added = Object.keys(window).filter((key) => !before.has(key))
    expect(added).toStrictEqual(['dataLayer'])
    expect('gtag' in window).toBe(false)
  })
})
