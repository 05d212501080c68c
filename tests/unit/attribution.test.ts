import { describe, expect, it } from 'vitest'
import {
  ATTRIBUTION_KEYS,
  CAMPAIGN_KEYS,
  ARRIVAL_KEY,
  attributionRecord,
  campaignObject,
  captureArrival,
  captureAttribution,
  normalizeSource,
  readArrival,
  readStoredAttribution,
} from '../../src/domain/attribution-record'
import type { SafeStorage } from '../../src/widget/storage'

/** A SafeStorage backed by a Map, with the Map exposed to inspect and seed it. */
function mapStorage(initial: Record<string, string> = {}): SafeStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
  }
}

const NOW = new Date('2024-05-06T07:08:09.010Z')

describe('key lists', () => {
  it('stores under exactly the docs/behaviour.md#attribution keys, in order', () => {
    expect(ATTRIBUTION_KEYS).toEqual([
      'source',
      'campaign',
      'adSet',
      'ad',
      'adgroup',
      'utm_content',
      'utm_term',
      'gad_source',
      'gclid',
      'medium',
      'fbclid',
    ])
  })

  it('reads exactly the docs/behaviour.md#attribution campaign keys', () => {
    expect(CAMPAIGN_KEYS).toEqual([
      'utm_source',
      'utm_medium',
      'utm_term',
      'utm_content',
      'utm_campaign',
      'gclid',
      'wbraid',
      'gbraid',
      'crm_link',
      'adSet',
      'ad',
      'form',
      'gad_campaignid',
      'gad_source',
      'zones',
    ])
  })
})

describe('normalizeSource', () => {
  it.each([
    [undefined, 'Google'],
    [null, 'Google'],
    ['', 'Google'],
    ['   ', 'Google'],
  ] as const)('missing or empty %j gives Google', (input, expected) => {
    expect(normalizeSource(input)).toBe(expected)
  })

  it.each([
    ['google', 'Google Ads'],
    ['Google', 'Google Ads'],
    ['GOOGLE', 'Google Ads'],
    ['  google  ', 'Google Ads'],
    ['google ads', 'Google Ads'],
    ['Google Ads', 'Google Ads'],
    ['Google  Ads', 'Google Ads'],
    [' google\tads ', 'Google Ads'],
    ['google+ads', 'Google Ads'],
    ['Google+Ads', 'Google Ads'],
    ['google%20ads', 'Google Ads'],
    ['google%2Bads', 'Google Ads'],
  ] as const)('%j gives Google Ads', (input, expected) => {
    expect(normalizeSource(input)).toBe(expected)
  })

  it.each([
    ['facebook', 'Facebook'],
    ['Facebook', 'Facebook'],
    [' FACEBOOK ', 'Facebook'],
  ] as const)('%j gives Facebook', (input, expected) => {
    expect(normalizeSource(input)).toBe(expected)
  })

  it.each(['tiktok', 'bing', 'google_ads', 'googleads', 'fb', 'facebook ads', 'instagram', '100%', 'google%zz'])(
    'unknown %j gives Google',
    (input) => {
      expect(normalizeSource(input)).toBe('Google')
    },
  )
})

describe('captureAttribution: empty query', () => {
  it.each(['', '?', '  ', '?&'])('stores nothing for %j', (search) => {
    const storage = mapStorage()
    captureAttribution(search, storage)
    expect(storage.data.size).toBe(0)
  })

  it('stores a source for any non-empty query, even with no campaign parameter', () => {
    const storage = mapStorage()
    captureAttribution('?page=2', storage)
    expect(Object.fromEntries(storage.data)).toEqual({ source: 'Google' })
  })

  it('accepts a query without the leading ?', () => {
    const storage = mapStorage()
    captureAttribution('utm_source=facebook', storage)
    expect(storage.get('source')).toBe('Facebook')
  })
})

