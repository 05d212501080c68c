/**
 * The agency's pipeline as the console and the server both name it (docs/behaviour.md#leads,
 * #visits): stored codes and the Spanish labels people read. Names only, no runtime dependencies.
 */

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

/** Who changed something: a console account id, or the automated agent. */
export const AUTOMATED_AGENT_ACTOR = 'agente-automatico'

/** The time zone every visit is shown and booked in (the agency is in Cancún). */
export const AGENCY_TIME_ZONE = 'America/Cancun'
