import type { ComponentType } from 'react'
import type { PagePayload } from '../data/payload'
import type { ScreenId } from '../router/routes'

export interface ScreenProps<T = unknown> {
  payload: PagePayload<T>
}
export type Screen = ComponentType<ScreenProps<never>>

/** Each screen is its own chunk, loaded when first needed (spec §2). */
export const SCREEN_LOADERS: Record<ScreenId, () => Promise<{ default: Screen }>> = {
  home: () => import('../screens/Home'),
  about: () => import('../screens/About'),
  contact: () => import('../screens/Contact'),
  thanks: () => import('../screens/Thanks'),
  privacy: () => import('../screens/Privacy'),
  blog: () => import('../screens/Blog'),
  post: () => import('../screens/Post'),
  search: () => import('../screens/Search'),
  property: () => import('../screens/Property'),
  product: () => import('../screens/Product'),
  listing: () => import('../screens/Listing'),
  developments: () => import('../screens/Developments'),
  zone: () => import('../screens/Zone'),
  development: () => import('../screens/Development'),
  units: () => import('../screens/Units'),
  error: () => import('../screens/Error'),
}

/** Id of every page's main heading: focus moves there after a client navigation. */
export const PAGE_HEADING_ID = 'page-heading'
