import { describe, expect, it } from 'vitest'
import { dayFieldText, dayFromText } from '../../src/console/day-text'

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
