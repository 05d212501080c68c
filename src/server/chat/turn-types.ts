/**
 * What the chat's turn path asks of the automated agent and of the console, in a module of its
 * own, so namespace.ts (which runs turns) and turns.ts (which calls them) need not import each other.
 */
import type { Visit } from '../../protocol/crm'
import type { NewAppointment, StoredMessage } from '../storage/chat-repo'
import type { HandoffOutlook } from './agent/types'

/** The e-mails the chat's turns send (src/server/mail): a booking stored with its confirmation, a copy of the conversation. */
export interface ChatMail {
  bookVisit(visitorId: string, appointment: NewAppointment): Promise<Visit>
  requestTranscript(visitorId: string, address: string): Promise<'queued' | 'unsubscribed' | 'invalid' | 'limited'>
}

export type { HandoffOutlook }

/** What the automated agent gives back for one visitor message. */
export interface ResponderOutcome {
  state: unknown
  messages: string[]
  lead?: { name: string; phone: string | null; email: string | null; message: string; propertySlug: string | null }
  /** `adviser`: the account of the team member the visitor had asked for by name (the visit is theirs), if any. */
  appointment?: { at: string; name: string | null; phone: string | null; email?: string | null; propertySlug: string | null; note: string; adviser?: string | null }
  handoff?: boolean
  /** The visitor asked for this account's person by name: the conversation is assigned to them. */
  handoffTo?: string
  /** The visitor asked for a copy of the conversation at this address, in this language (docs/email.md#transcript). */
  transcript?: { email: string; language: 'es' | 'en' }
  /** With a hand-off: who the visitor was told will answer (docs/console.md#routing). */
  route?: HandoffOutlook
}

/** What the turn knows of the visitor: their page, and who would answer them now if they asked for a person. */
export interface ResponderVisitor {
  page: string | null
  routing?: (member: string | null) => Promise<HandoffOutlook>
}
/** The agent: the visitor's text and its memory of the conversation (null at first) -> outcome. */
export type Responder = (text: string, state: unknown, visitor?: ResponderVisitor) => Promise<ResponderOutcome>

/**
 * The turn path's hooks for the agent console (docs/behaviour.md#console-ownership); without
 * them the automated agent answers every message.
 */
export interface TurnHooks {
  /**
   * An owner idle this long has lost the conversation. The journal checks ownership with it in the
   * commits of the visitor's message and of the agent's reply, so a turn costs no extra read.
   */
  ownerIdleSeconds: number
  /** Whether the automated agent answers this visitor now; asked for a turn resumed after a crash. */
  answersAutomatically(visitorId: string): Promise<boolean>
  /** A message of the conversation was stored (the visitor's or the automated agent's). */
  stored(visitorId: string, message: StoredMessage): void
  /** Who would answer this visitor now if they asked for a person (`member`: one asked for by name); docs/console.md#routing. */
  outlook(visitorId: string, member: string | null): Promise<HandoffOutlook>
  /**
   * The automated agent handed the conversation to a person: `route`, who the visitor was told
   * will answer (it is offered to them); `assigned`: the member asked for by name owns it now.
   */
  handoff(visitorId: string, routing: { route?: HandoffOutlook; assigned: boolean }): void | Promise<void>
  /**
   * The visitor asked for the person of `accountId` by name: the conversation becomes theirs
   * (unless another person holds it), as if they had taken it over. Whether it did.
   */
  assign(visitorId: string, accountId: string): Promise<boolean>
  /** The automated agent booked a visit (as stored). */
  booked(visit: Visit): void
  /** The automated agent has the visitor's contact details (a lead, new or already known): their name is known. */
  contact(visitorId: string): void
}
