import { describe, expect, it } from 'vitest'
import {
  ATTRIBUTION_KEYS as STORED_KEYS,
  CAMPAIGN_KEYS as UTM_OBJ_KEYS,
  MAX_ATTRIBUTION_JSON,
  attributionRecord,
  captureArrival,
  captureAttribution,
} from '../../src/domain/attribution-record'
import type { SafeStorage } from '../../src/widget/storage'
import { leadAttribution } from '../../src/site/forms/attribution'
import { leadSchema } from '../../src/server/api/schemas'

const NOW = new Date('2026-03-04T05:06:07.089Z')
const getter = (data: Record<string, string>) => (key: string) => data[key] ?? null
/** The utm_obj a lead sent from `href` carries. */
const utmObject = (href: string) => leadAttribution(() => null, href, '', NOW).utm_obj as Record<string, string | null>

describe('leadAttribution', () => {
  it('reads every stored key the widget writes, with the page, referrer, timestamp and utm names', () => {
    const stored = {
      source: 'Facebook',
      campaign: 'verano',
      adSet: 'set-1',
      ad: 'anuncio-2',
      adgroup: 'grupo',
      utm_content: 'carrusel',
      utm_term: 'casas cancun',
      gad_source: '1',
      gclid: 'abc',
      medium: 'cpc',
      fbclid: 'fb-1',
      unrelated: 'no',
    }
    const record = leadAttribution(getter(stored), 'https://example.com/contacto', 'https://google.com/', NOW)
    expect(record).toEqual({
      source: 'Facebook',
      campaign: 'verano',
      adSet: 'set-1',
      ad: 'anuncio-2',
      adgroup: 'grupo',
      utm_content: 'carrusel',
      utm_term: 'casas cancun',
      gad_source: '1',
      gclid: 'abc',
      medium: 'cpc',
      fbclid: 'fb-1',
      utm_source: 'Facebook',
      utm_campaign: 'verano',
      utm_medium: 'cpc',
      page_url: 'https://example.com/contacto',
      page_referrer: 'https://google.com/',
      timestamp: '2026-03-04T05:06:07.089Z',
      utm_obj: { campaign: null },
      // The page's referrer is another site: the visitor's arrival, taken in before the widget stores it.
      arrival: { source: null, medium: null, click: null, referrer: 'google.com' },
    })
  })

  it('leaves out empty stored values and gives null utm names when nothing is stored', () => {
    const record = leadAttribution(getter({ source: '  ', gclid: ' abc ' }), 'https://example.com/', '', NOW)
    expect(record).toEqual({
      gclid: 'abc',
      utm_source: null,
      utm_campaign: null,
      utm_medium: null,
      fbclid: null,
      page_url: 'https://example.com/',
      page_referrer: '',
      timestamp: NOW.toISOString(),
      utm_obj: { campaign: null },
    })
  })

  it('survives a storage that throws (private mode)', () => {
    const record = leadAttribution(() => {
      throw new DOMException('denied', 'SecurityError')
    }, 'https://example.com/', '', NOW)
    expect(record.utm_source).toBeNull()
    expect(Object.keys(record).filter((k) => (STORED_KEYS as readonly string[]).includes(k))).toEqual(['fbclid'])
  })

  it('builds utm_obj from the current URL, every listed key, campaign from utm_campaign', () => {
    const query = UTM_OBJ_KEYS.map((key) => `${key}=${encodeURIComponent(`v-${key}`)}`).join('&')
    const object = utmObject(`https://example.com/propiedad/x?${query}&other=1#top`)
    expect(Object.keys(object).sort()).toEqual([...UTM_OBJ_KEYS, 'campaign'].sort())
    expect(object.campaign).toBe('v-utm_campaign')
    expect(object.gclid).toBe('v-gclid')
    expect(object).not.toHaveProperty('other')
  })

  it('gives campaign null without utm_campaign, and skips empty parameters', () => {
    expect(utmObject('https://example.com/?utm_source=facebook&gclid=&utm_campaign=')).toEqual({ utm_source: 'facebook', campaign: null })
    expect(utmObject('https://example.com/?utm_campaign=Oto%C3%B1o%202026')).toEqual({ utm_campaign: 'Otoño 2026', campaign: 'Otoño 2026' })
    expect(utmObject('/contacto?utm_campaign=rel')).toEqual({ utm_campaign: 'rel', campaign: 'rel' })
    expect(utmObject('not a url')).toEqual({ campaign: null })
  })

  it('is the same record the widget sends as utms', () => {
    const data = new Map<string, string>()
    const storage: SafeStorage = { get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v) }
    captureAttribution('?utm_source=facebook&utm_campaign=verano&gclid=abc&fbclid=f1', storage)
    const href = 'https://example.com/contacto?utm_campaign=otono&wbraid=w'
    const site = leadAttribution((k) => data.get(k), href, 'https://m.facebook.com/', NOW)
    // The widget captures every page it sees, this one included, before it sends.
    captureAttribution(new URL(href).search, storage)
    captureArrival({ search: new URL(href).search, referrer: 'https://m.facebook.com/', href }, storage)
    const widget = attributionRecord({ storage, href, search: new URL(href).search, referrer: 'https://m.facebook.com/', now: NOW })
    expect(site).toEqual(widget)
    expect(site).toMatchObject({ source: 'Facebook', campaign: 'otono', gclid: 'abc', utm_obj: { utm_campaign: 'otono', wbraid: 'w', campaign: 'otono' } })
    expect(site.arrival).toEqual({ source: null, medium: null, click: 'google', referrer: 'm.facebook.com' })
  })

  it("carries the landing page's campaign before the widget has stored anything", () => {
    const record = leadAttribution(() => null, 'https://example.com/propiedad/x?utm_source=google&utm_campaign=otono&gbraid=g1', '', NOW)
    expect(record).toMatchObject({ source: 'Google Ads', campaign: 'otono', utm_source: 'Google Ads', utm_campaign: 'otono' })
    expect(record.arrival).toEqual({ source: 'google', medium: null, click: 'google', referrer: null })
  })


  it('always fits the lead service limit, cutting values when it must', () => {
    const huge = 'x'.repeat(5000)
    const stored = Object.fromEntries(STORED_KEYS.map((k) => [k, huge]))
    const query = UTM_OBJ_KEYS.map((key) => `${key}=${huge}`).join('&')
    const record = leadAttribution(getter(stored), `https://example.com/?${query}`, `https://ref.example/${huge}`, NOW)
    expect(JSON.stringify(record).length).toBeLessThanOrEqual(MAX_ATTRIBUTION_JSON)
    expect(record.source).toBe('x'.repeat(100))
    const quotes = '"\u0001'.repeat(400)
    const worst = leadAttribution(getter(Object.fromEntries(STORED_KEYS.map((k) => [k, quotes]))), `https://example.com/?${UTM_OBJ_KEYS.map((k) => `${k}=%01`.repeat(1)).join('&')}`, quotes, NOW)
    expect(JSON.stringify(worst).length).toBeLessThanOrEqual(MAX_ATTRIBUTION_JSON)
    expect(leadSchema.safeParse({ name: 'Ana', phone: '9981234567', consent: true, attribution: worst }).success).toBe(true)
    // An ordinary record is kept whole.
    const normal = leadAttribution(getter({ source: 'Google Ads', campaign: 'c'.repeat(300) }), 'https://example.com/', '', NOW)
    expect(normal.campaign).toBe('c'.repeat(300))
  })
})
