/**
 * Office hours and visit scheduling on the agency's clock (src/domain/agency-clock.ts):
 * checking a slot the visitor named (read by when.ts) and proposing the nearest valid one. Pure.
 */
import { MONTHS_ES } from '../../../catalogue/format'
import { agencyInstantAt, agencyIso, agencyWallClock } from '../../../domain/agency-clock'
import { OFFICE_HOURS, VISIT_HOURS, VISIT_HOURS_TEXT } from '../../../shared/office-hours'
import type { Language } from './language'

const HOUR_MS = 60 * 60 * 1000
/** A visit needs this much notice. */
export const MIN_NOTICE_MS = HOUR_MS

const visitWindow = (weekday: number) => VISIT_HOURS[weekday] ?? null

/** "lunes a viernes de 9:00 a 18:00 y sábados de 10:00 a 13:00" (the console says it too). */
export { VISIT_HOURS_TEXT }

export const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const

export interface CalendarDay {
  y: number
  /** 1–12 */
  m: number
  d: number
}

export interface LocalParts extends CalendarDay {
  weekday: number
  hour: number
  minute: number
  second: number
}

/** The wall-clock fields of an instant in Cancún. */
export function cancunParts(date: Date): LocalParts {
  const wall = agencyWallClock(date)
  // A started second counts as the next one (a slot is never proposed in the past).
  return { ...wall, second: wall.second + (date.getUTCMilliseconds() > 0 ? 1 : 0) }
}

/** The instant of a Cancún wall-clock time. */
export const cancunInstant = (day: CalendarDay, minutes: number): Date => agencyInstantAt(day, minutes)

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

export function addDays(day: CalendarDay, days: number): CalendarDay & { weekday: number } {
  const date = new Date(Date.UTC(day.y, day.m - 1, day.d + days))
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), weekday: date.getUTCDay() }
}

export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.y - b.y || a.m - b.m || a.d - b.d
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "2026-11-28T11:00:00-05:00". */
export const isoCancun = agencyIso

/** "YYYY-MM-DD" of a calendar day. */
export function dayKey(day: CalendarDay): string {
  return `${day.y}-${pad(day.m)}-${pad(day.d)}`
}

export function parseDayKey(key: string | null): CalendarDay | null {
  const match = key ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(key) : null
  if (!match) return null
  const day = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) }
  return validDay(day.y, day.m, day.d) ? day : null
}

/** Parses an ISO string with offset into a Date; null when invalid. */
export function parseIso(iso: string | null): Date | null {
  if (!iso) return null
  const time = Date.parse(iso)
  return Number.isFinite(time) ? new Date(time) : null
}

const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/** "sábado 28 de noviembre" / "Saturday, November 28", with the year when it is not `now`'s. */
export function formatDay(day: CalendarDay, now: Date, language: Language = 'es'): string {
  const weekday = addDays(day, 0).weekday
  const otherYear = day.y !== cancunParts(now).y
  if (language === 'en') return `${WEEKDAYS_EN[weekday]}, ${MONTHS_EN[day.m - 1]} ${day.d}${otherYear ? `, ${day.y}` : ''}`
  return `${WEEKDAYS[weekday]} ${day.d} de ${MONTHS_ES[day.m - 1]}${otherYear ? ` de ${day.y}` : ''}`
}

/** "sábado 28 de noviembre a las 11:00" (the hour reads "a la 1:00" for one o'clock) / "Saturday, November 28 at 11:00". */
export function formatSlot(date: Date, now: Date, language: Language = 'es'): string {
  const p = cancunParts(date)
  const article = language === 'en' ? 'at' : p.hour === 1 ? 'a la' : 'a las'
  return `${formatDay(p, now, language)} ${article} ${p.hour}:${pad(p.minute)}`
}

/** A part of the day said instead of an hour («mañana temprano», «el sábado en la mañana», «por la tarde»). */
export type DayPart = 'early' | 'morning' | 'afternoon' | 'evening'

export interface ParsedWhen {
  date: CalendarDay | null
  /** Minutes of the day. */
  time: number | null
  /** Said without an hour; absent when none was said. */
  part?: DayPart
}

/**
 * The hour proposed for a part of the day, clamped into the day's visiting hours: «temprano» is
 * opening time; the morning, afternoon and evening start at these minutes of the day.
 */
const DAY_PART_MINUTES: Record<Exclude<DayPart, 'early'>, number> = { morning: 10 * 60, afternoon: 16 * 60, evening: 19 * 60 }

export type SlotProblem = 'past' | 'soon' | 'closed' | 'hours'

/** Why a visit cannot start at `at`, or null when it can. */
export function slotProblem(at: Date, now: Date): SlotProblem | null {
  if (at.getTime() <= now.getTime()) return 'past'
  if (at.getTime() < now.getTime() + MIN_NOTICE_MS) return 'soon'
  const p = cancunParts(at)
  const window = visitWindow(p.weekday)
  if (!window) return 'closed'
  const minutes = p.hour * 60 + p.minute
  if (minutes < window[0] || minutes > window[1]) return 'hours'
  return null
}

/**
 * The first valid visit slot from `from` on (never earlier than now + notice), at the preferred
 * minute of the day clamped to each day's visiting hours, else at the next full hour.
 */
