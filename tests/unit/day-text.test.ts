import { describe, expect, it } from 'vitest'
import { DAY_TIME_ERROR, dayFieldText, dayFromText, dayTimeFieldText, dayTimeFromText } from '../../src/console/day-text'
import { readVisitTime } from '../../src/console/screens/pipeline-parts'
import { VISIT_PAST_ERROR } from '../../src/protocol/crm'

describe('a day as the agency writes it, dd/mm/aaaa (the console date filters)', () => {
  it.each([
    ['28/11/2026', '2026-11-28'],
    ['5/3/2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    [' 05.03.2026 ', '2026-03-05'],
    ['29/02/2028', '2028-02-29'],
  ])('%s is %s', (text, day) => {
    expect(dayFromText(text)).toBe(day)
  })

  it.each(['11/28/2026', '31/04/2026', '29/02/2027', '2026-11-28', '28/11/26', '28/11', 'mañana', ''])('%s is no day', (text) => {
    expect(dayFromText(text)).toBeNull()
  })

  it('shows a stored day back as dd/mm/aaaa, and no day as an empty field', () => {
    expect(dayFieldText('2026-03-05')).toBe('05/03/2026')
    expect(dayFromText(dayFieldText('2026-03-05'))).toBe('2026-03-05')
    expect(dayFieldText('')).toBe('')
  })
})

describe("a visit's day and hour as the agency writes them, dd/mm/aaaa hh:mm on a 24-hour clock", () => {
  it.each([
    ['28/11/2026 16:30', '2026-11-28T16:30'],
    [' 5/3/2026  9:05 ', '2026-03-05T09:05'],
    ['05-03-2026 00:00', '2026-03-05T00:00'],
    ['28/11/2026 16.30', '2026-11-28T16:30'],
  ])('%s is %s', (text, local) => {
    expect(dayTimeFromText(text)).toBe(local)
  })

  it.each(['11/28/2026 4:30', '28/11/2026', '28/11/2026 4:30 PM', '28/11/2026 24:00', '28/11/2026 16:60', '2026-11-28T16:30', '31/04/2026 10:00', ''])('%s is no day and hour', (text) => {
    expect(dayTimeFromText(text)).toBeNull()
  })

  it('shows a stored time back as dd/mm/aaaa hh:mm, and none as an empty field', () => {
    expect(dayTimeFieldText('2026-03-05T09:05')).toBe('05/03/2026 09:05')
    expect(dayTimeFromText(dayTimeFieldText('2026-03-05T09:05'))).toBe('2026-03-05T09:05')
    expect(dayTimeFieldText('')).toBe('')
  })
})

describe("a visit's day and hour, read once for the booking and the move forms", () => {
  const now = new Date('2026-11-27T12:00:00Z')
  it('a time to come is its instant, read on Cancún\'s clock (UTC−5)', () => {
    expect(readVisitTime('28/11/2026 16:30', now)).toEqual({ at: '2026-11-28T21:30:00.000Z' })
  })
  it.each([
    ['', 'Escribe la fecha y la hora.'],
    ['11/28/2026 4:30 PM', DAY_TIME_ERROR],
    ['27/11/2026 06:59', VISIT_PAST_ERROR],
  ])('%j is refused with %s', (text, error) => {
    expect(readVisitTime(text, now)).toEqual({ error })
  })
})
