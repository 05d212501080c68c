import { describe, expect, it } from 'vitest'
import { numberWord, numberWordsPattern } from '../../src/domain/number-words'
import { numberOf } from '../../src/server/chat/agent/text'

describe('number words', () => {
  it('reads a folded word in Spanish or English', () => {
    expect(numberWord('tres')).toBe(3)
    expect(numberWord('doce')).toBe(12)
    expect(numberWord('twelve')).toBe(12)
    expect(numberWord('once')).toBe(11)
    expect(numberWord('treinta')).toBeNull()
    expect(numberOf('4')).toBe(4)
  })

  it('gives the alternations the agent\'s patterns were written with, in the same order', () => {
    expect(numberWordsPattern(1, 10, ['es'])).toBe('un|una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez')
    expect(numberWordsPattern(1, 10)).toBe('un|una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|one|two|three|four|five|six|seven|eight|nine|ten')
    expect(numberWordsPattern(2, 5)).toBe('dos|tres|cuatro|cinco|two|three|four|five')
  })
})
