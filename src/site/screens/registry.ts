/**
 * Every screen of the site, registered once; the client, the router, the renderer and the build
 * all read this table. A screen is one folder named by its id, holding its view (the component,
 * which the browser loads as its own chunk) and its page module (`page.ts`: the head and data of
 * its pages, computed from the catalogue). Page modules run only in the server's renderer
 * (src/site/render/renderer.tsx): the browser bundle gets a stub in their place (build.mjs), so
 * none of their code reaches a visitor.
 */
import type { ReactNode } from 'react'
import type { ScreenId } from '../../shared/routes'
import type { PageLoader } from '../data/payload'
import type { ScreenProps } from './props'

/** A screen's component, for its data. */
type View<T> = (props: ScreenProps<T>) => ReactNode
/** A screen component as the shell holds it, whatever its data. */
export type Screen = View<never>

export interface ScreenEntry {
  view: () => Promise<{ default: Screen }>
  /** None for the error screen: its payload is the error itself (error/payload.ts). */
  page: (() => Promise<{ default: PageLoader<unknown> }>) | null
}

/** One screen; the data its page module computes must be the data its view takes. */
function screen<T>(
  view: () => Promise<{ default: View<T> }>,
  page: (() => Promise<{ default: PageLoader<T> }>) | null,
): ScreenEntry {
  return { view, page }
}

export const SCREENS: Record<ScreenId, ScreenEntry> = {
  home: screen(() => import('./home/Home'), () => import('./home/page')),
  about: screen(() => import('./about/About'), () => import('./about/page')),
  contact: screen(() => import('./contact/Contact'), () => import('./contact/page')),
  thanks: screen(() => import('./thanks/Thanks'), () => import('./thanks/page')),
  privacy: screen(() => import('./privacy/Privacy'), () => import('./privacy/page')),
  blog: screen(() => import('./blog/Blog'), () => import('./blog/page')),
  post: screen(() => import('./post/Post'), () => import('./post/page')),
  search: screen(() => import('./search/Search'), () => import('./search/page')),
  property: screen(() => import('./property/Property'), () => import('./property/page')),
  product: screen(() => import('./product/Product'), () => import('./product/page')),
  listing: screen(() => import('./listing/Listing'), () => import('./listing/page')),
  developments: screen(() => import('./developments/Developments'), () => import('./developments/page')),
  zone: screen(() => import('./zone/Zone'), () => import('./zone/page')),
  development: screen(() => import('./development/Development'), () => import('./development/page')),
  units: screen(() => import('./units/Units'), () => import('./units/page')),
  error: screen(() => import('./error/Error'), null),
}
