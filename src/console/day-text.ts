/**
 * A calendar day as the agency writes it, dd/mm/aaaa, and a visit's day and hour, dd/mm/aaaa
 * hh:mm on a 24-hour clock, whatever the browser's language: the console's date fields are text
 * fields (Chromium's date inputs follow the browser's locale and show mm/dd/yyyy and AM/PM in an
 * English browser). Filters and URLs keep the ISO day, YYYY-MM-DD; a visit's time is the
 * wall-clock "YYYY-MM-DDTHH:MM" of src/domain/agency-clock.ts.
 */

/** What a date field asks for. */
export const DAY_PLACEHOLDER = 'dd/mm/aaaa'
/** What an agent reads when a date field holds something that is not a day. */
export const DAY_ERROR = 'Escribe la fecha como dd/mm/aaaa, por ejemplo 28/11/2026.'

/** Day, month and a four-digit year, separated by `/`, `-` or `.` (spaces ignored). */
const DAY_TEXT = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/

/** "2026-11-28" → "28/11/2026"; an empty day is an empty field. */
export function dayFieldText(day: string): string {
  const [year, month, date] = day.split('-')
  return day ? `${date}/${month}/${year}` : ''
}

/** "28/11/2026" (or "28-11-2026", "5/3/2026") → "2026-11-28"; null when it is no calendar day. */
export function dayFromText(text: string): string | null {
  const match = DAY_TEXT.exec(text.replace(/\s/g, ''))
  if (!match) return null
  const [date, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const day = new Date(Date.UTC(year, month - 1, date))
  if (day.getUTCFullYear() !== year || day.getUTCMonth() !== month - 1 || day.getUTCDate() !== date) return null
  return day.toISOString().slice(0, 10)
}

/** What a visit's day-and-hour field asks for. */
export const DAY_TIME_PLACEHOLDER = 'dd/mm/aaaa hh:mm'
/** What an agent reads when it holds something that is not a day and an hour. */
export const DAY_TIME_ERROR = 'Escribe la fecha y la hora como dd/mm/aaaa hh:mm (24 horas), por ejemplo 28/11/2026 16:30.'

/** An hour and minutes on a 24-hour clock: "16:30", "9:05", "16.30". */
const TIME_TEXT = /^(\d{1,2})[:.](\d{2})$/

/** "2026-11-28T16:30" → "28/11/2026 16:30"; an empty time is an empty field. */
export function dayTimeFieldText(local: string): string {
  const [day = '', time = ''] = local.split('T')
  return local ? `${dayFieldText(day)} ${time}` : ''
}

/** "28/11/2026 16:30" → "2026-11-28T16:30"; null when it is no day followed by an hour. */
export function dayTimeFromText(text: string): string | null {
  const [dayPart, timePart, ...rest] = text.trim().split(/\s+/)
  const day = dayPart ? dayFromText(dayPart) : null
  const time = TIME_TEXT.exec(timePart ?? '')
  if (!day || !time || rest.length) return null
  const [hour, minute] = [Number(time[1]), Number(time[2])]
  if (hour > 23 || minute > 59) return null
  return `${day}T${String(hour).padStart(2, '0')}:${time[2]}`
}
