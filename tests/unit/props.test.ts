import { describe, expect, it } from 'vitest'
import { PROP_ATTRIBUTES, readWidgetProps, type PropsResult } from '../../src/widget/props'

const PAGE = 'https://casas.example.com/listings/cancun?x=1'
const REQUIRED_ATTRIBUTES = ['data-socket-url', 'data-id-agent', 'data-api-key'] as const
const ALL_ATTRIBUTES = Object.values(PROP_ATTRIBUTES)

const FULL: Record<string, string> = {
  'data-socket-url': 'https://chat.example.com',
  'data-id-agent': 'agent-7',
  'data-api-key': 'key-123',
  'data-instance-name': 'cancun-site',
  'data-name-space': '/support',
  'data-ga-tracking-id': 'G-ABC123',
  'data-icon-button': 'https://cdn.example.com/icon.svg',
}

/** Read props from a plain attribute map (absent -> null, as getAttribute does). */
function read(attributes: Record<string, string | null | undefined>, page = PAGE, instance = 'default-instance') {
  return readWidgetProps((name) => attributes[name] ?? null, page, instance)
}

function okProps(result: PropsResult) {
  if (!result.ok) throw new Error(`expected ok, got error: ${result.error}`)
  return result.props
}

function errorOf(result: PropsResult): string {
  if (result.ok) throw new Error('expected an error')
  return result.error
}

/** Every subset (non-empty) of the required attributes. */
const SUBSETS: string[][] = []
for (let mask = 1; mask < 1 << REQUIRED_ATTRIBUTES.length; mask++) {
  SUBSETS.push(REQUIRED_ATTRIBUTES.filter((_, i) => mask & (1 << i)))
}

