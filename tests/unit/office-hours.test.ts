import { describe, expect, it } from 'vitest'
import { siteIdentity } from '../../src/site/data/identity'
import { hoursEn, hoursEs, schemaHours, visitHoursOf, visitHoursText, withinVisitHours } from '../../src/shared/office-hours'
import { readAgency } from '../support/catalogue'

// The demo agency's week (content/agency.json): Monday to Friday 9–19, Saturday 10–14.
const OFFICE_HOURS = readAgency().profile.hours
const VISIT_HOURS = visitHoursOf(OFFICE_HOURS)
const VISIT_HOURS_TEXT = visitHoursText(VISIT_HOURS)

describe('office hours: one table read by the footer, the structured data and the agent', () => {
  it('reads as schema.org, Spanish and English from the same table', () => {
    expect(schemaHours(OFFICE_HOURS)).toEqual(['Mo-Fr 09:00-19:00', 'Sa 10:00-14:00'])
    expect(siteIdentity(readAgency().profile).hoursDisplay).toEqual(['Lunes a viernes de 9:00 a 19:00', 'Sábados de 10:00 a 14:00'])
    expect(hoursEn(OFFICE_HOURS)).toEqual(['Monday to Friday 9:00 to 19:00', 'Saturdays 10:00 to 14:00'])
  })

  it('offers visits from opening until one hour before closing', () => {
    expect(VISIT_HOURS_TEXT).toBe('lunes a viernes de 9:00 a 18:00 y sábados de 10:00 a 13:00')
    expect(hoursEn(VISIT_HOURS)).toEqual(['Monday to Friday 9:00 to 18:00', 'Saturdays 10:00 to 13:00'])
  })

  it('tells a visit time within the visit hours from one outside them (03:00, Saturday afternoon, Sunday)', () => {
    // 1 March 2027 is a Monday; 6 March a Saturday; 7 March a Sunday.
    const within = (local: string) => withinVisitHours(local, VISIT_HOURS)
    expect(['2027-03-01T09:00', '2027-03-01T18:00', '2027-03-06T13:00', 'not a time'].map(within)).toEqual([true, true, true, true])
    expect(['2027-03-01T03:00', '2027-03-01T18:30', '2027-03-06T15:00', '2027-03-07T11:00'].map(within)).toEqual([false, false, false, false])
    // Another agency's table: Saturday closed, weekdays 8:00 to 17:00 (visits until 16:00).
    const other = visitHoursOf([null, [480, 1020], [480, 1020], [480, 1020], [480, 1020], [480, 1020], null])
    expect(['2027-03-01T08:00', '2027-03-01T16:00', '2027-03-06T11:00'].map((t) => withinVisitHours(t, other))).toEqual([true, true, false])
    expect(visitHoursText(other)).toBe('lunes a viernes de 8:00 a 16:00')
  })

  it('groups only consecutive days with the same hours, and says single days on their own', () => {
    const week = [null, [540, 1140], [540, 1140], [600, 1140], null, [540, 1140], [540, 780]] as const
    expect(schemaHours(week)).toEqual(['Mo-Tu 09:00-19:00', 'We 10:00-19:00', 'Fr 09:00-19:00', 'Sa 09:00-13:00'])
    expect(hoursEs(week)).toEqual(['lunes a martes de 9:00 a 19:00', 'miércoles de 10:00 a 19:00', 'viernes de 9:00 a 19:00', 'sábados de 9:00 a 13:00'])
  })
})
