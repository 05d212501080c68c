/**
 * Whom a conversation that needs a person is offered to, and what the visitor is told
 * (docs/console.md#routing). Pure: the people, the time and the agency's settings are passed in,
 * so the round-robin and its cap are tested over fixed inputs (tests/unit/routing-choice.test.ts).
 */
import type { AgencyProfile } from '../../shared/agency'
import { onDutyAt } from '../../shared/duty'
import type { HandoffOutlook } from '../chat/agent/types'
import type { StaffRow } from '../storage/routing-repo'

/** What the choice reads besides the people. */
export interface ChoiceRules {
  now: Date
  /** The agency's office hours and closed days: duty hours of whoever has none of their own. */
  office: Pick<AgencyProfile, 'hours' | 'closures'>
  /** Open conversations (owned or offered) past which a person is offered no more. */
  maxOpen: number
  /** Minutes the person offered a conversation has to take it. */
  answerMinutes: number
  /** The next time the office opens after `now` (null: it has no hours): when the agency answers otherwise. */
  nextOpening: Date | null
}

/** Who can answer now, whatever their load: a console open, «disponible», on duty. */
export const answering = (staff: readonly StaffRow[], rules: Pick<ChoiceRules, 'now' | 'office'>): StaffRow[] =>
  staff.filter((person) => person.present && person.availability === 'disponible' && onDutyAt(rules.now, person.dutyHours, rules.office))

/**
 * The next person in turn: of those who can answer and are under the cap (and not `exclude`d),
 * the one offered a conversation least recently (never before first), then the one with fewer
 * open, then in the order of `staff` (the accounts' order): each new conversation goes to the
 * next person, and nobody gets more than the cap.
 */
export function nextInTurn(staff: readonly StaffRow[], rules: Pick<ChoiceRules, 'now' | 'office' | 'maxOpen'>, exclude: readonly string[] = []): StaffRow | null {
  const order = new Map(staff.map((person, index) => [person.id, index]))
  const free = answering(staff, rules).filter((person) => person.open < rules.maxOpen && !exclude.includes(person.id))
  const offered = (person: StaffRow) => (person.lastOfferedAt ? Date.parse(person.lastOfferedAt) : -Infinity)
  free.sort((a, b) => offered(a) - offered(b) || a.open - b.open || order.get(a.id)! - order.get(b.id)!)
  return free[0] ?? null
}

/** Who the visitor is told will answer, and whom the conversation is offered to (null: everyone, or nobody yet). */
export interface Routed {
  outlook: HandoffOutlook
  offerTo: string | null
}

/** Nobody can answer now: the agency answers at its next opening. */
const later = (rules: ChoiceRules): HandoffOutlook => ({ kind: 'later', closed: !onDutyAt(rules.now, null, rules.office), at: rules.nextOpening?.toISOString() ?? null })

/**
 * A conversation that needs a person now: offered to the next person in turn; when everyone who
 * can answer is at the cap, to all of them (the first one free answers); when nobody can answer
 * (the office closed, or nobody on duty online and available), the visitor hears when the agency
 * answers. `member`: the account of a team member the visitor asked for by name, offered to them
 * when they can answer, whatever their load. `exclude`: people not to offer it to (who just left it).
 */
export function route(staff: readonly StaffRow[], rules: ChoiceRules, options: { member?: string | null; exclude?: readonly string[] } = {}): Routed {
  const able = answering(staff, rules).filter((person) => !options.exclude?.includes(person.id))
  const member = options.member ? able.find((person) => person.id === options.member) : undefined
  const chosen = member ?? nextInTurn(staff, rules, options.exclude)
  if (chosen) return { outlook: { kind: 'person', accountId: chosen.id, name: chosen.name, minutes: rules.answerMinutes }, offerTo: chosen.id }
  if (able.length) return { outlook: { kind: 'busy', names: able.map((person) => person.name) }, offerTo: null }
  return { outlook: later(rules), offerTo: null }
}

/** Offered to everyone (nobody took it in time): who of them can answer, else when the agency does. */
export function toEveryone(staff: readonly StaffRow[], rules: ChoiceRules): HandoffOutlook {
  const able = answering(staff, rules)
  return able.length ? { kind: 'team', names: able.map((person) => person.name) } : later(rules)
}