describe('captureAttribution: source overwrite rule', () => {
  it('sets the source when none is stored', () => {
    const storage = mapStorage()
    captureAttribution('?utm_source=facebook', storage)
    expect(storage.get('source')).toBe('Facebook')
  })

  it('sets the source when the stored one is empty', () => {
    const storage = mapStorage({ source: '' })
    captureAttribution('?utm_source=google', storage)
    expect(storage.get('source')).toBe('Google Ads')
  })

  it('sets Google when nothing is stored and the source is unknown', () => {
    const storage = mapStorage()
    captureAttribution('?utm_source=tiktok', storage)
    expect(storage.get('source')).toBe('Google')
  })

  it('Google -> Google Ads overwrites', () => {
    const storage = mapStorage({ source: 'Google' })
    captureAttribution('?utm_source=google+ads', storage)
    expect(storage.get('source')).toBe('Google Ads')
  })

  it('Google -> Google Ads overwrites with a URL-encoded space', () => {
    const storage = mapStorage({ source: 'Google' })
    captureAttribution('?utm_source=google%20ads', storage)
    expect(storage.get('source')).toBe('Google Ads')
  })

  it('Google -> Facebook overwrites', () => {
    const storage = mapStorage({ source: 'Google' })
    captureAttribution('?utm_source=facebook', storage)
    expect(storage.get('source')).toBe('Facebook')
  })

  it('Google Ads -> Facebook does NOT overwrite', () => {
    const storage = mapStorage({ source: 'Google Ads' })
    captureAttribution('?utm_source=facebook', storage)
    expect(storage.get('source')).toBe('Google Ads')
  })

  it('Facebook -> Google does NOT overwrite', () => {
    const storage = mapStorage({ source: 'Facebook' })
    captureAttribution('?utm_source=bing', storage)
    expect(storage.get('source')).toBe('Facebook')
  })

  it('Facebook -> Google Ads does NOT overwrite', () => {
    const storage = mapStorage({ source: 'Facebook' })
    captureAttribution('?utm_source=google', storage)
    expect(storage.get('source')).toBe('Facebook')
  })

  it('no utm_source but a gclid: Google fills an empty source', () => {
    const storage = mapStorage()
    captureAttribution('?gclid=abc', storage)
    expect(storage.get('source')).toBe('Google')
    expect(storage.get('gclid')).toBe('abc')
  })

  it('no utm_source but a gclid: a stored Facebook stays', () => {
    const storage = mapStorage({ source: 'Facebook' })
    captureAttribution('?gclid=abc', storage)
    expect(storage.get('source')).toBe('Facebook')
  })

  it('no utm_source but a gclid: a stored Google Ads stays', () => {
    const storage = mapStorage({ source: 'Google Ads' })
    captureAttribution('?gclid=abc', storage)
    expect(storage.get('source')).toBe('Google Ads')
  })

  it('a stored Google stays Google on another Google visit', () => {
    const storage = mapStorage({ source: 'Google' })
    captureAttribution('?utm_source=', storage)
    expect(storage.get('source')).toBe('Google')
  })
})

