import type { PipelineLead, Visit } from '../../src/protocol/crm'

/** A lead as the pipeline's API sends it: nothing known but its id and date, `more` on top. */
export const pipelineLead = (id: string, createdAt: string, more: Partial<PipelineLead> = {}): PipelineLead => ({
  id,
  name: `Prospecto ${id}`,
  email: null,
  phone: null,
  message: '',
  source: 'chat',
  propertySlug: null,
  attribution: null,
  createdAt,
  visitorId: null,
  status: 'nuevo',
  assignedTo: null,
  campaign: null,
  trafficChannel: 'direct',
  trafficSource: null,
  landingPage: null,
  updatedAt: createdAt,
  review: null,
  ...more,
})

/** A visit as the pipeline's API sends it, booked by an account, to be confirmed; `more` on top. */
export const pipelineVisit = (id: string, at: string, more: Partial<Visit> = {}): Visit => ({
  id,
  visitorId: `visitante-${id}`,
  at,
  name: null,
  phone: null,
  email: null,
  propertySlug: null,
  propertyTitle: null,
  note: '',
  status: 'por_confirmar',
  bookedBy: 'account-1',
  assignedTo: null,
  createdAt: at,
  updatedAt: at,
  ...more,
})
