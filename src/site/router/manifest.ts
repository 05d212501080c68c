import type { KnownSlugs, RedirectRule, ScreenId } from '../../shared/routes'

/** /_app/builds/latest.json (docs/behaviour.md#version-check): the id of the newest build. */
export interface LatestBuild {
  id: string
  timestamp: number
}

/** /_app/builds/meta/{id}.json: what the client router needs to resolve every path. */
export interface BuildMeta {
  id: string
  timestamp: number
  redirects: RedirectRule[]
  known: { [K in keyof KnownSlugs]: string[] }
  /** Every prerendered path. */
  paths: string[]
}

/** Boot data each page carries in <script id="__page" type="application/json">. */
export interface PageBoot {
  screen: ScreenId
  path: string
  buildId: string
  /** Inline only for error pages, which have no _payload.json. */
  payload?: unknown
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
