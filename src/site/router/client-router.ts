import { isNotPage, payloadUrl, SITE_FILES } from '../../domain/site-paths'
import { resolveRoute, type KnownSlugs, type RedirectRule } from '../../shared/routes'
import type { Page } from '../app/App'
import { siteFetch } from '../data/fetch'
import type { Head, PagePayload } from '../data/payload'
import { errorPayload } from '../screens/error/payload'
import { PAGE_HEADING_ID } from '../screens/props'
import { SCREENS, type Screen } from '../screens/registry'
import { knownSlugs, type BuildMeta, type LatestBuild } from './manifest'
import { createPreloadQueue, preloadAllowed } from './preload-queue'
import { isChunkLoadError, mayReloadAfterChunkError } from './reload-guard'

/** Version check (docs/behaviour.md#version-check): the newest build id is checked this often, and on tab return. */
const VERSION_POLL_MS = 60 * 60 * 1000
/**
 * How long a payload this tab already has (its first page's, a preloaded or visited one) is shown
 * without asking the server again: the catalogue changes while tabs are open, and a change is live
 * everywhere within 5 s (docs/live-site.md#open-tabs). Asking again is cheap: the browser
 * revalidates it with its ETag (a 304). Back and forward show the page as the visitor left it.
 */
export const PAYLOAD_FRESH_MS = 5000

type Connection = { saveData?: boolean; effectiveType?: string }

export interface RouterView {
  show(page: Page): void
  setLoading(loading: boolean): void
}

