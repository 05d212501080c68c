import { describe, expect, it } from 'vitest'
import { WELCOME_ICON_NAMES, WIDGET_COLOR_KEYS } from '../../src/protocol'
import { DEFAULT_WIDGET_COLORS } from '../../src/protocol/colors'
import { checkWidgetSettings, contrastOf, contrastWarnings, CONTRAST_PAIRS, COLOR_LABELS } from '../../src/shared/widget-settings'
import { isIconName } from '../../src/widget/components/icons'

const pair = (label: string) => CONTRAST_PAIRS.find((p) => p.label === label)!

describe('widget settings: what the form accepts (docs/behaviour.md#widget-settings)', () => {
  it('accepts every field of the configuration and trims texts', () => {
    const check = checkWidgetSettings({
      headerColor: ' #0b5d1e ',
      headerTextColor: 'white',
      userMessageColor: 'rgb(10, 60, 30)',
      welcomeBackgroundColor: 'hsl(220 40% 20%)',
      welcomeMessage: '  ¡Hola! ¿Buscas casa en Cancún?  ',
      welcomeMessageButton: 'Chatear',
      visibility_welcome_modal: true,
      btn_close_welcome_modal: false,
      time_active_welcome_modal: 12,
      svgName: 'home',
      icon_button_url: 'https://example.mx/logo.png',
      soundName: 'sound3',
      welcome_frequency: 'until-chatted',
      banner_location: false,
      banner_alerts: true,
    })
    expect(check.ok).toBe(true)
    if (!check.ok) return
    expect(check.config).toMatchObject({ headerColor: '#0b5d1e', welcomeMessage: '¡Hola! ¿Buscas casa en Cancún?', welcome_frequency: 'until-chatted' })
  })

  it.each([
    ['a stylesheet escape', { headerColor: 'red; } :host { display: none' }, 'headerColor', '«Encabezado y botón del chat» no es un color válido'],
    ['a word that is no colour', { panelColor: 'azulito' }, 'panelColor', 'no es un color válido'],
    ['a sound that does not exist', { soundName: 'sound9' }, 'soundName', 'Elige uno de los sonidos de la lista.'],
    ['an unknown frequency', { welcome_frequency: 'siempre' }, 'welcome_frequency', 'Elige cada cuánto se muestra la bienvenida.'],
    ['a display time of 0 s', { time_active_welcome_modal: 0 }, 'time_active_welcome_modal', 'al menos 1 segundo'],
    ['a javascript: icon', { icon_button_url: 'javascript:alert(1)' }, 'icon_button_url', 'https://'],
    ['an unknown key', { fontFamily: 'Comic Sans' }, '', 'Hay campos que la configuración no conoce.'],
  ])('refuses %s with a Spanish message on its field', (_name, input, field, message) => {
    const check = checkWidgetSettings(input)
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.errors[0]).toMatchObject({ field })
    expect(check.errors[0]!.message).toContain(message)
  })

  it('offers only icons the widget draws, and labels every colour', () => {
    for (const name of WELCOME_ICON_NAMES) expect(isIconName(name)).toBe(true)
    for (const key of WIDGET_COLOR_KEYS) expect(COLOR_LABELS[key]).toMatch(/\S/)
  })
})

describe('widget settings: contrast of text on its background', () => {
  it('measures the WCAG ratio as the widget will show it, defaults filling what is not set', () => {
    expect(contrastOf({ headerColor: '#000000', headerTextColor: '#ffffff' }, pair('el encabezado'))).toBe(21)
    expect(contrastOf({}, pair('el encabezado'))).toBeGreaterThan(15) // #ffffff on #131844
    expect(contrastOf({ headerColor: 'not a colour' }, pair('el encabezado'))).toBe(contrastOf({}, pair('el encabezado')))
  })

  it('warns in Spanish, with the ratio, for every text under 4.5:1, and does not block the save', () => {
    const check = checkWidgetSettings({ headerColor: '#dddddd', headerTextColor: '#ffffff' })
    expect(check.ok).toBe(true)
    if (!check.ok) return
    const header = check.warnings.find((w) => w.field === 'headerColor')!
    expect(header.message).toMatch(/^El texto del encabezado tiene un contraste de 1,\d\d:1 con su fondo; para leerse bien necesita al menos 4,5:1\./)
    expect(contrastWarnings({ headerColor: '#131844' }).some((w) => w.field === 'headerColor')).toBe(false)
  })

  it('flags the default colours that are under 4.5:1 too, so an admin can fix them', () => {
    const fields = contrastWarnings({}).map((w) => w.field)
    expect(fields).toContain('userMessageColor') // white on #15be86
    expect(fields).toContain('welcomeButtonColor') // white on #007bff
    expect(fields).not.toContain('headerColor')
    // Nothing chosen yet: the warning says the widget's own colours are the cause.
    expect(contrastWarnings({}).find((w) => w.field === 'userMessageColor')!.message).toMatch(
      /^Con los colores predeterminados del widget, el texto de los mensajes del visitante tiene un contraste de 2,\d\d:1/,
    )
    expect(DEFAULT_WIDGET_COLORS.userMessageTextColor).toBe('#ffffff')
  })
})
