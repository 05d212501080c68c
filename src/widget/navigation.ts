import { URL_POLL_MS } from './constants'
import { visiblePoll } from './poll'

/** The part of the URL that identifies a page for the navigation trail. */
export const pagePath = (location: Location) => `${location.pathname}${location.search}${location.hash}`

type NavigationWindow = Window & { navigation?: EventTarget }

/**
 * Calls `onChange(path)` for the current page and whenever the page URL changes (docs/behaviour.md#navigation-trail: checked
 * every URL_POLL_MS), at once on history navigation: the Navigation API where the browser has it,
 * else popstate/hashchange and a wrapper around pushState/replaceState. Never twice in a row for
 * the same URL. Returns a stop function that also restores the history methods.
 */
export function watchPageUrl(win: Window, onChange: (path: string) => void): () => void {
  let last: string | undefined
  const check = () => {
    const path = pagePath(win.location)
    if (path === last) return
    last = path
    onChange(path)
  }
  // Let the browser update location first: history calls and events run before it is readable.
  const checkSoon = () => queueMicrotask(check)

  const stops = [visiblePoll(check, URL_POLL_MS, win.document)]
  const navigation = (win as NavigationWindow).navigation
  if (navigation) {
    navigation.addEventListener('currententrychange', checkSoon)
    stops.push(() => navigation.removeEventListener('currententrychange', checkSoon))
  } else {
    const history = win.history
    const { pushState, replaceState } = history
    history.pushState = function (...args: Parameters<History['pushState']>) {
      pushState.apply(this, args)
      checkSoon()
    }
    history.replaceState = function (...args: Parameters<History['replaceState']>) {
      replaceState.apply(this, args)
      checkSoon()
    }
    stops.push(() => {
      history.pushState = pushState
      history.replaceState = replaceState
    })
  }
  for (const type of ['popstate', 'hashchange']) {
    win.addEventListener(type, checkSoon)
    stops.push(() => win.removeEventListener(type, checkSoon))
  }
  return () => stops.forEach((stop) => stop())
}
