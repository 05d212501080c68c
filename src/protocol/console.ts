/**
 * The agent console's wire protocol (docs/behaviour.md#console): the socket.io namespace the
 * console speaks on, its event names and payloads, and the JSON shapes of /consola/api.
 * Types and names only, like the chat protocol, so the server and the console import it freely.
 */
import { PERSON_NAME_MAX_CHARS, type ChatMessage } from './index'
import type { TrafficChannel } from './crm'

/** Where the console is served; its JSON API and socket.io namespace live under the same name. */
export const CONSOLE_PATH = '/consola'
export const CONSOLE_API_PATH = `${CONSOLE_PATH}/api`
export const CONSOLE_NAMESPACE = CONSOLE_PATH
/** The session cookie (HttpOnly, SameSite=Strict, Path=/consola). */
export const CONSOLE_SESSION_COOKIE = 'consola_sesion'
/**
 * Whether this browser allowed the console's alerts, as the app last saw it ("1" or "0"): the
 * server's render of the page then has the alerts banner exactly when the app will, so nothing
 * moves when the app takes over (docs/behaviour.md#console-alerts).
 */
export const CONSOLE_ALERTS_COOKIE = 'consola_alertas'

export type AccountRole = 'admin' | 'asesor'
export const ACCOUNT_ROLES: readonly AccountRole[] = ['admin', 'asesor']

/**
 * A new account's limits: the server refuses beyond them and the console's form stops at them
 * (docs/behaviour.md#console-accounts). A password of 10 to 200 characters: shorter is guessable,
 * and scrypt's cost grows with a longer one.
 */
export const ACCOUNT_LIMITS = { name: PERSON_NAME_MAX_CHARS, email: 200, passwordMin: 10, passwordMax: 200 } as const

/** A person's status, set in the console's header (docs/console.md#routing): only «disponible» people are offered conversations. */
export type Availability = 'disponible' | 'ausente'
export const AVAILABILITIES: readonly Availability[] = ['disponible', 'ausente']

/** A week of hours by weekday (0 = Sunday): opening and closing minutes in Cancún, null for a day off (as the agency's office hours). */
export type WeekHours = Array<readonly [open: number, close: number] | null>

/** An agent account as the console sees it (never its password hash). */
export interface ConsoleAccount {
  id: string
  email: string
  name: string
  role: AccountRole
  /** May publish, archive and change what the public sees in the catalogue (an admin always may; docs/catalogue.md#permissions). */
  canPublish: boolean
  /**
   * The person's photo, an upload's path (`/photos/<key>`, shown through the image proxy), or null.
   * Set by the person in «Mi cuenta» beside the name (docs/behaviour.md#console-accounts).
   */
  photo: string | null
  createdAt: string
  lastSeenAt: string | null
  availability: Availability
  /** When they are on duty; null: the agency's office hours (docs/console.md#routing). */
  dutyHours: WeekHours | null
}

/**
 * Where a conversation that needs a person stands (docs/console.md#routing): offered to one person
 * until `until`, then to everyone; or waiting for someone on duty to come («waiting»: nobody could
 * answer when it was asked for).
 */
export interface ConversationOffer {
  stage: 'offered' | 'everyone' | 'waiting'
  /** Whom it is offered to (stage «offered»). */
  to: { accountId: string; name: string } | null
  /** Since when it is in this stage. */
  since: string
  /** When it goes to everyone if nobody took it (stage «offered»). */
  until: string | null
}

/** ConsoleServerEvent.offer: where a conversation's routing now stands (null: taken, closed, or no longer needing a person). */
export interface OfferChange {
  visitorId: string
  offer: ConversationOffer | null
}

/**
 * An account as every open console hears of it when it changes (ConsoleServerEvent.account): who
 * it is to colleagues, without its e-mail, which only admins read in «Cuentas».
 */
export type AccountChange = Pick<ConsoleAccount, 'id' | 'name' | 'photo' | 'role' | 'canPublish'>

/** What every console hears of a removed account (ConsoleServerEvent.accountRemoved). */
export interface AccountRemoved {
  accountId: string
}

/** Who answers a conversation now: the automated agent (null) or a person. */
export interface ConversationOwner {
  accountId: string
  name: string
  since: string
}

/** Console -> server events. */
export const ConsoleClientEvent = {
  /** { visitorId } -> TakeOverAck */
  takeOver: 'take-over',
  /** { visitorId } -> ConsoleAck */
  handBack: 'hand-back',
  /** { visitorId, content, clientMessageId } -> ConsoleAck & { id } */
  send: 'agent-message',
  /** { visitorId, typing } */
  typing: 'agent-typing',
  /** { visitorId } -> ConsoleAck: the agent read the conversation up to now. */
  read: 'mark-read',
  /** { visitorId } -> ConsoleAck */
  close: 'close-conversation',
  /** -> LiveVisitor[]: every widget connected now, in every process. */
  liveVisitors: 'live-visitors',
} as const

