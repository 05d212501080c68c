import { describe, expect, it } from 'vitest'
import { configFromDraft, draftFromConfig } from '../../src/console/settings-draft'
import { checkWidgetSettings } from '../../src/shared/widget-settings'

describe('the widget settings form state (docs/behaviour.md#widget-settings)', () => {
  it('shows what the widget does for a missing key and saves back a valid configuration', () => {
    const draft = draftFromConfig({})
    expect(draft).toMatchObject({ headerColor: '', svgName: 'hello', soundName: 'sound1', welcome_frequency: 'every-page', visibility_welcome_modal: false, banner_location: true, banner_alerts: true })
    const check = checkWidgetSettings(configFromDraft(draft))
    expect(check.ok).toBe(true)
  })

  it('round-trips every field it knows and leaves empty texts to the widget', () => {
    const config = {
      headerColor: '#0b5d1e',
      welcomeMessage: 'Hola',
      welcomeMessageButton: 'Chatear',
      time_active_welcome_modal: 30,
      visibility_welcome_modal: true,
      btn_close_welcome_modal: false,
      svgName: 'home',
      soundName: 'sound3',
      welcome_frequency: 'until-chatted' as const,
      banner_location: false,
      banner_alerts: true,
    }
    expect(configFromDraft(draftFromConfig(config))).toEqual(config)
    expect(configFromDraft({ ...draftFromConfig(config), welcomeMessage: '  ', time_active_welcome_modal: '' })).not.toHaveProperty('welcomeMessage')
  })

  it('lets the shared rules name a wrong value in Spanish', () => {
    const check = checkWidgetSettings(configFromDraft({ ...draftFromConfig({}), headerColor: 'rojo;', time_active_welcome_modal: '0' }))
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.errors.map((e) => e.field).sort()).toEqual(['headerColor', 'time_active_welcome_modal'])
  })
})
