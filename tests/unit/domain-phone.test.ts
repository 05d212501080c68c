import { describe, expect, it } from 'vitest'
import { agencyPhone, phoneE164, phoneKey, phoneTail, phoneText } from '../../src/domain/phone'

describe('reading a phone (libphonenumber-js, Mexico by default)', () => {
  it.each([
    ['998 123 4567', '+529981234567'],
    ['(998) 123-45-67', '+529981234567'],
    ['52 998 123 4567', '+529981234567'],
    ['+52 1 998 123 4567', '+529981234567'],
    ['044 998 123 4567', '+529981234567'],
    ['1 305 555 0199', '+13055550199'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s is %s', (typed, e164) => {
    expect(phoneE164(typed)).toBe(e164)
  })

  it('reads no number from what is none', () => {
    for (const typed of ['', 'abc', '998 123', '99812345678', '44 20 7946 0958']) expect(phoneE164(typed), typed).toBeNull()
  })

  it('tells a US number from a Mexican one with the same ten digits (the old check compared the last ten)', () => {
    expect(phoneKey('+1 305 555 0199')).not.toBe(phoneKey('305 555 0199'))
    expect(phoneKey('+1 305 555 0199')).toBe(phoneKey('1 (305) 555-0199'))
    expect(phoneKey('+52 1 998 123 4567')).toBe(phoneKey('998-123-4567'))
    // SQL narrows by the tail: both share it, the key decides.
    expect(phoneTail('+1 305 555 0199')).toBe(phoneTail('305 555 0199'))
  })

  it('keeps a Mexican number as its ten digits for the agent, any other in E.164', () => {
    expect(agencyPhone('+52 998 123 4567')).toBe('9981234567')
    expect(agencyPhone('+1 (305) 555-0199')).toBe('+13055550199')
    expect(agencyPhone('123')).toBeNull()
  })

  it('shows a number as it was meant: national when typed so, international otherwise', () => {
    expect(phoneText('9981234567')).toBe('998 123 4567')
    expect(phoneText('+34 612 345 678')).toBe('+34 612 34 56 78')
    expect(phoneText('no sé')).toBe('no sé')
  })
})
