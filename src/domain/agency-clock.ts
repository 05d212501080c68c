/**
 * The agency's clock (docs/domain.md#agency-clock): America/Cancun through Intl's time-zone data,
 * whatever the server's or the browser's own time zone, and no offset written by hand (the zone
 * has had UTC−5 all year since 2015; Intl knows that, and what it was before). The server files
 * leads and weeks by it, the console shows and books visits in it, the chat agent proposes visit
 * slots in it, the site dates its posts in it. SQL forms beside the TypeScript ones. Pure.
 */

/** The agency's time zone: the one place it is named. */
export const AGENCY_TIME_ZONE = 'America/Cancun'

/** Date and time as the agency reads them, whatever the server's own time zone; made on first use. */
let partsFormat: Intl.DateTimeFormat | undefined
const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** The wall-clock fields of an instant in Cancún; month 1–12, weekday 0 = Sunday. */
export interface AgencyWallClock {
  y: number
  m: number
  d: number
  weekday: number
  hour: number
  minute: number
  second: number
}

export function agencyWallClock(date: Date): AgencyWallClock {
  partsFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: AGENCY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value]))
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    weekday: WEEKDAYS_EN.indexOf(parts.weekday ?? ''),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function agencyParts(date: Date) {
  const p = agencyWallClock(date)
  return { day: `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}`, time: `${pad(p.hour)}:${pad(p.minute)}` }
}

/** "2026-11-23 10:05", in Cancún. */
export const agencyDateTime = (iso: string | Date) => {
  const { day, time } = agencyParts(new Date(iso))
  return `${day} ${time}`
}

/** "2026-11-23": the calendar day in Cancún. */
export const agencyDay = (date: Date) => agencyParts(date).day

/** "2026-11-23T10:05": an instant as a `datetime-local` input shows it, in Cancún. */
export const agencyLocalInput = (iso: string | Date) => {
  const { day, time } = agencyParts(new Date(iso))
  return `${day}T${time}`
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/
const MS_PER_MINUTE = 60_000

/** How far Cancún's wall clock is ahead of UTC at an instant (negative: behind), in ms. */
function agencyOffsetAt(ms: number): number {
  const p = agencyWallClock(new Date(ms))
  const wall = Date.UTC(p.y, p.m - 1, p.d, p.hour, p.minute, p.second)
  return wall - Math.floor(ms / 1000) * 1000
}

/** Cancún's offset from UTC at an instant, in minutes (−300 today): what a date parser asks for. */
export const agencyUtcOffsetMinutes = (date: Date) => Math.round(agencyOffsetAt(date.getTime()) / MS_PER_MINUTE)

/**
 * The instant a Cancún wall-clock time names: `minutes` from midnight of a calendar day (month
 * 1–12). Two passes so a zone that changes its offset would still land on the right side of the change.
 */
export function agencyInstantAt(day: { y: number; m: number; d: number }, minutes: number): Date {
  const wall = Date.UTC(day.y, day.m - 1, day.d, 0, minutes)
  const guess = wall - agencyOffsetAt(wall)
  return new Date(wall - agencyOffsetAt(guess))
}

/**
 * The instant (ISO, UTC) a Cancún wall-clock time names, as a `datetime-local` input gives it
 * ("2026-11-25T10:00"); null when it is not one.
 */
export function agencyInstant(local: string): string | null {
  const match = LOCAL_INPUT.exec(local)
  if (!match) return null
  const [, year, month, date, hour, minute] = match.map(Number) as [number, number, number, number, number, number]
  if (Number.isNaN(Date.UTC(year, month - 1, date, hour, minute))) return null
  return agencyInstantAt({ y: year, m: month, d: date }, hour * 60 + minute).toISOString()
}

/** "2026-11-28T11:00:00-05:00": an instant to the minute, written in Cancún with the offset Intl gives. */
export function agencyIso(date: Date): string {
  const p = agencyWallClock(date)
  const offset = agencyUtcOffsetMinutes(date)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}T${pad(p.hour)}:${pad(p.minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** SQL: the Cancún calendar day of a timestamptz column, "YYYY-MM-DD" (agencyDay's SQL form). */
export const agencyDaySql = (column: string) => `to_char(${column} AT TIME ZONE '${AGENCY_TIME_ZONE}', 'YYYY-MM-DD')`
/** SQL: midnight in Cancún of a "YYYY-MM-DD" parameter, `plusDays` later (agencyInstantAt's SQL form for midnight). */
export const agencyDayStartSql = (param: string, plusDays = 0) => `((${param}::date + ${plusDays})::timestamp AT TIME ZONE '${AGENCY_TIME_ZONE}')`

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/
const DAYS_PER_WEEK = 7

/** The calendar day `days` after (before, when negative) a day ("YYYY-MM-DD"). */
export function shiftDay(dayKey: string, days: number): string {
  const match = DAY_KEY.exec(dayKey)
  if (!match) throw new RangeError(`shiftDay: not a day: ${JSON.stringify(dayKey)}`)
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)).toISOString().slice(0, 10)
}

/** The Monday-to-Sunday week holding a calendar day ("YYYY-MM-DD"), as its first and last day. */
export function weekOf(dayKey: string): { from: string; to: string; days: string[] } {
  const match = DAY_KEY.exec(dayKey)
  if (!match) throw new RangeError(`weekOf: not a day: ${JSON.stringify(dayKey)}`)
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  const sinceMonday = (date.getUTCDay() + DAYS_PER_WEEK - 1) % DAYS_PER_WEEK
  const days = Array.from({ length: DAYS_PER_WEEK }, (_, i) => {
    const day = new Date(date.getTime())
    day.setUTCDate(date.getUTCDate() - sinceMonday + i)
    return day.toISOString().slice(0, 10)
  })
  return { from: days[0]!, to: days[DAYS_PER_WEEK - 1]!, days }
}
