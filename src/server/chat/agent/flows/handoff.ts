/**
 * Hand-off (docs/behaviour.md#agent-handoff): the visitor asks for a person; the conversation is
 * marked for the agency's team, and a phone is asked for when there is none. A visitor still
 * waiting is acknowledged, given the agency's channels, and asked for a way to be reached. Pure.
 */
import { foldText } from '../../../../domain/fold'
import { contactWhen, formatFromNow, officeOpen } from '../schedule'
import type { ConversationState, HandoffOutlook, TeamContact } from '../types'
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

/** Who answers and about when, in the visitor's language (docs/console.md#routing). */
export function outlookSentence(outlook: HandoffOutlook, t: Pick<TurnContext, 'now' | 'language' | 'say' | 'channels'>): string {
  const when = outlook.kind === 'later' && outlook.at ? formatFromNow(new Date(outlook.at), t.now, t.language) : null
  return t.say.routing.outlook(outlook, when, t.channels)
}

/**
 * The visitor asked for `member` by name: handed off as to any person, and, when the member has
 * a console account, the memory keeps it (a visit booked later in it is theirs). With the console's
 * `outlook` the conversation becomes theirs only when they can answer now (online, on duty,
 * available); otherwise the visitor hears so, and who answers instead. Without it (no console),
 * a linked member is handed the conversation.
 */
export function handOffToMember(state: ConversationState, t: TurnContext, member: TeamContact, outlook?: HandoffOutlook | null): Step {
  const step = handOff(state, t, outlook)
  const askPhone = !state.contact.phone && state.contact.name === null
  const linked = member.accountId !== null
  const adviser = linked ? { state: { ...step.state, adviser: member.accountId } } : {}
  if (!outlook) return { ...step, ...adviser, ...(linked ? { handoffTo: member.accountId! } : {}), messages: [t.say.handoff.member(member, linked, askPhone)] }
  if (outlook.kind === 'person' && linked && outlook.accountId === member.accountId)
    return { ...step, ...adviser, handoffTo: member.accountId!, messages: [t.say.routing.member(member, outlook.minutes, askPhone)] }
  const sentence = outlookSentence(outlook, t)
  return { ...step, ...adviser, messages: [linked ? t.say.routing.memberAway(member, sentence, askPhone) : t.say.routing.memberUnlinked(member, sentence, askPhone)] }
}

/**
 * The visitor asked for a person. With the console's `outlook` they hear who answers and about
 * when, the truth at this moment (docs/console.md#routing); without one, what the office hours say.
 */
export function handOff(state: ConversationState, t: TurnContext, outlook?: HandoffOutlook | null): Step {
  // «…, me llamo Rosa»: the contact question that follows thanks her by name and asks only for a
  // phone or e-mail, instead of this message asking for the name she just gave.
  const named = state.contact.name !== null
  const ask = !state.contact.phone && !named
  const message = outlook
    ? t.say.routing.connecting(t.agency, outlookSentence(outlook, t), ask, outlook.kind === 'later')
    : // Out of office hours (the agency's week and closures) nobody answers «en breve»: it says when someone will.
      t.say.handoff.connecting(t.agency, ask, officeOpen(t.now, t.calendar) ? undefined : contactWhen(t.now, t.language, t.calendar))
  const route = outlook ? { route: outlook } : {}
  if (state.contact.phone) return { handoff: true, reason: 'handoff', ...route, state: { handoff: true }, messages: [message] }
  return {
    handoff: true,
    reason: 'handoff',
    ...route,
    ...(named ? {} : { askedContact: true }),
    state: { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' },
    messages: [message],
  }
}

/** "Nadie me contesta": an apology, where it stands (or the channels), and the contact data asked for when missing. */
export function acknowledgeWait(state: ConversationState, t: TurnContext, outlook?: HandoffOutlook | null): Step {
  const askContact = !state.contact.phone && !state.contact.email
  return {
    handoff: true,
    reason: 'handoff',
    askedContact: true,
    ...(outlook ? { route: outlook } : {}),
    messages: [outlook ? t.say.routing.waiting(outlookSentence(outlook, t), askContact) : t.say.waiting(t.channels, askContact)],
    state: askContact ? { handoff: true, pending: state.pending ?? 'contact', lastAsk: 'contact' } : { handoff: true },
  }
}