describe('readWidgetProps', () => {
  it('reads every attribute when all are present', () => {
    expect(okProps(read(FULL))).toEqual({
      socketUrl: 'https://chat.example.com',
      idAgent: 'agent-7',
      api_key: 'key-123',
      nameSpace: '/support',
      instanceName: 'cancun-site',
      gaTrackingId: 'G-ABC123',
      iconButton: 'https://cdn.example.com/icon.svg',
    })
  })

  it('needs only the three required attributes, with defaults for the rest', () => {
    const props = okProps(
      read({ 'data-socket-url': 'https://chat.example.com', 'data-id-agent': 'a', 'data-api-key': 'k' }, PAGE, 'inst-x'),
    )
    expect(props).toEqual({
      socketUrl: 'https://chat.example.com',
      idAgent: 'a',
      api_key: 'k',
      nameSpace: '/chat',
      instanceName: 'inst-x',
    })
    expect(props).not.toHaveProperty('gaTrackingId')
    expect(props).not.toHaveProperty('iconButton')
  })

  it.each(SUBSETS.map((missing) => [missing.join(' + '), missing] as const))(
    'missing %s -> not mounted, one error naming exactly those',
    (_label, missing) => {
      const attributes = { ...FULL }
      for (const name of missing) delete attributes[name]
      const error = errorOf(read(attributes))
      for (const name of REQUIRED_ATTRIBUTES) {
        if (missing.includes(name)) expect(error).toContain(name)
        else expect(error).not.toContain(name)
      }
      // No optional attribute is blamed either.
      for (const name of ALL_ATTRIBUTES) if (!REQUIRED_ATTRIBUTES.includes(name as never)) expect(error).not.toContain(name)
      expect(error).toMatch(missing.length > 1 ? /attributes/ : /attribute(?!s)/)
    },
  )

  it.each(['', '   ', '\t\n'])('a blank value (%j) counts as missing', (blank) => {
    for (const name of REQUIRED_ATTRIBUTES) {
      const error = errorOf(read({ ...FULL, [name]: blank }))
      expect(error).toContain(name)
      for (const other of REQUIRED_ATTRIBUTES) if (other !== name) expect(error).not.toContain(other)
    }
  })

  it('trims the values it keeps', () => {
    const props = okProps(read({ ...FULL, 'data-id-agent': '  agent-7 ', 'data-api-key': '\tkey-123\n', 'data-instance-name': ' site ' }))
    expect(props.idAgent).toBe('agent-7')
    expect(props.api_key).toBe('key-123')
    expect(props.instanceName).toBe('site')
  })

  it('resolves a relative socket URL against the page', () => {
    expect(okProps(read({ ...FULL, 'data-socket-url': '/realtime' })).socketUrl).toBe('https://casas.example.com/realtime')
    expect(okProps(read({ ...FULL, 'data-socket-url': 'sock' })).socketUrl).toBe('https://casas.example.com/listings/sock')
    expect(okProps(read({ ...FULL, 'data-socket-url': '//other.example.org' })).socketUrl).toBe('https://other.example.org')
  })

  it("keeps a relative socket URL as written for the unreachable error, with widget.js's origin when another", () => {
    const relative = (attributes: Record<string, string>) => okProps(read({ ...FULL, ...attributes })).relativeSocketUrl
    expect(relative({ 'data-socket-url': '/', src: 'https://chat.example.com/widget.js' })).toEqual({ written: '/', scriptOrigin: 'https://chat.example.com' })
    expect(relative({ 'data-socket-url': '/', src: '/widget.js' })).toEqual({ written: '/' }) // the page's own origin, which failed
    expect(relative({ 'data-socket-url': '//other.example.org', src: 'https://chat.example.com/widget.js' })).toBeUndefined()
    expect(relative({ 'data-socket-url': 'https://chat.example.com', src: 'https://chat.example.com/widget.js' })).toBeUndefined()
  })

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'ftp://files.example.com', 'ws://chat.example.com'])(
    'refuses the non-http(s) socket URL %s',
    (url) => {
      const error = errorOf(read({ ...FULL, 'data-socket-url': url }))
      expect(error).toContain('data-socket-url')
      expect(error).not.toContain('data-id-agent')
    },
  )

  it('refuses a socket URL that cannot be parsed', () => {
    expect(read({ ...FULL, 'data-socket-url': 'http://' }).ok).toBe(false)
  })

  it('strips the trailing slash of the socket URL', () => {
    expect(okProps(read({ ...FULL, 'data-socket-url': 'https://chat.example.com/' })).socketUrl).toBe('https://chat.example.com')
    expect(okProps(read({ ...FULL, 'data-socket-url': 'http://localhost:3000/io/' })).socketUrl).toBe('http://localhost:3000/io')
  })

  it('defaults the namespace to /chat when missing or blank', () => {
    expect(okProps(read({ ...FULL, 'data-name-space': null })).nameSpace).toBe('/chat')
    expect(okProps(read({ ...FULL, 'data-name-space': '  ' })).nameSpace).toBe('/chat')
  })

  it('adds a missing leading slash to the namespace', () => {
    expect(okProps(read({ ...FULL, 'data-name-space': 'support' })).nameSpace).toBe('/support')
    expect(okProps(read({ ...FULL, 'data-name-space': '/support' })).nameSpace).toBe('/support')
  })

  it('defaults the instance name when missing or blank', () => {
    expect(okProps(read({ ...FULL, 'data-instance-name': null }, PAGE, 'casas.example.com')).instanceName).toBe('casas.example.com')
    expect(okProps(read({ ...FULL, 'data-instance-name': ' ' }, PAGE, 'fallback')).instanceName).toBe('fallback')
  })

  it('keeps an http(s) icon, resolved against the page', () => {
    expect(okProps(read({ ...FULL, 'data-icon-button': 'http://cdn.example.com/i.png' })).iconButton).toBe('http://cdn.example.com/i.png')
    expect(okProps(read({ ...FULL, 'data-icon-button': '/img/icon.png' })).iconButton).toBe('https://casas.example.com/img/icon.png')
  })

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'file:///etc/passwd', '  '])(
    'drops the icon %j but still mounts',
    (icon) => {
      const props = okProps(read({ ...FULL, 'data-icon-button': icon }))
      expect(props).not.toHaveProperty('iconButton')
      expect(props.socketUrl).toBe('https://chat.example.com')
    },
  )

  it('omits gaTrackingId when blank', () => {
    expect(okProps(read({ ...FULL, 'data-ga-tracking-id': '  ' }))).not.toHaveProperty('gaTrackingId')
  })
})
