/**
 * When a person of the agency is on duty (docs/console.md#routing): their own week of hours, or
 * the agency's office hours and closed days when they have none. The server offers conversations
 * only to people on duty; the console's header says whether one is (so this module has no zod:
 * the inbox's bundle carries it; the schemas are in duty-schema.ts). Pure.
 */
import { agencyDay, agencyWallClock } from '../domain/agency-clock'
import type { WeekHours } from '../protocol/console'
import { closureOn, type AgencyProfile } from './agency'

/** Whether `at` falls within the week's hours of its weekday, in Cancún. */
function within(week: WeekHours, at: Date): boolean {
  const wall = agencyWallClock(at)
  const hours = week[wall.weekday]
  const minutes = wall.hour * 60 + wall.minute
  return !!hours && minutes >= hours[0] && minutes < hours[1]
}

/**
 * Whether someone with these duty hours is on duty at `at`: within their own week when they have
 * one (a closed day of the office does not stop a person who set their own shifts), else within
 * the office's hours on a day it does not close.
 */
export function onDutyAt(at: Date, dutyHours: WeekHours | null, office: Pick<AgencyProfile, 'hours' | 'closures'>): boolean {
  if (dutyHours) return within(dutyHours, at)
  if (closureOn(office.closures ?? [], agencyDay(at))) return false
  return within(office.hours ?? [], at)
}
