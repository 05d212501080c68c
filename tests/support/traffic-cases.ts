import type { TrafficChannel } from '../../src/protocol/crm'

const SITE = 'https://casas.example.mx'

/** A record as the widget sends it today: the spec's fields (a normalised source) and the visitor's arrival. */
const sent = (arrival: Record<string, unknown> | null, more: Record<string, unknown> = {}) => ({
  source: 'Google',
  utm_source: 'Google',
  utm_campaign: null,
  utm_medium: null,
  fbclid: null,
  page_referrer: '',
  page_url: `${SITE}/propiedad/casa-en-huayacan`,
  timestamp: '2026-11-23T12:00:00.000Z',
  utm_obj: { campaign: null },
  ...(arrival ? { arrival: { source: null, medium: null, click: null, referrer: null, ...arrival } } : {}),
  ...more,
})

/**
 * How the console files each kind of visitor (docs/domain.md#attribution): the record, its
 * channel and the source shown beside it. The unit test checks the TypeScript form against these;
 * the integration test runs the SQL form over the same records.
 */
export const TRAFFIC_CASES: { name: string; record: unknown; channel: TrafficChannel; source: string | null }[] = [
  { name: 'an Instagram link with utm_source, pages later', record: sent({ source: 'Instagram' }), channel: 'organic_social', source: 'instagram' },
  { name: 'a TikTok referrer', record: sent({ referrer: 'www.tiktok.com' }), channel: 'organic_social', source: 'www.tiktok.com' },
  { name: 'a Google referrer without a click id', record: sent({ referrer: 'www.google.com.mx' }), channel: 'organic_search', source: 'www.google.com.mx' },
  { name: 'a Google Ads click (gclid)', record: sent({ click: 'google', referrer: 'www.google.com' }, { gclid: 'Cj0K' }), channel: 'paid_search', source: 'www.google.com' },
  { name: 'a Facebook click (fbclid) from a post', record: sent({ click: 'meta', referrer: 'l.facebook.com' }, { fbclid: 'IwAR' }), channel: 'organic_social', source: 'l.facebook.com' },
  { name: 'a Facebook ad (fbclid, paid medium)', record: sent({ source: 'facebook', medium: 'paid', click: 'meta' }), channel: 'paid_social', source: 'facebook' },
  { name: 'an Instagram ad (cpc)', record: sent({ source: 'ig', medium: 'cpc' }), channel: 'paid_social', source: 'ig' },
  { name: 'Google Ads tagged by hand', record: sent({ source: 'google', medium: 'cpc' }), channel: 'paid_search', source: 'google' },
  { name: 'utm_source=google alone (the spec reads it as Google Ads)', record: sent({ source: 'google' }), channel: 'paid_search', source: 'google' },
  { name: 'the maps listing (utm_medium=organic)', record: sent({ source: 'google', medium: 'organic' }), channel: 'organic_search', source: 'google' },
  { name: 'a newsletter (utm_medium=email)', record: sent({ source: 'boletin-noviembre', medium: 'email' }), channel: 'email', source: 'boletin-noviembre' },
  { name: 'a webmail referrer', record: sent({ referrer: 'mail.google.com' }), channel: 'email', source: 'mail.google.com' },
  { name: "another site's referrer", record: sent({ referrer: 'www.inmuebles24.com' }), channel: 'referral', source: 'www.inmuebles24.com' },
  { name: 'a tagged link whose source is no known site (a flyer)', record: sent({ source: 'volante', medium: 'qr' }), channel: 'other_campaign', source: 'volante' },
  { name: 'no referrer, no campaign', record: sent(null), channel: 'direct', source: null },
  {
    name: "the site's own filters only (/buscar-propiedades?zona=huayacan)",
    record: sent(null, { page_referrer: `${SITE}/`, page_url: `${SITE}/buscar-propiedades?zona=huayacan` }),
    channel: 'direct',
    source: null,
  },
  // Records sent before the widget kept arrivals, and the business API's: read from their other fields.
  {
    name: "an old record on the landing page: utm_obj's raw source, not the stored «Google»",
    record: sent(null, { utm_obj: { utm_source: 'tiktok', utm_medium: 'social', campaign: null } }),
    channel: 'organic_social',
    source: 'tiktok',
  },
  { name: 'an old record: the spec\'s «Google Ads»', record: { source: 'Google Ads', utm_source: 'Google Ads', utm_campaign: 'otoño' }, channel: 'paid_search', source: 'google ads' },
  { name: 'an old record: a gclid kept', record: sent(null, { gclid: 'abc', page_referrer: 'https://www.google.com/' }), channel: 'paid_search', source: 'www.google.com' },
  { name: 'an old record: a Google referrer', record: sent(null, { page_referrer: 'https://WWW.Google.com/search?q=casas' }), channel: 'organic_search', source: 'www.google.com' },
  { name: 'an old record: the site itself as referrer, www. or not', record: sent(null, { page_referrer: 'https://www.casas.example.mx/' }), channel: 'direct', source: null },
  { name: 'the business API: a raw utm_source and medium', record: { utm_source: 'LinkedIn', utm_medium: 'social' }, channel: 'organic_social', source: 'linkedin' },
  { name: 'the business API: an e-mail medium alone', record: { utm_medium: 'E-mail' }, channel: 'email', source: null },
  { name: 'the business API: a referral medium', record: { utm_source: 'portal-inmobiliario', utm_medium: 'referral' }, channel: 'referral', source: 'portal-inmobiliario' },
  { name: 'nothing at all', record: null, channel: 'direct', source: null },
]
