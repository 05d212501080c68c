/**
 * The site's pages rendered from one catalogue version, and the swap to the next
 * (docs/live-site.md). A version holds every page's data (computed whole on each change: cheap,
 * no React) and its HTML, rendered once: a page whose data did not change keeps the HTML of
 * the version before, so a change renders again exactly the pages it affects. The swap is one
 * assignment: a request reads one version from its start to its end.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { payloadUrl, type ErrorPageKind } from '../../domain/site-paths'
import { SITE_RENDERER_FILES, type PageData, type SiteAssets, type SiteContent, type SiteRenderer, type SiteRendererModule } from '../../shared/site-renderer'
import { SettingError } from '../setting-error'
import type { CompressedCopies } from '../static'

/** One page of a version: its data, where its payload is, and its HTML once rendered. */
export interface RenderedPage {
  data: PageData
  /** The payload's version (a digest of the page's data): it names the payload in the HTML, and is its ETag. */
  hash: string
  /** `_payload.json?v={hash}`: the payload of exactly this page's HTML. */
  payloadHref: string
  /** The payload's compressed copies, made on first request. */
  copies: CompressedCopies
  html: string | null
  rendering: Promise<string> | null
}

/** What the site serves from one catalogue version. */
export interface SiteVersion {
  version: string
  pages: ReadonlyMap<string, RenderedPage>
  /** Paths that answer 301 (catalogue_redirects, archived properties), where no page is. */
  redirects: ReadonlyMap<string, string>
  sitemap: { text: string; etag: string }
  /** The client router's manifest: known slugs and paths of this version. */
  manifest: { text: string; etag: string }
  /** The agency this version shows, as JSON, and its error pages. */
  agencyText: string
  errorPages: Record<ErrorPageKind, string>
}

/** The published catalogue and who the agency is at one moment, and the catalogue's 301s. */
export interface CatalogueSnapshot extends SiteContent {
  version: string
  redirects: ReadonlyMap<string, string>
}

/** How many replaced payloads stay served by their version: an HTML sent just before a swap still gets its own payload. */
const RETIRED_PAYLOADS = 512

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16)
const etagOf = (text: string) => `"${digest(text)}"`

export interface RenderedSite {
  readonly renderer: SiteRenderer
  current(): SiteVersion
  /**
   * The pages of `snapshot`, their affected HTML rendered (pages not rendered yet stay lazy);
   * resolves to the swap, a synchronous step the caller takes in the same moment as its own.
   */
  prepare(snapshot: CatalogueSnapshot): Promise<() => void>
  /** A page's HTML of the version it belongs to, rendered now if it was not yet. */
  html(page: RenderedPage): Promise<string>
  /** The payload of `path` named by `hash` (the current one when `hash` is null or unknown). */
  payload(path: string, hash: string | null): { text: string; etag: string; copies: CompressedCopies } | null
  /** An error page of the current version (it shows the agency's header and footer). */
  errorPage(kind: ErrorPageKind): string
  robots: string
  /** Render every page not rendered yet, one at a time, leaving the event loop to requests between pages. */
  warm(): Promise<void>
  close(): void
}

/** The renderer the build emitted (dist/server/site-renderer.mjs) with its assets. */
export async function loadSiteRenderer(distDir: string): Promise<SiteRenderer> {
  const modulePath = resolve(distDir, SITE_RENDERER_FILES.module)
  let assets: SiteAssets
  let module: SiteRendererModule
  try {
    assets = JSON.parse(await readFile(resolve(distDir, SITE_RENDERER_FILES.assets), 'utf8')) as SiteAssets
    module = (await import(/* @vite-ignore */ pathToFileURL(modulePath).href)) as SiteRendererModule
  } catch (error) {
    throw new SettingError(`The site's renderer is missing or broken in ${distDir} (${(error as Error).message}): run \`npm run build\`.`)
  }
  return module.createSiteRenderer(assets)
}

export async function createRenderedSite(renderer: SiteRenderer, first: CatalogueSnapshot): Promise<RenderedSite> {
  const errorPagesOf = async (content: SiteContent) =>
    Object.fromEntries(
      await Promise.all((['not-found', 'invalid', 'error'] as const).map(async (kind) => [kind, await renderer.errorPage(content, kind)] as const)),
    ) as Record<ErrorPageKind, string>
  const retired = new Map<string, RenderedPage>()
  let closed = false

  const pageOf = (data: PageData): RenderedPage => {
    const hash = digest(data.text)
    return { data, hash, payloadHref: `${payloadUrl(data.path)}?v=${hash}`, copies: {}, html: null, rendering: null }
  }
  const html = (page: RenderedPage): Promise<string> => {
    if (page.html !== null) return Promise.resolve(page.html)
    page.rendering ??= renderer.html(page.data, page.payloadHref).then((text) => (page.html = text))
    return page.rendering
  }

  /** A version of `snapshot`, reusing the pages of `before` whose data is unchanged; the pages to render before it is served. */
  async function versionOf(snapshot: CatalogueSnapshot, before: SiteVersion | null) {
    const data = await renderer.pages(snapshot)
    const pages = new Map<string, RenderedPage>()
    const affected: RenderedPage[] = []
    for (const [path, page] of data) {
      const previous = before?.pages.get(path)
      if (previous && previous.data.text === page.text) pages.set(path, previous)
      else {
        const fresh = pageOf(page)
        pages.set(path, fresh)
        // A page a visitor may have seen is rendered before the swap; one never rendered stays lazy.
        if (!before || previous?.html != null || previous?.rendering) affected.push(fresh)
      }
    }
    const sitemap = renderer.sitemap(data.values())
    const manifest = renderer.manifest(snapshot)
    // The error pages show the agency, not the catalogue: rendered again only when the agency changed.
    const agencyText = JSON.stringify(snapshot.agency)
    const errorPages = before && before.agencyText === agencyText ? before.errorPages : await errorPagesOf(snapshot)
    const version: SiteVersion = {
      version: snapshot.version,
      pages,
      redirects: snapshot.redirects,
      sitemap: { text: sitemap, etag: etagOf(sitemap) },
      manifest: { text: manifest, etag: etagOf(manifest) },
      agencyText,
      errorPages,
    }
    return { version, affected: before ? affected : [] }
  }

  let current = (await versionOf(first, null)).version

  return {
    renderer,
    robots: renderer.robots(),
    current: () => current,
    html,
    async prepare(snapshot) {
      const before = current
      const { version, affected } = await versionOf(snapshot, before)
      await Promise.all(affected.map(html))
      return () => {
        for (const [path, page] of before.pages) {
          if (version.pages.get(path) === page) continue
          retired.delete(`${path}\n${page.hash}`)
          retired.set(`${path}\n${page.hash}`, page)
        }
        for (const key of retired.keys()) {
          if (retired.size <= RETIRED_PAYLOADS) break
          retired.delete(key)
        }
        current = version
      }
    },
    payload(path, hash) {
      const page = current.pages.get(path)
      const named = hash && page?.hash !== hash ? retired.get(`${path}\n${hash}`) : undefined
      const served = named ?? page
      return served ? { text: served.data.served, etag: `"${served.hash}"`, copies: served.copies } : null
    },
    errorPage: (kind) => current.errorPages[kind],
    async warm() {
      let version: SiteVersion
      do {
        version = current
        for (const page of version.pages.values()) {
          if (closed) return
          if (page.html !== null) continue
          await html(page)
          await new Promise((done) => setImmediate(done))
          if (current !== version) break // a change swapped in: warm its pages instead
        }
      } while (current !== version)
    },
    close() {
      closed = true
    },
  }
}
