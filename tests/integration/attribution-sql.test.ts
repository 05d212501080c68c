import { describe, expect, it } from 'vitest'
import { attributionCampaign, attributionCampaignSql, attributionSource, attributionSourceSql } from '../../src/domain/attribution'
import { sharedStorage, STORAGES } from './databases'

/** Records as the widget and the forms send them, and forged or odd ones. */
const RECORDS: unknown[] = [
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

  it('credits every record to the source and campaign TypeScript credits it to', async () => {
    for (const record of RECORDS) {
      const [row] = await storage().db.query<{ source: string | null; campaign: string | null }>(
        `SELECT ${attributionSourceSql('r')} AS source, ${attributionCampaignSql('r')} AS campaign FROM (SELECT $1::jsonb AS r) x`,
        [JSON.stringify(record)],
      )
      expect(row, JSON.stringify(record)).toEqual({ source: attributionSource(record), campaign: attributionCampaign(record) })
    }
  })

  it('stores a lead\'s source and campaign by the same rule', async () => {
    const attribution = { utm_source: null, page_referrer: 'https://www.google.com/', utm_obj: { utm_campaign: 'primavera' } }
    const lead = await storage().leads.insert({ name: 'Ana', email: null, phone: '9981234567', message: '', source: 'contacto', propertySlug: null, attribution })
    expect(lead).toMatchObject({ trafficSource: 'www.google.com', campaign: 'primavera' })
  })
})
