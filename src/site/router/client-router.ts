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

type Connection = { saveData?: boolean; effectiveType?: string }

export interface RouterView {
  show(page: Page): void
  setLoading(loading: boolean): void
}

/** Client-side navigation for the prerendered site (docs/behaviour.md#shell). */
export function startRouter({ buildId, view, siteName, initial }: { buildId: string; view: RouterView; siteName: string; initial: Page }) {
  let known: KnownSlugs | null = null
  let redirects: RedirectRule[] | undefined
  let newBuildSeen = false
  // The page the browser loaded is already here: never fetch it again.
  const payloads = new Map<string, Promise<PagePayload>>([[initial.payload.path, Promise.resolve(initial.payload)]])
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
  const loadPayload = (path: string) => {
    let loading = payloads.get(path)
    if (!loading) {
      loading = siteFetch<PagePayload>(payloadUrl(path))
      payloads.set(path, loading)
      loading.catch(() => payloads.delete(path))
    }
    return loading
  }

  const applyHead = (head: Head) => {
    document.title = head.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (canonical) canonical.href = new URL(head.canonicalPath, canonical.href).href
  }

  const rememberScroll = () => history.replaceState({ ...(history.state ?? {}), scrollY: window.scrollY }, '')

  async function navigate(url: URL, mode: 'push' | 'replace' | 'pop' = 'push'): Promise<void> {
    if (newBuildSeen || !known) {
      // A new deployment, or no manifest: the server serves the page whole.
      if (mode === 'pop') location.reload()
      else location.assign(url.href)
      return
    }
    const resolution = resolveRoute(url.pathname, known, redirects)
    if (resolution.status === 'redirect') return navigate(new URL(resolution.to + url.search + url.hash, url), mode === 'pop' ? 'replace' : mode)
    if (mode === 'push') rememberScroll()
    view.setLoading(true)
    let page: Page
    try {
      if (resolution.status === 'ok') {
        const [Screen, payload] = await Promise.all([loadScreen(resolution.screen), loadPayload(url.pathname)])
        page = { Screen, payload }
      } else {
        page = { Screen: await loadScreen('error'), payload: errorPayload(resolution.status, url.pathname) }
      }
    } catch (error) {
      view.setLoading(false)
      if (isChunkLoadError(error) && mayReloadAfterChunkError(safeSessionStorage())) {
        location.assign(url.href) // docs/behaviour.md#reload-guard: reload the target once
        return
      }
      console.error('[site] navigation failed', error)
      page = { Screen: await loadScreen('error').catch(() => null as never), payload: errorPayload('error', url.pathname) }
      if (!page.Screen) return location.assign(url.href)
    }
    if (mode === 'push') history.pushState({ scrollY: 0 }, '', url.href)
    else if (mode === 'replace') history.replaceState({ scrollY: 0 }, '', url.href)
    view.show(page)
    view.setLoading(false)
    applyHead({ ...page.payload.head, title: page.payload.head.title || siteName })
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

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
