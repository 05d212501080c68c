import { describe, expect, it } from 'vitest'
import { attributionCampaign, attributionSource, leadChannel } from '../../src/domain/attribution'
import { newPresence, withAttribution } from '../../src/server/console/presence'

describe('the attribution rule', () => {
  it('credits the stored utm fields first, then the landing URL\'s, then the referrer\'s host', () => {
    expect(attributionSource({ utm_source: 'facebook', utm_obj: { utm_source: 'x' } })).toBe('facebook')
    expect(attributionSource({ utm_source: null, source: 'Google Ads' })).toBe('Google Ads')
    expect(attributionSource({ utm_source: ' ', utm_obj: { utm_source: 'newsletter' } })).toBe('newsletter')
    expect(attributionSource({ utm_source: 'Unknown', page_referrer: 'https://WWW.Google.com/search?q=1' })).toBe('www.google.com')
    expect(attributionSource({ page_referrer: '' })).toBeNull()
    expect(attributionCampaign({ utm_campaign: null, campaign: null, utm_obj: { campaign: 'verano' } })).toBe('verano')
    expect(attributionCampaign('no es un registro')).toBeNull()
  })

  it('is what the live list shows, so it and the numbers credit a visitor alike (the live list read `referrer`, the record sends `page_referrer`)', () => {
    const live = withAttribution(newPresence('v', '2026-11-23T12:00:00Z'), { utm_source: null, page_referrer: 'https://l.facebook.com/x', utm_obj: { campaign: 'otoño' } })
    expect(live).toMatchObject({ source: 'l.facebook.com', campaign: 'otoño' })
  })

  it('files every lead but the chat\'s under the forms', () => {
    expect(leadChannel('chat')).toBe('chat')
    expect(leadChannel('contacto')).toBe('form')
    expect(leadChannel('propiedad')).toBe('form')
  })
})
