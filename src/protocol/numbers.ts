/**
 * What the console's settings and numbers screens read from /consola/api (docs/behaviour.md#widget-settings,
 * #numbers): JSON shapes only, shared by the server that answers and the console that draws them.
 */
import type { CustomWidgetConfig } from './index'
import type { TrafficChannel } from './crm'

/** One saved configuration of an instance. */
export interface SettingsVersion {
  version: number
  config: CustomWidgetConfig
  /** Console account id; INITIAL_SETTINGS_AUTHOR for what was there before the first save. */
  author: string
  at: string
  /** Set when this version puts an earlier one back. */
  restoredFrom: number | null
}

/** GET /settings/:instance */
export interface SettingsPage {
  instance: string
  config: CustomWidgetConfig
  /** Newest first. */
  versions: SettingsVersion[]
  /** Author id -> the name people read. */
  names: Record<string, string>
}

/** A range of whole days in Cancún, as "YYYY-MM-DD". */
export interface DashboardRange {
  from: string
  to: string
}

/** A range whose last day comes before its first: the console says it without asking, the server refuses it. */
export const RANGE_REVERSED = 'La fecha «Hasta» no puede ser anterior a «Desde».'

export interface DayCount {
  day: string
  conversations: number
  leads: number
  visits: number
}

export interface Breakdown {
  /** null: not known (no campaign, no property, …). The channel breakdown's keys are TrafficChannel codes. */
  key: string | null
  label: string | null
  /** The source breakdown's rows: the channel of that source («Redes sociales · instagram»). */
  channel?: TrafficChannel
  leads: number
  visits: number
}

export const BREAKDOWNS = ['channel', 'source', 'campaign', 'landingPage', 'zone', 'property'] as const
export type BreakdownName = (typeof BREAKDOWNS)[number]

export interface Funnel {
  conversations: number
  /**
   * Of those conversations, how many visitors left their details (a lead, or a visit booked with
   * a name or phone) / booked a visit, at any time since: each step is a part of the one before.
   */
  withLead: number
  withVisit: number
}

/** GET /numbers */
export interface Dashboard {
  range: DashboardRange
  totals: { conversations: number; handoffs: number; leads: number; visits: number }
  /** Median seconds from a hand-off request to a person's first message; null when none was answered. */
  medianFirstResponseSeconds: number | null
  perDay: DayCount[]
  funnel: Funnel
  breakdowns: Record<BreakdownName, Breakdown[]>
}
