/**
 * Office hours and visit scheduling on the agency's clock (src/domain/agency-clock.ts), over the
 * agency's own week and closures (its profile, docs/agency.md#the-agent): checking a slot the
 * visitor named (read by when.ts) and proposing the nearest valid one. Pure.
 */
import { MONTHS_ES } from '../../../catalogue/format'
import { agencyInstantAt, agencyIso, agencyWallClock } from '../../../domain/agency-clock'
import { closureOn, type AgencyProfile, type Closure } from '../../../shared/agency'
import { hoursEn, hoursEs, visitHoursOf, type Hours } from '../../../shared/office-hours'
import type { Language } from './language'
import { joinList } from './text'

const HOUR_MS = 60 * 60 * 1000
/** A visit needs this much notice. */
export const MIN_NOTICE_MS = HOUR_MS
/** How far ahead a free day is looked for (a long closure, a week with one open day). */
const LOOK_AHEAD_DAYS = 400

/** The agency's week and closures, as the agent schedules by them (made once per change of the profile). */
export interface AgencyCalendar {
  /** By weekday, 0 = Sunday: opening and closing minutes; null: closed. */
  office: ReadonlyArray<Hours | null>
  /** When a visit may start: from opening until one hour before closing. */
  visits: ReadonlyArray<Hours | null>
  closures: readonly Closure[]
  /** "lunes a viernes de 9:00 a 19:00, sábados de 10:00 a 14:00" / "Monday to Friday 9:00 to 19:00, …". */
  officeText: Record<Language, string>
  /** "lunes a viernes de 9:00 a 18:00 y sábados de 10:00 a 13:00": when visits start, in one sentence. */
  visitText: Record<Language, string>
}

export function agencyCalendar(profile: Pick<AgencyProfile, 'hours' | 'closures'>): AgencyCalendar {
  // A document saved before a field existed reads as closed days and no closures, never as a failed reply.
  const office = Array.from({ length: 7 }, (_, day) => profile.hours?.[day] ?? null)
  const visits = visitHoursOf(office)
  return {
    office,
    visits,
    closures: profile.closures ?? [],
    officeText: { es: hoursEs(office).join(', '), en: hoursEn(office).join(', ') },
    visitText: { es: joinList(hoursEs(visits), 'y'), en: joinList(hoursEn(visits), 'and') },
  }
}

/** Why a day has no office: a closure covers it (`day`, "YYYY-MM-DD", is the one asked about), else its weekday; null when it opens. */
export type ClosedDay = { closure: Closure; day: string } | { weekday: number }

export function closedOn(day: CalendarDay, cal: AgencyCalendar): ClosedDay | null {
  const closure = closureOn(cal.closures, dayKey(day))
  if (closure) return { closure, day: dayKey(day) }
  const weekday = addDays(day, 0).weekday
  return cal.office[weekday] ? null : { weekday }
}

/** The visiting hours of a day: none on a closed weekday or a closure. */
function visitWindow(day: CalendarDay, cal: AgencyCalendar): Hours | null {
  if (closureOn(cal.closures, dayKey(day))) return null
  return cal.visits[addDays(day, 0).weekday] ?? null
}

/** The office hours of a day: none on a closed weekday or a closure. */
export function officeHoursOn(day: CalendarDay, cal: AgencyCalendar): Hours | null {
  if (closureOn(cal.closures, dayKey(day))) return null
  return cal.office[addDays(day, 0).weekday] ?? null
}

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

export const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
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
export function slotProblem(at: Date, now: Date, cal: AgencyCalendar): SlotProblem | null {
  if (at.getTime() <= now.getTime()) return 'past'
  if (at.getTime() < now.getTime() + MIN_NOTICE_MS) return 'soon'
  const p = cancunParts(at)
  const window = visitWindow(p, cal)
  if (!window) return 'closed'
  const minutes = p.hour * 60 + p.minute
  if (minutes < window[0] || minutes > window[1]) return 'hours'
  return null
}

/**
 * The first valid visit slot from `from` on (never earlier than now + notice), at the preferred
 * minute of the day clamped to each day's visiting hours, else at the next full hour.
 */
export function nearestSlot(from: Date, now: Date, prefer: number | null, cal: AgencyCalendar): Date {
  const earliest = new Date(Math.max(from.getTime(), now.getTime() + MIN_NOTICE_MS))
  const start = cancunParts(earliest)
  for (let i = 0; i < LOOK_AHEAD_DAYS; i++) {
    const day = addDays(start, i)
    const window = visitWindow(day, cal)
    if (!window) continue
    let minutes = prefer === null ? window[0] : Math.min(Math.max(prefer, window[0]), window[1])
    if (i === 0) {
      const fromMinutes = start.hour * 60 + start.minute + (start.second > 0 ? 1 : 0)
      if (minutes < fromMinutes) minutes = Math.max(window[0], Math.ceil(fromMinutes / 60) * 60)
      if (minutes > window[1]) continue
    }
    return cancunInstant(day, minutes)
  }
  return cancunInstant(addDays(start, 1), 10 * 60) // unreachable unless the agency never opens
}

