/**
 * Hand-off (docs/behaviour.md#agent-handoff): the visitor asks for a person; the conversation is
 * marked for the agency's team, and a phone is asked for when there is none. A visitor still
 * waiting is acknowledged, given the agency's channels, and asked for a way to be reached. Pure.
 */
import { foldText } from '../../../../domain/fold'
import { contactWhen, officeOpen } from '../schedule'
import type { ConversationState, TeamContact } from '../types'
import type { Step, TurnContext } from './step'

/** Words before a person's name that ask for them: «hablar con», «busco a», «¿está…?», «talk to» («para Ana» is whom a house is for). */
const ASKS_FOR = String.raw`(?:con|a|esta|atienda|atiende|to|with|is)`
/** A title before the name: «con la licenciada Mariana», «with Ms. Cetina». */
const TITLE = String.raw`(?:(?:la|el|senora|senor|sra\.?|sr\.?|lic\.?|licenciada|licenciado|ms\.?|mr\.?|mrs\.?)\s+)*`
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The team member a message asks for by name («quiero hablar con Mariana», «¿está Luis
 * Alberto?», «can I talk to Ana Sofía»): their full name, or their first name when only one
 * member has it. A name said otherwise («me llamo Ana») asks for nobody. Pure.
 */
export function askedForMember(text: string, team: readonly TeamContact[]): TeamContact | null {
  const folded = foldText(text).replace(/\s+/g, ' ')
  const asks = (name: string) => new RegExp(String.raw`\b${ASKS_FOR}\s+${TITLE}${escape(foldText(name).trim())}\b`).test(folded)
  const full = team.find((member) => asks(member.name))
  if (full) return full
  const first = (member: TeamContact) => foldText(member.name).trim().split(/\s+/)[0] ?? ''
  const byFirst = team.filter((member) => first(member) && asks(first(member)))
  // Two members of that first name: which one is not guessed.
  return byFirst.length === 1 ? byFirst[0]! : null
}

/**
 * The visitor asked for `member` by name: handed off as to any person, and, when the member has
 * a console account, to that account (the conversation shows as theirs in the console, and a
 * visit booked later in it is theirs: the memory keeps the account).
 */
export function handOffToMember(state: ConversationState, t: TurnContext, member: TeamContact): Step {
  const step = handOff(state, t)
  const assigned = member.accountId !== null
  return {
    ...step,
    ...(assigned ? { handoffTo: member.accountId!, state: { ...step.state, adviser: member.accountId } } : {}),
    messages: [t.say.handoff.member(member, assigned, !state.contact.phone && state.contact.name === null)],
  }
}

export function handOff(state: ConversationState, t: TurnContext): Step {
  // Out of office hours (the agency's week and closures) nobody answers «en breve»: it says when someone will.
  const later = officeOpen(t.now, t.calendar) ? undefined : contactWhen(t.now, t.language, t.calendar)
  if (state.contact.phone) return { handoff: true, reason: 'handoff', state: { handoff: true }, messages: [t.say.handoff.connecting(t.agency, false, later)] }
  // «…, me llamo Rosa»: the contact question that follows thanks her by name and asks only for a
  // phone or e-mail, instead of this message asking for the name she just gave.
  const named = state.contact.name !== null
  return {
    handoff: true,
    reason: 'handoff',
    ...(named ? {} : { askedContact: true }),
    state: { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' },
    messages: [t.say.handoff.connecting(t.agency, !named, later)],
  }
}

/** "Nadie me contesta": an apology, the channels, and the contact data asked for when missing. */
export function acknowledgeWait(state: ConversationState, t: TurnContext): Step {
  const askContact = !state.contact.phone && !state.contact.email
  return {
    handoff: true,
    reason: 'handoff',
    askedContact: true,
    messages: [t.say.waiting(t.channels, askContact)],
    state: askContact ? { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' } : { handoff: true },
  }
}
