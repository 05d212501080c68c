/**
 * A calendar day as the agency writes it, dd/mm/aaaa, whatever the browser's language: the
 * console's date filters are text fields (Chromium's date input follows the browser's locale and
 * shows mm/dd/yyyy in an English browser). Filters and URLs keep the ISO day, YYYY-MM-DD.
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