describe('captureAttribution: other fields', () => {
  it('stores every parameter under its spec key', () => {
    const storage = mapStorage()
    captureAttribution(
      '?utm_source=facebook&utm_campaign=verano&utm_medium=cpc&utm_content=banner&utm_term=casas' +
        '&gad_source=1&gclid=G1&fbclid=F1&adSet=set1&adgroup=grp1&ad=ad1',
      storage,
    )
    expect(Object.fromEntries(storage.data)).toEqual({
      source: 'Facebook',
      campaign: 'verano',
      medium: 'cpc',
      utm_content: 'banner',
      utm_term: 'casas',
      gad_source: '1',
      gclid: 'G1',
      fbclid: 'F1',
      adSet: 'set1',
      adgroup: 'grp1',
      ad: 'ad1',
    })
  })

  it('accepts adset in lower case, but adSet wins', () => {
    const lower = mapStorage()
    captureAttribution('?adset=low', lower)
    expect(lower.get('adSet')).toBe('low')

    const both = mapStorage()
    captureAttribution('?adset=low&adSet=camel', both)
    expect(both.get('adSet')).toBe('camel')
  })

  it('ad falls back to utm_content when ad is missing', () => {
    const storage = mapStorage()
    captureAttribution('?utm_content=banner', storage)
    expect(storage.get('ad')).toBe('banner')
    expect(storage.get('utm_content')).toBe('banner')
  })

  it('ad falls back to utm_content when ad is empty or blank', () => {
    const storage = mapStorage()
    captureAttribution('?ad=%20%20&utm_content=banner', storage)
    expect(storage.get('ad')).toBe('banner')
  })

  it('an explicit ad wins over utm_content', () => {
    const storage = mapStorage()
    captureAttribution('?ad=video&utm_content=banner', storage)
    expect(storage.get('ad')).toBe('video')
    expect(storage.get('utm_content')).toBe('banner')
  })

  it('does not store empty or blank values', () => {
    const storage = mapStorage()
    captureAttribution('?utm_campaign=&utm_medium=%20&gclid=&fbclid=+&adSet=&adgroup=&utm_term=&gad_source=', storage)
    expect(Object.fromEntries(storage.data)).toEqual({ source: 'Google' })
  })

  it('never erases a stored value with an empty or missing parameter', () => {
    const seeded = {
      source: 'Facebook',
      campaign: 'old-campaign',
      medium: 'old-medium',
      utm_content: 'old-content',
      utm_term: 'old-term',
      gad_source: 'old-gad',
      gclid: 'old-gclid',
      fbclid: 'old-fbclid',
      adSet: 'old-set',
      adgroup: 'old-group',
      ad: 'old-ad',
    }
    const storage = mapStorage(seeded)
    captureAttribution('?utm_campaign=&utm_medium=&utm_content=&gclid=%20&other=1', storage)
    expect(Object.fromEntries(storage.data)).toEqual(seeded)
  })

  it('overwrites a stored field with a new non-empty value', () => {
    const storage = mapStorage({ campaign: 'old', gclid: 'g-old' })
    captureAttribution('?utm_campaign=new&gclid=g-new', storage)
    expect(storage.get('campaign')).toBe('new')
    expect(storage.get('gclid')).toBe('g-new')
  })

  it('trims values and caps them at 500 characters', () => {
    const storage = mapStorage()
    captureAttribution(`?utm_campaign=%20%20verano%20%20&utm_term=${'x'.repeat(600)}`, storage)
    expect(storage.get('campaign')).toBe('verano')
    expect(storage.get('utm_term')).toBe('x'.repeat(500))
  })

  it('does not cut a surrogate pair when capping', () => {
    const storage = mapStorage()
    captureAttribution(`?utm_term=${encodeURIComponent('x'.repeat(499) + '😀')}`, storage)
    expect(storage.get('utm_term')).toBe('x'.repeat(499))
  })

  it('writes only spec keys', () => {
    const storage = mapStorage()
    captureAttribution('?utm_source=google&utm_campaign=c&wbraid=w&gbraid=g&zones=z&form=f&crm_link=l', storage)
    for (const key of storage.data.keys()) expect(ATTRIBUTION_KEYS).toContain(key)
  })
})

describe('readStoredAttribution', () => {
  it('returns nothing when nothing is stored', () => {
    expect(readStoredAttribution(mapStorage())).toEqual({})
  })

  it('returns the non-empty stored values under the spec keys only', () => {
    const storage = mapStorage({ source: 'Facebook', campaign: '', medium: '  ', gclid: 'g1', unrelated: 'x' })
    expect(readStoredAttribution(storage)).toEqual({ source: 'Facebook', gclid: 'g1' })
  })

  it('reads back what captureAttribution stored', () => {
    const storage = mapStorage()
    captureAttribution('?utm_source=facebook&utm_campaign=verano&utm_content=banner', storage)
    expect(readStoredAttribution(storage)).toEqual({
      source: 'Facebook',
      campaign: 'verano',
      utm_content: 'banner',
      ad: 'banner',
    })
  })
})