/** How long a visit holds its adviser: another one is not offered closer than this to it. */
export const VISIT_LENGTH_MS = HOUR_MS
/** How many slots are tried past booked visits before giving up (a fully booked agenda). */
const FREE_SLOT_TRIES = 500

/**
 * The first valid visit slot (as `nearestSlot` proposes one: the day's opening, else the next full
 * hour) that no booked visit is within an hour of: what a person's canned reply offers as
 * {proxima-visita} (docs/console.md#canned-replies). `booked`: the starts of the visits still on
 * (not cancelled). Null when every slot tried is taken.
 */
export function nextFreeSlot(now: Date, cal: AgencyCalendar, booked: readonly Date[]): Date | null {
  const near = (slot: Date) => booked.some((at) => Math.abs(at.getTime() - slot.getTime()) < VISIT_LENGTH_MS)
  let slot = nearestSlot(now, now, null, cal)
  for (let i = 0; i < FREE_SLOT_TRIES && near(slot); i++) slot = nearestSlot(new Date(slot.getTime() + HOUR_MS), now, null, cal)
  return near(slot) ? null : slot
}

/** The first day from `day` on (`day` itself when `self`) with visits, or null within the look-ahead. */
function nextVisitDay(day: CalendarDay, cal: AgencyCalendar, self: boolean): (CalendarDay & { weekday: number }) | null {
  for (let i = self ? 0 : 1; i < LOOK_AHEAD_DAYS; i++) {
    const next = addDays(day, i)
    if (visitWindow(next, cal)) return next
  }
  return null
}

export type SlotResolution =
  | { kind: 'ok'; at: Date }
  /** `closed`: why the day asked for has no visits (a closed weekday, a holiday); `date` is the next day that has. */
  | { kind: 'need-time'; date: CalendarDay; closed?: ClosedDay }
  /** A part of the day without an hour: this slot in it is proposed (`closed`: on the next day with visits). */
  | { kind: 'propose'; at: Date; closed?: ClosedDay }
  | { kind: 'need-day' }
  /** `closed`: why, when the problem is 'closed'. */
  | { kind: 'invalid'; problem: SlotProblem; requested: Date; proposal: Date; closed?: ClosedDay }

/**
 * A visit slot from what the visitor said (`when`) and a day chosen earlier (`pendingDate`).
 * A time without a day means today when still possible, else the next day it is possible.
 */
export function resolveSlot(when: ParsedWhen, pendingDate: CalendarDay | null, now: Date, cal: AgencyCalendar): SlotResolution {
  const date = when.date ?? pendingDate
  if (when.time === null && when.part && date) return slotInPart(date, when.part, now, cal)
  if (when.time === null) {
    if (!date) return { kind: 'need-day' }
    if (visitWindow(date, cal)) return { kind: 'need-time', date }
    // «mañana en la tarde» on a Saturday, a holiday: the time is asked for the next day with visits.
    const next = nextVisitDay(date, cal, false)
    return next ? { kind: 'need-time', date: next, ...closedPart(date, cal) } : { kind: 'need-day' }
  }
  if (!date) {
    const today = cancunParts(now)
    for (let i = 0; i < 8; i++) {
      const at = cancunInstant(addDays(today, i), when.time)
      const problem = slotProblem(at, now, cal)
      if (!problem) return { kind: 'ok', at }
      if (problem === 'hours') break
    }
    const requested = cancunInstant(today, when.time)
    const problem = slotProblem(requested, now, cal) ?? 'hours'
    return { kind: 'invalid', problem, requested, proposal: nearestSlot(cancunInstant(today, 0), now, when.time, cal), ...(problem === 'closed' ? closedPart(today, cal) : {}) }
  }
  const at = cancunInstant(date, when.time)
  const problem = slotProblem(at, now, cal)
  if (!problem) return { kind: 'ok', at }
  const from = problem === 'past' || problem === 'soon' ? now : cancunInstant(date, 0)
  return { kind: 'invalid', problem, requested: at, proposal: nearestSlot(from, now, when.time, cal), ...(problem === 'closed' ? closedPart(date, cal) : {}) }
}

