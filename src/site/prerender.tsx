/**
 * Build step (Node): render every page of the site to dist/site/{path}/index.html with its
 * _payload.json, modulepreload links for its chunks, and the build manifest (design.md §6).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { renderToString } from 'react-dom/server'
import type { Catalogue } from '../catalogue/model'
import { escapeHtml } from '../protocol/html'
import { App } from './app/App'
import type { Screen } from './app/screen'
import { errorPayload, pagePayload, SITE_NAME, type PagePayload, type PostData, type PropertyData } from './data/payload'
import { PLACEHOLDERS } from './placeholders'
import { BUILDS_PATH, payloadUrl, type BuildMeta, type PageBoot } from './router/manifest'
import { allPaths, REDIRECTS, resolveRoute, type KnownSlugs, type ScreenId } from './router/routes'
import About from './screens/About'
import Blog from './screens/Blog'
import Contact from './screens/Contact'
import Development from './screens/Development'
import Developments from './screens/Developments'
import ErrorScreen from './screens/Error'
import Home from './screens/Home'
import Listing from './screens/Listing'
import Post from './screens/Post'
import Privacy from './screens/Privacy'
import Product from './screens/Product'
import Property from './screens/Property'
import Search from './screens/Search'
import Thanks from './screens/Thanks'
import Units from './screens/Units'
import Zone from './screens/Zone'
import { robotsTxt, sitemapXml, type SitemapEntry } from './seo/sitemap'

const SCREEN_COMPONENTS: Record<ScreenId, Screen> = {
  home: Home, about: About, contact: Contact, thanks: Thanks, privacy: Privacy, blog: Blog, post: Post, search: Search,
  property: Property, product: Product, listing: Listing, developments: Developments, zone: Zone,
  development: Development, units: Units, error: ErrorScreen,
} as Record<ScreenId, Screen>

export interface PrerenderInput {
  outDir: string
  catalogue: Catalogue
  buildId: string
  /** Site paths of the client entry's JS and CSS, and every JS file each screen needs. */
  assets: { entry: string; css: string[]; screenFiles: Record<ScreenId, string[]> }
}

const KEYS = { apiKey: PLACEHOLDERS.apiKey, leadsToken: PLACEHOLDERS.leadsToken }
/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

function document(payload: PagePayload, boot: PageBoot, assets: PrerenderInput['assets'], withPayloadPreload: boolean): string {
  const { head } = payload
  const Screen = SCREEN_COMPONENTS[payload.screen]
  const body = renderToString(<App page={{ payload, Screen }} loading={false} />)
  const canonical = `${PLACEHOLDERS.siteUrl}${head.canonicalPath}`
  const image = head.image ? `${PLACEHOLDERS.siteUrl}/_ipx/w_1200&f_jpeg${head.image}` : null
  const preloads = [...new Set([assets.entry, ...assets.screenFiles[payload.screen]])]
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(head.title)}</title>
<meta name="description" content="${escapeHtml(head.description)}">
${head.noindex ? '<meta name="robots" content="noindex">\n' : ''}<link rel="canonical" href="${canonical}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${SITE_NAME}">
<meta property="og:locale" content="es_MX">
<meta property="og:title" content="${escapeHtml(head.title)}">
<meta property="og:description" content="${escapeHtml(head.description)}">
<meta property="og:url" content="${canonical}">
${image ? `<meta property="og:image" content="${image}">\n<meta name="twitter:card" content="summary_large_image">\n` : ''}<meta name="theme-color" content="#131844">
<link rel="icon" href="data:,">
${assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${preloads.map((href) => `<link rel="modulepreload" href="${href}">`).join('\n')}
${withPayloadPreload ? `<link rel="preload" as="fetch" href="${payloadUrl(payload.path)}" crossorigin="anonymous">\n` : ''}${(head.jsonLd ?? []).map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`).join('\n')}
</head>
<body>
<div id="app">${body}</div>
<script type="application/json" id="__page">${scriptJson(boot)}</script>
<script type="module" src="${assets.entry}"></script>
<script async src="/widget.js" data-socket-url="${PLACEHOLDERS.widgetSocketUrl}" data-id-agent="${PLACEHOLDERS.widgetAgentId}" data-api-key="${PLACEHOLDERS.widgetApiKey}" data-instance-name="${SITE_NAME}"></script>
</body>
</html>
`
}

/** When a page last changed, where the catalogue says: a property's or a post's updatedAt. */
function lastModified(payload: PagePayload): string | null {
  if (payload.screen === 'property') return (payload.data as PropertyData).property.updatedAt
  if (payload.screen === 'post') return (payload.data as PostData).post.updatedAt
  return null
}

async function write(path: string, content: string) {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, content)
}

export async function prerender({ outDir, catalogue, buildId, assets }: PrerenderInput): Promise<{ pages: number }> {
  const known: KnownSlugs = {
    products: new Set(catalogue.products.map((p) => p.slug)),
    developments: new Set(catalogue.developments.map((d) => d.slug)),
    posts: new Set(catalogue.blog.map((b) => b.slug)),
    properties: new Set(catalogue.properties.map((p) => p.slug)),
  }
  const paths = allPaths(known)
  const sitemap: SitemapEntry[] = []
  for (const path of paths) {
    const resolution = resolveRoute(path, known)
    if (resolution.status !== 'ok') throw new Error(`prerender: ${path} does not resolve (${resolution.status})`)
    const payload = pagePayload(resolution, catalogue)
    const dir = join(outDir, path)
    await write(join(dir, 'index.html'), document(payload, { screen: payload.screen, path, buildId, ...KEYS }, assets, true))
    // The JSON-LD is only for crawlers reading the HTML; the client never reads it from the payload.
    const { jsonLd: _jsonLd, ...head } = payload.head
    await write(join(dir, '_payload.json'), JSON.stringify({ ...payload, head }))
    // A noindex page (/gracias, also kept out by robots.txt) is no sitemap entry.
    if (!payload.head.noindex) sitemap.push({ path, lastmod: lastModified(payload) })
  }
  // At the root; the server fills in the site URL.
  await write(join(outDir, 'sitemap.xml'), sitemapXml(sitemap))
  await write(join(outDir, 'robots.txt'), robotsTxt())
  // Error pages: the server fills in the requested path.
  for (const kind of ['not-found', 'invalid', 'error'] as const) {
    const payload = errorPayload(kind, PLACEHOLDERS.pathHtml)
    const html = document(payload, { screen: 'error', path: PLACEHOLDERS.pathJson, buildId, ...KEYS, payload: { ...payload, path: PLACEHOLDERS.pathJson, data: { ...payload.data, path: PLACEHOLDERS.pathJson } } }, assets, false)
    await write(join(outDir, `_${kind}.html`), html)
  }
  const meta: BuildMeta = {
    id: buildId,
    timestamp: Date.now(),
    redirects: [...REDIRECTS],
    known: { products: [...known.products], developments: [...known.developments], posts: [...known.posts], properties: [...known.properties] },
    paths,
  }
  await write(join(outDir, BUILDS_PATH, 'meta', `${buildId}.json`), JSON.stringify(meta))
  await write(join(outDir, BUILDS_PATH, 'latest.json'), JSON.stringify({ id: buildId, timestamp: meta.timestamp }))
  return { pages: paths.length }
}
