/**
 * The console's route: the screen and its parameter after `#/` (`#/conversaciones/<id>`). The
 * server never sees the hash: it renders the first route (the inbox, nothing open) into the page,
 * and the app hydrates that markup only when the page is on that route (docs/behaviour.md#console-inbox).
 */
import { DEFAULT_SCREEN } from './screens/registry'

export interface Route {
  screen: string
  param: string | null
}

/** The route the server renders: the default screen with nothing open. */
export const FIRST_ROUTE: Route = { screen: DEFAULT_SCREEN.id, param: null }

export function readRoute(hash: string): Route {
  const [screen, ...rest] = hash.replace(/^#\/?/, '').split('/')
  return { screen: screen || DEFAULT_SCREEN.id, param: rest.length ? decodeURIComponent(rest.join('/')) : null }
}

export const sameRoute = (a: Route, b: Route) => a.screen === b.screen && a.param === b.param
