import type { ClientLocation, SessionInfo } from '../protocol'

/** docs/behaviour.md#session-metrics: unknown session values are the text 'Unknown'. */
export const UNKNOWN = 'Unknown'

/** docs/behaviour.md#session-metrics: every text 'Unknown', coordinates null. Frozen: share it, never mutate it. */
export const UNKNOWN_LOCATION: ClientLocation = Object.freeze({
  country: UNKNOWN,
  city: UNKNOWN,
  region: UNKNOWN,
  latitude: null,
  longitude: null,
  timezone: UNKNOWN,
})

export interface ParsedUserAgent {
  browser: string
  browserVersion: string
  os: string
  deviceType: 'mobile' | 'tablet' | 'desktop' | 'Unknown'
}

/**
 * Crawlers that dress up as browsers ("Googlebot/2.1", "+http://…/bot.html"); Googlebot's
 * smartphone UA carries "Android ... Chrome/", so this runs first. Deliberately not a bare /bot/:
 * phone models such as "CUBOT P30" must not count. Other crawlers match no rule below anyway.
 */
const BOT = /(?:bot|crawler|spider)(?:-\w+)?\/|\+https?:\/\//i

/**
 * Browser rules, first match wins. Order matters: in-app browsers and WebViews also say "Chrome/"
 * or "Safari/"; Edge, Opera and Samsung Internet say "Chrome/"; Chrome on Android says "Safari/".
 * The first capture group is the version, as written in the UA.
 */
const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Instagram', /\bInstagram (\d[\d.]*)/],
  ['Facebook', /\bFBAV\/(\d[\d.]*)/],
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d[\d.]*)/],
  ['Opera', /\bOPR\/(\d[\d.]*)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d[\d.]*)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d[\d.]*)/],
  ['Chrome', /\bCriOS\/(\d[\d.]*)/],
  ['Android WebView', /; wv\).*?\bChrome\/(\d[\d.]*)/],
  ['Chrome', /\bChrome\/(\d[\d.]*)/],
  // Safari proper has both tokens; iOS app WebViews (no "Version/") stay Unknown, and so does
  // the pre-Chromium Android stock browser, which also said "Version/4.0 ... Safari/".
  ['Safari', /^(?!.*\bAndroid\b).*\bVersion\/(\d[\d.]*).*\bSafari\//],
]

/** Windows NT kernel versions as marketed. Windows 11 still sends NT 10.0, so it reads '10'. */
const WINDOWS_VERSIONS: Readonly<Record<string, string>> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.2': 'XP',
  '5.1': 'XP',
}

/** iOS and macOS write versions with underscores (17_4_1); report them with dots. */
const dotted = (version: string) => version.replace(/_/g, '.')
const withVersion = (name: string, version: string | undefined) => (version ? `${name} ${version}` : name)

/**
 * The operating system, with its version where the UA carries one, as written (underscores
 * become dots). Order matters: iOS UAs say "like Mac OS X", Android UAs say "Linux".
 * `touch` marks iPadOS in desktop mode, whose Safari sends a Macintosh UA.
 */
function parseOs(ua: string, touch: boolean): string {
  let match: RegExpMatchArray | null
  if ((match = ua.match(/\bWindows NT (\d+\.\d+)/))) return `Windows ${WINDOWS_VERSIONS[match[1]!] ?? match[1]!}`
  if ((match = ua.match(/\b(iPhone|iPod|iPad)\b/))) {
    const version = ua.match(/\bOS (\d+(?:_\d+)*) like Mac OS X/)?.[1]
    // The iPad's system is called iPadOS from version 13 on.
    const name = match[1] === 'iPad' && !(version && Number.parseInt(version, 10) < 13) ? 'iPadOS' : 'iOS'
    return withVersion(name, version && dotted(version))
  }
  if ((match = ua.match(/\bAndroid(?: (\d+(?:\.\d+)*))?/))) return withVersion('Android', match[1])
  if ((match = ua.match(/\bCrOS \S+ (\d+(?:\.\d+)*)/))) return withVersion('ChromeOS', match[1])
  if (/\bMacintosh\b/.test(ua)) {
    if (touch) return 'iPadOS' // desktop-mode UA: the real iPadOS version is not in it
    const version = ua.match(/\bMac OS X (\d+(?:[_.]\d+)*)/)?.[1]
    return withVersion('macOS', version && dotted(version))
  }
  if (/\bLinux\b/.test(ua)) return 'Linux'
  return UNKNOWN
}

/** Unrecognised systems (FreeBSD, ...) of a recognised browser count as desktop; garbage does not. */
function parseDevice(ua: string, recognised: boolean, touch: boolean): ParsedUserAgent['deviceType'] {
  if (/\bAndroid\b/.test(ua)) return /\bMobile\b/.test(ua) ? 'mobile' : 'tablet'
  if (/\b(?:iPhone|iPod)\b/.test(ua)) return 'mobile'
  if (/\biPad\b/.test(ua) || (touch && /\bMacintosh\b/.test(ua))) return 'tablet'
  return recognised ? 'desktop' : UNKNOWN
}

const UNKNOWN_AGENT: ParsedUserAgent = Object.freeze({
  browser: UNKNOWN,
  browserVersion: UNKNOWN,
  os: UNKNOWN,
  deviceType: UNKNOWN,
})

/**
 * Browser, version, OS and device type from a user-agent string (docs/behaviour.md#session-metrics). Empty strings and
 * crawlers give 'Unknown' everywhere; so does the device type when neither browser nor OS is known.
 * Modern Chromium sends a reduced UA ("Android 10; K", "Chrome/124.0.0.0"): those frozen values
 * are reported as written.
 * `maxTouchPoints` (navigator.maxTouchPoints) tells an iPad in desktop mode from a Mac.
 */
export function parseUserAgent(userAgent: string, maxTouchPoints = 0): ParsedUserAgent {
  const ua = userAgent.trim()
  if (ua === '' || BOT.test(ua)) return { ...UNKNOWN_AGENT }
  const touch = maxTouchPoints > 1
  let browser = UNKNOWN
  let browserVersion = UNKNOWN
  for (const [name, pattern] of BROWSERS) {
    const match = ua.match(pattern)
    if (match) {
      browser = name
      browserVersion = match[1]!
      break
    }
  }
  const os = parseOs(ua, touch)
  const recognised = browser !== UNKNOWN || os !== UNKNOWN
  return { browser, browserVersion, os, deviceType: parseDevice(ua, recognised, touch) }
}

/** A viewport size as a whole, non-negative number of pixels. */
function pixels(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value) : 0
}

const orUnknown = (text: string) => (text.trim() === '' ? UNKNOWN : text)

/** Session info (docs/behaviour.md#session-metrics) from the browser environment and the visitor's location. */
export function sessionInfo(
  env: { userAgent: string; viewportWidth: number; viewportHeight: number; referrer: string; maxTouchPoints?: number },
  clientLocation: ClientLocation,
): SessionInfo {
  return {
    ...parseUserAgent(env.userAgent, env.maxTouchPoints),
    screenWidth: pixels(env.viewportWidth),
    screenHeight: pixels(env.viewportHeight),
    userAgent: orUnknown(env.userAgent),
    referrer: orUnknown(env.referrer),
    clientLocation,
  }
}
