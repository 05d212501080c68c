/**
 * The «Agencia» form's draft (screens/Agency.tsx): the profile as its fields hold it (times as
 * "09:00", coordinates and languages as text), turned back into a profile and checked with the
 * server's own schema (shared/agency-profile.ts), so the message under each field is the one the
 * server would answer, keyed by the profile's paths (`hours.6`, `closures.0.to`).
 */
import { routingOf, type AgencyProfile, type Closure, type SocialLink } from '../shared/agency'
import { agencyProfileSchema, minutesOf, timeText, WEEKDAYS_ES } from '../shared/agency-profile'
import { issuesToFields, type FieldErrors } from './catalogue-errors'

export interface DayDraft {
  open: boolean
  from: string
  to: string
}

export interface AgencyDraft extends Omit<AgencyProfile, 'hours' | 'address' | 'languages' | 'notice' | 'routing'> {
  address: Omit<AgencyProfile['address'], 'lat' | 'lng'> & { lat: string; lng: string }
  languages: string
  hours: DayDraft[]
  notice: string
  /** The chat's routing settings as their number fields hold them (docs/console.md#routing). */
  routing: { answerMinutes: string; maxOpenPerPerson: string }
}

export function draftOf(profile: AgencyProfile): AgencyDraft {
  return {
    ...profile,
    address: { ...profile.address, lat: profile.address.lat?.toString() ?? '', lng: profile.address.lng?.toString() ?? '' },
    languages: profile.languages.join(', '),
    hours: daysOf(profile.hours),
    closures: profile.closures.map((c) => ({ ...c })),
    social: profile.social.map((s) => ({ ...s })),
    notice: profile.notice ?? '',
    routing: { answerMinutes: String(routingOf(profile).answerMinutes), maxOpenPerPerson: String(routingOf(profile).maxOpenPerPerson) },
  }
}

/** A number field's text: its number, or the text itself for the schema to refuse in words. */
const numberOf = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text.trim())) ? Number(text.trim()) : text)

/** "21.14" -> 21.14; empty -> null; anything else stays text for the schema to refuse. */
const coordinate = (text: string): number | string | null => (text.trim() === '' ? null : Number.isFinite(Number(text.trim())) ? Number(text.trim()) : text)

/** A week of hours as the week's table holds it (screens/HoursEditor.tsx): times as "09:00", a closed day kept with a default to reopen it. */
export function daysOf(hours: ReadonlyArray<readonly [number, number] | null>): DayDraft[] {
  return Array.from({ length: 7 }, (_, weekday) => {
    const day = hours[weekday]
    return day ? { open: true, from: timeText(day[0]), to: timeText(day[1]) } : { open: false, from: '09:00', to: '18:00' }
  })
}

/**
 * The week a table says, with a message at `hours.N` for a day whose times are not times
 * (`what`: how that day's times are called); the schema checks the rest.
 */
export function hoursOf(days: readonly DayDraft[], what = { start: 'la hora de apertura', end: 'de cierre', off: 'cerrado' }): { hours: Array<[number, number] | null>; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const hours = days.map((day, weekday): [number, number] | null => {
    if (!day.open) return null
    const [from, to] = [minutesOf(day.from), minutesOf(day.to)]
    if (from === null || to === null) {
      errors[`hours.${weekday}`] = `Escribe ${what.start} y ${what.end} del ${WEEKDAYS_ES[weekday]} (por ejemplo 09:00 y 18:00), o márcalo como ${what.off}.`
      return [0, 0]
    }
    return [from, to]
  })
  return { hours, errors }
}

/** The profile the draft says, or the message of each field that is wrong. */
export function checkDraft(draft: AgencyDraft): { ok: true; profile: AgencyProfile } | { ok: false; errors: FieldErrors } {
  const { hours, errors: timeErrors } = hoursOf(draft.hours)
  const result = agencyProfileSchema.safeParse({
    ...draft,
    address: { ...draft.address, lat: coordinate(draft.address.lat), lng: coordinate(draft.address.lng) },
    languages: draft.languages.split(/[,\s]+/).filter(Boolean),
    hours,
    notice: draft.notice,
    routing: { answerMinutes: numberOf(draft.routing.answerMinutes), maxOpenPerPerson: numberOf(draft.routing.maxOpenPerPerson) },
  })
  const errors = { ...(result.success ? {} : issuesToFields(result.error.issues)), ...timeErrors }
  if (result.success && !Object.keys(errors).length) return { ok: true, profile: result.data }
  return { ok: false, errors }
}

export const EMPTY_CLOSURE: Closure = { from: '', to: '', label: '' }
export const EMPTY_SOCIAL: SocialLink = { network: '', url: '' }
