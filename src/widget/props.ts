import { CHAT_NAMESPACE } from '../protocol'
import { closest, misspeltAttributes } from './attribute-typos'
import { LAUNCHER_OFFSET_PX, MAX_LAUNCHER_OFFSET_PX } from './constants'
import { toHttpUrl } from './http-url'

/** The corner the launcher sits in (docs/behaviour.md#placement); bottom-left is the spec's. */
export const LAUNCHER_POSITIONS = ['bottom-left', 'bottom-right'] as const
export type LauncherPosition = (typeof LAUNCHER_POSITIONS)[number]

/** The widget props, read from the script tag's data attributes (docs/behaviour.md#embed). */
export interface WidgetProps {
  socketUrl: string
  idAgent: string
  api_key: string
  nameSpace: string
  instanceName: string
  gaTrackingId?: string
  iconButton?: string
  /** IP geolocation service (JSON with country_name, city, region, timezone, latitude, longitude). */
  ipLookupUrl?: string
  /** Placement, only when the tag chooses one; the defaults live with the styles. */
  position?: LauncherPosition
  offsetX?: number
  offsetY?: number
  /**
   * data-socket-url as written when it was relative, so resolved against the page, and the
   * origin widget.js came from when another: what the unreachable error names (docs/behaviour.md#setup-errors).
   */
  relativeSocketUrl?: { written: string; scriptOrigin?: string }
}

/** Data attribute of each prop, as a site owner writes it. */
export const PROP_ATTRIBUTES = {
  socketUrl: 'data-socket-url',
  idAgent: 'data-id-agent',
  api_key: 'data-api-key',
  instanceName: 'data-instance-name',
  nameSpace: 'data-name-space',
  gaTrackingId: 'data-ga-tracking-id',
  iconButton: 'data-icon-button',
  ipLookupUrl: 'data-ip-lookup-url',
  position: 'data-position',
  offsetX: 'data-offset-x',
  offsetY: 'data-offset-y',
} as const satisfies Record<Exclude<keyof WidgetProps, 'relativeSocketUrl'>, string>

const REQUIRED = ['socketUrl', 'idAgent', 'api_key'] as const

/** Mounted with `props`; each warning is a console line for the integrator (a value ignored or corrected). */
export type PropsResult = { ok: true; props: WidgetProps; warnings: string[] } | { ok: false; error: string }

/**
 * Read and check the props. `attribute` returns an attribute's value or null; `pageUrl` resolves
 * a relative socket URL; `attributeNames` are all the tag's attributes, to catch misspelt ones.
 * Missing or invalid required attributes give one message naming them (and a misspelt name
 * that was probably meant); an optional value that cannot be used, or an attribute that looks
 * like a misspelt one, gives a warning and its default.
 */
export function readWidgetProps(
  attribute: (name: string) => string | null,
  pageUrl: string,
  defaultInstanceName: string,
  attributeNames: readonly string[] = [],
): PropsResult {
  const value = (key: keyof typeof PROP_ATTRIBUTES) => attribute(PROP_ATTRIBUTES[key])?.trim() || undefined
  const misspelt = misspeltAttributes(attributeNames, Object.values(PROP_ATTRIBUTES))
  const missing: string[] = REQUIRED.filter((key) => !value(key)).map((key) => PROP_ATTRIBUTES[key])
  if (missing.length > 0) {
    // An empty one is there on the tag: "missing" alone would send the integrator looking for it.
    const list = missing.map((name) => (attribute(name) === null ? name : `${name} (empty)`)).join(', ')
    const hints = misspelt.filter(([, meant]) => missing.includes(meant)).map(([name, meant]) => ` ${name} is not read: did you mean ${meant}?`)
    return {
      ok: false,
      error: `[chat-widget] Missing required attribute${missing.length > 1 ? 's' : ''} ${list} on the widget's <script> tag; the chat was not mounted.${hints.join('')}`,
    }
  }
  const givenUrl = value('socketUrl')!
  const resolved = httpUrl(givenUrl, pageUrl)?.replace(/\/$/, '') // the namespace is appended
  if (!resolved || HOST_WITHOUT_SCHEME.test(givenUrl)) {
    return {
      ok: false,
      error: `[chat-widget] ${PROP_ATTRIBUTES.socketUrl} "${givenUrl}" is not an http(s) URL; the chat was not mounted. Write the chat server's address with http:// or https://, e.g. ${socketUrlExample(givenUrl)}.`,
    }
  }
  const warnings: string[] = misspelt.map(([name, meant]) => `[chat-widget] The widget does not read ${name}, so it was ignored: did you mean ${meant}?`)
  const rawNameSpace = value('nameSpace') ?? CHAT_NAMESPACE
  const nameSpace = rawNameSpace.startsWith('/') ? rawNameSpace : `/${rawNameSpace}`
  const socketUrl = withoutNameSpace(resolved, nameSpace)
  if (socketUrl !== resolved) {
    warnings.push(
      `[chat-widget] ${PROP_ATTRIBUTES.socketUrl} "${value('socketUrl')}" already ends with the namespace "${nameSpace}", which the widget adds itself; connecting to ${socketUrl}${nameSpace}. Remove "${nameSpace}" from ${PROP_ATTRIBUTES.socketUrl}.`,
    )
  }
  // Not "//host": only a path takes the page's host.
  const relative = !toHttpUrl(givenUrl) && !givenUrl.startsWith('//')
  const scriptOrigin = toHttpUrl(attribute('src') ?? '', pageUrl)?.origin
  const iconButton = value('iconButton')
  const gaTrackingId = trackingId(value('gaTrackingId'), warnings)
  const ipLookupUrl = value('ipLookupUrl')
  const position = launcherPosition(value('position'), warnings)
  const offsetX = launcherOffset('offsetX', value('offsetX'), warnings)
  const offsetY = launcherOffset('offsetY', value('offsetY'), warnings)
  return {
    ok: true,
    warnings,
    props: {
      socketUrl,
      idAgent: value('idAgent')!,
      api_key: value('api_key')!,
      nameSpace,
      instanceName: value('instanceName') ?? defaultInstanceName,
      ...(gaTrackingId ? { gaTrackingId } : {}),
      ...(iconButton && httpUrl(iconButton, pageUrl) ? { iconButton: httpUrl(iconButton, pageUrl)! } : {}),
      ...(ipLookupUrl && httpUrl(ipLookupUrl, pageUrl) ? { ipLookupUrl: httpUrl(ipLookupUrl, pageUrl)! } : {}),
      ...(position ? { position } : {}),
      ...(offsetX !== undefined ? { offsetX } : {}),
      ...(offsetY !== undefined ? { offsetY } : {}),
      ...(relative ? { relativeSocketUrl: { written: givenUrl, ...(scriptOrigin !== new URL(socketUrl).origin ? { scriptOrigin } : {}) } } : {}),
    },
  }
}

