/**
 * What the console's live list shows of one connected widget (docs/behaviour.md#console-live-visitors),
 * folded from the events the widget already sends. Pure: the time is passed in.
 */
import type { LiveVisitor } from '../../protocol/console'
import { attributionCampaign, attributionSource, trafficChannel } from '../../domain/attribution'

const text = (value: unknown) => (typeof value === 'string' && value.trim() && value !== 'Unknown' ? value.trim().slice(0, 120) : null)
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})

export function newPresence(visitorId: string, now: string): LiveVisitor {
  return {
    visitorId,
    name: null,
    page: null,
    pageSince: null,
    pagesSeen: 0,
    connectedAt: now,
    channel: 'direct',
    source: null,
    campaign: null,
    device: null,
    browser: null,
    city: null,
    country: null,
    chatOpen: false,
    typing: false,
  }
}

/**
 * Channel, source and campaign from an attribution record: the one rule the numbers count by
 * (src/domain/attribution.ts). An event without a record, or a record without a campaign, forgets nothing.
 */
export function withAttribution(presence: LiveVisitor, utms: unknown): LiveVisitor {
  if (!utms || typeof utms !== 'object') return presence
  return {
    ...presence,
    channel: trafficChannel(utms),
    source: attributionSource(utms),
    campaign: attributionCampaign(utms) ?? presence.campaign,
  }
}

/** A page view (navigation-path-chat): the current page and since when; a new path counts one more page. */
export function withPage(presence: LiveVisitor, urlPath: string, time: string): LiveVisitor {
  if (presence.page === urlPath) return presence
  return { ...presence, page: urlPath.slice(0, 300), pageSince: time, pagesSeen: presence.pagesSeen + 1 }
}

/** Session info (metrics-chat): device, browser and place. */
export function withMetrics(presence: LiveVisitor, metrics: unknown): LiveVisitor {
  const fields = record(metrics)
  const location = record(fields.clientLocation)
  return {
    ...presence,
    device: text(fields.deviceType) ?? presence.device,
    browser: text(fields.browser) ?? presence.browser,
    city: text(location.city) ?? presence.city,
    country: text(location.country) ?? presence.country,
  }
}

/** The visitor typed or wrote: the chat is open. */
export function withTyping(presence: LiveVisitor, typing: boolean): LiveVisitor {
  return { ...presence, typing, chatOpen: true }
}

/** The visitor's name, once the conversation learnt it. */
export function withName(presence: LiveVisitor, name: string | null): LiveVisitor {
  return name && name !== presence.name ? { ...presence, name } : presence
}

/** Of several tabs of one visitor, the one they used last. */
export function latestTab(tabs: LiveVisitor[]): LiveVisitor | undefined {
  return tabs.reduce<LiveVisitor | undefined>((best, tab) => (!best || (tab.pageSince ?? tab.connectedAt) > (best.pageSince ?? best.connectedAt) ? tab : best), undefined)
}
