import type { KnownSlugs, RedirectRule, ScreenId } from '../../shared/routes'

/** /_app/builds/latest.json (docs/behaviour.md#version-check): the id of the newest build. */
export interface LatestBuild {
  id: string
  timestamp: number
}

/**
 * /_app/builds/meta/{id}.json: what the client router needs to resolve every path, as the
 * catalogue is when the tab opens (served by the server from the live catalogue, docs/live-site.md).
 */
export interface BuildMeta {
  id: string
  redirects: RedirectRule[]
  known: { [K in keyof KnownSlugs]: string[] }
  /** Every page's path. */
  paths: string[]
}

/** Boot data each page carries in <script id="__page" type="application/json">. */
export interface PageBoot {
  screen: ScreenId
  path: string
  buildId: string
  /** Inline only for error pages and previews, which have no _payload.json. */
  payload?: unknown
  /**
   * Where this page's payload is: its _payload.json named by the payload's version, so the HTML
   * and the data it hydrates with are always of one catalogue version (docs/live-site.md#atomic).
   */
  payloadHref?: string
  /** The business API's public read key (GET only, rate-limited), filled in by the server; forms need none. */
  publicApiKey: string
}

export function knownSlugs(meta: BuildMeta): KnownSlugs {
  return {
    products: new Set(meta.known.products),
    developments: new Set(meta.known.developments),
    posts: new Set(meta.known.posts),
    properties: new Set(meta.known.properties),
    zonePages: new Set(meta.known.zonePages),
  }
}
