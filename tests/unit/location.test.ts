import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_IP_LOOKUP_URL } from '../../src/protocol'
import {
  GEOLOCATION_GUARD_MS,
  IP_LOOKUP_TIMEOUT_MS,
  ipLocation,
  locateVisitor,
  lookupIp,
  type LocationDeps,
} from '../../src/widget/location'
import { UNKNOWN_LOCATION } from '../../src/widget/session'

const LOOKUP_URL = 'https://ip.example.test/json/'

/** An ipapi.co answer (abridged to the fields it always sends), for a visitor in Cancún. */
const IPAPI_ANSWER = {
  ip: '187.190.12.34',
  network: '187.190.0.0/17',
  version: 'IPv4',
  city: 'Cancún',
  region: 'Quintana Roo',
  region_code: 'ROO',
  country: 'MX',
  country_name: 'Mexico',
  country_code: 'MX',
  postal: '77500',
  latitude: 21.1743,
  longitude: -86.8466,
  timezone: 'America/Cancun',
  utc_offset: '-0500',
  currency: 'MXN',
  org: 'Total Play Telecomunicaciones SA De CV',
}
const FROM_IP = {
  country: 'Mexico',
  city: 'Cancún',
  region: 'Quintana Roo',
  latitude: 21.1743,
  longitude: -86.8466,
  timezone: 'America/Cancun',
}
/** The browser's (precise) position: a street in Zona Hotelera, not the IP's city centre. */
const BROWSER_COORDS = { latitude: 21.1325, longitude: -86.7468 }

type Success = PositionCallback
type Failure = PositionErrorCallback | null | undefined

