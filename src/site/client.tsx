/** The site in the browser: hydrate the server-rendered page, then navigate client-side. */
import { startTransition, useSyncExternalStore } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { payloadUrl } from '../domain/site-paths'
import { App, type Page } from './app/App'
import { startDeferredWidget } from './app/widget-start'
import { siteFetch } from './data/fetch'
import type { PagePayload } from './data/payload'
import type { PageBoot } from './router/manifest'
import { startRouter } from './router/client-router'
import { SCREENS } from './screens/registry'
import './styles/site.css'

function createViewStore(initial: Page) {
  let state = { page: initial, loading: false }
  const listeners = new Set<() => void>()
  const set = (next: Partial<typeof state>) => {
    state = { ...state, ...next }
    listeners.forEach((l) => l())
  }
  return {
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    get: () => state,
    show: (page: Page) => set({ page }),
    setLoading: (loading: boolean) => set({ loading }),
  }
}

async function boot() {
  const boot = JSON.parse(document.getElementById('__page')!.textContent!) as PageBoot
  // Hydrate only once the route's chunk and payload are here, so the first render matches the HTML.
  const [screen, payload] = await Promise.all([
    SCREENS[boot.screen].view().then((m) => m.default),
    boot.payload ? Promise.resolve(boot.payload as PagePayload) : siteFetch<PagePayload>(boot.payloadHref ?? payloadUrl(boot.path)),
  ])
  const initial = { Screen: screen, payload }
  const view = createViewStore(initial)
  // Hydration renders the page the HTML was made from, even when a link was followed while it
  // yielded (a tap on a slow phone): React then renders the newer page once hydrated, instead of
  // finding HTML that matches neither (React error #418, seen once in forms.test.ts under load).
  const hydrated = view.get()
  function Root() {
    const state = useSyncExternalStore(view.subscribe, view.get, () => hydrated)
    return <App page={state.page} loading={state.loading} />
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (docs/behaviour.md#shell); an input on a part not yet
  // hydrated makes React finish that part at once and replays the event.
  startTransition(() => void hydrateRoot(document.getElementById('app')!, <Root />))
  startRouter({ buildId: boot.buildId, view, initial })
}

// The widget comes after the page's own content, and even when hydration failed.
void boot().finally(() => startDeferredWidget())