/**
 * A host name (with a dot or a port) written without `https://`, e.g. `chat.example.com` or
 * `localhost:3000`: as a URL it would be a path of the page's own site (or a scheme "localhost:").
 */
const HOST_WITHOUT_SCHEME = /^(?![a-z][a-z0-9+.-]*:\/\/)(localhost|[a-z0-9-]+(\.[a-z0-9-]+)+)(:\d+)?(\/|$)/i

/** What the integrator probably meant: the host with https://, ws(s):// as http(s)://, else a sample. */
function socketUrlExample(given: string): string {
  if (HOST_WITHOUT_SCHEME.test(given)) return `https://${given}`
  if (/^wss?:\/\//i.test(given)) return given.replace(/^ws/i, 'http')
  return 'https://chat.example.com'
}

/**
 * socket.io reads a URL's path as the namespace, so `http://host/chat` plus the namespace
 * `/chat` would ask for `/chat/chat`: the URL without that ending (the URL `npm start` prints).
 */
function withoutNameSpace(socketUrl: string, nameSpace: string): string {
  if (nameSpace === '/') return socketUrl
  const url = new URL(socketUrl)
  const path = url.pathname.replace(/\/$/, '')
  if (!path.endsWith(nameSpace)) return socketUrl
  url.pathname = path.slice(0, -nameSpace.length) || '/'
  return url.href.replace(/\/$/, '')
}

/** An id whose characters after the prefix are only X's (G-XXXX, UA-XXXXX-X): a snippet pasted as is. */
const PLACEHOLDER_TRACKING_ID = /^[a-z]{1,4}-[x-]+(-\d+)?$/i

function trackingId(raw: string | undefined, warnings: string[]): string | undefined {
  if (!raw || !PLACEHOLDER_TRACKING_ID.test(raw)) return raw
  warnings.push(
    `[chat-widget] ${PROP_ATTRIBUTES.gaTrackingId} "${raw}" is a placeholder, so no analytics tag is loaded. Put your own tag id there, or remove the attribute.`,
  )
  return undefined
}

function launcherPosition(raw: string | undefined, warnings: string[]): LauncherPosition | undefined {
  if (!raw) return undefined
  const position = LAUNCHER_POSITIONS.find((p) => p === raw.toLowerCase())
  if (!position) {
    const meant = closest(raw, LAUNCHER_POSITIONS) // right, bottom right, bottom_right
    warnings.push(
      `[chat-widget] ${PROP_ATTRIBUTES.position} "${raw}" is not one of ${LAUNCHER_POSITIONS.join(', ')}${meant ? ` (did you mean ${meant}?)` : ''}; using ${LAUNCHER_POSITIONS[0]}.`,
    )
  }
  return position
}

/** Whole pixels from 0 to MAX_LAUNCHER_OFFSET_PX, written `24` or `24px`. */
function launcherOffset(key: 'offsetX' | 'offsetY', raw: string | undefined, warnings: string[]): number | undefined {
  if (!raw) return undefined
  const match = /^(\d+)(px)?$/i.exec(raw)
  const px = match ? Number(match[1]) : NaN
  if (px <= MAX_LAUNCHER_OFFSET_PX) return px
  warnings.push(`[chat-widget] ${PROP_ATTRIBUTES[key]} "${raw}" is not a whole number of pixels from 0 to ${MAX_LAUNCHER_OFFSET_PX}; using ${LAUNCHER_OFFSET_PX}.`)
  return undefined
}

/** The absolute URL when it is http(s), else null. */
export const httpUrl = (raw: string, base: string): string | null => toHttpUrl(raw, base)?.href ?? null
