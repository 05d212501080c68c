import { CHAT_NAMESPACE } from '../protocol'

/** The widget props of spec §3, read from the script tag's data attributes (design.md §1). */
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
} as const satisfies Record<keyof WidgetProps, string>

const REQUIRED = ['socketUrl', 'idAgent', 'api_key'] as const

export type PropsResult = { ok: true; props: WidgetProps } | { ok: false; error: string }

/**
 * Read and check the props. `attribute` returns an attribute's value or null; `pageUrl` resolves
 * a relative socket URL. Missing or invalid required attributes give one message naming them.
 */
export function readWidgetProps(
  attribute: (name: string) => string | null,
  pageUrl: string,
  defaultInstanceName: string,
): PropsResult {
  const value = (key: keyof WidgetProps) => attribute(PROP_ATTRIBUTES[key])?.trim() || undefined
  const missing = REQUIRED.filter((key) => !value(key)).map((key) => PROP_ATTRIBUTES[key])
  if (missing.length > 0) {
    const list = missing.join(', ')
    return {
      ok: false,
      error: `[chat-widget] Missing required attribute${missing.length > 1 ? 's' : ''} ${list} on the widget's <script> tag; the chat was not mounted.`,
    }
  }
  const socketUrl = httpUrl(value('socketUrl')!, pageUrl)?.replace(/\/$/, '') // the namespace is appended
  if (!socketUrl) {
    return {
      ok: false,
      error: `[chat-widget] ${PROP_ATTRIBUTES.socketUrl} must be an http(s) URL; the chat was not mounted.`,
    }
  }
  const nameSpace = value('nameSpace') ?? CHAT_NAMESPACE
  const iconButton = value('iconButton')
  const gaTrackingId = value('gaTrackingId')
  const ipLookupUrl = value('ipLookupUrl')
  return {
    ok: true,
    props: {
      socketUrl,
      idAgent: value('idAgent')!,
      api_key: value('api_key')!,
      nameSpace: nameSpace.startsWith('/') ? nameSpace : `/${nameSpace}`,
      instanceName: value('instanceName') ?? defaultInstanceName,
      ...(gaTrackingId ? { gaTrackingId } : {}),
      ...(iconButton && httpUrl(iconButton, pageUrl) ? { iconButton: httpUrl(iconButton, pageUrl)! } : {}),
      ...(ipLookupUrl && httpUrl(ipLookupUrl, pageUrl) ? { ipLookupUrl: httpUrl(ipLookupUrl, pageUrl)! } : {}),
    },
  }
}

/** The absolute URL when it is http(s), else null. */
export function httpUrl(raw: string, base: string): string | null {
  try {
    const url = new URL(raw, base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.href
  } catch {
    return null
  }
}
