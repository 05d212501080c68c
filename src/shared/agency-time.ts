/**
 * The agency's clock (America/Cancun), whatever the server's or the browser's own time zone:
 * the server files leads and weeks by it, the console shows and books visits in it. Pure.
 */
import { AGENCY_TIME_ZONE } from '../protocol/crm'

/** Date and time as the agency reads them, whatever the server's own time zone. */
const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function agencyParts(date: Date) {
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value]))
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
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
  const { day, time } = agencyParts(new Date(ms))
  const wall = Date.parse(`${day}T${time}:00Z`)
  return wall - Math.floor(ms / MS_PER_MINUTE) * MS_PER_MINUTE
}

/**
 * The instant (ISO, UTC) a Cancún wall-clock time names, as a `datetime-local` input gives it
 * ("2026-11-25T10:00"); null when it is not one. Two passes so a zone that changes its offset
 * would still land on the right side of the change.
 */
export function agencyInstant(local: string): string | null {
  const match = LOCAL_INPUT.exec(local)
  if (!match) return null
  const [, year, month, date, hour, minute] = match.map(Number) as [number, number, number, number, number, number]
  const wall = Date.UTC(year, month - 1, date, hour, minute)
  if (Number.isNaN(wall)) return null
  const guess = wall - agencyOffsetAt(wall)
  return new Date(wall - agencyOffsetAt(guess)).toISOString()
}

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
