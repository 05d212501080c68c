import { describe, expect, it } from 'vitest'
import { WIDGET_COLOR_KEYS, type CustomWidgetConfig, type WidgetColorKey } from '../../src/protocol'
import { isCssColor } from '../../src/protocol/colors'
import { colorVariable, themeCss } from '../../src/widget/theme'

/** docs/behaviour.md#theme default colours, written out here (not imported) so a changed default fails. */
const SPEC_DEFAULTS: Record<WidgetColorKey, string> = {
  panelColor: '#ffffff',
  headerColor: '#131844',
  headerTextColor: '#ffffff',
  messagesBackgroundColor: '#f8f9fc',
  inputBackgroundColor: '#ffffff',
  inputTextColor: '#474747',
  inputBorderColor: '#ccc',
  sendButtonColor: '#131844',
  sendButtonHoverColor: '#1a205a',
  userMessageColor: '#15be86',
  userMessageTextColor: '#ffffff',
  botMessageColor: '#f5f5f5',
  botMessageTextColor: '#3f3f3f',
  welcomeBackgroundColor: '#333',
  welcomeTextColor: '#fff',
  welcomeButtonColor: '#007bff',
  welcomeButtonHoverColor: '#0056b3',
}

/** Parse `:host{--a:b;--c:d;}` into { '--a': 'b', ... }, failing on anything else. */
function parseTheme(css: string): Record<string, string> {
  const match = /^:host\{([^{}]*)\}$/.exec(css)
  expect(match, `not a single :host rule: ${css}`).not.toBeNull()
  const body = match![1]!
  const result: Record<string, string> = {}
  for (const declaration of body.split(';').filter(Boolean)) {
    const colon = declaration.indexOf(':')
    expect(colon).toBeGreaterThan(0)
    const name = declaration.slice(0, colon)
    expect(name in result, `duplicate ${name}`).toBe(false)
    result[name] = declaration.slice(colon + 1)
  }
  return result
}

const themeOf = (config: CustomWidgetConfig) => parseTheme(themeCss(config))
const valueOf = (config: CustomWidgetConfig, key: WidgetColorKey) => themeOf(config)[colorVariable(key)]

describe('colorVariable', () => {
  it('turns a camelCase key into a --chat- kebab-case custom property', () => {
    expect(colorVariable('headerColor')).toBe('--chat-header-color')
    expect(colorVariable('panelColor')).toBe('--chat-panel-color')
    expect(colorVariable('userMessageTextColor')).toBe('--chat-user-message-text-color')
    expect(colorVariable('welcomeButtonHoverColor')).toBe('--chat-welcome-button-hover-color')
  })

  it('gives a distinct variable for every colour key', () => {
    const names = WIDGET_COLOR_KEYS.map(colorVariable)
    expect(new Set(names).size).toBe(WIDGET_COLOR_KEYS.length)
    for (const name of names) expect(name).toMatch(/^--chat-[a-z]+(-[a-z]+)*$/)
  })
})

describe('themeCss defaults (docs/behaviour.md#theme)', () => {
  it('sets every colour key, and only those', () => {
    const theme = themeOf({})
    expect(Object.keys(theme).sort()).toEqual(WIDGET_COLOR_KEYS.map(colorVariable).sort())
  })

  it.each(Object.entries(SPEC_DEFAULTS) as Array<[WidgetColorKey, string]>)('default %s is %s', (key, colour) => {
    expect(valueOf({}, key)).toBe(colour)
  })

  it('has the spec colours on the expected variables', () => {
    const theme = themeOf({})
    expect(theme['--chat-panel-color']).toBe('#ffffff')
    expect(theme['--chat-header-color']).toBe('#131844')
    expect(theme['--chat-header-text-color']).toBe('#ffffff')
    expect(theme['--chat-input-text-color']).toBe('#474747')
    expect(theme['--chat-input-border-color']).toBe('#ccc')
    expect(theme['--chat-send-button-color']).toBe('#131844')
    expect(theme['--chat-send-button-hover-color']).toBe('#1a205a')
    expect(theme['--chat-user-message-color']).toBe('#15be86')
    expect(theme['--chat-user-message-text-color']).toBe('#ffffff')
    expect(theme['--chat-bot-message-color']).toBe('#f5f5f5')
    expect(theme['--chat-bot-message-text-color']).toBe('#3f3f3f')
    expect(theme['--chat-messages-background-color']).toBe('#f8f9fc')
    expect(theme['--chat-welcome-background-color']).toBe('#333')
    expect(theme['--chat-welcome-text-color']).toBe('#fff')
    expect(theme['--chat-welcome-button-color']).toBe('#007bff')
    expect(theme['--chat-welcome-button-hover-color']).toBe('#0056b3')
  })

  it('ignores non-colour configuration fields', () => {
    expect(themeOf({ welcomeMessage: 'red', svgName: 'blue', visibility_welcome_modal: true })).toEqual(themeOf({}))
  })
})

