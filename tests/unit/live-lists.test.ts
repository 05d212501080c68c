import { describe, expect, it } from 'vitest'
import { NO_FILTERS, type LeadFilters } from '../../src/console/leads'
import { leadPageWith, visitListWith, weekWith } from '../../src/console/live-lists'
import { pipelineLead, pipelineVisit } from '../support/pipeline-records'
import { LEAD_REVIEW, UNASSIGNED, VISIT_LIST_MAX, type LeadPage, type PipelineLead, type Visit, type VisitWeek } from '../../src/protocol/crm'

const lead = pipelineLead
const page = (items: PipelineLead[], more: Partial<LeadPage> = {}): LeadPage => ({ items, total: items.length, page: 1, pageSize: 3, pages: 1, ...more })
const filtered = (more: Partial<LeadFilters>): LeadFilters => ({ ...NO_FILTERS, ...more })
const ids = (list: { items: { id: string }[] } | null) => list?.items.map((item) => item.id)

// Newest first, as the server orders them (created_at DESC, id).
const c = lead('c', '2026-11-20T18:00:00.000Z')
const b = lead('b', '2026-11-19T18:00:00.000Z')
const a = lead('a', '2026-11-18T18:00:00.000Z')

describe("a lead event on the lead list (docs/behaviour.md#leads)", () => {
  it('replaces a changed lead where it is', () => {
    const contacted = { ...b, status: 'contactado' as const }
    expect(leadPageWith(page([c, b, a]), contacted, NO_FILTERS, false)?.items[1]).toBe(contacted)
  })

  it('takes a lead out of a list whose filter it left, and counts it', () => {
    const next = leadPageWith(page([c, b, a]), { ...b, status: 'contactado' }, filtered({ status: 'nuevo' }), false)
    expect(ids(next)).toEqual(['c', 'a'])
    expect(next).toMatchObject({ total: 2, pages: 1 })
  })

  it('takes a lead cleared of its review mark («No es spam») out of the review list; a new marked lead joins it', () => {
    const marked: PipelineLead[] = [c, b, a].map((item) => ({ ...item, review: LEAD_REVIEW }))
    const next = leadPageWith(page(marked), { ...marked[1]!, review: null }, filtered({ review: LEAD_REVIEW }), false)
    expect(ids(next)).toEqual(['c', 'a'])
    const arrived = lead('n', '2026-11-21T18:00:00.000Z', { review: LEAD_REVIEW })
    expect(ids(leadPageWith(page([]), arrived, filtered({ review: LEAD_REVIEW }), true))).toEqual(['n'])
    expect(ids(leadPageWith(page([]), lead('o', '2026-11-21T19:00:00.000Z'), filtered({ review: LEAD_REVIEW }), true))).toEqual([])
  })

  it('puts a lead that joined a filter in its place, and one just stored on top', () => {
    const assigned = lead('m', '2026-11-19T20:00:00.000Z', { assignedTo: 'luis' })
    expect(ids(leadPageWith(page([c, a]), assigned, filtered({ assignedTo: 'luis' }), false))).toEqual(['c', 'm', 'a'])
    const stored = lead('n', '2026-11-21T18:00:00.000Z')
    const next = leadPageWith(page([c, b, a], { total: 4, pages: 2 }), stored, NO_FILTERS, true)
    expect(ids(next)).toEqual(['n', 'c', 'b'])
    expect(next).toMatchObject({ total: 5, pages: 2 })
  })

  it('leaves the list as it is for a lead it does not show and that no filter concerns', () => {
    const list = page([c, b, a], { total: 9, pages: 3 })
    expect(leadPageWith(list, { ...lead('z', '2026-11-01T18:00:00.000Z'), status: 'cerrado' }, NO_FILTERS, false)).toBe(list)
    expect(leadPageWith(list, lead('n', '2026-11-21T18:00:00.000Z', { source: 'contacto' }), filtered({ channel: 'chat' }), true)).toBe(list)
    expect(leadPageWith(list, lead('n', '2026-11-21T18:00:00.000Z', { assignedTo: 'luis' }), filtered({ assignedTo: UNASSIGNED }), true)).toBe(list)
  })

  it('cannot tell (asks the server) across pages or under a text search', () => {
    const first = page([c, b, a], { total: 9, pages: 3 })
    expect(leadPageWith(first, { ...b, status: 'contactado' }, filtered({ status: 'nuevo' }), false)).toBeNull() // page 2's first lead moves up
    expect(leadPageWith(first, lead('z', '2026-11-01T18:00:00.000Z'), filtered({ status: 'nuevo' }), false)).toBeNull() // it may have been on page 2
    expect(leadPageWith(page([c, b, a], { page: 2, total: 6, pages: 2 }), lead('n', '2026-11-21T18:00:00.000Z'), NO_FILTERS, true)).toBeNull()
    expect(leadPageWith(page([c]), lead('n', '2026-11-21T18:00:00.000Z'), filtered({ q: 'casa' }), true)).toBeNull()
  })

  it("reads the date filters as Cancún days", () => {
    // 03:00 UTC on the 21st is still the 20th in Cancún (UTC−5).
    const late = lead('n', '2026-11-21T03:00:00.000Z')
    expect(ids(leadPageWith(page([]), late, filtered({ to: '2026-11-20' }), true))).toEqual(['n'])
    expect(ids(leadPageWith(page([]), late, filtered({ from: '2026-11-21' }), true))).toEqual([])
  })
})