describe('campaignObject', () => {
  it('is just campaign: null for an empty query', () => {
    expect(campaignObject('')).toEqual({ campaign: null })
    expect(campaignObject('?')).toEqual({ campaign: null })
  })

  it('campaign is null when there is no utm_campaign', () => {
    expect(campaignObject('?utm_source=facebook')).toEqual({ utm_source: 'facebook', campaign: null })
  })

  it('campaign is null when utm_campaign is empty', () => {
    expect(campaignObject('?utm_campaign=%20')).toEqual({ campaign: null })
  })

  it('campaign copies utm_campaign', () => {
    expect(campaignObject('?utm_campaign=verano')).toEqual({ utm_campaign: 'verano', campaign: 'verano' })
  })

  it.each(CAMPAIGN_KEYS)('holds %s when present, and not when absent', (key) => {
    const present = campaignObject(`?${key}=value-${key}&unrelated=1`)
    expect(present[key]).toBe(`value-${key}`)
    expect(Object.keys(present).sort()).toEqual([key, 'campaign'].sort())

    const absent = campaignObject('?unrelated=1')
    expect(key in absent).toBe(false)
  })

  it.each(CAMPAIGN_KEYS)('leaves out %s when it is empty', (key) => {
    expect(key in campaignObject(`?${key}=`)).toBe(false)
  })

  it('holds all 15 keys at once, raw (not normalised), trimmed and capped', () => {
    const search =
      '?' + CAMPAIGN_KEYS.map((key) => `${key}=${key === 'zones' ? 'z'.repeat(501) : `%20v-${key}%20`}`).join('&')
    const expected: Record<string, string | null> = { campaign: 'v-utm_campaign' }
    for (const key of CAMPAIGN_KEYS) expected[key] = key === 'zones' ? 'z'.repeat(500) : `v-${key}`
    expect(campaignObject(search)).toEqual(expected)
  })

  it('keeps utm_source as written, not normalised', () => {
    expect(campaignObject('?utm_source=google+ads').utm_source).toBe('google ads')
  })

  it('ignores parameters that are not campaign keys', () => {
    expect(campaignObject('?adset=x&fbclid=f&adgroup=g&page=2')).toEqual({ campaign: null })
  })
})

describe('attributionRecord', () => {
  it('builds the outgoing record after capturing a Facebook visit', () => {
    const href = 'https://x.mx/?utm_source=facebook&utm_campaign=verano&gclid=abc'
    const url = new URL(href)
    const storage = mapStorage()
    captureAttribution(url.search, storage)
    const record = attributionRecord({
      storage,
      href,
      search: url.search,
      referrer: 'https://www.facebook.com/',
      now: NOW,
    })
    expect(record).toStrictEqual({
      source: 'Facebook',
      campaign: 'verano',
      gclid: 'abc',
      utm_source: 'Facebook',
      utm_campaign: 'verano',
      utm_medium: null,
      fbclid: null,
      page_referrer: 'https://www.facebook.com/',
      page_url: href,
      timestamp: '2024-05-06T07:08:09.010Z',
      utm_obj: { utm_source: 'facebook', utm_campaign: 'verano', gclid: 'abc', campaign: 'verano' },
    })
    // Stable JSON: the null fields survive serialisation.
    expect(JSON.parse(JSON.stringify(record))).toStrictEqual(record)
  })

  it('builds a record with nothing stored', () => {
    const record = attributionRecord({
      storage: mapStorage(),
      href: 'https://x.mx/propiedades',
      search: '',
      referrer: '',
      now: NOW,
    })
    expect(record).toStrictEqual({
      utm_source: null,
      utm_campaign: null,
      utm_medium: null,
      fbclid: null,
      page_referrer: '',
      page_url: 'https://x.mx/propiedades',
      timestamp: '2024-05-06T07:08:09.010Z',
      utm_obj: { campaign: null },
    })
  })

  it('uses stored values, not the current URL, for the utm_* fields', () => {
    const storage = mapStorage({ source: 'Google Ads', campaign: 'invierno', medium: 'cpc', fbclid: 'f-old' })
    const record = attributionRecord({
      storage,
      href: 'https://x.mx/?utm_source=facebook&utm_campaign=verano',
      search: '?utm_source=facebook&utm_campaign=verano',
      referrer: 'https://google.com/',
      now: NOW,
    })
    expect(record).toMatchObject({
      source: 'Google Ads',
      campaign: 'invierno',
      medium: 'cpc',
      fbclid: 'f-old',
      utm_source: 'Google Ads',
      utm_campaign: 'invierno',
      utm_medium: 'cpc',
      page_referrer: 'https://google.com/',
      utm_obj: { utm_source: 'facebook', utm_campaign: 'verano', campaign: 'verano' },
    })
  })

  it('defaults the timestamp to the current time', () => {
    const before = Date.now()
    const record = attributionRecord({ storage: mapStorage(), href: 'https://x.mx/', search: '', referrer: '' })
    const after = Date.now()
    expect(typeof record.timestamp).toBe('string')
    const time = Date.parse(record.timestamp as string)
    expect(time).toBeGreaterThanOrEqual(before)
    expect(time).toBeLessThanOrEqual(after)
  })
})

