import { describe, expect, it } from 'vitest'
import { agencyToday, formatSeconds, lastDays, percentOf, rowLabel, shiftDay } from '../../src/console/numbers-view'

describe('the numbers screen in Spanish and in Cancún days (docs/behaviour.md#numbers)', () => {
  it('opens on the last 30 days of Cancún, today included', () => {
    // 03:00 UTC on the 1st is still the evening of the 30th in Cancún (UTC-5).
    expect(agencyToday(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11-30')
    expect(lastDays('2026-11-30', 30)).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('names unknown rows, percentages and response times as people read them', () => {
    expect(rowLabel({ key: null, label: null, leads: 1, visits: 0 }, 'campaign')).toBe('Sin campaña')
    expect(rowLabel({ key: 'huayacan', label: 'Huayacán', leads: 1, visits: 0 }, 'zone')).toBe('Huayacán')
    expect(rowLabel({ key: 'paid_social', label: null, leads: 1, visits: 0 }, 'channel')).toBe('Redes sociales de pago')
    expect(rowLabel({ key: 'tiktok', label: 'tiktok', channel: 'organic_social', leads: 1, visits: 0 }, 'source')).toBe('Redes sociales · tiktok')
    expect(rowLabel({ key: null, label: null, channel: 'direct', leads: 1, visits: 0 }, 'source')).toBe('Directo')
    expect(percentOf(1, 4)).toMatch(/^25\s?%$/)
    expect(percentOf(1, 0)).toBe('—')
    expect([formatSeconds(null), formatSeconds(42), formatSeconds(125), formatSeconds(120)]).toEqual(['—', '42 s', '2 min 5 s', '2 min'])
  })
})
