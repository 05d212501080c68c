import { describe, expect, it } from 'vitest'
import { readWidgetProps, type PropsResult } from '../../src/widget/props'

// What an integrator's tag can get wrong in optional attributes: each gives one warning and
// the widget still mounts with a sensible value.

const PAGE = 'https://casas.example.com/listings/cancun'
const BASE: Record<string, string> = {
  'data-socket-url': 'https://chat.example.com',
  'data-id-agent': 'agent-7',
  'data-api-key': 'key-123',
}

function read(extra: Record<string, string>) {
  const attributes: Record<string, string> = { ...BASE, ...extra }
  return mounted(readWidgetProps((name) => attributes[name] ?? null, PAGE, 'casas.example.com'))
}

function mounted(result: PropsResult) {
  if (!result.ok) throw new Error(`expected a mount, got: ${result.error}`)
  return result
}

describe('a socket URL that already carries the namespace', () => {
  it.each([
    ['http://localhost:3000/chat', '/chat', 'http://localhost:3000'],
    ['http://localhost:3000/chat/', '/chat', 'http://localhost:3000'],
    ['https://example.com/io/chat', '/chat', 'https://example.com/io'],
    ['https://example.com/support', 'support', 'https://example.com'],
  ])('%s with namespace %s connects to %s, with one warning', (url, nameSpace, expected) => {
    const { props, warnings } = read({ 'data-socket-url': url, 'data-name-space': nameSpace })
    expect(props.socketUrl).toBe(expected)
    expect(warnings).toEqual([
      `[chat-widget] data-socket-url "${url}" already ends with the namespace "${props.nameSpace}", which the widget adds itself; connecting to ${expected}${props.nameSpace}. Remove "${props.nameSpace}" from data-socket-url.`,
    ])
  })

  it.each(['https://example.com/chats', 'https://example.com/xchat', 'https://example.com/chat/io', 'https://example.com'])(
    'keeps %s as it is, without a warning',
    (url) => {
      const { props, warnings } = read({ 'data-socket-url': url })
      expect(props.socketUrl).toBe(url)
      expect(warnings).toEqual([])
    },
  )

  it('strips nothing for the root namespace', () => {
    const { props, warnings } = read({ 'data-socket-url': 'https://example.com/chat', 'data-name-space': '/' })
    expect([props.socketUrl, props.nameSpace, warnings]).toEqual(['https://example.com/chat', '/', []])
  })
})

describe('the analytics id', () => {
  it.each(['G-XXXX', 'G-XXXXXXXXXX', 'g-xxxxxx', 'UA-XXXXXXX-1', 'GTM-XXXXXX'])('treats the placeholder %s as absent, with a warning', (id) => {
    const { props, warnings } = read({ 'data-ga-tracking-id': id })
    expect(props).not.toHaveProperty('gaTrackingId')
    expect(warnings).toEqual([
      `[chat-widget] data-ga-tracking-id "${id}" is a placeholder, so no analytics tag is loaded. Put your own tag id there, or remove the attribute.`,
    ])
  })

  it.each(['G-TEST1234', 'G-ABC123', 'G-X1Y2Z3', 'UA-1234567-1'])('keeps the real-looking id %s', (id) => {
    const { props, warnings } = read({ 'data-ga-tracking-id': id })
    expect(props.gaTrackingId).toBe(id)
    expect(warnings).toEqual([])
  })
})

describe('placement', () => {
  it('leaves placement out when the tag does not choose one (the styles hold the defaults)', () => {
    const { props, warnings } = read({})
    expect(props).not.toHaveProperty('position')
    expect(props).not.toHaveProperty('offsetX')
    expect(props).not.toHaveProperty('offsetY')
    expect(warnings).toEqual([])
  })

  it('reads a corner and offsets in px', () => {
    const { props, warnings } = read({ 'data-position': 'bottom-right', 'data-offset-x': '24', 'data-offset-y': '96px' })
    expect([props.position, props.offsetX, props.offsetY]).toEqual(['bottom-right', 24, 96])
    expect(warnings).toEqual([])
  })

  it.each(['bottom-left', 'BOTTOM-LEFT', ' bottom-left '])('accepts %j as bottom-left', (position) => {
    expect(read({ 'data-position': position }).props.position).toBe('bottom-left')
  })

  it.each(['0', '300', '0px'])('accepts the offset %s', (offset) => {
    expect(read({ 'data-offset-x': offset }).props.offsetX).toBe(parseInt(offset, 10))
  })

  it.each(['top-left', 'top', 'bottom-center'])('warns about the position %s and keeps the default', (position) => {
    const { props, warnings } = read({ 'data-position': position })
    expect(props).not.toHaveProperty('position')
    expect(warnings).toEqual([`[chat-widget] data-position "${position}" is not one of bottom-left, bottom-right; using bottom-left.`])
  })

  it.each([
    ['data-offset-x', 'offsetX', '-5'],
    ['data-offset-x', 'offsetX', '301'],
    ['data-offset-y', 'offsetY', '12.5'],
    ['data-offset-y', 'offsetY', '2em'],
    ['data-offset-y', 'offsetY', 'abc'],
  ] as const)('warns about %s="%s" and keeps the default', (attribute, key, offset) => {
    const { props, warnings } = read({ [attribute]: offset })
    expect(props).not.toHaveProperty(key)
    expect(warnings).toEqual([`[chat-widget] ${attribute} "${offset}" is not a whole number of pixels from 0 to 300; using 20.`])
  })

  it.each([
    ['right', 'bottom-right'],
    ['Left', 'bottom-left'],
    ['bottom right', 'bottom-right'],
    ['bottom_right', 'bottom-right'],
    ['right-bottom', 'bottom-right'],
    ['bottom-rigth', 'bottom-right'],
  ])('names the position probably meant by %j, and keeps the default', (position, meant) => {
    const { props, warnings } = read({ 'data-position': position })
    expect(props).not.toHaveProperty('position')
    expect(warnings).toEqual([`[chat-widget] data-position "${position}" is not one of bottom-left, bottom-right (did you mean ${meant}?); using bottom-left.`])
  })

  it('gives one warning per problem', () => {
    const { warnings } = read({ 'data-position': 'top', 'data-offset-x': 'x', 'data-offset-y': 'y', 'data-ga-tracking-id': 'G-XXXX' })
    expect(warnings).toHaveLength(4)
  })
})

