// Whom a conversation that needs a person is offered to (src/server/console/routing-choice.ts), over fixed people and times.
import { describe, expect, it } from 'vitest'
import { answering, nextInTurn, route, toEveryone, type ChoiceRules } from '../../src/server/console/routing-choice'
import type { StaffRow } from '../../src/server/storage/routing-repo'
import { onDutyAt } from '../../src/shared/duty'

/** Monday to Friday 9:00–19:00, Saturday 10:00–14:00, Sunday closed (the demo agency's). */
const OFFICE = { hours: [null, [540, 1140], [540, 1140], [540, 1140], [540, 1140], [540, 1140], [600, 840]] as const, closures: [{ from: '2026-03-16', to: '2026-03-16', label: 'Natalicio de Benito Juárez' }] }
const office = { hours: OFFICE.hours.map((h) => (h ? ([...h] as [number, number]) : null)), closures: OFFICE.closures }
/** Monday 2 March 2026, 11:00 in Cancún. */
const MONDAY_11 = new Date('2026-03-02T11:00:00-05:00')
const rules = (now = MONDAY_11, overrides: Partial<ChoiceRules> = {}): ChoiceRules => ({
  now,
  office,
  maxOpen: 2,
  answerMinutes: 2,
  nextOpening: new Date('2026-03-03T09:00:00-05:00'),
  ...overrides,
})
const person = (id: string, fields: Partial<StaffRow> = {}): StaffRow => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  availability: 'disponible',
  dutyHours: null,
  present: true,
  absentSeconds: null,
  lastOfferedAt: null,
  open: 0,
  ...fields,
})

describe('who is on duty', () => {
  it('follows the office hours and closed days without hours of their own, and their own week with them', () => {
    expect(onDutyAt(MONDAY_11, null, office)).toBe(true)
    expect(onDutyAt(new Date('2026-03-02T03:40:00-05:00'), null, office)).toBe(false)
    expect(onDutyAt(new Date('2026-03-02T19:00:00-05:00'), null, office)).toBe(false)
    expect(onDutyAt(new Date('2026-03-16T11:00:00-05:00'), null, office)).toBe(false) // the holiday
    const nights = [null, [0, 480], null, null, null, null, null] as Array<[number, number] | null>
    expect(onDutyAt(new Date('2026-03-02T03:40:00-05:00'), nights, office)).toBe(true)
    expect(onDutyAt(MONDAY_11, nights, office)).toBe(false)
    expect(onDutyAt(new Date('2026-03-16T03:40:00-05:00'), nights, office)).toBe(true) // their own shifts, holiday or not
  })

  it('can answer only with a console open, «disponible» and on duty', () => {
    const staff = [person('ana'), person('luis', { present: false }), person('marta', { availability: 'ausente' }), person('noe', { dutyHours: [null, [0, 480], null, null, null, null, null] })]
    expect(answering(staff, rules()).map((p) => p.id)).toEqual(['ana'])
  })
})

describe('the round-robin', () => {
  it('offers each new conversation to the person offered one least recently, never-offered first, then the one with fewer open', () => {
    const staff = [person('ana', { lastOfferedAt: '2026-03-02T16:00:00Z' }), person('luis', { lastOfferedAt: '2026-03-02T15:00:00Z' }), person('marta')]
    expect(nextInTurn(staff, rules())?.id).toBe('marta')
    expect(nextInTurn(staff, rules(), ['marta'])?.id).toBe('luis')
    const tied = [person('ana', { open: 1 }), person('luis', { open: 0 })]
    expect(nextInTurn(tied, rules())?.id).toBe('luis')
    // Same turn and load: the accounts' order.
    expect(nextInTurn([person('ana'), person('luis')], rules())?.id).toBe('ana')
  })

  it('goes round: offering one moves the turn to the next', () => {
    const staff = [person('ana'), person('luis'), person('marta')]
    const order: string[] = []
    for (let i = 0; i < 4; i++) {
      const chosen = nextInTurn(staff, rules())!
      order.push(chosen.id)
      chosen.lastOfferedAt = new Date(MONDAY_11.getTime() + i * 1000).toISOString()
    }
    expect(order).toEqual(['ana', 'luis', 'marta', 'ana'])
  })

  it('offers nobody more than the cap of open conversations', () => {
    const staff = [person('ana', { open: 2 }), person('luis', { open: 1, lastOfferedAt: '2026-03-02T16:00:00Z' })]
    expect(nextInTurn(staff, rules())?.id).toBe('luis')
    expect(nextInTurn(staff, rules(MONDAY_11, { maxOpen: 1 }))).toBeNull()
  })
})

describe('what the visitor is told', () => {
  it('who answers and within how many minutes, when someone can', () => {
    expect(route([person('ana'), person('luis')], rules())).toEqual({ outlook: { kind: 'person', accountId: 'ana', name: 'Ana', minutes: 2 }, offerTo: 'ana' })
  })

  it('the member asked for by name when they can answer, whatever their load; else the next in turn', () => {
    const staff = [person('ana'), person('luis', { open: 5 }), person('marta', { present: false })]
    expect(route(staff, rules(), { member: 'luis' }).offerTo).toBe('luis')
    expect(route(staff, rules(), { member: 'marta' }).offerTo).toBe('ana')
  })

  it('that everyone is busy when all who can answer are at the cap: offered to all of them', () => {
    expect(route([person('ana', { open: 2 }), person('luis', { open: 3 })], rules())).toEqual({ outlook: { kind: 'busy', names: ['Ana', 'Luis'] }, offerTo: null })
  })

  it('when the agency answers, at 03:40 (office closed) and with nobody online during office hours', () => {
    expect(route([person('ana')], rules(new Date('2026-03-02T03:40:00-05:00'), { nextOpening: new Date('2026-03-02T09:00:00-05:00') }))).toEqual({
      outlook: { kind: 'later', closed: true, at: '2026-03-02T14:00:00.000Z' },
      offerTo: null,
    })
    expect(route([person('ana', { present: false }), person('luis', { availability: 'ausente' })], rules()).outlook).toEqual({ kind: 'later', closed: false, at: '2026-03-03T14:00:00.000Z' })
  })

  it('leaves out who just left the conversation', () => {
    expect(route([person('ana'), person('luis')], rules(), { exclude: ['ana'] }).offerTo).toBe('luis')
    expect(route([person('ana')], rules(), { exclude: ['ana'] }).outlook.kind).toBe('later')
  })

  it('past the answer time: everyone who can answer, by name', () => {
    expect(toEveryone([person('ana', { open: 9 }), person('luis'), person('marta', { present: false })], rules())).toEqual({ kind: 'team', names: ['Ana', 'Luis'] })
    expect(toEveryone([person('marta', { present: false })], rules()).kind).toBe('later')
  })
})
