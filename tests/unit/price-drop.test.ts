import { describe, expect, it } from 'vitest'
import { PRICE_DROP_DAYS, recentPriceDrop } from '../../src/catalogue/price-drop'
import { priceDropAfter } from '../../src/server/catalogue/edits'
import type { Property } from '../../src/catalogue/model'

const previous = { amount: 4_000_000, currency: 'MXN' } as const
/** A cut at 23:30 in Cancún on 1 March 2026 (04:30 UTC on the 2nd: UTC−5). */
const cut = { previous, at: '2026-03-02T04:30:00.000Z' }

describe('«Bajó de precio»: 30 calendar days in Cancún after the cut', () => {
  it('shows the cut from its day through the 30th day after, on the agency clock, not UTC', () => {
    expect(PRICE_DROP_DAYS).toBe(30)
    expect(recentPriceDrop({ priceDrop: cut }, new Date('2026-03-02T05:00:00Z'))).toEqual(cut)
    // 31 March, 23:59 in Cancún (1 April 04:59 UTC): the 30th day after 1 March, still shown.
    expect(recentPriceDrop({ priceDrop: cut }, new Date('2026-04-01T04:59:00Z'))).toEqual(cut)
    // 1 April 00:00 in Cancún: the 31st day, gone, though in UTC the cut's day (2 March) is only 30 days back.
    expect(recentPriceDrop({ priceDrop: cut }, new Date('2026-04-01T05:00:00Z'))).toBeNull()
  })

  it('shows nothing without a cut, or with a cleared one', () => {
    expect(recentPriceDrop({}, new Date('2026-03-02T05:00:00Z'))).toBeNull()
    expect(recentPriceDrop({ priceDrop: null }, new Date('2026-03-02T05:00:00Z'))).toBeNull()
  })
})

describe('the cut an edit records', () => {
  const before = { price: previous, priceDrop: null } as unknown as Property
  const now = new Date('2026-05-10T15:00:00Z')
  it('records a lower price, compared in pesos, with the old price and when', () => {
    expect(priceDropAfter(before, { amount: 3_500_000, currency: 'MXN' }, now)).toEqual({ previous, at: now.toISOString() })
    // USD 200,000 is 3.7 million pesos at the reference rate: lower.
    expect(priceDropAfter(before, { amount: 200_000, currency: 'USD' }, now)).toEqual({ previous, at: now.toISOString() })
  })
  it('clears it on a raise and keeps it when the price stays', () => {
    const dropped = { ...before, priceDrop: cut } as Property
    expect(priceDropAfter(dropped, { amount: 4_100_000, currency: 'MXN' }, now)).toBeNull()
    expect(priceDropAfter(dropped, previous, now)).toEqual(cut)
  })
})
