/**
 * Build step (Node): render every page of the site to dist/site/{path}/index.html with its
 * _payload.json, its whole stylesheet inline, its chunks started after the largest image, and the build manifest (docs/behaviour.md#shell).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { renderToString } from 'react-dom/server'
import type { Catalogue } from '../catalogue/model'
import { escapeHtml, scriptJson } from '../protocol/html'
import { errorPageFile, payloadUrl, SERVER_PATHS, SITE_FILES, type ErrorPageKind } from '../domain/site-paths'
import { PLACEHOLDERS } from '../shared/placeholders'
import { allPaths, knownSlugsOf, REDIRECTS, resolveRoute, type Resolution, type ScreenId } from '../shared/routes'
import { App } from './app/App'
import { PAGE_SCRIPTS_TEMPLATE, startPageScripts } from './app/script-start'
import { DEFERRED_WIDGET } from './app/widget-start'
import { SITE_NAME, type PagePayload } from './data/payload'
import type { BuildMeta, PageBoot } from './router/manifest'
import { errorPayload } from './screens/error/payload'
import { SCREENS, type Screen } from './screens/registry'
import { robotsTxt, sitemapXml, type SitemapEntry } from './seo/sitemap'
import { imageUrl, SOCIAL_IMAGE_WIDTH } from '../shared/images'

export interface PrerenderInput {
  outDir: string
  catalogue: Catalogue
  buildId: string
  /** The client entry's site path and its whole stylesheet (inlined), and per screen every JS file its pages run before hydrating (the entry first). */
  assets: { entry: string; css: string; screenFiles: Record<ScreenId, string[]> }
}

const KEYS = { publicApiKey: PLACEHOLDERS.publicApiKey }

/**
 * The chat launcher at the bottom left, level with the WhatsApp button at the bottom right
 * (layout.css `.whatsapp-float`: 56 px, 20 px from the edges): both centred on one line, as
 * close to the corners as they can be. site.css keeps focused fields and anchors above them.
 */
const WHATSAPP_EDGE_PX = 20
const WHATSAPP_SIZE_PX = 56
const LAUNCHER_SIZE_PX = 60 // the widget's launcher
const WIDGET_OFFSET_PX = WHATSAPP_EDGE_PX - (LAUNCHER_SIZE_PX - WHATSAPP_SIZE_PX) / 2
const WIDGET_PLACEMENT = { position: 'bottom-left', offsetX: WIDGET_OFFSET_PX, offsetY: WIDGET_OFFSET_PX }

/** The resource links React puts before a rendered tree (the priority image's preload): they belong in the head. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/

/** React's hoisted preloads, to go in the head right after the styles (docs/behaviour.md#images), and the body without them. */
export function hoistResources(html: string): { hoisted: string; body: string } {
  const hoisted = html.match(LEADING_LINKS)![0]
  return { hoisted, body: html.slice(hoisted.length) }
}

/** A page of a routed screen: its payload, and when it last changed (for the sitemap). */
export async function loadPage(resolution: Resolution & { status: 'ok' }, catalogue: Catalogue): Promise<{ payload: PagePayload; lastModified: string | null }> {
  const { screen, params, path } = resolution
  const page = SCREENS[screen].page
  if (!page) throw new Error(`prerender: the ${screen} screen has no catalogue pages`)
  const { head, data, lastModified } = (await page()).default({ catalogue, path, params })
  return { payload: { screen, params, path, head: { canonicalPath: path, ...head }, data }, lastModified: lastModified ?? null }
}

