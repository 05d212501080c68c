import type { WidgetColorKey } from './index'

/** Default colours of docs/behaviour.md#theme, by configuration key. */
export const DEFAULT_WIDGET_COLORS: Record<WidgetColorKey, string> = {
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

/**
 * The colour values a widget configuration may carry (docs/behaviour.md#theme): plain colour
 * syntaxes only, because the value is written into a stylesheet and anything else
 * (`red; } :host { display: none`) could restyle the widget. The widget applies them; the
 * console's settings form refuses anything else.
 */
const COLOR_PATTERN =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\(\s*[-0-9.%,\s/deg]+\))$/i

/** Longest colour value accepted. */
const MAX_COLOR_LENGTH = 64

export function isCssColor(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_COLOR_LENGTH && COLOR_PATTERN.test(value.trim())
}

/** The widget's fixed text colour on the send and welcome buttons (only their backgrounds are configurable). */
export const BUTTON_TEXT_COLOR = '#ffffff'
