/**
 * The site's renderer (docs/live-site.md): every page's HTML and _payload.json, its head and
 * JSON-LD, sitemap.xml and the client router's manifest, computed from a catalogue. The server
 * runs it at run time on the published catalogue in the database (src/server/catalogue/rendered-site.ts);
 * the build bundles it as dist/server/site-renderer.mjs and gives it the client's assets.
 * Its interface is src/shared/site-renderer.ts.
 */
import { renderToString } from 'react-dom/server'
import { escapeHtml, scriptJson } from '../../protocol/html'
import { SERVER_PATHS, type ErrorPageKind } from '../../domain/site-paths'
import { PLACEHOLDERS } from '../../shared/placeholders'
import { knownSlugsOf, REDIRECTS, resolveRoute, routingOf, type Resolution, type ScreenId } from '../../shared/routes'
import type { PageData, SiteAssets, SiteContent, SiteRenderer } from '../../shared/site-renderer'
import { App } from '../app/App'
import { PAGE_SCRIPTS_TEMPLATE, startPageScripts } from '../app/script-start'
import { DEFERRED_WIDGET } from '../app/widget-start'
import type { PagePayload } from '../data/payload'
import { siteIdentity } from '../data/identity'
import type { BuildMeta, PageBoot } from '../router/manifest'
import { errorPayload } from '../screens/error/payload'
import { SCREENS, type Screen } from '../screens/registry'
import { robotsTxt, sitemapXml } from '../seo/sitemap'
import { imageUrl, SOCIAL_IMAGE_WIDTH } from '../../shared/images'

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
export async function loadPage(resolution: Resolution & { status: 'ok' }, { catalogue, agency }: SiteContent): Promise<{ payload: PagePayload; lastModified: string | null }> {
  const { screen, params, path } = resolution
  const page = SCREENS[screen].page
  if (!page) throw new Error(`render: the ${screen} screen has no catalogue pages`)
  const { head, data, lastModified } = (await page()).default({ catalogue, agency, path, params })
  return { payload: { screen, params, path, head: { canonicalPath: path, ...head }, data, site: siteIdentity(agency.profile) }, lastModified: lastModified ?? null }
}

function document(payload: PagePayload, Screen: Screen, boot: PageBoot, assets: SiteAssets, payloadHref: string | null): string {
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
<meta property="og:site_name" content="${escapeHtml(payload.site.name)}">
<meta property="og:locale" content="es_MX">
<meta property="og:title" content="${escapeHtml(head.title)}">
<meta property="og:description" content="${escapeHtml(head.description)}">
<meta property="og:url" content="${canonical}">
${image ? `<meta property="og:image" content="${image}">\n<meta name="twitter:card" content="summary_large_image">\n` : ''}<meta name="theme-color" content="${escapeHtml(payload.site.colors.primary)}">
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
${payloadHref ? `<link rel="preload" as="fetch" href="${escapeHtml(payloadHref)}" crossorigin="anonymous">\n` : ''}<script type="module" nonce="${PLACEHOLDERS.nonce}" src="${assets.entry}"></script>
</template>
<script nonce="${PLACEHOLDERS.nonce}">(${startPageScripts.toString()})(document, ${JSON.stringify(PAGE_SCRIPTS_TEMPLATE)})</script>
<script async nonce="${PLACEHOLDERS.nonce}" src="${SERVER_PATHS.widget}" data-socket-url="${PLACEHOLDERS.widgetSocketUrl}" data-id-agent="${PLACEHOLDERS.widgetAgentId}" data-api-key="${PLACEHOLDERS.widgetApiKey}" data-instance-name="${escapeHtml(payload.site.name)}" data-position="${WIDGET_PLACEMENT.position}" data-offset-x="${WIDGET_PLACEMENT.offsetX}" data-offset-y="${WIDGET_PLACEMENT.offsetY}" type="${DEFERRED_WIDGET.type}" ${DEFERRED_WIDGET.marker}="${DEFERRED_WIDGET.when}"></script>
</body>
</html>
`
}

/** Every page of the content, data only. */
async function pagesOf(content: SiteContent): Promise<Map<string, PageData>> {
  const { known, paths } = routingOf(content.catalogue)
  const pages = new Map<string, PageData>()
  for (const path of paths) {
    const resolution = resolveRoute(path, known)
    if (resolution.status !== 'ok') throw new Error(`render: ${path} does not resolve (${resolution.status})`)
    const { payload, lastModified } = await loadPage(resolution, content)
    // The JSON-LD is only for crawlers reading the HTML; the client never reads it from the payload.
    const { jsonLd: _jsonLd, ...head } = payload.head
    let served: string | undefined
    pages.set(path, {
      path,
      screen: payload.screen,
      payload,
      text: JSON.stringify(payload),
      // Made on the first request for it: a change computes every page's data, and serves few of them.
      get served() {
        return (served ??= JSON.stringify({ ...payload, head }))
      },
      lastModified,
      noindex: Boolean(payload.head.noindex),
    })
  }
  return pages
}

export function createSiteRenderer(assets: SiteAssets): SiteRenderer {
  for (const screen of Object.keys(SCREENS) as ScreenId[]) {
    if (!assets.screenFiles[screen]?.length) throw new Error(`render: no chunk for the ${screen} screen (is its view in src/site/screens/${screen}/?)`)
  }
  const { buildId } = assets
  const view = async (screen: ScreenId) => (await SCREENS[screen].view()).default
  const boot = (payload: PagePayload): PageBoot => ({ screen: payload.screen, path: payload.path, buildId, ...KEYS })
  return {
    buildId,
    pages: pagesOf,
    async html(page, payloadHref) {
      const payload = page.payload as PagePayload
      return document(payload, await view(payload.screen), { ...boot(payload), payloadHref }, assets, payloadHref)
    },
    async errorPage(content: SiteContent, kind: ErrorPageKind) {
      // The server fills in the requested path.
      const payload = errorPayload(kind, PLACEHOLDERS.pathHtml, siteIdentity(content.agency.profile))
      const inline = { ...payload, path: PLACEHOLDERS.pathJson, data: { ...payload.data, path: PLACEHOLDERS.pathJson } }
      return document(payload, await view('error'), { screen: 'error', path: PLACEHOLDERS.pathJson, buildId, ...KEYS, payload: inline }, assets, null)
    },
    // A noindex page (/gracias, also kept out by robots.txt) is no sitemap entry.
    sitemap: (pages) => sitemapXml([...pages].filter((page) => !page.noindex).map((page) => ({ path: page.path, lastmod: page.lastModified }))),
    robots: robotsTxt,
    manifest({ catalogue }) {
      // The same catalogue's pages() computed these already (rendered-site.ts asks for both).
      const { known, paths } = routingOf(catalogue)
      const meta: BuildMeta = {
        id: buildId,
        redirects: [...REDIRECTS],
        known: { products: [...known.products], developments: [...known.developments], posts: [...known.posts], properties: [...known.properties], zonePages: [...known.zonePages] },
        paths: [...paths],
      }
      return JSON.stringify(meta)
    },
    async preview(content, path) {
      const resolution = resolveRoute(path, knownSlugsOf(content.catalogue))
      if (resolution.status !== 'ok') return null
      const { payload } = await loadPage(resolution, content)
      const shown = { ...payload, head: { ...payload.head, noindex: true } }
      return document(shown, await view(shown.screen), { ...boot(shown), payload: shown }, assets, null)
    },
  }
}