function positionError(code: 1 | 2 | 3): GeolocationPositionError {
  const messages = { 1: 'User denied Geolocation', 2: 'Position unavailable', 3: 'Timeout expired' }
  return { code, message: messages[code], PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError
}

function position(latitude: number, longitude: number): GeolocationPosition {
  return {
    coords: { latitude, longitude, accuracy: 12, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
    timestamp: Date.now(),
  } as GeolocationPosition
}

/** A geolocation whose getCurrentPosition runs `behaviour` (recorded by vi.fn). */
function fakeGeolocation(behaviour: (success: Success, failure: Failure, options?: PositionOptions) => void) {
  return { getCurrentPosition: vi.fn(behaviour) }
}
/** Answers like a browser does: later, on a timer. */
const grantedAfter = (ms: number, coords = BROWSER_COORDS) =>
  fakeGeolocation((success) => void setTimeout(() => success(position(coords.latitude, coords.longitude)), ms))
const failingAfter = (ms: number, code: 1 | 2 | 3) =>
  fakeGeolocation((_success, failure) => void setTimeout(() => failure?.(positionError(code)), ms))

/** Dependencies with spies on log and fetchJson (wrapping the given ones, if any). */
function makeDeps(overrides: Partial<LocationDeps> = {}) {
  const log = vi.fn<LocationDeps['log']>(overrides.log ?? (() => {}))
  const fetchJson = vi.fn<LocationDeps['fetchJson']>(overrides.fetchJson ?? (async () => structuredClone(IPAPI_ANSWER)))
  const deps: LocationDeps = { geolocation: overrides.geolocation, fetchJson, ipLookupUrl: LOOKUP_URL, log }
  return { deps, log, fetchJson }
}

/** Observe whether a promise has settled, without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false }
  void promise.then((value) => {
    state.settled = true
    state.value = value
  })
  return state
}

const rejectWith = (error: Error): LocationDeps['fetchJson'] => () => Promise.reject(error)
const never: LocationDeps['fetchJson'] = () => new Promise<unknown>(() => {})

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.clearAllTimers()
  vi.useRealTimers()
})

describe('constants', () => {
  it('looks up ipapi.co and gives a hung lookup 5 s', () => {
    expect(DEFAULT_IP_LOOKUP_URL).toBe('https://ipapi.co/json/')
    expect(IP_LOOKUP_TIMEOUT_MS).toBe(5000)
    expect(GEOLOCATION_GUARD_MS).toBe(6000)
  })
})

describe('ipLocation', () => {
  it('reads the six fields of a full answer', () => {
    expect(ipLocation(IPAPI_ANSWER)).toStrictEqual(FROM_IP)
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an array', [IPAPI_ANSWER]],
    ['a string', JSON.stringify(IPAPI_ANSWER)],
    ['a number', 42],
    ['an empty object', {}],
  ])('gives all Unknown/null for %s', (_label, data) => {
    expect(ipLocation(data)).toStrictEqual(UNKNOWN_LOCATION)
  })

  it('returns a fresh, mutable object, never UNKNOWN_LOCATION itself', () => {
    const location = ipLocation(null)
    expect(location).not.toBe(UNKNOWN_LOCATION)
    expect(Object.isFrozen(location)).toBe(false)
  })

  it('keeps what a partial answer has', () => {
    expect(ipLocation({ country_name: 'Mexico', timezone: 'America/Cancun' })).toStrictEqual({
      country: 'Mexico',
      city: 'Unknown',
      region: 'Unknown',
      latitude: null,
      longitude: null,
      timezone: 'America/Cancun',
    })
  })

  it('accepts numeric strings for coordinates and trims text', () => {
    expect(ipLocation({ ...IPAPI_ANSWER, latitude: ' 21.1743 ', longitude: '-86.8466', city: '  Cancún ' })).toStrictEqual(FROM_IP)
  })

  it('turns wrong-typed and empty values into Unknown/null', () => {
    expect(
      ipLocation({ country_name: 52, city: '', region: '   ', timezone: { name: 'America/Cancun' }, latitude: 'north', longitude: true }),
    ).toStrictEqual(UNKNOWN_LOCATION)
    expect(ipLocation({ latitude: '', longitude: null })).toMatchObject({ latitude: null, longitude: null })
    expect(ipLocation({ latitude: Number.NaN, longitude: Infinity })).toMatchObject({ latitude: null, longitude: null })
  })

  it('drops out-of-range coordinates and keeps the edges', () => {
    expect(ipLocation({ latitude: 200, longitude: -181 })).toMatchObject({ latitude: null, longitude: null })
    expect(ipLocation({ latitude: '-90.5', longitude: 180.01 })).toMatchObject({ latitude: null, longitude: null })
    expect(ipLocation({ latitude: -90, longitude: 180 })).toMatchObject({ latitude: -90, longitude: 180 })
    expect(ipLocation({ latitude: 0, longitude: 0 })).toMatchObject({ latitude: 0, longitude: 0 })
  })
})

describe('lookupIp', () => {
  it('GETs the configured URL with an abort signal and reads the answer', async () => {
    const { deps, fetchJson, log } = makeDeps()
    await expect(lookupIp(deps)).resolves.toStrictEqual(FROM_IP)
    expect(fetchJson).toHaveBeenCalledTimes(1)
    expect(fetchJson).toHaveBeenCalledWith(LOOKUP_URL, expect.any(AbortSignal))
    expect(fetchJson.mock.calls[0]![1].aborted).toBe(false)
    expect(log).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0) // its timeout is cleared
  })

  it('gives null and logs when the request rejects', async () => {
    const failure = new Error('HTTP 429')
    const { deps, log } = makeDeps({ fetchJson: rejectWith(failure) })
    await expect(lookupIp(deps)).resolves.toBeNull()
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/IP lookup failed/), failure)
  })

  it('gives null and logs when fetchJson throws synchronously', async () => {
    const failure = new TypeError('Failed to construct URL')
    const { deps, log } = makeDeps({
      fetchJson: () => {
        throw failure
      },
    })
    await expect(lookupIp(deps)).resolves.toBeNull()
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/IP lookup failed/), failure)
  })

  it('aborts a hung lookup after 5000 ms and gives null', async () => {
    const { deps, fetchJson, log } = makeDeps({ fetchJson: never })
    const result = track(lookupIp(deps))
    await vi.advanceTimersByTimeAsync(IP_LOOKUP_TIMEOUT_MS - 1)
    const signal = fetchJson.mock.calls[0]![1]
    expect(signal.aborted).toBe(false)
    expect(result.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(signal.aborted).toBe(true)
    expect(result).toStrictEqual({ settled: true, value: null })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/IP lookup failed/), expect.objectContaining({ message: expect.stringMatching(/timed out after 5000 ms/) }))
  })

  it('ends on time even when fetchJson ignores the abort signal', async () => {
    const late: LocationDeps['fetchJson'] = () => new Promise((resolve) => setTimeout(() => resolve(IPAPI_ANSWER), 60_000))
    const { deps } = makeDeps({ fetchJson: late })
    const result = track(lookupIp(deps))
    await vi.advanceTimersByTimeAsync(IP_LOOKUP_TIMEOUT_MS)
    expect(result).toStrictEqual({ settled: true, value: null })
  })

  it('gives null and logs the reason of an ipapi.co error answer', async () => {
    const refusal = { ip: '127.0.0.1', error: true, reason: 'Reserved IP Address', reserved: true, version: 'IPv4' }
    const { deps, log } = makeDeps({ fetchJson: async () => refusal })
    await expect(lookupIp(deps)).resolves.toBeNull()
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/Reserved IP Address/), refusal)
  })

  it.each([
    ['only coordinates', { latitude: '21.17', longitude: '-86.85' }, { latitude: 21.17, longitude: -86.85 }],
    ['only a latitude', { latitude: 21.17 }, { latitude: 21.17 }],
    ['only a country', { country_name: 'Mexico' }, { country: 'Mexico' }],
    ['only a timezone', { timezone: 'America/Cancun' }, { timezone: 'America/Cancun' }],
  ])('keeps an answer with %s', async (_label, answer, known) => {
    const { deps, log } = makeDeps({ fetchJson: async () => answer })
    await expect(lookupIp(deps)).resolves.toStrictEqual({ ...UNKNOWN_LOCATION, ...known })
    expect(log).not.toHaveBeenCalled()
  })

  it('gives null and logs when the answer holds no location at all', async () => {
    const { deps, log } = makeDeps({ fetchJson: async () => ({ ip: '187.190.12.34' }) })
    await expect(lookupIp(deps)).resolves.toBeNull()
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/no location/), { ip: '187.190.12.34' })
  })
})

describe('locateVisitor', () => {
  it('asks the browser with high accuracy, a 5 s timeout and no cached position', async () => {
    const geolocation = grantedAfter(10)
    const { deps } = makeDeps({ geolocation })
    const done = locateVisitor(deps)
    await vi.advanceTimersByTimeAsync(10)
    await done
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1)
    expect(geolocation.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 5000,
      maximumAge: 0,
    })
  })

  it('granted: coordinates from the browser, the rest from the IP lookup', async () => {
    const { deps, log, fetchJson } = makeDeps({ geolocation: grantedAfter(300) })
    const result = track(locateVisitor(deps))
    await vi.advanceTimersByTimeAsync(299)
    expect(result.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(result.value).toStrictEqual({
      location: { ...FROM_IP, latitude: BROWSER_COORDS.latitude, longitude: BROWSER_COORDS.longitude },
      precise: true,
    })
    expect(fetchJson).toHaveBeenCalledTimes(1)
    expect(log).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0) // guard and lookup timeout cleared
  })

  it('runs the IP lookup while the browser is still being asked', async () => {
    const { deps, fetchJson } = makeDeps({ geolocation: grantedAfter(3000) })
    const done = locateVisitor(deps)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchJson).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(3000)
    await done
  })

  it('granted but the IP lookup fails: browser coordinates, Unknown text, one log', async () => {
    const failure = new Error('HTTP 503')
    const { deps, log } = makeDeps({ geolocation: grantedAfter(50), fetchJson: rejectWith(failure) })
    const done = locateVisitor(deps)
    await vi.advanceTimersByTimeAsync(50)
    await expect(done).resolves.toStrictEqual({
      location: { ...UNKNOWN_LOCATION, latitude: BROWSER_COORDS.latitude, longitude: BROWSER_COORDS.longitude },
      precise: true,
    })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/IP lookup failed/), failure)
  })

  it('denied (code 1): everything from the IP lookup, failure logged', async () => {
    const { deps, log } = makeDeps({ geolocation: failingAfter(800, 1) })
    const done = locateVisitor(deps)
    await vi.advanceTimersByTimeAsync(800)
    await expect(done).resolves.toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/permission denied/), expect.objectContaining({ code: 1 }))
  })

  it('timeout (code 3): everything from the IP lookup, failure logged', async () => {
    const { deps, log } = makeDeps({ geolocation: failingAfter(5000, 3) })
    const result = track(locateVisitor(deps))
    await vi.advanceTimersByTimeAsync(4999)
    expect(result.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(result.value).toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/timed out/), expect.objectContaining({ code: 3 }))
  })

  it('position unavailable (code 2): everything from the IP lookup', async () => {
    const { deps, log } = makeDeps({ geolocation: failingAfter(20, 2) })
    const done = locateVisitor(deps)
    await vi.advanceTimersByTimeAsync(20)
    await expect(done).resolves.toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/position unavailable/), expect.objectContaining({ code: 2 }))
  })

  it('no geolocation API: everything from the IP lookup, logged', async () => {
    const { deps, log } = makeDeps({ geolocation: undefined })
    await expect(locateVisitor(deps)).resolves.toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/not available/), undefined)
  })

  it('getCurrentPosition throws: everything from the IP lookup, logged', async () => {
    const failure = new DOMException('Permissions policy violation', 'SecurityError')
    const geolocation = fakeGeolocation(() => {
      throw failure
    })
    const { deps, log } = makeDeps({ geolocation })
    await expect(locateVisitor(deps)).resolves.toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/threw/), failure)
  })

  it('geolocation that never calls back: IP result after the guard time; a late answer is ignored', async () => {
    let lateSuccess: Success | undefined
    let lateFailure: Failure
    const geolocation = fakeGeolocation((success, failure) => {
      lateSuccess = success
      lateFailure = failure
    })
    const { deps, log } = makeDeps({ geolocation })
    const result = track(locateVisitor(deps))
    await vi.advanceTimersByTimeAsync(5000 + 999)
    expect(result.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(result.value).toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/did not answer within 6000 ms/), undefined)

    lateSuccess!(position(BROWSER_COORDS.latitude, BROWSER_COORDS.longitude))
    lateFailure!(positionError(3))
    await vi.advanceTimersByTimeAsync(0)
    expect(result.value).toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledTimes(1)
  })

  it('invalid browser coordinates count as a failure', async () => {
    const { deps, log } = makeDeps({ geolocation: grantedAfter(5, { latitude: Number.NaN, longitude: -86.7 }) })
    const done = locateVisitor(deps)
    await vi.advanceTimersByTimeAsync(5)
    await expect(done).resolves.toStrictEqual({ location: FROM_IP, precise: false })
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/invalid coordinates/), expect.anything())
  })

  it('denied and the IP lookup fails: UNKNOWN_LOCATION itself, two logs', async () => {
    const failure = new TypeError('Failed to fetch')
    const { deps, log } = makeDeps({ geolocation: failingAfter(100, 1), fetchJson: rejectWith(failure) })
    const done = locateVisitor(deps)
    await vi.advanceTimersByTimeAsync(100)
    const { location, precise } = await done
    expect(location).toBe(UNKNOWN_LOCATION)
    expect(precise).toBe(false)
    expect(log).toHaveBeenCalledTimes(2)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/permission denied/), expect.objectContaining({ code: 1 }))
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/IP lookup failed/), failure)
  })

  it('denied and the IP lookup hangs: aborted at 5000 ms, then UNKNOWN_LOCATION', async () => {
    const { deps, log, fetchJson } = makeDeps({ geolocation: failingAfter(100, 1), fetchJson: never })
    const result = track(locateVisitor(deps))
    await vi.advanceTimersByTimeAsync(IP_LOOKUP_TIMEOUT_MS - 1)
    expect(result.settled).toBe(false)
    expect(fetchJson.mock.calls[0]![1].aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchJson.mock.calls[0]![1].aborted).toBe(true)
    expect(result.settled).toBe(true)
    expect(result.value!.location).toBe(UNKNOWN_LOCATION)
    expect(result.value!.precise).toBe(false)
    expect(log).toHaveBeenCalledTimes(2)
  })

  it('never rejects, even when log throws', async () => {
    const { deps } = makeDeps({
      geolocation: undefined,
      fetchJson: rejectWith(new Error('offline')),
      log: () => {
        throw new Error('console is gone')
      },
    })
    await expect(locateVisitor(deps)).resolves.toStrictEqual({ location: UNKNOWN_LOCATION, precise: false })
  })
})
