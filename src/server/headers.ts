/**
 * Security headers (docs/behaviour.md#security-headers): the ones every answer carries, and the
 * site pages' nonce-based Content-Security-Policy. Pure: the server sets what these return.
 */
import { randomBytes } from 'node:crypto'
import { DEFAULT_IP_LOOKUP_URL } from '../protocol'

/** HSTS for a year once the site is served over https (PUBLIC_URL); never on plain http. */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60
/** 128 random bits per page response. */
const NONCE_BYTES = 16

/** Features no page of ours uses are off; geolocation stays for the widget's "Compartir ubicación". */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)'

/** Headers for every answer of the server. */
export function baseHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(https ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` } : {}),
  }
}

export const newNonce = () => randomBytes(NONCE_BYTES).toString('base64')

/** Origin of a URL (http or https, also ws/wss for a socket), or null when it is relative or not a URL. */
const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url)
    return /^(https?|wss?):$/.test(parsed.protocol) ? parsed.origin : null
  } catch {
    return null
  }
}
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws')

/**
 * The site pages' policy: scripts only with this response's nonce (and what they load:
 * 'strict-dynamic' covers the route chunks), no plugins, no <base>, never framed. Styles come
 * from the site's own files, the widget's constructed stylesheets or its nonce'd <style>; the
 * prerendered markup's `style` attributes (bar widths) are the only inline styles.
 */
export function sitePageCsp(nonce: string, options: { widgetSocketUrl: string; publicUrl: string }): string {
  // The agent's images and links use PUBLIC_URL, which may be another name of this server.
  const site = originOf(options.publicUrl)
  const connect = ["'self'", site, originOf(DEFAULT_IP_LOOKUP_URL)]
  const widget = originOf(options.widgetSocketUrl)
  if (widget) connect.push(widget, socketOrigin(widget))
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    ['img-src', "'self'", site, 'data: blob: https:'].filter(Boolean).join(' '),
    `connect-src ${connect.filter(Boolean).join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The console page's policy: only its own files and inline styles (by hash), its API and socket.
 * Images only from this server and the site's own (the agent's property cards through its /_ipx,
 * PUBLIC_URL): nothing a visitor writes can make the signed-in staff's browser call another host,
 * even if the renderer let an image through (console/visitor-content.ts shows them as links).
 */
export function consolePageCsp(inlineStyles: string, siteUrl: string): string {
  return [
    "default-src 'self'",
    ['img-src', "'self'", originOf(siteUrl), 'data: blob:'].filter(Boolean).join(' '),
    `style-src 'self' ${inlineStyles}`,
    "script-src 'self'",
    "connect-src 'self' ws: wss:",
    "media-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ')
}
