import { describe, expect, it } from 'vitest'
import { agencyDay, agencyInstant, agencyInstantAt, agencyIso, agencyUtcOffsetMinutes, agencyWallClock } from '../../src/domain/agency-clock'
import { cancunParts, isoCancun } from '../../src/server/chat/agent/schedule'
import { formatDate } from '../../src/catalogue/format'

describe('the agency clock (Intl, America/Cancun)', () => {
  it('reads an instant on Cancún\'s wall clock, whatever the process\'s zone', () => {
    expect(agencyWallClock(new Date('2026-11-28T16:05:09Z'))).toEqual({ y: 2026, m: 11, d: 28, weekday: 6, hour: 11, minute: 5, second: 9 })
    expect(agencyDay(new Date('2026-03-16T04:59:59Z'))).toBe('2026-03-15')
  })

  it('knows the offset from the zone data, before 2015 too (UTC−6 with daylight saving then)', () => {
    expect(agencyUtcOffsetMinutes(new Date('2026-07-01T12:00:00Z'))).toBe(-300)
    expect(agencyUtcOffsetMinutes(new Date('2014-01-15T12:00:00Z'))).toBe(-360)
    expect(agencyUtcOffsetMinutes(new Date('2014-07-15T12:00:00Z'))).toBe(-300)
    expect(formatDate('2014-01-16T05:30:00Z')).toBe('15 de enero de 2014')
  })

  it('writes and reads wall-clock times both ways', () => {
    const at = agencyInstantAt({ y: 2026, m: 11, d: 28 }, 11 * 60)
    expect(at.toISOString()).toBe('2026-11-28T16:00:00.000Z')
    expect(agencyIso(at)).toBe('2026-11-28T11:00:00-05:00')
    expect(agencyInstant('2026-11-28T11:00')).toBe(at.toISOString())
  })

  it('is the clock the chat agent proposes visits on', () => {
    const at = new Date('2026-11-28T16:00:00.250Z')
    expect(isoCancun(at)).toBe('2026-11-28T11:00:00-05:00')
    expect(cancunParts(at)).toMatchObject({ hour: 11, minute: 0, second: 1 })
  })
})
