/**
 * The first-run wizard's answers from the environment, for automated installs (docs/agency.md#first-run):
 * with CONSOLE_ADMIN_EMAIL and CONSOLE_ADMIN_PASSWORD set, a fresh database gets its admin at start
 * and no wizard; with AGENCY_NAME set too, the agency's profile from these variables.
 */
import { SettingError } from '../setting-error'

export const AGENCY_ENVIRONMENT = [
  'AGENCY_NAME',
  'AGENCY_PHONE',
  'AGENCY_WHATSAPP',
  'AGENCY_EMAIL',
  'AGENCY_STREET',
  'AGENCY_CITY',
  'AGENCY_REGION',
  'AGENCY_POSTAL_CODE',
  'AGENCY_HOURS',
  'AGENCY_CLOSURES',
  'DEMO_CATALOGUE',
] as const

const DAYS = ['do', 'lu', 'ma', 'mi', 'ju', 'vi', 'sa']
const clock = (text: string) => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text)
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN
}

/**
 * "lu-vi 09:00-19:00; sa 10:00-14:00": the week's hours (days not named are closed), by weekday
 * from Sunday; null when the text says no such thing.
 */
export function parseHours(text: string): Array<[number, number] | null> | null {
  const week: Array<[number, number] | null> = [null, null, null, null, null, null, null]
  for (const part of text.split(';').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z]{2})(?:-([a-z]{2}))?\s+(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/i.exec(part)
    if (!match) return null
    const [first, last] = [DAYS.indexOf(match[1]!.toLowerCase()), DAYS.indexOf((match[2] ?? match[1]!).toLowerCase())]
    if (first < 0 || last < 0) return null
    // Monday-first ranges ("lu-do") wrap past Sunday.
    for (let day = first; ; day = (day + 1) % 7) {
      week[day] = [clock(match[3]!), clock(match[4]!)]
      if (day === last) break
    }
  }
  return week
}

/** "2026-12-25 Navidad; 2026-12-31..2027-01-01 Año Nuevo": the closures, each one day or a range. */
export function parseClosures(text: string) {
  return text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(\d{4}-\d{2}-\d{2})(?:\.\.(\d{4}-\d{2}-\d{2}))?\s+(.+)$/.exec(part)
      return match ? { from: match[1]!, to: match[2] ?? match[1]!, label: match[3]! } : { from: part, to: part, label: '' }
    })
}

/** The wizard's answers the environment gives (everything but the admin), or null when AGENCY_NAME is not set. */
export function environmentAnswers(env: Record<string, string | undefined>) {
  if (!env.AGENCY_NAME) return null
  const hours = env.AGENCY_HOURS ? parseHours(env.AGENCY_HOURS) : null
  if (env.AGENCY_HOURS && !hours) throw new SettingError('AGENCY_HOURS: escribe el horario como «lu-vi 09:00-19:00; sa 10:00-14:00» (días: do lu ma mi ju vi sa).')
  return {
    agency: {
      name: env.AGENCY_NAME,
      phone: env.AGENCY_PHONE ?? '',
      whatsapp: env.AGENCY_WHATSAPP ?? '',
      email: env.AGENCY_EMAIL ?? '',
      street: env.AGENCY_STREET ?? '',
      locality: env.AGENCY_CITY ?? '',
      region: env.AGENCY_REGION ?? '',
      postalCode: env.AGENCY_POSTAL_CODE ?? '',
    },
    hours: hours ?? parseHours('lu-vi 09:00-19:00; sa 10:00-14:00')!,
    closures: env.AGENCY_CLOSURES ? parseClosures(env.AGENCY_CLOSURES) : [],
    demo: env.DEMO_CATALOGUE === 'remove' ? ('remove' as const) : ('keep' as const),
  }
}