export function nearestSlot(from: Date, now: Date, prefer: number | null): Date {
  const earliest = new Date(Math.max(from.getTime(), now.getTime() + MIN_NOTICE_MS))
  const start = cancunParts(earliest)
  for (let i = 0; i < 21; i++) {
    const day = addDays(start, i)
    const window = visitWindow(day.weekday)
    if (!window) continue
    let minutes = prefer === null ? window[0] : Math.min(Math.max(prefer, window[0]), window[1])
    if (i === 0) {
      const fromMinutes = start.hour * 60 + start.minute + (start.second > 0 ? 1 : 0)
      if (minutes < fromMinutes) minutes = Math.max(window[0], Math.ceil(fromMinutes / 60) * 60)
      if (minutes > window[1]) continue
    }
    return cancunInstant(day, minutes)
  }
  return cancunInstant(addDays(start, 1), 10 * 60) // unreachable with a weekly schedule
}

export type SlotResolution =
  | { kind: 'ok'; at: Date }
  /** `closed`: the day asked for has no visits (Sunday); `date` is the next day that has. */
  | { kind: 'need-time'; date: CalendarDay; closed?: boolean }
  /** A part of the day without an hour: this slot in it is proposed (`closed`: on the next day with visits). */
  | { kind: 'propose'; at: Date; closed: boolean }
  | { kind: 'need-day' }
  | { kind: 'invalid'; problem: SlotProblem; requested: Date; proposal: Date }

/**
 * A visit slot from what the visitor said (`when`) and a day chosen earlier (`pendingDate`).
 * A time without a day means today when still possible, else the next day it is possible.
 */
export function resolveSlot(when: ParsedWhen, pendingDate: CalendarDay | null, now: Date): SlotResolution {
  const date = when.date ?? pendingDate
  if (when.time === null && when.part && date) return slotInPart(date, when.part, now)
  if (when.time === null) {
    if (!date) return { kind: 'need-day' }
    if (visitWindow(addDays(date, 0).weekday)) return { kind: 'need-time', date }
    // «mañana en la tarde» on a Saturday: the time is asked for the next day with visits.
    for (let i = 1; i < 7; i++) {
      const next = addDays(date, i)
      if (visitWindow(next.weekday)) return { kind: 'need-time', date: next, closed: true }
    }
    return { kind: 'need-day' }
  }
  if (!date) {
    const today = cancunParts(now)
    for (let i = 0; i < 8; i++) {
      const at = cancunInstant(addDays(today, i), when.time)
      const problem = slotProblem(at, now)
      if (!problem) return { kind: 'ok', at }
      if (problem === 'hours') break
    }
    const requested = cancunInstant(today, when.time)
    const problem = slotProblem(requested, now) ?? 'hours'
    return { kind: 'invalid', problem, requested, proposal: nearestSlot(cancunInstant(today, 0), now, when.time) }
  }
  const at = cancunInstant(date, when.time)
  const problem = slotProblem(at, now)
  if (!problem) return { kind: 'ok', at }
  const from = problem === 'past' || problem === 'soon' ? now : cancunInstant(date, 0)
  return { kind: 'invalid', problem, requested: at, proposal: nearestSlot(from, now, when.time) }
}

/**
 * «mañana temprano», «el sábado por la tarde»: a slot in that part of the day (on the next day
 * with visits when that one has none), or the nearest valid one when the part is outside the
 * visiting hours (a Saturday afternoon) or already gone.
 */
function slotInPart(date: CalendarDay, part: DayPart, now: Date): SlotResolution {
  let day = addDays(date, 0)
  let closed = false
  for (let i = 1; i < 7 && !visitWindow(day.weekday); i++) {
    day = addDays(date, i)
    closed = true
  }
  const window = visitWindow(day.weekday)
  if (!window) return { kind: 'need-day' }
  const wanted = part === 'early' ? window[0] : Math.max(DAY_PART_MINUTES[part], window[0])
  const requested = cancunInstant(day, wanted)
  const problem = slotProblem(requested, now)
  if (problem === null) return { kind: 'propose', at: requested, closed }
  const from = problem === 'past' || problem === 'soon' ? now : cancunInstant(day, 0)
  return { kind: 'invalid', problem, requested, proposal: nearestSlot(from, now, wanted) }
}

/** Whether the office is open at `at`. */
export function officeOpen(at: Date): boolean {
  const p = cancunParts(at)
  const hours = OFFICE_HOURS[p.weekday]
  const minutes = p.hour * 60 + p.minute
  return hours !== null && hours !== undefined && minutes >= hours[0] && minutes < hours[1]
}

/** "hoy mismo" during office hours, else "mañana a primera hora" / "el lunes a primera hora". */
export function contactWhen(now: Date, language: Language = 'es'): string {
  const when = contactWhenEs(now)
  if (language === 'es') return when
  if (when === 'hoy mismo') return 'today'
  if (when === 'mañana a primera hora') return 'first thing tomorrow'
  const weekday = WEEKDAYS.findIndex((d) => when.includes(d))
  return `first thing on ${WEEKDAYS_EN[weekday] ?? 'the next working day'}`
}

function contactWhenEs(now: Date): string {
  if (officeOpen(now)) {
    const p = cancunParts(now)
    const hours = OFFICE_HOURS[p.weekday]
    if (hours && p.hour * 60 + p.minute < hours[1] - 30) return 'hoy mismo'
  }
  const next = nearestSlot(now, now, null)
  const nextDay = cancunParts(next)
  const tomorrow = addDays(cancunParts(now), 1)
  const today = cancunParts(now)
  if (compareDays(nextDay, today) === 0) return 'hoy mismo'
  if (compareDays(nextDay, tomorrow) === 0) return 'mañana a primera hora'
  return `el ${WEEKDAYS[nextDay.weekday]} a primera hora`
}