function document(payload: PagePayload, Screen: Screen, boot: PageBoot, assets: PrerenderInput['assets'], withPayloadPreload: boolean): string {
  const { head } = payload
  const { hoisted, body } = hoistResources(renderToString(<App page={{ payload, Screen }} loading={false} />))
  const canonical = `${PLACEHOLDERS.siteUrl}${head.canonicalPath}`
  const image = head.image ? `${PLACEHOLDERS.siteUrl}${imageUrl(head.image, SOCIAL_IMAGE_WIDTH, 'jpeg')}` : null
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
<style nonce="${PLACEHOLDERS.nonce}">${assets.css}</style>
${hoisted}
${(head.jsonLd ?? []).map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`).join('\n')}
</head>
<body>
<div id="app">${body}</div>
<script type="application/json" id="__page">${scriptJson(boot)}</script>
<template id="${PAGE_SCRIPTS_TEMPLATE}">
${assets.screenFiles[payload.screen].map((href) => `<link rel="modulepreload" nonce="${PLACEHOLDERS.nonce}" href="${href}">`).join('\n')}
${withPayloadPreload ? `<link rel="preload" as="fetch" href="${payloadUrl(payload.path)}" crossorigin="anonymous">\n` : ''}<script type="module" nonce="${PLACEHOLDERS.nonce}" src="${assets.entry}"></script>
</template>
<script nonce="${PLACEHOLDERS.nonce}">(${startPageScripts.toString()})(document, ${JSON.stringify(PAGE_SCRIPTS_TEMPLATE)})</script>
<script async nonce="${PLACEHOLDERS.nonce}" src="${SERVER_PATHS.widget}" data-socket-url="${PLACEHOLDERS.widgetSocketUrl}" data-id-agent="${PLACEHOLDERS.widgetAgentId}" data-api-key="${PLACEHOLDERS.widgetApiKey}" data-instance-name="${SITE_NAME}" data-position="${WIDGET_PLACEMENT.position}" data-offset-x="${WIDGET_PLACEMENT.offsetX}" data-offset-y="${WIDGET_PLACEMENT.offsetY}" type="${DEFERRED_WIDGET.type}" ${DEFERRED_WIDGET.marker}="${DEFERRED_WIDGET.when}"></script>
</body>
</html>
`
}

async function write(path: string, content: string) {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, content)
}

export async function prerender({ outDir, catalogue, buildId, assets }: PrerenderInput): Promise<{ pages: number }> {
  for (const screen of Object.keys(SCREENS) as ScreenId[]) {
    if (!assets.screenFiles[screen]?.length) throw new Error(`prerender: no chunk for the ${screen} screen (is its view in src/site/screens/${screen}/?)`)
  }
  const view = async (screen: ScreenId) => (await SCREENS[screen].view()).default
  const known = knownSlugsOf(catalogue)
  const paths = allPaths(known)
  const sitemap: SitemapEntry[] = []
  for (const path of paths) {
    const resolution = resolveRoute(path, known)
    if (resolution.status !== 'ok') throw new Error(`prerender: ${path} does not resolve (${resolution.status})`)
    const { payload, lastModified } = await loadPage(resolution, catalogue)
    const dir = join(outDir, path)
    await write(join(dir, 'index.html'), document(payload, await view(payload.screen), { screen: payload.screen, path, buildId, ...KEYS }, assets, true))
    // The JSON-LD is only for crawlers reading the HTML; the client never reads it from the payload.
    const { jsonLd: _jsonLd, ...head } = payload.head
    await write(join(outDir, payloadUrl(path)), JSON.stringify({ ...payload, head }))
    // A noindex page (/gracias, also kept out by robots.txt) is no sitemap entry.
    if (!payload.head.noindex) sitemap.push({ path, lastmod: lastModified })
  }
  // At the root; the server fills in the site URL.
  await write(join(outDir, SITE_FILES.sitemap), sitemapXml(sitemap))
  await write(join(outDir, SITE_FILES.robots), robotsTxt())
  // Error pages: the server fills in the requested path.
  for (const kind of ['not-found', 'invalid', 'error'] satisfies ErrorPageKind[]) {
    const payload = errorPayload(kind, PLACEHOLDERS.pathHtml)
    const boot: PageBoot = { screen: 'error', path: PLACEHOLDERS.pathJson, buildId, ...KEYS, payload: { ...payload, path: PLACEHOLDERS.pathJson, data: { ...payload.data, path: PLACEHOLDERS.pathJson } } }
    await write(join(outDir, errorPageFile(kind)), document(payload, await view('error'), boot, assets, false))
  }
  const meta: BuildMeta = {
    id: buildId,
    timestamp: Date.now(),
    redirects: [...REDIRECTS],
    known: { products: [...known.products], developments: [...known.developments], posts: [...known.posts], properties: [...known.properties], zonePages: [...known.zonePages] },
    paths,
  }
  await write(join(outDir, SITE_FILES.builds, 'meta', `${buildId}.json`), JSON.stringify(meta))
  await write(join(outDir, SITE_FILES.builds, 'latest.json'), JSON.stringify({ id: buildId, timestamp: meta.timestamp }))
  return { pages: paths.length }
}