describe('a misspelt attribute name', () => {
  /** The tag's attributes, with their names, as the page wrote them. */
  const readTag = (attributes: Record<string, string>) =>
    readWidgetProps((name) => attributes[name] ?? null, PAGE, 'casas.example.com', ['src', 'async', ...Object.keys(attributes)])

  it.each([
    ['data-apikey', 'data-api-key'],
    ['api-key', 'data-api-key'],
    ['data-api_key', 'data-api-key'],
    ['data-key', 'data-api-key'],
  ])('%s instead of the required %s: the one error says which was probably meant', (written, meant) => {
    const attributes: Record<string, string> = { ...BASE, [written]: 'key-123' }
    delete attributes[meant]
    const result = readTag(attributes)
    expect(result).toEqual({
      ok: false,
      error: `[chat-widget] Missing required attribute ${meant} on the widget's <script> tag; the chat was not mounted. ${written} is not read: did you mean ${meant}?`,
    })
  })

  it('data-agent-id and data-socket for data-id-agent and data-socket-url: both named', () => {
    const result = readTag({ 'data-socket': 'https://chat.example.com', 'data-agent-id': 'agent-7', 'data-api-key': 'key-123' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toBe(
      "[chat-widget] Missing required attributes data-socket-url, data-id-agent on the widget's <script> tag; the chat was not mounted. data-socket is not read: did you mean data-socket-url? data-agent-id is not read: did you mean data-id-agent?",
    )
  })

  it('a required attribute left empty (a template value that was not filled in): named as empty', () => {
    expect(readTag({ ...BASE, 'data-api-key': ' ' })).toEqual({
      ok: false,
      error: "[chat-widget] Missing required attribute data-api-key (empty) on the widget's <script> tag; the chat was not mounted.",
    })
  })

  it.each([
    ['data-postion', 'data-position'],
    ['data-instance', 'data-instance-name'],
    ['data-namespace', 'data-name-space'],
    ['data-offset-z', 'data-offset-x'],
    ['data-ga-id', 'data-ga-tracking-id'],
  ])('an optional %s: mounted, with one warning naming %s', (written, meant) => {
    const { warnings } = mounted(readTag({ ...BASE, [written]: 'x' }))
    expect(warnings).toEqual([`[chat-widget] The widget does not read ${written}, so it was ignored: did you mean ${meant}?`])
  })

  it("leaves alone the script's own attributes and other tools' data attributes", () => {
    const others = { id: 'chat', nonce: 'abc', crossorigin: 'anonymous', 'data-cfasync': 'false', 'data-cookieconsent': 'ignore', 'data-nscript': 'afterInteractive', 'data-ot-ignore': '' }
    expect(mounted(readTag({ ...BASE, ...others })).warnings).toEqual([])
  })
})

describe('a socket URL without http:// or https://', () => {
  it.each([
    ['chat.example.com', 'https://chat.example.com'],
    ['localhost:3000', 'https://localhost:3000'],
    ['chat.example.com/', 'https://chat.example.com/'],
    ['wss://chat.example.com', 'https://chat.example.com'],
    ['ws://localhost:3000', 'http://localhost:3000'],
    ['ftp://files.example.com', 'https://chat.example.com'],
  ])('%s is not mounted, and the error shows %s', (url, example) => {
    const result = readWidgetProps((name) => ({ ...BASE, 'data-socket-url': url })[name] ?? null, PAGE, 'casas.example.com')
    expect(result).toEqual({
      ok: false,
      error: `[chat-widget] data-socket-url "${url}" is not an http(s) URL; the chat was not mounted. Write the chat server's address with http:// or https://, e.g. ${example}.`,
    })
  })

  it.each(['/', '/realtime', './chat-server', 'sock'])('a relative path %s still resolves against the page', (url) => {
    expect(mounted(read({ 'data-socket-url': url })).props.socketUrl.startsWith('https://casas.example.com')).toBe(true)
  })
})