/** Server -> console events. */
export const ConsoleServerEvent = {
  /**
   * LiveVisitorChanges: visitors who connected or changed (page, typing, chat open...) and those
   * whose last widget closed, coalesced: a few batches a second per server process.
   */
  visitors: 'visitors',
  /** ConversationMessage: a message was stored in a conversation. */
  message: 'message',
  /** OwnerChange: who answers a conversation changed. */
  owner: 'owner',
  /** { visitorId }: the automated agent handed off or the visitor asked for a person. */
  handoff: 'handoff',
  /** OfferChange: a conversation was offered to a person, then to everyone, or waits (docs/console.md#routing). */
  offer: 'offer',
  /** PipelineLead: a lead was stored, from the chat or a form (docs/behaviour.md#leads). */
  lead: 'lead',
  /** PipelineLead: a person changed a lead's status or assignee (docs/behaviour.md#leads). */
  leadChanged: 'lead-changed',
  /** Visit: a person booked, moved or changed a visit (docs/behaviour.md#visits). */
  visit: 'visit',
  /** ErasedPerson: a person's data was erased; every console drops their visitors, leads and visits at once. */
  erased: 'erased',
  /**
   * AccountChange: an account's displayed name, photo, role or permission changed (the person in
   * «Mi cuenta», an admin in «Cuentas»); every console shows it at once (docs/console-data.md).
   */
  account: 'account',
  /** AccountRemoved: an admin removed an account; it leaves every console's lists and pickers. */
  accountRemoved: 'account-removed',
  /**
   * No payload: the agency's catalogue changed (a save in any console, an import, an edit in the
   * database): the catalogue's lists are asked again (docs/console-data.md).
   */
  catalogue: 'catalogue',
  /** Sent before the server disconnects a socket whose session ended. */
  signedOut: 'signed-out',
} as const

/** Whom an erasure removed (docs/behaviour.md#data-rights): ids only. */
export interface ErasedPerson {
  visitorIds: string[]
  leadIds: string[]
  visitIds: string[]
}

export interface ConsoleAck {
  ok: boolean
  error?: string
}

export interface TakeOverAck extends ConsoleAck {
  /** When refused because a person already has it: who. */
  owner?: ConversationOwner
}

/**
 * Who wrote a message, as the console shows it; `notice`: nobody, a notice of the conversation
 * (a person joined or left), which the visitor's widget reads as an agent message.
 */
export type MessageAuthor = { kind: 'visitor' } | { kind: 'bot' } | { kind: 'person'; accountId: string; name: string } | { kind: 'notice' }

export interface ConversationMessage extends ChatMessage {
  id: string
  visitorId: string
  at: string
  author: MessageAuthor
}

export interface OwnerChange {
  visitorId: string
  owner: ConversationOwner | null
  /**
   * Why it changed: a person took it, handed it back, signed out, or did not answer in time; or the
   * visitor asked for them by name; or the owner left (console closed, or away with the visitor unanswered).
   */
  reason: 'take-over' | 'hand-back' | 'sign-out' | 'timeout' | 'assigned' | 'gone'
}

/** A widget connected now (docs/behaviour.md#console-live-visitors). */
export interface LiveVisitor {
  visitorId: string
  /** The visitor's name once known, the same the inbox shows (InboxItem.name); null while anonymous. */
  name: string | null
  /** Current page path and when the visitor arrived on it. */
  page: string | null
  pageSince: string | null
  pagesSeen: number
  connectedAt: string
  /** How the visitor came, and the source beside it (src/domain/attribution.ts). */
  channel: TrafficChannel
  source: string | null
  campaign: string | null
  device: string | null
  browser: string | null
  city: string | null
  country: string | null
  chatOpen: boolean
  typing: boolean
}

/** A batch of live-list changes (ConsoleServerEvent.visitors): each visitor's latest state, and who left. */
export interface LiveVisitorChanges {
  visitors: LiveVisitor[]
  gone: string[]
}

export type InboxFilter = 'all' | 'needs' | 'auto' | 'mine' | 'closed'

export interface InboxItem {
  visitorId: string
  /** The visitor's name when the agent or a lead learnt it. */
  name: string | null
  lastAt: string | null
  lastText: string | null
  lastRole: string | null
  needsHuman: boolean
  closed: boolean
  owner: ConversationOwner | null
  /** Its routing while it waits for a person (docs/console.md#routing). */
  offer: ConversationOffer | null
  unread: number
  /** How the visitor came, and the source beside it (src/domain/attribution.ts). */
  channel: TrafficChannel
  source: string | null
}

export interface InboxPage {
  items: InboxItem[]
  /** Pass as `before` for the next page; null when this is the last one. */
  next: string | null
  /** Conversations with unread visitor messages (for the page title). */
  unreadConversations: number
}

/**
 * What the console's page carries for its first render (docs/behaviour.md#console-inbox), in a
 * JSON data block with this id: the signed-in account (null: the sign-in form) and, for it, the
 * first page of the inbox with no filter; the app asks the API for neither.
 */
export const CONSOLE_BOOT_ID = 'consola-datos'
export interface ConsoleBoot {
  account: ConsoleAccount | null
  inbox: InboxPage | null
  /** This browser allowed the alerts when the app last looked (CONSOLE_ALERTS_COOKIE). */
  alertsAllowed: boolean
  /** No account exists yet: the first-run wizard opens instead of the sign-in form. */
  setupPending?: boolean
}

export interface ConversationDetail {
  visitorId: string
  messages: ConversationMessage[]
  owner: ConversationOwner | null
  offer: ConversationOffer | null
  needsHuman: boolean
  closed: boolean
  navigation: { urlPath: string; time: string }[]
  utms: Record<string, unknown> | null
  metrics: Record<string, unknown> | null
  /** What the automated agent learnt about the visitor (name, phone, e-mail), when it did. */
  contact: { name: string | null; phone: string | null; email: string | null }
  /** The conversation's language so far (the automated agent's detection; Spanish until it saw English). */
  language: 'es' | 'en'
}

/** A property the composer can insert as a card. */
export interface PropertyPick {
  /** The catalogue's id (a canned reply keeps its cards by it). */
  id: string
  slug: string
  title: string
  priceLabel: string
  /** The card's markdown, the same format the automated agent sends. */
  markdown: string
}