describe('themeCss overrides', () => {
  it.each([
    ['a 6-digit hex', '#ff0000'],
    ['a 3-digit hex', '#abc'],
    ['a 4-digit hex', '#abcd'],
    ['an 8-digit hex', '#11223344'],
    ['upper-case hex', '#A1B2C3'],
    ['rgb()', 'rgb(10, 20, 30)'],
    ['rgba()', 'rgba(10,20,30,0.5)'],
    ['space-separated rgb()', 'rgb(10 20 30 / 50%)'],
    ['hsl()', 'hsl(120, 50%, 40%)'],
    ['hsl() with deg', 'hsl(120deg 50% 40%)'],
    ['a named colour', 'red'],
    ['a long named colour', 'rebeccapurple'],
  ])('accepts %s', (_label, colour) => {
    expect(isCssColor(colour)).toBe(true)
    expect(valueOf({ headerColor: colour }, 'headerColor')).toBe(colour)
  })

  it('trims a configured colour', () => {
    expect(valueOf({ userMessageColor: '  #123456 ' }, 'userMessageColor')).toBe('#123456')
  })

  it('overrides only the configured keys', () => {
    const theme = themeOf({ headerColor: '#000000', botMessageTextColor: 'navy' })
    expect(theme['--chat-header-color']).toBe('#000000')
    expect(theme['--chat-bot-message-text-color']).toBe('navy')
    expect(theme['--chat-panel-color']).toBe('#ffffff')
    expect(theme['--chat-send-button-color']).toBe('#131844')
  })

  it('can override every key at once', () => {
    const config = Object.fromEntries(WIDGET_COLOR_KEYS.map((key) => [key, '#010203'])) as CustomWidgetConfig
    for (const value of Object.values(themeOf(config))) expect(value).toBe('#010203')
  })
})

describe('themeCss refuses hostile or invalid values', () => {
  const hostile: Array<[string, unknown]> = [
    ['a rule break-out', 'red; } :host { display:none'],
    ['a declaration injection', 'red;display:none'],
    ['a closing brace', 'red}'],
    ['url(javascript:)', 'url(javascript:x)'],
    ['url()', 'url(https://evil.example/x.png)'],
    ['expression()', 'expression(alert(1))'],
    ['var()', 'var(--x)'],
    ['calc()', 'calc(1px + 2px)'],
    ['a comment', 'red/**/'],
    ['an escape', 'r\\65 d'],
    ['quotes', '"red"'],
    ['!important', 'red !important'],
    ['a 200-char string', 'a'.repeat(200)],
    ['an over-long rgb()', `rgb(${'1,'.repeat(98)}1)`],
    ['a bad hex', '#12345'],
    ['a non-hex', '#gggggg'],
    ['an empty string', ''],
    ['whitespace', '   '],
    ['a number', 123456],
    ['null', null],
    ['an object', { toString: () => 'red' }],
    ['an array', ['red']],
    ['a boolean', true],
  ]

  it.each(hostile)('ignores %s and keeps the default', (_label, value) => {
    expect(isCssColor(value)).toBe(false)
    const config = { headerColor: value, inputBorderColor: value } as unknown as CustomWidgetConfig
    const css = themeCss(config)
    const theme = parseTheme(css)
    expect(theme['--chat-header-color']).toBe('#131844')
    expect(theme['--chat-input-border-color']).toBe('#ccc')
    expect(css).not.toMatch(/display|url|expression|javascript/i)
  })

  it('a hostile value next to a valid one: the valid one applies, the hostile one does not', () => {
    const theme = themeOf({ headerColor: 'red; } :host { display:none', panelColor: '#eeeeee' })
    expect(theme['--chat-header-color']).toBe('#131844')
    expect(theme['--chat-panel-color']).toBe('#eeeeee')
  })
})
