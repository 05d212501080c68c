/**
 * The agent's contract with the chat namespace, and its conversation memory.
 * Types only (plus nothing at run time).
 */
import type { ListingPage, ListingQuery } from '../../../catalogue/listing-query'
import type { Development, Price, Property, Zone } from '../../../catalogue/model'
import type { Agency } from '../../../shared/agency'
import type { Language } from './language'

/** How the agency is reached (docs/behaviour.md#agent-questions): from its profile (docs/agency.md#the-agent). */
export interface AgencyChannels {
  /** wa.me link. */
  whatsapp: string
  /** As people read it, «998 555 1234». */
  phone: string
  email: string
  address: string
  /** The office on a map (its pin, else its address). */
  map: string
  /** Opening hours as people read them, per language. */
  hours: Record<Language, string>
}

export interface AgentDeps {
  /** Listing search over the catalogue (the real storage in production; a fake in tests). */
  search(query: ListingQuery): Promise<ListingPage<Property>>
  /** One property by slug, to answer questions about it (null when there is none). Without it the agent searches for it. */
  property?(slug: string): Promise<Property | null>
  zones: Zone[]
  developments: Development[]
  /** Absolute base URL of the site, e.g. "http://localhost:3000" (cards link and load images from it: the widget may sit on another domain). */
  siteUrl: string
  /**
   * Who the agency is (its profile and team, docs/agency.md): its name, channels, address, hours
   * and closures. The live one in the server (chat/responder.ts makes the agent again when it changes).
   */
  agency: Agency
  now(): Date
}

/** A member of the agency's team as the agent knows them: whom to name, and the account to hand them to. */
export interface TeamContact {
  name: string
  role: string
  /** Their console account; null: not linked (the hand-off goes to the whole team). */
  accountId: string | null
}

/** The search criteria the agent keeps between turns: the subset of ListingQuery it understands. */
export type Criteria = Pick<
  ListingQuery,
  'operacion' | 'tipo' | 'zona' | 'desarrollo' | 'precio_min' | 'precio_max' | 'moneda' | 'recamaras' | 'banos' | 'm2_min' | 'm2_max' | 'amenidades' | 'orden'
>

/** A property as the conversation remembers it (the last results shown). */
export interface ShownProperty {
  slug: string
  title: string
  price: Price
  /** Its size in m² (built, else the lot), to compare them («el más grande»); null when unknown. */
  m2: number | null
}

export interface ContactData {
  name: string | null
  /** Ten digits, no separators or country code. */
  phone: string | null
  email: string | null
}

/**
 * What the agent asked at the end of its last turn, so "sí" / "no" can be read; 'which': which of
 * the results shown a visit with a held slot is for.
 */
export type LastAsk = 'after-results' | 'slot' | 'contact' | 'visit' | 'which' | null

/** JSON-serialisable memory of one conversation, stored between turns. */
export interface ConversationState {
  /** Shape version, for stored states. */
  v: 1
  /** Visitor turns handled. */
  turns: number
  /** Current search criteria (kept and refined across turns). */
  criteria: Criteria
  /** "otra zona": results from this zone are left out while the criteria stay the same. */
  excludeZone: string | null
  /** The properties of the last results, in the order shown (ordinals "la segunda" refer to them). */
  shown: ShownProperty[]
  /** Slugs already shown for the current criteria ("más opciones" skips them). */
  seen: string[]
  /** The property the visitor is interested in. */
  focus: { slug: string; title: string | null } | null
  contact: ContactData
  /** What the agent is collecting: contact data for a lead, or a visit (date/time + contact). */
  pending: 'contact' | 'appointment' | null
  lastAsk: LastAsk
  visit: {
    /** A day chosen without a time yet, "YYYY-MM-DD" (Cancún). */
    date: string | null
    /** A slot the agent proposed, ISO with -05:00, waiting for a "sí". */
    proposed: string | null
    /** The accepted slot waiting for contact data, ISO with -05:00. */
    at: string | null
    /** The slot last emitted as an appointment. */
    booked: string | null
  }
  /** Fingerprint of the contact data last emitted as a lead (null: no lead yet). */
  leadKey: string | null
  /** The visitor asked for a person. */
  handoff: boolean
  /**
   * The console account of the team member the visitor asked for by name (the conversation was
   * handed to them): a visit the agent books later is theirs (docs/behaviour.md#visits). Null: nobody named.
   */
  adviser: string | null
  /** The language of the conversation so far. */
  lang: Language
  /** The visitor wants to sell or rent out their own property: their lead is of kind `venta`. */
  seller: boolean
  /** The visitor asked for a copy of the conversation and the agent asked for the address to send it to (flows/transcript.ts). */
  copyWanted: boolean
}

export interface AgentLead {
  /** `venta`: the visitor wants to sell or rent out their own property (docs/behaviour.md#agent-sellers). */
  kind?: 'venta'
  name: string
  phone: string | null
  email: string | null
  message: string
  propertySlug: string | null
}

export interface AgentAppointment {
  /** ISO with offset, America/Cancun, e.g. "2026-11-28T11:00:00-05:00". */
  at: string
  name: string | null
  phone: string | null
  /** The visitor's e-mail, when they gave one: the visit's confirmation goes there (docs/email.md#visits). */
  email: string | null
  propertySlug: string | null
  note: string
  /** Its adviser: the account of the member the conversation was handed to, else null. */
  adviser: string | null
}

export interface AgentOutcome {
  state: ConversationState
  /** One or more agent messages (markdown), in order. */
  messages: string[]
  lead?: AgentLead
  appointment?: AgentAppointment
  /** The visitor asked for a person. */
  handoff?: boolean
  /** The visitor asked for this account's person by name: the conversation is theirs (docs/agency.md#the-team). */
  handoffTo?: string
  /** Nothing the agent knows answered the message: it said it did not understand (docs/knowledge.md#unmatched). */
  unanswered?: boolean
  /** The visitor asked for a copy of the conversation at this address (docs/email.md#transcript). */
  transcript?: { email: string; language: Language }
  /** Who the agent told the visitor will answer (with a hand-off): the console offers the conversation to them. */
  route?: HandoffOutlook
}

/**
 * Who will answer a visitor asking for a person, and about when (docs/console.md#routing), as the
 * console's routing sees it at that moment; the agent says it and never promises more.
 */
export type HandoffOutlook =
  /** It is offered to this person (on duty, online, available), who has about `minutes` to take it. */
  | { kind: 'person'; accountId: string; name: string; minutes: number }
  /** Offered to everyone on duty and online (nobody took it in time): one of them answers. */
  | { kind: 'team'; names: string[] }
  /** Everyone on duty and online is busy with other conversations: the first of them free answers. */
  | { kind: 'busy'; names: string[] }
  /**
   * Nobody can answer now: the office is closed (`closed`), or nobody on duty is online and
   * available. A person answers by `at` (ISO), the next opening; null when the agency has no hours.
   */
  | { kind: 'later'; closed: boolean; at: string | null }

/** What the chat server knows about the visitor besides the message. */
export interface TurnInput {
  /** The site path the visitor is on (navigation-path-chat), e.g. "/propiedad/casa-en-renta-en-huayacan". */
  page?: string | null
  /**
   * Who would answer this visitor now if they asked for a person (`member`: the account of a team
   * member they asked for by name). Asked only by a turn that hands off; without it the agent
   * says only what the office hours tell it.
   */
  routing?: (member: string | null) => Promise<HandoffOutlook>
}

export interface Agent {
  reply(text: string, state: ConversationState, input?: TurnInput): Promise<AgentOutcome>
}
