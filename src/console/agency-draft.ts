/**
 * The «Agencia» form's draft (screens/Agency.tsx): the profile as its fields hold it (times as
 * "09:00", coordinates and languages as text), turned back into a profile and checked with the
 * server's own schema (shared/agency-profile.ts), so the message under each field is the one the
 * server would answer, keyed by the profile's paths (`hours.6`, `closures.0.to`).
 */
import type { AgencyProfile, Closure, SocialLink } from '../shared/agency'
import { agencyProfileSchema, minutesOf, timeText, WEEKDAYS_ES } from '../shared/agency-profile'
import { issuesToFields, type FieldErrors } from './catalogue-errors'

export interface DayDraft {
  open: boolean
  from: string
  to: string
}

export interface AgencyDraft extends Omit<AgencyProfile, 'hours' | 'address' | 'languages' | 'notice'> {
  address: Omit<AgencyProfile['address'], 'lat' | 'lng'> & { lat: string; lng: string }
  languages: string
  hours: DayDraft[]
  notice: string
}

export function draftOf(profile: AgencyProfile): AgencyDraft {
  return {
    ...profile,
    address: { ...profile.address, lat: profile.address.lat?.toString() ?? '', lng: profile.address.lng?.toString() ?? '' },
    languages: profile.languages.join(', '),
    hours: profile.hours.map((day) => (day ? { open: true, from: timeText(day[0]), to: timeText(day[1]) } : { open: false, from: '09:00', to: '18:00' })),
    closures: profile.closures.map((c) => ({ ...c })),
    social: profile.social.map((s) => ({ ...s })),
    notice: profile.notice ?? '',
  }
}

/** "21.14" -> 21.14; empty -> null; anything else stays text for the schema to refuse. */
const coordinate = (text: string): number | string | null => (text.trim() === '' ? null : Number.isFinite(Number(text.trim())) ? Number(text.trim()) : text)

/** The profile the draft says, or the message of each field that is wrong. */
export function checkDraft(draft: AgencyDraft): { ok: true; profile: AgencyProfile } | { ok: false; errors: FieldErrors } {
  const timeErrors: FieldErrors = {}
  const hours = draft.hours.map((day, weekday) => {
    if (!day.open) return null
    const [from, to] = [minutesOf(day.from), minutesOf(day.to)]
    if (from === null || to === null) {
      timeErrors[`hours.${weekday}`] = `Escribe la hora de apertura y de cierre del ${WEEKDAYS_ES[weekday]} (por ejemplo 09:00 y 18:00), o márcalo como cerrado.`
      return [0, 0]
    }
    return [from, to]
  })
  const result = agencyProfileSchema.safeParse({
    ...draft,
    address: { ...draft.address, lat: coordinate(draft.address.lat), lng: coordinate(draft.address.lng) },
    languages: draft.languages.split(/[,\s]+/).filter(Boolean),
    hours,
    notice: draft.notice,
  })
  const errors = { ...(result.success ? {} : issuesToFields(result.error.issues)), ...timeErrors }
  if (result.success && !Object.keys(errors).length) return { ok: true, profile: result.data }
  return { ok: false, errors }
}

export const EMPTY_CLOSURE: Closure = { from: '', to: '', label: '' }
export const EMPTY_SOCIAL: SocialLink = { network: '', url: '' }
