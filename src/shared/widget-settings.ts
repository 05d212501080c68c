/**
 * The widget settings form's rules (docs/behaviour.md#widget-settings): every field of the
 * custom widget configuration (docs/behaviour.md#theme) with its Spanish label, what a valid value is, and the
 * contrast of each text on its background. Pure; the console checks as the admin types and the
 * server checks again before saving.
 */
import { colord, extend } from 'colord'
import a11yPlugin from 'colord/plugins/a11y'
import namesPlugin from 'colord/plugins/names'
import { z } from 'zod'
import {
  SOUND_NAMES,
  WELCOME_FREQUENCIES,
  WELCOME_ICON_NAMES,
  WIDGET_COLOR_KEYS,
  type CustomWidgetConfig,
  type WidgetColorKey,
} from '../protocol'
import { BUTTON_TEXT_COLOR, DEFAULT_WIDGET_COLORS, isCssColor } from '../protocol/colors'

extend([namesPlugin, a11yPlugin])

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5

export const MAX_WELCOME_MESSAGE = 500
export const MAX_WELCOME_BUTTON = 40
/** Seconds the welcome card may stay (a day would never be seen whole anyway). */
export const MAX_WELCOME_SECONDS = 600

export const COLOR_LABELS: Record<WidgetColorKey, string> = {
  panelColor: 'Fondo del panel',
  headerColor: 'Encabezado y botón del chat',
  headerTextColor: 'Texto del encabezado',
  messagesBackgroundColor: 'Fondo de los mensajes',
  inputBackgroundColor: 'Fondo del campo de mensaje',
  inputTextColor: 'Texto del campo de mensaje',
  inputBorderColor: 'Borde del campo de mensaje',
  sendButtonColor: 'Botón de enviar',
  sendButtonHoverColor: 'Botón de enviar (al pasar el cursor)',
  userMessageColor: 'Burbuja del visitante',
  userMessageTextColor: 'Texto del visitante',
  botMessageColor: 'Burbuja del asesor',
  botMessageTextColor: 'Texto del asesor',
  welcomeBackgroundColor: 'Fondo de la tarjeta de bienvenida',
  welcomeTextColor: 'Texto de la tarjeta de bienvenida',
  welcomeButtonColor: 'Botón de la tarjeta de bienvenida',
  welcomeButtonHoverColor: 'Botón de la tarjeta (al pasar el cursor)',
}

export const FREQUENCY_LABELS: Record<(typeof WELCOME_FREQUENCIES)[number], string> = {
  'every-page': 'En cada página',
  'once-per-session': 'Una vez por sesión del navegador',
  'until-chatted': 'Hasta que el visitante haya chateado',
}

export const ICON_LABELS: Record<(typeof WELCOME_ICON_NAMES)[number], string> = {
  hello: 'Saludo',
  iconBtn: 'Globo de chat',
  alerts: 'Campana',
  ubication: 'Ubicación',
  home: 'Casa',
  send: 'Enviar',
  restart: 'Reiniciar',
}

export const SOUND_LABELS: Record<(typeof SOUND_NAMES)[number], string> = {
  sound1: 'Sonido 1 (dos tonos)',
  sound2: 'Sonido 2 (un tono)',
  sound3: 'Sonido 3 (tres notas)',
  sound4: 'Sonido 4 (doble toque)',
  sound5: 'Sonido 5 (descendente)',
}

/** A colour a person reads on: the text colour key (or the widget's fixed button text) on its background. */
type TextColor = WidgetColorKey | typeof BUTTON_TEXT_COLOR

/** Every text the widget draws on a configurable background, named as the form names it. */
/** Spanish contracts «de el» to «del». */
const ofLabel = (label: string) => (label.startsWith('el ') ? `del ${label.slice(3)}` : `de ${label}`)

export const CONTRAST_PAIRS: readonly { text: TextColor; background: WidgetColorKey; label: string }[] = [
  { text: 'headerTextColor', background: 'headerColor', label: 'el encabezado' },
  { text: 'inputTextColor', background: 'inputBackgroundColor', label: 'el campo de mensaje' },
  { text: 'userMessageTextColor', background: 'userMessageColor', label: 'los mensajes del visitante' },
  { text: 'botMessageTextColor', background: 'botMessageColor', label: 'los mensajes del asesor' },
  { text: 'welcomeTextColor', background: 'welcomeBackgroundColor', label: 'la tarjeta de bienvenida' },
  { text: BUTTON_TEXT_COLOR, background: 'sendButtonColor', label: 'el botón de enviar' },
  { text: BUTTON_TEXT_COLOR, background: 'welcomeButtonColor', label: 'el botón de la tarjeta de bienvenida' },
  { text: BUTTON_TEXT_COLOR, background: 'welcomeButtonHoverColor', label: 'el botón de la tarjeta al pasar el cursor' },
]

const color = (key: WidgetColorKey) =>
  z
    .string()
    .trim()
    .refine((v) => isCssColor(v) && colord(v).isValid(), `«${COLOR_LABELS[key]}» no es un color válido: usa por ejemplo #131844, rgb(19, 24, 68) o navy.`)