/** `{ closed }` when the day has no office, to say why; nothing otherwise. */
function closedPart(day: CalendarDay, cal: AgencyCalendar): { closed?: ClosedDay } {
  const closed = closedOn(day, cal)
  return closed ? { closed } : {}
}

/**
 * «mañana temprano», «el sábado por la tarde»: a slot in that part of the day (on the next day
 * with visits when that one has none), or the nearest valid one when the part is outside the
 * visiting hours (a Saturday afternoon) or already gone.
 */
function slotInPart(date: CalendarDay, part: DayPart, now: Date, cal: AgencyCalendar): SlotResolution {
  const day = nextVisitDay(date, cal, true)
  const window = day && visitWindow(day, cal)
  if (!day || !window) return { kind: 'need-day' }
  const closed = compareDays(day, date) === 0 ? {} : closedPart(date, cal)
  const wanted = part === 'early' ? window[0] : Math.max(DAY_PART_MINUTES[part], window[0])
  const requested = cancunInstant(day, wanted)
  const problem = slotProblem(requested, now, cal)
  if (problem === null) return { kind: 'propose', at: requested, ...closed }
  const from = problem === 'past' || problem === 'soon' ? now : cancunInstant(day, 0)
  return { kind: 'invalid', problem, requested, proposal: nearestSlot(from, now, wanted, cal) }
}

/** Whether the office is open at `at` (its weekday's hours, not a closure). */
export function officeOpen(at: Date, cal: AgencyCalendar): boolean {
  const p = cancunParts(at)
  const hours = officeHoursOn(p, cal)
  const minutes = p.hour * 60 + p.minute
  return hours !== null && minutes >= hours[0] && minutes < hours[1]
}

/** "hoy mismo" during office hours, else "mañana a primera hora" / "el lunes a primera hora" (the next day the office opens). */
export function contactWhen(now: Date, language: Language, cal: AgencyCalendar): string {
  const when = contactWhenEs(now, cal)
  if (language === 'es') return when
  if (when === 'hoy mismo') return 'today'
  if (when === 'mañana a primera hora') return 'first thing tomorrow'
  const weekday = WEEKDAYS.findIndex((d) => when.includes(d))
  return `first thing on ${WEEKDAYS_EN[weekday] ?? 'the next working day'}`
}

function contactWhenEs(now: Date, cal: AgencyCalendar): string {
  if (officeOpen(now, cal)) {
    const p = cancunParts(now)
    const hours = officeHoursOn(p, cal)
    if (hours && p.hour * 60 + p.minute < hours[1] - 30) return 'hoy mismo'
  }
  const next = nearestSlot(now, now, null, cal)
  const nextDay = cancunParts(next)
  const tomorrow = addDays(cancunParts(now), 1)
  const today = cancunParts(now)
  if (compareDays(nextDay, today) === 0) return 'hoy mismo'
  if (compareDays(nextDay, tomorrow) === 0) return 'mañana a primera hora'
  return `el ${WEEKDAYS[nextDay.weekday]} a primera hora`
}

/**
 * The first time the office opens strictly after `now` (the next day's opening when it is open
 * now): when the agency answers a visitor nobody can answer now (docs/console.md#routing). Null
 * when it never opens within the look-ahead (an agency with no hours).
 */
export function nextOpening(now: Date, cal: AgencyCalendar): Date | null {
  const today = cancunParts(now)
  for (let i = 0; i < LOOK_AHEAD_DAYS; i++) {
    const day = addDays(today, i)
    const hours = officeHoursOn(day, cal)
    if (!hours) continue
    const opens = cancunInstant(day, hours[0])
    if (opens.getTime() > now.getTime()) return opens
  }
  return null
}

/**
 * An instant said from `now`, in Cancún: «hoy a las 9:00», «mañana a las 9:00», «el lunes 15 de
 * junio a las 9:00» / «today at 9:00», «tomorrow at 9:00», «on Monday, June 15 at 9:00».
 */
export function formatFromNow(at: Date, now: Date, language: Language): string {
  const p = cancunParts(at)
  const today = cancunParts(now)
  const time = `${p.hour}:${pad(p.minute)}`
  const same = compareDays(p, today) === 0
  const tomorrow = compareDays(p, addDays(today, 1)) === 0
  if (language === 'en') return same ? `today at ${time}` : tomorrow ? `tomorrow at ${time}` : `on ${formatSlot(at, now, 'en')}`
  const article = p.hour === 1 ? 'a la' : 'a las'
  return same ? `hoy ${article} ${time}` : tomorrow ? `mañana ${article} ${time}` : `el ${formatSlot(at, now, 'es')}`
}
