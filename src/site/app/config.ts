import type { PageBoot } from '../router/manifest'

/** What the page's boot data says about the services the site's own code calls. */
export interface SiteConfig {
  /** The public, read-only X-Api-Key; it grants nothing the page could not do anyway. */
  publicApiKey: string
}

/** Read once in the browser from <script id="__page">; the server fills the keys per request. */
export function siteConfig(): SiteConfig {
  const boot = JSON.parse(document.getElementById('__page')?.textContent ?? '{}') as Partial<PageBoot>
  return { publicApiKey: boot.publicApiKey ?? '' }
}