describe('captureArrival: how the visitor last arrived, beside the spec keys', () => {
  const SITE = 'https://casas.example.mx'
  const land = (storage: ReturnType<typeof mapStorage>, path: string, referrer = '') => {
    const url = new URL(path, SITE)
    captureArrival({ search: url.search, referrer, href: url.href }, storage)
    return readArrival(storage)
  }

  it('keeps the raw utm_source and medium, a click id and the referrer of a campaign link, while the spec source says Google', () => {
    const storage = mapStorage()
    captureAttribution('?utm_source=Instagram&utm_medium=social', storage)
    expect(land(storage, '/?utm_source=Instagram&utm_medium=social', 'https://l.instagram.com/')).toEqual({ source: 'Instagram', medium: 'social', click: null, referrer: 'l.instagram.com' })
    expect(storage.get('source')).toBe('Google')
    expect(land(storage, '/?gclid=abc', 'https://www.google.com/')).toEqual({ source: null, medium: null, click: 'google', referrer: 'www.google.com' })
    expect(land(storage, '/?fbclid=IwAR')).toEqual({ source: null, medium: null, click: 'meta', referrer: null })
  })

  it('keeps the arrival across the site\'s pages: its own filters, its own referrer and the same referrer again are no new arrival', () => {
    const storage = mapStorage()
    land(storage, '/?utm_source=tiktok', 'https://www.tiktok.com/')
    const kept = { source: 'tiktok', medium: null, click: null, referrer: 'www.tiktok.com' }
    expect(land(storage, '/buscar-propiedades?zona=huayacan', 'https://www.tiktok.com/')).toEqual(kept)
    expect(land(storage, '/propiedad/casa', `${SITE}/buscar-propiedades`)).toEqual(kept)
    expect(land(storage, '/propiedad/casa', 'https://casas.example.mx.www.example.com/')).toEqual({ source: null, medium: null, click: null, referrer: 'casas.example.mx.www.example.com' })
  })

  it('takes a new referrer from another site as a new arrival, and the site with or without www. as itself', () => {
    const storage = mapStorage()
    expect(land(storage, '/', 'https://www.casas.example.mx/')).toBeNull()
    expect(land(storage, '/', 'android-app://com.google.android.gm/')).toBeNull()
    expect(land(storage, '/', 'https://www.google.com.mx/')).toEqual({ source: null, medium: null, click: null, referrer: 'www.google.com.mx' })
    expect(land(storage, '/?utm_campaign=verano', '')).toEqual({ source: null, medium: null, click: null, referrer: null })
  })

  it('reads nothing from a stored value that is not an arrival', () => {
    expect(readArrival(mapStorage({ [ARRIVAL_KEY]: 'no es json' }))).toBeNull()
    expect(readArrival(mapStorage({ [ARRIVAL_KEY]: '[1]' }))).toBeNull()
    expect(readArrival(mapStorage({ [ARRIVAL_KEY]: '{"source":7,"click":"otro","referrer":"x.mx"}' }))).toEqual({ source: null, medium: null, click: null, referrer: 'x.mx' })
  })

  it('sends the arrival with the record, and no arrival key when none is stored', () => {
    const storage = mapStorage()
    land(storage, '/?utm_source=instagram')
    const record = attributionRecord({ storage, href: `${SITE}/propiedad/casa`, search: '', referrer: '', now: NOW })
    expect(record.arrival).toEqual({ source: 'instagram', medium: null, click: null, referrer: null })
    expect('arrival' in attributionRecord({ storage: mapStorage(), href: SITE, search: '', referrer: '', now: NOW })).toBe(false)
  })
})
