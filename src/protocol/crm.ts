/**
 * The agency's pipeline as the console and the server both name it (docs/behaviour.md#leads,
 * #visits): stored codes, the Spanish labels people read, and the JSON shapes of the pipeline's
 * routes. Names and types only, no runtime dependencies.
 */
import type { ListingPage } from '../catalogue/listing-query'
import type { Lead } from '../catalogue/model'

/** A lead's stage, in pipeline order. */
export const LEAD_STATUSES = ['nuevo', 'contactado', 'visita_agendada', 'negociacion', 'cerrado', 'descartado'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  nuevo: 'Nuevo',
  contactado: 'Contactado',
  visita_agendada: 'Visita agendada',
  negociacion: 'Negociación',
  cerrado: 'Cerrado',
  descartado: 'Descartado',
}

/** A visit's state, from booking to what happened. */
export const VISIT_STATUSES = ['por_confirmar', 'confirmada', 'realizada', 'no_asistio', 'cancelada'] as const
export type VisitStatus = (typeof VISIT_STATUSES)[number]

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  por_confirmar: 'Por confirmar',
  confirmada: 'Confirmada',
  realizada: 'Realizada',
  no_asistio: 'No asistió',
  cancelada: 'Cancelada',
}

/** Where a lead came from, as the console filters it: the chat, or one of the site's forms. */
export const LEAD_CHANNELS = ['chat', 'form'] as const
export type LeadChannel = (typeof LEAD_CHANNELS)[number]

/**
 * How a visitor came to the site, as analytics tools group it (GA4's default channel grouping;
 * docs/domain.md#attribution): the console's leads, CSV, inbox and numbers show it beside the
 * source (the raw utm_source, else the other site's host). Stored as a lead's `traffic_channel`.
 */
export const TRAFFIC_CHANNELS = ['paid_search', 'organic_search', 'paid_social', 'organic_social', 'email', 'referral', 'other_campaign', 'direct'] as const
export type TrafficChannel = (typeof TRAFFIC_CHANNELS)[number]

export const TRAFFIC_CHANNEL_LABELS: Record<TrafficChannel, string> = {
  paid_search: 'Búsqueda de pago',
  organic_search: 'Búsqueda orgánica',
  paid_social: 'Redes sociales de pago',
  organic_social: 'Redes sociales',
  email: 'Correo',
  referral: 'Otro sitio',
  other_campaign: 'Otras campañas',
  direct: 'Directo',
}

/** The channel as people read it, with its source beside it: «Redes sociales · instagram», «Directo». */
export const trafficText = (channel: TrafficChannel, source: string | null) =>
  source ? `${TRAFFIC_CHANNEL_LABELS[channel]} · ${source}` : TRAFFIC_CHANNEL_LABELS[channel]

/** Where each lead was left, as people read it (the console and the CSV). */
export const LEAD_SOURCE_LABELS: Record<Lead['source'], string> = {
  chat: 'Chat',
  contacto: 'Formulario de contacto',
  propiedad: 'Formulario de propiedad',
}

/**
 * A lead kept although it went past a volume limit of the lead policy (many leads from one
 * address or visitor): a person decides whether it is real (docs/behaviour.md#leads).
 */
export const LEAD_REVIEW = 'posible-spam'
export type LeadReview = typeof LEAD_REVIEW
export const LEAD_REVIEW_LABEL = 'Revisar: posible spam'

/** A lead as the agency works it (docs/behaviour.md#leads). */
export interface PipelineLead extends Lead {
  visitorId: string | null
  status: LeadStatus
  /** Console account id of the person working it. */
  assignedTo: string | null
  campaign: string | null
  /** How the visitor came (src/domain/attribution.ts), and its source: the raw utm_source, else the other site's host. */
  trafficChannel: TrafficChannel
  trafficSource: string | null
  /** Path of the first page the visitor saw (or of the form's page), without query. */
  landingPage: string | null
  updatedAt: string
  /** Set when the lead went past a volume limit and a person has not cleared it yet («No es spam»). */
  review: LeadReview | null
}

/** One page of the filtered lead list, newest first. */
export type LeadPage = ListingPage<PipelineLead>

/** One recorded change: which field, from what to what, who (account id or the automated agent) and when. */
export interface HistoryEntry {
  field: string
  from: string | null
  to: string | null
  actor: string
  at: string
}

/** A private note on a lead, seen only in the console. */
export interface LeadNote {
  id: string
  author: string
  body: string
  at: string
}

export interface LeadDetail {
  lead: PipelineLead
  history: HistoryEntry[]
  notes: LeadNote[]
}

/** A booked visit as the agency works it (docs/behaviour.md#visits). */
/** What a person fills in to book a visit (the console's form; the server's booking). */
export interface NewVisit {
  /** ISO instant; entered in Cancún time. */
  at: string
  propertySlug: string | null
  name: string | null
  phone: string | null
  email: string | null
  note: string
}

export interface Visit {
  id: string
  visitorId: string
  /** ISO instant; shown in Cancún time. */
  at: string
  name: string | null
  phone: string | null
  email: string | null
  propertySlug: string | null
  propertyTitle: string | null
  note: string
  status: VisitStatus
  /** Console account id, or the automated agent. */
  bookedBy: string
  /** The adviser who attends it («Asesor»): a console account id, or nobody (docs/behaviour.md#visits). */
  assignedTo: string | null
  createdAt: string
  updatedAt: string
}

/** The visits of one Monday-to-Sunday week in Cancún, in time order. */
export interface VisitWeek {
  from: string
  to: string
  /** Its seven days, "YYYY-MM-DD". */
  days: string[]
  visits: Visit[]
}

/** Longest private note of a lead: the console's field stops there, the server refuses beyond it. */
export const MAX_NOTE_LENGTH = 4000

/**
 * A person's booking of a visit: the server refuses longer text and the console's booking form
 * stops at these lengths (docs/behaviour.md#visits).
 */
export const VISIT_LIMITS = { name: 120, phone: 30, email: 200, propertySlug: 200, note: 2000 } as const

/** A visit booked or moved to a time gone by: the server refuses it, and the console says so before sending. */
export const VISIT_PAST_ERROR = 'Esa hora ya pasó: elige una fecha y hora futuras.'

/** What only happens once a visit's hour has come: the server refuses it before, the console does not offer it. */
export const VISIT_OUTCOMES: readonly VisitStatus[] = ['realizada', 'no_asistio']

/** A visit marked «Realizada» or «No asistió» before its hour. */
export const VISIT_NOT_YET_ERROR = 'Esa visita todavía no llega: podrás marcarla «Realizada» o «No asistió» cuando pase su hora.'

/** The lead list's typed filters: the server refuses longer text, the console's search and campaign fields stop there. */
export const LEAD_FILTER_LIMITS = { q: 200, campaign: 500, propertySlug: 200 } as const

/** Most visits the list from a day on holds (a week's agenda has all of its week). */
export const VISIT_LIST_MAX = 200

/** A person of the agency as a colleague sees them (to assign a lead, to name who changed it). */
export interface Colleague {
  id: string
  /** The team member's name when the account is linked to one (docs/agency.md#the-team), else the account's. */
  name: string
  /** The team member's role («Directora comercial»), when linked; never the account's permission role. */
  jobTitle?: string
}

/** The lead filter's `assignedTo` value that asks for leads nobody works yet. */
export const UNASSIGNED = 'sin-asignar'

/** Who changed something: a console account id, or the automated agent. */
export const AUTOMATED_AGENT_ACTOR = 'agente-automatico'

