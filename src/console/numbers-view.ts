/**
 * The numbers screen's pure part (docs/behaviour.md#numbers): the default range in Cancún days,
 * Spanish names of each breakdown, and how a figure reads.
 */
import { agencyDay, shiftDay } from '../domain/agency-clock'
import type { Breakdown, BreakdownName, DashboardRange } from '../protocol/numbers'
import { TRAFFIC_CHANNEL_LABELS, TRAFFIC_CHANNELS, trafficText, type TrafficChannel } from '../protocol/crm'

/** The range the screen opens with: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30
/** Today in Cancún as "YYYY-MM-DD". */
export const agencyToday = (now: Date = new Date()) => agencyDay(now)

/** A "YYYY-MM-DD" day moved by whole days (the agency clock's). */
export { shiftDay }

/** The `days` days up to `today`, both included. */
export const lastDays = (today: string, days: number): DashboardRange => ({ from: shiftDay(today, 1 - days), to: today })

export const BREAKDOWN_TITLES: Record<BreakdownName, { title: string; column: string; unknown: string }> = {
  channel: { title: 'Por canal', column: 'Canal', unknown: TRAFFIC_CHANNEL_LABELS.direct },
  source: { title: 'Por canal y fuente', column: 'Canal y fuente', unknown: TRAFFIC_CHANNEL_LABELS.direct },
  campaign: { title: 'Por campaña', column: 'Campaña', unknown: 'Sin campaña' },
  landingPage: { title: 'Por página de entrada', column: 'Página de entrada', unknown: 'Sin página' },
  zone: { title: 'Por zona', column: 'Zona', unknown: 'Sin zona' },
  property: { title: 'Por propiedad', column: 'Propiedad', unknown: 'Sin propiedad' },
}

const isChannel = (key: string | null): key is TrafficChannel => (TRAFFIC_CHANNELS as readonly (string | null)[]).includes(key)

/** What a row of a breakdown is called on screen: a channel in Spanish, with its source beside it («Redes sociales · instagram»). */
export function rowLabel(row: Breakdown, name: BreakdownName): string {
  if (name === 'channel') return isChannel(row.key) ? TRAFFIC_CHANNEL_LABELS[row.key] : BREAKDOWN_TITLES.channel.unknown
  if (name === 'source' && row.channel) return trafficText(row.channel, row.key)
  return row.label ?? row.key ?? BREAKDOWN_TITLES[name].unknown
}

const percentFormat = new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 1 })
/** `part` of `whole` as a Spanish percentage; a dash when there is no whole. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? percentFormat.format(part / whole) : '—')

/** Seconds as people say them ("2 min 5 s"); a dash when nobody was answered. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—'
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  if (minutes === 0) return `${rest} s`
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`
}

/** "2026-11-23" -> "23 nov." (the short day on an axis). */
const shortDay = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', timeZone: 'UTC' })
export const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`))
