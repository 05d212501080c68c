import type { ClientLocation } from '../protocol'
import { GEOLOCATION_TIMEOUT_MS } from './constants'
import { UNKNOWN, UNKNOWN_LOCATION } from './session'

export interface LocationDeps {
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined
  /** GET the URL and parse JSON; rejects on network/HTTP errors. */
  fetchJson: (url: string, signal: AbortSignal) => Promise<unknown>
  ipLookupUrl: string
  /** Where failures are reported (console in the widget); never throws. */
  log: (message: string, error?: unknown) => void
}

/** Not in the spec: a hung IP lookup must end, so it is aborted after this long. */
export const IP_LOOKUP_TIMEOUT_MS = 5000

/** docs/behaviour.md#location: high accuracy, timeout 5 s, no cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = Object.freeze({
  enableHighAccuracy: true,
  timeout: GEOLOCATION_TIMEOUT_MS,
  maximumAge: 0,
})

/**
 * Not in the spec: the geolocation `timeout` only starts once permission is granted, so an
 * unanswered prompt (or a broken implementation) would never call back. Give up this long
 * after asking; a late answer is ignored.
 */
export const GEOLOCATION_GUARD_MS = GEOLOCATION_TIMEOUT_MS + 1000

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function text(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : UNKNOWN
}

/** A finite number (or numeric string) within ±limit, else null. */
function coordinate(value: unknown, limit: number): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null
}

/** The location in an IP lookup answer (docs/behaviour.md#location); whatever is missing or malformed is Unknown/null. */
export function ipLocation(data: unknown): ClientLocation {
  if (!isRecord(data)) return { ...UNKNOWN_LOCATION }
  return {
    country: text(data.country_name),
    city: text(data.city),
    region: text(data.region),
    latitude: coordinate(data.latitude, 90),
    longitude: coordinate(data.longitude, 180),
    timezone: text(data.timezone),
  }
}

/** True when at least one field differs from Unknown/null. */
function knowsAnything(location: ClientLocation): boolean {
  return (Object.keys(UNKNOWN_LOCATION) as (keyof ClientLocation)[]).some((key) => location[key] !== UNKNOWN_LOCATION[key])
}

/** `deps.log` is documented never to throw; this keeps "never rejects" true even if it does. */
function report(deps: LocationDeps, message: string, error?: unknown): void {
  try {
    deps.log(message, error)
  } catch {
    // nothing sensible left to do
  }
}

/**
 * The visitor's location from the IP lookup, or null (logged, docs/behaviour.md#location) when the request fails,
 * takes longer than IP_LOOKUP_TIMEOUT_MS, or answers no location at all (ipapi.co answers
 * `{ "error": true, "reason": ... }` for reserved addresses and rate limits).
 */
export async function lookupIp(deps: LocationDeps): Promise<ClientLocation | null> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  // Raced as well as passed on, so a fetchJson that ignores the signal still ends on time.
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`IP lookup timed out after ${IP_LOOKUP_TIMEOUT_MS} ms`)
      controller.abort(error)
      reject(error)
    }, IP_LOOKUP_TIMEOUT_MS)
  })
  try {
    const data = await Promise.race([deps.fetchJson(deps.ipLookupUrl, controller.signal), timedOut])
    if (isRecord(data) && data.error === true) {
      report(deps, `IP lookup refused: ${text(data.reason)}`, data)
      return null
    }
    const location = ipLocation(data)
    if (!knowsAnything(location)) {
      report(deps, 'IP lookup answered no location', data)
      return null
    }
    return location
  } catch (error) {
    report(deps, 'IP lookup failed', error)
    return null
  } finally {
    clearTimeout(timer)
  }
}

const GEOLOCATION_ERRORS: Readonly<Record<number, string>> = {
  1: 'permission denied',
  2: 'position unavailable',
  3: 'timed out',
}

function geolocationFailure(error: unknown): string {
  const code = isRecord(error) && typeof error.code === 'number' ? error.code : undefined
  return `Geolocation failed (${(code !== undefined && GEOLOCATION_ERRORS[code]) || 'unknown error'}); using the IP lookup`
}

/** The browser's coordinates, or null (logged, docs/behaviour.md#location) on any failure. Never rejects. */
function browserPosition(deps: LocationDeps): Promise<{ latitude: number; longitude: number } | null> {
  const { geolocation } = deps
  if (!geolocation) {
    report(deps, 'Geolocation is not available; using the IP lookup')
    return Promise.resolve(null)
  }
  return new Promise((resolve) => {
    let settled = false
    let guard: ReturnType<typeof setTimeout> | undefined
    const finish = (result: { latitude: number; longitude: number } | null, message?: string, error?: unknown) => {
      if (settled) return
      settled = true
      clearTimeout(guard)
      if (message) report(deps, message, error)
      resolve(result)
    }
    guard = setTimeout(
      () => finish(null, `Geolocation did not answer within ${GEOLOCATION_GUARD_MS} ms; using the IP lookup`),
      GEOLOCATION_GUARD_MS,
    )
    try {
      geolocation.getCurrentPosition(
        (position) => {
          const latitude = coordinate(position?.coords?.latitude, 90)
          const longitude = coordinate(position?.coords?.longitude, 180)
          if (latitude === null || longitude === null) finish(null, 'Geolocation gave invalid coordinates; using the IP lookup', position)
          else finish({ latitude, longitude })
        },
        (error) => finish(null, geolocationFailure(error), error),
        GEOLOCATION_OPTIONS,
      )
    } catch (error) {
      finish(null, 'Geolocation threw; using the IP lookup', error)
    }
  })
}

/**
 * docs/behaviour.md#location location flow: the browser's precise position, completed (country, city, region,
 * timezone) by the IP lookup; on failure or unavailability, everything from the IP lookup; if
 * that fails too, UNKNOWN_LOCATION itself (docs/behaviour.md#location). Failures are logged; it never rejects.
 * Both answers are needed in every case, so the IP lookup runs while the browser is asked.
 */
export async function locateVisitor(deps: LocationDeps): Promise<{ location: ClientLocation; precise: boolean }> {
  const [position, ip] = await Promise.all([browserPosition(deps), lookupIp(deps)])
  if (position) return { location: { ...(ip ?? UNKNOWN_LOCATION), ...position }, precise: true }
  return { location: ip ?? UNKNOWN_LOCATION, precise: false }
}
