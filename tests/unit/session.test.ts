import { describe, expect, it } from 'vitest'
import type { ClientLocation } from '../../src/protocol'
import { parseUserAgent, sessionInfo, UNKNOWN, UNKNOWN_LOCATION, type ParsedUserAgent } from '../../src/widget/session'

type Case = [label: string, userAgent: string, expected: ParsedUserAgent, maxTouchPoints?: number]

const UNKNOWN_AGENT: ParsedUserAgent = { browser: 'Unknown', browserVersion: 'Unknown', os: 'Unknown', deviceType: 'Unknown' }

// Real, complete user-agent strings as browsers send them. Chromium's "UA reduction" freezes
// parts of its UA (Chrome/124.0.0.0, "Android 10; K"); those frozen values are what is written.
const CASES: Case[] = [
  // Chrome desktop
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { browser: 'Chrome', browserVersion: '124.0.0.0', os: 'Windows 10', deviceType: 'desktop' },
  ],
  [
    'Chrome on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { browser: 'Chrome', browserVersion: '124.0.0.0', os: 'macOS 10.15.7', deviceType: 'desktop' },
  ],
  [
    'Chrome on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { browser: 'Chrome', browserVersion: '124.0.0.0', os: 'Linux', deviceType: 'desktop' },
  ],
  [
    'Chrome on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { browser: 'Chrome', browserVersion: '124.0.0.0', os: 'ChromeOS 14541.0.0', deviceType: 'desktop' },
  ],
  [
    'Chrome before UA reduction, Windows 7',
    'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.5414.120 Safari/537.36',
    { browser: 'Chrome', browserVersion: '109.0.5414.120', os: 'Windows 7', deviceType: 'desktop' },
  ],
  // Chrome mobile
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    { browser: 'Chrome', browserVersion: '124.0.0.0', os: 'Android 10', deviceType: 'mobile' },
  ],
  [
    'Chrome on an Android tablet (no "Mobile")',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { browser: 'Chrome', browserVersion: '124.0.0.0', os: 'Android 10', deviceType: 'tablet' },
  ],
  [
    'Chrome on a CUBOT phone (the model name is not a bot)',
    'Mozilla/5.0 (Linux; Android 9; CUBOT P30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.91 Mobile Safari/537.36',
    { browser: 'Chrome', browserVersion: '90.0.4430.91', os: 'Android 9', deviceType: 'mobile' },
  ],
  [
    'Chrome on iPhone (CriOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome', browserVersion: '124.0.6367.88', os: 'iOS 17.4', deviceType: 'mobile' },
  ],
  // Safari
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    { browser: 'Safari', browserVersion: '17.4.1', os: 'macOS 10.15.7', deviceType: 'desktop' },
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', browserVersion: '17.4.1', os: 'iOS 17.4.1', deviceType: 'mobile' },
  ],
  [
    'Safari on iPad (mobile UA)',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', browserVersion: '16.6', os: 'iPadOS 16.6', deviceType: 'tablet' },
  ],
  [
    'Safari on an iPad still on iOS 12 (before the iPadOS name)',
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', browserVersion: '12.1.2', os: 'iOS 12.5.7', deviceType: 'tablet' },
  ],
  [
    'Safari on iPadOS in desktop mode (Macintosh UA, touch screen)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    { browser: 'Safari', browserVersion: '17.4', os: 'iPadOS', deviceType: 'tablet' },
    5,
  ],
  [
    'the same UA on a Mac (no touch points)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    { browser: 'Safari', browserVersion: '17.4', os: 'macOS 10.15.7', deviceType: 'desktop' },
    0,
  ],
  [
    'an iOS app WebView (no Version/, no Safari/)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    { browser: 'Unknown', browserVersion: 'Unknown', os: 'iOS 17.4', deviceType: 'mobile' },
  ],
  [
    'the pre-Chromium Android stock browser (says Version/ and Safari/, is not Safari)',
    'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebkit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
    { browser: 'Unknown', browserVersion: 'Unknown', os: 'Android 4.0.3', deviceType: 'mobile' },
  ],
  // Firefox
  [
    'Firefox on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    { browser: 'Firefox', browserVersion: '125.0', os: 'Windows 10', deviceType: 'desktop' },
  ],
  [
    'Firefox on macOS (dotted version)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0',
    { browser: 'Firefox', browserVersion: '125.0', os: 'macOS 10.15', deviceType: 'desktop' },
  ],
  [
    'Firefox on Ubuntu',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    { browser: 'Firefox', browserVersion: '125.0', os: 'Linux', deviceType: 'desktop' },
  ],
  [
    'Firefox on FreeBSD (unlisted system, still a desktop)',
    'Mozilla/5.0 (X11; FreeBSD amd64; rv:125.0) Gecko/20100101 Firefox/125.0',
    { browser: 'Firefox', browserVersion: '125.0', os: 'Unknown', deviceType: 'desktop' },
  ],
  [
    'Firefox on an Android phone',
    'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
    { browser: 'Firefox', browserVersion: '125.0', os: 'Android 14', deviceType: 'mobile' },
  ],
  [
    'Firefox on an Android tablet',
    'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0',
    { browser: 'Firefox', browserVersion: '125.0', os: 'Android 14', deviceType: 'tablet' },
  ],
  [
    'Firefox on iPhone (FxiOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
    { browser: 'Firefox', browserVersion: '125.0', os: 'iOS 17.4.1', deviceType: 'mobile' },
  ],
  // Edge
  [
    'Edge on Windows (Edg/)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
    { browser: 'Edge', browserVersion: '124.0.2478.80', os: 'Windows 10', deviceType: 'desktop' },
  ],
  [
    'legacy Edge (EdgeHTML) on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
    { browser: 'Edge', browserVersion: '18.19045', os: 'Windows 10', deviceType: 'desktop' },
  ],
  [
    'Edge on Android (EdgA/)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64',
    { browser: 'Edge', browserVersion: '124.0.2478.64', os: 'Android 10', deviceType: 'mobile' },
  ],
  [
    'Edge on iPhone (EdgiOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.50 Mobile/15E148 Safari/605.1.15',
    { browser: 'Edge', browserVersion: '124.2478.50', os: 'iOS 17.4', deviceType: 'mobile' },
  ],
  // Samsung Internet, Opera
  [
    'Samsung Internet on a Galaxy phone',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    { browser: 'Samsung Internet', browserVersion: '25.0', os: 'Android 14', deviceType: 'mobile' },
  ],
  [
    'Samsung Internet on a Galaxy Tab',
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36',
    { browser: 'Samsung Internet', browserVersion: '23.0', os: 'Android 13', deviceType: 'tablet' },
  ],
  [
    'Opera on Windows (OPR/)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
    { browser: 'Opera', browserVersion: '110.0.0.0', os: 'Windows 10', deviceType: 'desktop' },
  ],
  [
    'Opera on Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 OPR/80.4.4244.7786',
    { browser: 'Opera', browserVersion: '80.4.4244.7786', os: 'Android 10', deviceType: 'mobile' },
  ],
  // WebViews and in-app browsers
  [
    'Android WebView inside an app',
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.114 Mobile Safari/537.36',
    { browser: 'Android WebView', browserVersion: '116.0.5845.114', os: 'Android 13', deviceType: 'mobile' },
  ],
  [
    'Facebook in-app browser on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.38.104;FBBV/580129618;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.4.1;FBSS/3;FBID/phone;FBLC/es_LA;FBOP/5;FBRV/581778556]',
    { browser: 'Facebook', browserVersion: '458.0.0.38.104', os: 'iOS 17.4.1', deviceType: 'mobile' },
  ],
  [
    'Facebook in-app browser on Android (also a WebView)',
    'Mozilla/5.0 (Linux; Android 14; SM-A546E Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]',
    { browser: 'Facebook', browserVersion: '460.0.0.48.109', os: 'Android 14', deviceType: 'mobile' },
  ],
  [
    'Instagram in-app browser on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 327.0.3.27.106 (iPhone14,2; iOS 17_4; es_MX; es; scale=3.00; 1170x2532; 582418458)',
    { browser: 'Instagram', browserVersion: '327.0.3.27.106', os: 'iOS 17.4', deviceType: 'mobile' },
  ],
  [
    'Instagram in-app browser on Android',
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36 Instagram 325.0.0.35.91 Android (33/13; 450dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; es_MX; 583386866)',
    { browser: 'Instagram', browserVersion: '325.0.0.35.91', os: 'Android 13', deviceType: 'mobile' },
  ],
  // Crawlers and garbage
  ['Googlebot (desktop)', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', UNKNOWN_AGENT],
  [
    'Googlebot (smartphone, looks like Chrome on Android)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    UNKNOWN_AGENT,
  ],
  ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', UNKNOWN_AGENT],
  ['Facebook link previewer', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', UNKNOWN_AGENT],
  ['Facebook link previewer, bare', 'facebookexternalhit/1.1', UNKNOWN_AGENT],
  ['Yahoo Slurp', 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)', UNKNOWN_AGENT],
  ['empty string', '', UNKNOWN_AGENT],
  ['only spaces', '   ', UNKNOWN_AGENT],
  ['garbage', 'garbage', UNKNOWN_AGENT],
  ['curl', 'curl/8.5.0', UNKNOWN_AGENT],
]

describe('parseUserAgent', () => {
  it.each(CASES)('%s', (_label, userAgent, expected, maxTouchPoints) => {
    expect(parseUserAgent(userAgent, maxTouchPoints)).toStrictEqual(expected)
  })

  it('covers every listed browser name and OS family with real strings', () => {
    const browsers = new Set(CASES.map(([, , expected]) => expected.browser))
    const systems = new Set(CASES.map(([, , expected]) => expected.os.split(' ')[0]))
    for (const name of ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera', 'Android WebView', 'Facebook', 'Instagram'])
      expect(browsers).toContain(name)
    for (const name of ['Windows', 'macOS', 'iOS', 'iPadOS', 'Android', 'Linux', 'ChromeOS']) expect(systems).toContain(name)
    expect(CASES.length).toBeGreaterThanOrEqual(20)
  })

  it('treats one touch point (a touch-enabled Mac pointer) as a Mac, not an iPad', () => {
    const safariMac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
    expect(parseUserAgent(safariMac, 1)).toMatchObject({ os: 'macOS 10.15.7', deviceType: 'desktop' })
  })

  it('returns a fresh object each time', () => {
    const first = parseUserAgent('')
    first.browser = 'changed'
    expect(parseUserAgent('').browser).toBe('Unknown')
  })
})

describe('UNKNOWN_LOCATION', () => {
  it('is all Unknown text and null coordinates, and frozen', () => {
    expect(UNKNOWN).toBe('Unknown')
    expect(UNKNOWN_LOCATION).toStrictEqual({
      country: 'Unknown',
      city: 'Unknown',
      region: 'Unknown',
      latitude: null,
      longitude: null,
      timezone: 'Unknown',
    })
    expect(Object.isFrozen(UNKNOWN_LOCATION)).toBe(true)
  })
})

describe('sessionInfo', () => {
  const CANCUN: ClientLocation = {
    country: 'Mexico',
    city: 'Cancún',
    region: 'Quintana Roo',
    latitude: 21.1619,
    longitude: -86.8515,
    timezone: 'America/Cancun',
  }
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1'

  it('fills every field from the environment and keeps the location as given', () => {
    const info = sessionInfo(
      { userAgent: IPHONE_SAFARI, viewportWidth: 390.4, viewportHeight: 843.6, referrer: 'https://www.google.com/', maxTouchPoints: 5 },
      CANCUN,
    )
    expect(info).toStrictEqual({
      browser: 'Safari',
      browserVersion: '17.4.1',
      os: 'iOS 17.4.1',
      deviceType: 'mobile',
      screenWidth: 390,
      screenHeight: 844,
      userAgent: IPHONE_SAFARI,
      referrer: 'https://www.google.com/',
      clientLocation: CANCUN,
    })
    expect(info.clientLocation).toBe(CANCUN)
  })

  it('passes maxTouchPoints on (iPadOS desktop mode)', () => {
    const ua = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
    const env = { userAgent: ua, viewportWidth: 1180, viewportHeight: 820, referrer: '' }
    expect(sessionInfo({ ...env, maxTouchPoints: 5 }, UNKNOWN_LOCATION)).toMatchObject({ os: 'iPadOS', deviceType: 'tablet' })
    expect(sessionInfo(env, UNKNOWN_LOCATION)).toMatchObject({ os: 'macOS 10.15.7', deviceType: 'desktop' })
  })

  it('says Unknown for an empty user agent and referrer', () => {
    expect(sessionInfo({ userAgent: '', viewportWidth: 1280, viewportHeight: 800, referrer: '' }, UNKNOWN_LOCATION)).toStrictEqual({
      browser: 'Unknown',
      browserVersion: 'Unknown',
      os: 'Unknown',
      deviceType: 'Unknown',
      screenWidth: 1280,
      screenHeight: 800,
      userAgent: 'Unknown',
      referrer: 'Unknown',
      clientLocation: UNKNOWN_LOCATION,
    })
  })

  it('gives 0 for a viewport size that is not a positive number', () => {
    const env = { userAgent: IPHONE_SAFARI, referrer: '' }
    expect(sessionInfo({ ...env, viewportWidth: Number.NaN, viewportHeight: -3 }, UNKNOWN_LOCATION)).toMatchObject({
      screenWidth: 0,
      screenHeight: 0,
    })
    expect(sessionInfo({ ...env, viewportWidth: Infinity, viewportHeight: 0.4 }, UNKNOWN_LOCATION)).toMatchObject({
      screenWidth: 0,
      screenHeight: 0,
    })
  })
})
