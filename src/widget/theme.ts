import type { CustomWidgetConfig, WidgetColorKey } from '../protocol'
import { DEFAULT_WIDGET_COLORS, isCssColor } from '../protocol/colors'

/** CSS custom property carrying each colour, e.g. headerColor -> --chat-header-color. */
export function colorVariable(key: WidgetColorKey): string {
  return `--chat-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
}

/** The `:host { --chat-…: … }` rule for the defaults overridden by the configuration's valid colours. */
export function themeCss(config: CustomWidgetConfig): string {
  const declarations = (Object.keys(DEFAULT_WIDGET_COLORS) as WidgetColorKey[]).map((key) => {
    const configured = config[key]
    return `${colorVariable(key)}:${isCssColor(configured) ? configured.trim() : DEFAULT_WIDGET_COLORS[key]};`
  })
  return `:host{${declarations.join('')}}`
}