/** Client-side navigation for the server-rendered site (docs/behaviour.md#shell, docs/live-site.md#open-tabs). */
export function startRouter({ buildId, view, initial }: { buildId: string; view: RouterView; initial: Page }) {
  let known: KnownSlugs | null = null
  let redirects: RedirectRule[] | undefined
  let newBuildSeen = false
  // The page the browser loaded is already here: not fetched again while it is fresh.
  const payloads = new Map<string, { loading: Promise<PagePayload>; at: number }>([[initial.payload.path, { loading: Promise.resolve(initial.payload), at: Date.now() }]])
  const screens = new Map<string, Promise<Screen>>([[initial.payload.screen, Promise.resolve(initial.Screen)]])

  const meta = siteFetch<BuildMeta>(`${SITE_FILES.builds}/meta/${buildId}.json`)
    .then((m) => {
      known = knownSlugs(m)
      redirects = m.redirects
    })
    .catch((error: unknown) => console.warn('[site] build manifest unavailable; links load as full pages', error))

  const loadScreen = (screen: PagePayload['screen']) => {
    let loading = screens.get(screen)
    if (!loading) {
      loading = SCREENS[screen].view().then((m) => m.default)
      screens.set(screen, loading)
      loading.catch(() => screens.delete(screen))
    }
    return loading
  }
  /** A page's payload; `anyAge` for back and forward, which show a page as the visitor left it (as a browser's back does). */
  const loadPayload = (path: string, anyAge = false) => {
    const held = payloads.get(path)
    if (held && (anyAge || Date.now() - held.at < PAYLOAD_FRESH_MS)) return held.loading
    const loading = siteFetch<PagePayload>(payloadUrl(path))
    const entry = { loading, at: Date.now() }
    payloads.set(path, entry)
    loading.catch(() => payloads.get(path) === entry && payloads.delete(path))
    return loading
  }

  const applyHead = (head: Head) => {
    document.title = head.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (canonical) canonical.href = new URL(head.canonicalPath, canonical.href).href
  }

  const rememberScroll = () => history.replaceState({ ...(history.state ?? {}), scrollY: window.scrollY }, '')

  /** The server serves the page whole. */
  const fullLoad = (url: URL, mode: 'push' | 'replace' | 'pop') => {
    if (mode === 'pop') location.reload()
    else location.assign(url.href)
  }

  async function navigate(url: URL, mode: 'push' | 'replace' | 'pop' = 'push'): Promise<void> {
    // A new deployment, or no manifest: the server serves the page whole.
    if (newBuildSeen || !known) return fullLoad(url, mode)
    const resolution = resolveRoute(url.pathname, known, redirects)
    if (resolution.status === 'redirect') return navigate(new URL(resolution.to + url.search + url.hash, url), mode === 'pop' ? 'replace' : mode)
    if (resolution.status !== 'ok') {
      // A path this tab does not know may have been published (or renamed: a 301) since it opened:
      // the server decides, with the page or its 404 (docs/live-site.md#open-tabs).
      return fullLoad(url, mode)
    }
    if (mode === 'push') rememberScroll()
    view.setLoading(true)
    let page: Page
    try {
      const [Screen, payload] = await Promise.all([loadScreen(resolution.screen), loadPayload(url.pathname, mode === 'pop')])
      page = { Screen, payload }
    } catch (error) {
      view.setLoading(false)
      if (isGone(error)) return fullLoad(url, mode) // archived, renamed or unpublished since the tab opened: the server answers the 301 or the 404
      if (isChunkLoadError(error) && mayReloadAfterChunkError(safeSessionStorage())) {
        location.assign(url.href) // docs/behaviour.md#reload-guard: reload the target once
        return
      }
      console.error('[site] navigation failed', error)
      page = { Screen: await loadScreen('error').catch(() => null as never), payload: errorPayload('error', url.pathname, initial.payload.site) }
      if (!page.Screen) return location.assign(url.href)
    }
    if (mode === 'push') history.pushState({ scrollY: 0 }, '', url.href)
    else if (mode === 'replace') history.replaceState({ scrollY: 0 }, '', url.href)
    view.show(page)
    view.setLoading(false)
    applyHead({ ...page.payload.head, title: page.payload.head.title || page.payload.site.name })
    requestAnimationFrame(() => {
      const saved = mode === 'pop' ? Number(history.state?.scrollY ?? 0) : 0
      if (url.hash && mode !== 'pop') document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView()
      else window.scrollTo(0, saved)
      document.getElementById(PAGE_HEADING_ID)?.focus({ preventScroll: true })
    })
  }

  const internalUrl = (anchor: HTMLAnchorElement): URL | null => {
    if (anchor.target && anchor.target !== '_self') return null
    if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.includes('external')) return null
    const url = new URL(anchor.href, location.href)
    if (url.origin !== location.origin || isNotPage(url.pathname)) return null
    return url
  }

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element | null)?.closest?.('a[href]')
    if (!(anchor instanceof HTMLAnchorElement)) return
    const url = internalUrl(anchor)
    if (!url) return
    if (url.pathname === location.pathname && url.search === location.search && url.hash) {
      // An in-page anchor: the browser scrolls to it and moves focus there, and fires a popstate for
      // the new entry that must not reload the page (that scrolled to the top and focused the h1).
      rememberScroll()
      anchorJump = url.href
      setTimeout(() => (anchorJump = null))
      return
    }
    event.preventDefault()
    void navigate(url)
  })
  /** The URL an in-page anchor click is going to, while its own popstate may still come. */
  let anchorJump: string | null = null
  history.scrollRestoration = 'manual'
  window.addEventListener('popstate', () => {
    if (location.href === anchorJump) return
    void navigate(new URL(location.href), 'pop')
  })
  window.addEventListener('pagehide', rememberScroll)

  // Version check: a new build id makes the next navigation a full page load.
  const checkVersion = () =>
    siteFetch<LatestBuild>(`${SITE_FILES.builds}/latest.json`, { query: { t: Date.now() }, cache: 'no-store' })
      .then((latest) => {
        if (latest.id !== buildId) newBuildSeen = true
      })
      .catch(() => {})
  setInterval(checkVersion, VERSION_POLL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkVersion()
  })

  // Link preloading: links that come into view after the page is idle, at most 5 at once.
  const connection = (navigator as Navigator & { connection?: Connection }).connection
  if (preloadAllowed(connection) && 'IntersectionObserver' in window) {
    const queue = createPreloadQueue(async (path) => {
      await meta
      if (!known || newBuildSeen) return
      const resolution = resolveRoute(path, known, redirects)
      if (resolution.status !== 'ok') return
      await Promise.all([loadScreen(resolution.screen), loadPayload(path)])
    })
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer.unobserve(entry.target)
        const url = internalUrl(entry.target as HTMLAnchorElement)
        if (url && url.pathname !== location.pathname) queue.add(url.pathname)
      }
    })
    const observeLinks = () => document.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((a) => observer.observe(a))
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200))
    idle(observeLinks)
    new MutationObserver(() => idle(observeLinks)).observe(document.getElementById('app')!, { childList: true, subtree: true })
  }

  return { navigate: (href: string) => navigate(new URL(href, location.href)) }
}

/** The payload's page is no page now (404): the catalogue changed since the tab read its manifest. */
function isGone(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  return status === 404 || status === 410
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
