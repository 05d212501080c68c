/** Dates and times as the console shows them (and the notes the server writes for it): Spanish (Mexico), 24-hour like the widget's visit messages, always in Cancún time (docs/behaviour.md#visits). */
import { AGENCY_TIME_ZONE } from '../domain/agency-clock'

const inCancun = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('es-MX', { timeZone: AGENCY_TIME_ZONE, ...options })

const dateTime = inCancun({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })
const hourMinute = inCancun({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const dayHourMinute = inCancun({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
/** Calendar days ("YYYY-MM-DD") carry no zone: read at noon UTC, which is the same day in Cancún. */
const weekday = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'short' })

/** "23 nov 2026, 10:05" */
export const whenText = (iso: string) => dateTime.format(new Date(iso))
/** "10:05" */
export const timeText = (iso: string) => hourMinute.format(new Date(iso))
/** "23 nov, 10:05" */
export const timeAndDayText = (iso: string) => dayHourMinute.format(new Date(iso))
/** "lunes, 23 nov" for a calendar day "2026-11-23". */
export const dayText = (day: string) => weekday.format(new Date(`${day}T12:00:00Z`))
