import { AGENCY_TIME_ZONE } from '../../protocol/crm'

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

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/
const DAYS_PER_WEEK = 7

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
