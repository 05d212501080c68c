import type { CustomWidgetConfig, WidgetColorKey } from '../protocol'

/** Default colours of spec §9, by configuration key. */
export const DEFAULT_COLORS: Record<WidgetColorKey, string> = {
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

/** CSS custom property carrying each colour, e.g. headerColor -> --chat-header-color. */
export function colorVariable(key: WidgetColorKey): string {
  return `--chat-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
}

// Only plain colour syntaxes pass: the value is written into a stylesheet, so anything else
// (`red; } :host { display: none`) could restyle the widget.
const COLOR_PATTERN =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\(\s*[-0-9.%,\s/deg]+\))$/i

export function isCssColor(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && COLOR_PATTERN.test(value.trim())
}

/** The `:host { --chat-…: … }` rule for the defaults overridden by the configuration's valid colours. */
export function themeCss(config: CustomWidgetConfig): string {
  const declarations = (Object.keys(DEFAULT_COLORS) as WidgetColorKey[]).map((key) => {
    const configured = config[key]
    return `${colorVariable(key)}:${isCssColor(configured) ? configured.trim() : DEFAULT_COLORS[key]};`
  })
  return `:host{${declarations.join('')}}`
}
