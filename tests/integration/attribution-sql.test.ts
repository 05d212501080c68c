import { describe, expect, it } from 'vitest'
import { attributionCampaign, attributionCampaignSql, attributionSource, attributionSourceSql, trafficChannel, trafficChannelSql } from '../../src/domain/attribution'
import { TRAFFIC_CASES } from '../support/traffic-cases'
import { sharedStorage, STORAGES } from './databases'

/** Records as the widget and the forms send them (the channel table's too), and forged or odd ones. */
const RECORDS: unknown[] = [
  ...TRAFFIC_CASES.map((c) => c.record),
  { arrival: { source: 42, medium: [' cpc'], click: 'otro', referrer: { host: 'x' } }, gclid: 'ignored: the arrival says how they came' },
  { arrival: 'no', fbclid: ' ', utm_obj: { wbraid: 'w' }, page_referrer: 'https://m.YouTube.com/watch', page_url: 'not a url' },
  { arrival: { source: ' Unknown ', medium: 'Social Media', referrer: 'WWW.LinkedIn.com' } },
  { utm_source: 'Google', utm_medium: 'CPM', page_referrer: 'https://twitter.com/i', page_url: 'https://twitter.com/x' },
  { utm_obj: { utm_source: 'Ñandú Ads', utm_medium: 'Pagado' } },
  { utm_source: 'x', utm_medium: 'retargeting' },
  { utm_source: 'facebook', utm_campaign: 'verano', source: 'Facebook', campaign: 'verano' },
  { utm_source: null, source: 'Google Ads', campaign: 'otoño', utm_obj: { utm_source: 'x', campaign: null } },
  { utm_source: null, utm_campaign: null, utm_obj: { utm_source: 'newsletter', utm_campaign: 'diciembre', campaign: 'diciembre' } },
  { utm_obj: { source: 'tiktok', campaign: 'reels' } },
  { utm_source: '  Unknown ', page_referrer: 'https://WWW.Google.com.mx/search?q=casas', utm_obj: { campaign: null } },
  { page_referrer: '', referrer: 'http://user:pw@l.facebook.com:8080/l.php?u=x' },
  { page_referrer: 'android-app://com.google.android.gm/' },
  { utm_source: '\t fb \n', utm_campaign: ' ', campaign: 'respaldo' },
  { utm_source: 42, utm_campaign: ['a'], source: { x: 1 }, utm_obj: 'no' },
  { utm_source: `😀${'a'.repeat(130)}`, utm_campaign: 'b'.repeat(200) },
  [],
  'texto',
  null,
  {},
]

describe.each(STORAGES)('the attribution rule in SQL on $name', ({ open }) => {
  const storage = sharedStorage(open)

  it('credits every record to the channel, source and campaign TypeScript credits it to', async () => {
    // One query for all records: the rule is a long expression, planned once.
    const rows = await storage().db.query<{ channel: string; source: string | null; campaign: string | null }>(
      `SELECT ${trafficChannelSql('r')} AS channel, ${attributionSourceSql('r')} AS source, ${attributionCampaignSql('r')} AS campaign
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(r, n) ORDER BY n`,
      [JSON.stringify(RECORDS)],
    )
    expect(rows).toHaveLength(RECORDS.length)
    RECORDS.forEach((record, i) => {
      expect(rows[i], JSON.stringify(record)).toEqual({ channel: trafficChannel(record), source: attributionSource(record), campaign: attributionCampaign(record) })
    })
  })

  it('files a NULL record (a visit without a conversation) as direct', async () => {
    const [row] = await storage().db.query<{ channel: string; source: string | null }>(
      `SELECT ${trafficChannelSql('r')} AS channel, ${attributionSourceSql('r')} AS source FROM (SELECT NULL::jsonb AS r) x`,
    )
    expect(row).toEqual({ channel: 'direct', source: null })
  })

  it('stores a lead\'s channel, source and campaign by the same rule', async () => {
    const attribution = { utm_source: null, page_referrer: 'https://www.google.com/', utm_obj: { utm_campaign: 'primavera' } }
    const lead = await storage().leads.insert({ name: 'Ana', email: null, phone: '9981234567', message: '', source: 'contacto', propertySlug: null, attribution })
    expect(lead).toMatchObject({ trafficChannel: 'organic_search', trafficSource: 'www.google.com', campaign: 'primavera' })
    const instagram = await storage().leads.insert({ name: 'Eva', email: null, phone: '9987654321', message: '', source: 'contacto', propertySlug: null, attribution: TRAFFIC_CASES[0]!.record as Record<string, unknown> })
    expect(instagram).toMatchObject({ trafficChannel: 'organic_social', trafficSource: 'instagram' })
  })
})
