import { describe, expect, it } from 'vitest'
import { attributionCampaign, attributionSource, leadChannel, trafficChannel } from '../../src/domain/attribution'
import { trafficText } from '../../src/protocol/crm'
import { newPresence, withAttribution } from '../../src/server/console/presence'
import { TRAFFIC_CASES } from '../support/traffic-cases'

describe('the attribution rule', () => {
  it.each(TRAFFIC_CASES)('files $name under $channel, with its source', ({ record, channel, source }) => {
    expect({ channel: trafficChannel(record), source: attributionSource(record) }).toEqual({ channel, source })
  })

  it('reads the campaign from the stored utm fields first, then the landing URL\'s', () => {
    expect(attributionCampaign({ utm_campaign: null, campaign: null, utm_obj: { campaign: 'verano' } })).toBe('verano')
    expect(attributionCampaign('no es un registro')).toBeNull()
  })

  it('says the channel in Spanish with the raw source beside it', () => {
    expect(trafficText('organic_social', 'instagram')).toBe('Redes sociales · instagram')
    expect(trafficText('paid_search', 'google')).toBe('Búsqueda de pago · google')
    expect(trafficText('direct', null)).toBe('Directo')
  })

  it('is what the live list shows, so it and the numbers credit a visitor alike (the live list read `referrer`, the record sends `page_referrer`)', () => {
    const live = withAttribution(newPresence('v', '2026-11-23T12:00:00Z'), { utm_source: null, page_referrer: 'https://l.facebook.com/x', utm_obj: { campaign: 'otoño' } })
    expect(live).toMatchObject({ channel: 'organic_social', source: 'l.facebook.com', campaign: 'otoño' })
  })

  it('files every lead but the chat\'s under the forms', () => {
    expect(leadChannel('chat')).toBe('chat')
    expect(leadChannel('contacto')).toBe('form')
    expect(leadChannel('propiedad')).toBe('form')
  })
})