/** The whole configuration as the form saves it: unknown keys refused, texts trimmed. */
export const widgetSettingsSchema = z
  .object({
    ...(Object.fromEntries(WIDGET_COLOR_KEYS.map((key) => [key, color(key).optional()])) as Record<WidgetColorKey, z.ZodOptional<ReturnType<typeof color>>>),
    welcomeMessage: z.string().trim().max(MAX_WELCOME_MESSAGE, `El mensaje de bienvenida admite hasta ${MAX_WELCOME_MESSAGE} caracteres.`).optional(),
    welcomeMessageButton: z.string().trim().max(MAX_WELCOME_BUTTON, `El texto del botón admite hasta ${MAX_WELCOME_BUTTON} caracteres.`).optional(),
    visibility_welcome_modal: z.boolean().optional(),
    btn_close_welcome_modal: z.boolean().optional(),
    time_active_welcome_modal: z
      .number()
      .int('Escribe los segundos como número entero.')
      .min(1, 'La tarjeta debe mostrarse al menos 1 segundo.')
      .max(MAX_WELCOME_SECONDS, `La tarjeta puede mostrarse hasta ${MAX_WELCOME_SECONDS} segundos.`)
      .optional(),
    svgName: z.enum(WELCOME_ICON_NAMES, 'Elige uno de los iconos de la lista.').optional(),
    icon_button_url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Escribe la dirección completa de la imagen (https://…).' }).max(500)]).optional(),
    soundName: z.enum(SOUND_NAMES, 'Elige uno de los sonidos de la lista.').optional(),
    welcome_frequency: z.enum(WELCOME_FREQUENCIES, 'Elige cada cuánto se muestra la bienvenida.').optional(),
    banner_location: z.boolean().optional(),
    banner_alerts: z.boolean().optional(),
  })
  .strict()

/**
 * The configuration an admin's settings preview shows (docs/behaviour.md#widget-settings): each
 * admin's unsaved draft is stored as the configuration of an instance of their own, which the real
 * widget in the preview page polls like any other. Never listed as an instance; its widget is no visitor.
 */
export const PREVIEW_INSTANCE_PREFIX = 'vista-previa:'
/** The preview page: the real widget.js on a blank page, polling `?instancia=` (the admin's preview instance). */
export const PREVIEW_PAGE_PATH = '/consola/vista-previa'
export const previewInstanceOf = (accountId: string) => `${PREVIEW_INSTANCE_PREFIX}${accountId}`
export const isPreviewInstance = (instance: unknown) => typeof instance === 'string' && instance.startsWith(PREVIEW_INSTANCE_PREFIX)

export interface SettingsIssue {
  field: string
  message: string
}

/** The configured colour of a key, else the widget's default (what a visitor will see). */
function effective(config: CustomWidgetConfig, key: TextColor): string {
  if (key === BUTTON_TEXT_COLOR) return key
  const configured = config[key]
  return isCssColor(configured) && colord(configured).isValid() ? configured : DEFAULT_WIDGET_COLORS[key]
}

/** Contrast of one pair as the widget will show it, rounded down to hundredths (never flattering). */
export const contrastOf = (config: CustomWidgetConfig, pair: (typeof CONTRAST_PAIRS)[number]) =>
  Math.floor(colord(effective(config, pair.text)).contrast(effective(config, pair.background)) * 100) / 100

/** A Spanish warning for every text whose contrast on its background is under 4.5:1. */
export function contrastWarnings(config: CustomWidgetConfig): SettingsIssue[] {
  return CONTRAST_PAIRS.flatMap((pair) => {
    const ratio = contrastOf(config, pair)
    if (ratio >= MIN_CONTRAST) return []
    const shown = ratio.toFixed(2).replace('.', ',')
    // An admin who changed nothing should see that the widget's own colours are the cause.
    const chosen = [pair.text, pair.background].some((key) => Boolean(config[key as WidgetColorKey]))
    const what = `el texto ${ofLabel(pair.label)} tiene un contraste de ${shown}:1 con su fondo; para leerse bien necesita al menos 4,5:1.`
    return [{
      field: pair.background,
      message: chosen
        ? `${what[0]!.toUpperCase()}${what.slice(1)} Oscurece el fondo o cambia el color del texto.`
        : `Con los colores predeterminados del widget, ${what} Si quieres mejorarlo, elige un fondo más oscuro.`,
    }]
  })
}

export type SettingsCheck =
  | { ok: true; config: CustomWidgetConfig; warnings: SettingsIssue[] }
  | { ok: false; errors: SettingsIssue[] }

/** Errors stop a save; contrast warnings do not (the default colours themselves have some). */
export function checkWidgetSettings(input: unknown): SettingsCheck {
  const parsed = widgetSettingsSchema.safeParse(input)
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? ''),
        message: issue.code === 'unrecognized_keys' ? 'Hay campos que la configuración no conoce.' : issue.message,
      })),
    }
  }
  const config = parsed.data as CustomWidgetConfig
  return { ok: true, config, warnings: contrastWarnings(config) }
}
