/**
 * The widget settings form's state (docs/behaviour.md#widget-settings): what the inputs hold, from
 * and back to a configuration. Empty texts and colours fall back to the widget's defaults, so they
 * are left out; the rules that check the result live in src/shared/widget-settings.ts.
 */
import { SOUND_NAMES, WELCOME_FREQUENCIES, WELCOME_ICON_NAMES, WIDGET_COLOR_KEYS, type CustomWidgetConfig, type WidgetColorKey } from '../protocol'

export const TEXT_FIELDS = ['welcomeMessage', 'welcomeMessageButton', 'icon_button_url', 'svgName', 'soundName', 'welcome_frequency'] as const
export const SWITCHES = ['visibility_welcome_modal', 'btn_close_welcome_modal', 'banner_location', 'banner_alerts'] as const
export type TextField = WidgetColorKey | (typeof TEXT_FIELDS)[number] | 'time_active_welcome_modal'
export type Switch = (typeof SWITCHES)[number]

export type Draft = Record<TextField, string> & Record<Switch, boolean>

/** What each input shows for a configuration; a missing choice shows what the widget does without one. */
export function draftFromConfig(config: CustomWidgetConfig): Draft {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    ...(Object.fromEntries(WIDGET_COLOR_KEYS.map((key) => [key, text(config[key])])) as Record<WidgetColorKey, string>),
    welcomeMessage: text(config.welcomeMessage),
    welcomeMessageButton: text(config.welcomeMessageButton),
    icon_button_url: text(config.icon_button_url),
    svgName: text(config.svgName) || WELCOME_ICON_NAMES[0],
    soundName: text(config.soundName) || SOUND_NAMES[0],
    welcome_frequency: text(config.welcome_frequency) || WELCOME_FREQUENCIES[0],
    time_active_welcome_modal: typeof config.time_active_welcome_modal === 'number' ? String(config.time_active_welcome_modal) : '',
    // The widget shows the welcome card and its close button only when asked, and both banner buttons unless told not to.
    visibility_welcome_modal: config.visibility_welcome_modal === true,
    btn_close_welcome_modal: config.btn_close_welcome_modal === true,
    banner_location: config.banner_location !== false,
    banner_alerts: config.banner_alerts !== false,
  }
}

/** The configuration the form saves: every switch, and every text that is not empty. */
export function configFromDraft(draft: Draft): Record<string, unknown> {
  const config: Record<string, unknown> = {}
  for (const key of [...WIDGET_COLOR_KEYS, ...TEXT_FIELDS]) if (draft[key].trim()) config[key] = draft[key]
  // An input of type number holds '' when what was typed is no number.
  if (draft.time_active_welcome_modal.trim()) config.time_active_welcome_modal = Number(draft.time_active_welcome_modal)
  for (const key of SWITCHES) config[key] = draft[key]
  return config
}
