/**
 * The agency's office hours, once (docs/behaviour.md#agent-visits): the footer, the structured
 * data, the chat agent's answers and the visit slots it accepts all read this table, so they can
 * never disagree. Pure data and string helpers: the site's browser entry bundles it.
 */

/** Opening and closing time, in minutes from midnight in Cancún. */
export type Hours = readonly [open: number, close: number]

const H = 60
/** Visits start from opening time until one hour before closing. */
export const visitHoursOf = (office: ReadonlyArray<Hours | null>): Array<Hours | null> => office.map((h) => (h ? [h[0], h[1] - H] : null))

/** Consecutive weekdays (Monday first) that share the same hours. */
interface DayRange {
  first: number
  last: number
  hours: Hours
}

const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0]

function dayRanges(table: ReadonlyArray<Hours | null>): DayRange[] {
  const ranges: DayRange[] = []
  for (const day of WEEK_FROM_MONDAY) {
    const hours = table[day]
    if (!hours) continue
    const previous = ranges[ranges.length - 1]
    if (previous && WEEK_FROM_MONDAY.indexOf(previous.last) === WEEK_FROM_MONDAY.indexOf(day) - 1 && previous.hours[0] === hours[0] && previous.hours[1] === hours[1]) previous.last = day
    else ranges.push({ first: day, last: day, hours })
  }
  return ranges
}

/** 9:00, 19:30 (`pad`: 09:00, as schema.org writes it). */
export const clock = (minutes: number, pad = false) => `${String(Math.floor(minutes / H)).padStart(pad ? 2 : 1, '0')}:${String(minutes % H).padStart(2, '0')}`
const SCHEMA_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']
const DAYS_ES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado']
const DAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const pluralEs = (day: string) => (day.endsWith('s') ? day : `${day}s`)

/** schema.org openingHours: "Mo-Fr 09:00-19:00". */
export function schemaHours(table: ReadonlyArray<Hours | null>): string[] {
  return dayRanges(table).map(({ first, last, hours }) => `${SCHEMA_DAYS[first]}${first === last ? '' : `-${SCHEMA_DAYS[last]}`} ${clock(hours[0], true)}-${clock(hours[1], true)}`)
}

/** "lunes a viernes de 9:00 a 19:00", "sábados de 10:00 a 14:00". */
export function hoursEs(table: ReadonlyArray<Hours | null>): string[] {
  return dayRanges(table).map(({ first, last, hours }) => `${first === last ? pluralEs(DAYS_ES[first]!) : `${DAYS_ES[first]} a ${DAYS_ES[last]}`} de ${clock(hours[0], false)} a ${clock(hours[1], false)}`)
}

/** "Monday to Friday 9:00 to 19:00", "Saturdays 10:00 to 14:00". */
export function hoursEn(table: ReadonlyArray<Hours | null>): string[] {
  return dayRanges(table).map(({ first, last, hours }) => `${first === last ? `${DAYS_EN[first]}s` : `${DAYS_EN[first]} to ${DAYS_EN[last]}`} ${clock(hours[0], false)} to ${clock(hours[1], false)}`)
}

/** "lunes a viernes de 9:00 a 18:00 y sábados de 10:00 a 13:00": when visits start (a visit hours table), in one sentence. */
export const visitHoursText = (visit: ReadonlyArray<Hours | null>) => ((items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}` : (items[0] ?? '')))(hoursEs(visit))

/**
 * Whether a visit at a Cancún wall-clock time ("YYYY-MM-DDTHH:MM", as a datetime-local field
 * holds it) starts within VISIT_HOURS, the hours the automated agent books; what is not such a
 * time counts as within (nothing to say about it).
 */
export function withinVisitHours(local: string, visit: ReadonlyArray<Hours | null>): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local)
  if (!match) return true
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  const window = visit[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  const minutes = hour * H + minute
  return !!window && minutes >= window[0] && minutes <= window[1]
}

/** "Lunes a viernes…": the first letter up, as a line of the footer starts. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
