/**
 * The payload of a page, and what the screens' page modules share to compute theirs from the
 * catalogue (the server's renderer, docs/live-site.md; served next to the page as _payload.json).
 * Pure: catalogue in, payload out.
 */
import { filterListings } from '../../catalogue/listing-index'
import { MAX_PAGE_SIZE, type ListingQuery } from '../../catalogue/listing-query'
import { PROPERTY_TYPES, type Catalogue, type Property, type PropertyType } from '../../catalogue/model'
import type { RouteParams, ScreenId } from '../../shared/routes'
import type { Agency, SiteIdentity } from '../../shared/agency'
import { breadcrumbList, summary, type Crumb } from '../seo/jsonld'
import { toCard, type PropertyCard } from './cards'

export interface Head {
  title: string
  description: string
  /** Path of the canonical URL (the site's base URL is added when the page is written). */
  canonicalPath: string
  image?: string
  jsonLd?: object[]
  noindex?: boolean
}

export interface PagePayload<T = unknown> {
  screen: ScreenId
  params: RouteParams
  path: string
  head: Head
  data: T
  /** Who the agency is, as the layout shows it on every page. */
  site: SiteIdentity
}

/** What a page module is given: the catalogue and the resolved page. */
export interface PageInput {
  catalogue: Catalogue
  /** Who the agency is (its name ends every title). */
  agency: Agency
  path: string
  params: RouteParams
  /** When the page is rendered (what a page shows for a while, as «Bajó de precio», reads it); now by default. */
  now?: Date
}

/** What a page module computes: the page's head (its canonical path is the page's) and its screen's data. */
export interface PageContent<T> {
  head: Omit<Head, 'canonicalPath'>
  data: T
  /** When the page last changed, where the catalogue says (the sitemap's lastmod). */
  lastModified?: string
}

/** A screen's page module: the head and data of each of its pages. */
export type PageLoader<T> = (input: PageInput) => PageContent<T>

/** The data of a screen without any. */
export type NoData = Record<string, never>

export interface ListingData extends ListingResult { heading: string; intro: string; filter: ListingQuery }

/** A page's title: `title | {agency}`. */
export const titled = (title: string, agency: Agency) => `${title} | ${agency.profile.name}`
const LISTING_LIMIT = 24

/** The properties a listing filter selects (at most a full API page), in the API's order (one definition: catalogue/listing-criteria). */
export const selectProperties = (catalogue: Catalogue, filter: ListingQuery): Property[] =>
  filterListings(catalogue, { ...filter, por_pagina: MAX_PAGE_SIZE, pagina: 1 }).items

/** The first page of a listing and how many there are in all. */
/** A listing page's selection: how many, the first cards, and the kinds of property it holds (its filters offer only those). */
export interface ListingResult { total: number; items: PropertyCard[]; kinds: PropertyType[] }

export function listing(catalogue: Catalogue, filter: ListingQuery): ListingResult {
  const { total, items } = filterListings(catalogue, { ...filter, por_pagina: LISTING_LIMIT })
  const kinds = PROPERTY_TYPES.filter((tipo) => filterListings(catalogue, { ...filter, tipo, por_pagina: 1 }).total > 0)
  return { total, items: items.map(toCard), kinds }
}

export const zoneOf = (catalogue: Catalogue, slug: string) => catalogue.zones.find((z) => z.slug === slug) ?? null

/** Blog posts, newest first. */
export const postsByDate = (catalogue: Catalogue) => [...catalogue.blog].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))

/** Where a property's operation is listed (its breadcrumb section). */
export const OPERATION_SECTIONS: Record<Property['operation'], Crumb> = {
  venta: { name: 'Venta', path: '/venta-cancun' },
  renta: { name: 'Renta', path: '/renta-cancun' },
  preventa: { name: 'Preventa', path: '/preventa-cancun' },
}
export const DEVELOPMENTS_SECTION: Crumb = { name: 'Desarrollos', path: '/desarrollos-inmobiliarios-cancun' }
export const BLOG_SECTION: Crumb = { name: 'Blog', path: '/blog' }

/** Inicio › …sections › this page, as the page's BreadcrumbList. */
export const crumbs = (path: string, name: string, ...sections: Crumb[]) => breadcrumbList([...sections, { name, path }])

/** A meta description: the text's first paragraph, cut at a word to about what search results show. */
export const describe = (text: string, max = 160) => summary(text, max)
