/**
 * The seam between the server and the site's renderer (docs/live-site.md): the build bundles
 * src/site/render/renderer.tsx as dist/server/site-renderer.mjs and writes the assets it needs
 * (dist/server/site-assets.json); the server loads both at start and renders every page from the
 * published catalogue in the database. The server never imports a site view: only these types.
 */
import type { Catalogue } from '../catalogue/model'
import type { ErrorPageKind } from '../domain/site-paths'
import type { Agency } from './agency'
import type { ScreenId } from './routes'

/** What the site is rendered from: the published catalogue and who the agency is. */
export interface SiteContent {
  catalogue: Catalogue
  agency: Agency
}

/** What the build leaves for the renderer: the client's entry, its whole stylesheet, each screen's JS files, the build id. */
export interface SiteAssets {
  buildId: string
  /** Site path of the client entry. */
  entry: string
  /** The entry's stylesheet, inlined in every page. */
  css: string
  /** Per screen, every JS file its pages run before hydrating (the entry first). */
  screenFiles: Record<ScreenId, string[]>
}

/**
 * One page's data computed from a catalogue: cheap (no React), and what decides whether its HTML
 * must be rendered again: equal `text`, equal page.
 */
export interface PageData {
  path: string
  screen: ScreenId
  /** The whole payload (head with its JSON-LD, and the screen's data) the HTML is rendered from. */
  payload: unknown
  /** `payload` as JSON: compared between catalogue versions. */
  text: string
  /** What `_payload.json` serves: the payload without its JSON-LD (only crawlers read that, in the HTML). */
  served: string
  /** The sitemap's lastmod, where the catalogue says. */
  lastModified: string | null
  noindex: boolean
}

export interface SiteRenderer {
  buildId: string
  /** Every page of the content, data only, by path. */
  pages(content: SiteContent): Promise<Map<string, PageData>>
  /** A page's HTML (with the server's placeholders), naming its payload at `payloadHref`. */
  html(page: PageData, payloadHref: string): Promise<string>
  /** An error page's HTML (with the path placeholders), in the agency's layout. */
  errorPage(content: SiteContent, kind: ErrorPageKind): Promise<string>
  /** sitemap.xml of these pages (the site URL a placeholder). */
  sitemap(pages: Iterable<PageData>): string
  robots(): string
  /** The client router's manifest for a catalogue (/_app/builds/meta/{buildId}.json): redirects, known slugs, paths. */
  manifest(content: SiteContent): string
  /**
   * The real HTML of `path` rendered from `catalogue` (the console's «Vista previa»: the published
   * catalogue with one record replaced by a draft), noindex, its payload carried inline; null
   * when the path is no page of that catalogue.
   */
  preview(content: SiteContent, path: string): Promise<string | null>
}

/** The module the build emits (dist/server/site-renderer.mjs). */
export interface SiteRendererModule {
  createSiteRenderer(assets: SiteAssets): SiteRenderer
}

/** Where the build writes the renderer and its assets, under dist/. */
export const SITE_RENDERER_FILES = { module: 'server/site-renderer.mjs', assets: 'server/site-assets.json' } as const