const visit = (id: string, at: string, more: Partial<Visit> = {}): Visit => pipelineVisit(id, at, { name: 'Rosa', bookedBy: 'agente-automatico', ...more })

describe('a visit event on the agenda (docs/behaviour.md#visits)', () => {
  const week: VisitWeek = {
    from: '2026-11-23',
    to: '2026-11-29',
    days: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'],
    visits: [visit('x', '2026-11-24T16:00:00.000Z'), visit('y', '2026-11-26T16:00:00.000Z')],
  }

  it('puts a visit booked or moved in the week in time order, and takes one moved out of it away', () => {
    expect(ids({ items: weekWith(week, visit('n', '2026-11-25T16:00:00.000Z')).visits })).toEqual(['x', 'n', 'y'])
    expect(ids({ items: weekWith(week, visit('x', '2026-11-27T16:00:00.000Z')).visits })).toEqual(['y', 'x'])
    // Sunday 22:00 in Cancún is Monday 03:00 UTC: still this week.
    expect(ids({ items: weekWith(week, visit('y', '2026-11-30T03:00:00.000Z')).visits })).toEqual(['x', 'y'])
    expect(ids({ items: weekWith(week, visit('y', '2026-11-30T16:00:00.000Z')).visits })).toEqual(['x'])
  })

  it('keeps the list from today on under its status filter, and asks again when the list is full', () => {
    const items = week.visits
    expect(visitListWith(items, visit('n', '2026-11-25T16:00:00.000Z'), '', '2026-11-23')?.map((v) => v.id)).toEqual(['x', 'n', 'y'])
    expect(visitListWith(items, visit('x', '2026-11-24T16:00:00.000Z', { status: 'confirmada' }), 'por_confirmar', '2026-11-23')?.map((v) => v.id)).toEqual(['y'])
    expect(visitListWith(items, visit('n', '2026-11-20T16:00:00.000Z'), '', '2026-11-23')?.map((v) => v.id)).toEqual(['x', 'y'])
    const full = Array.from({ length: VISIT_LIST_MAX }, (_, i) => visit(`v${i}`, '2026-11-24T16:00:00.000Z'))
    expect(visitListWith(full, visit('n', '2026-11-25T16:00:00.000Z'), '', '2026-11-23')).toBeNull()
  })
})
