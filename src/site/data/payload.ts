/**
 * What each page needs, computed from the catalogue at build time and written next to the page
 * as _payload.json (spec §7). Pure: catalogue in, payload out.
 */
import { filterListings } from '../../catalogue/listing-index'
import { MAX_PAGE_SIZE, type ListingQuery } from '../../catalogue/listing-query'
import type { BlogPost, Catalogue, Development, DevelopmentModel, Product, Property, UnitKind, Zone } from '../../catalogue/model'
import { UNIT_KIND_TYPE } from '../../catalogue/model'
import { formatArea, formatBathrooms, formatBedrooms, formatListingPrice, formatPrice } from '../../catalogue/format'
import { OPERATION_LABELS, PROPERTY_TYPE_LABELS, STAGE_LABELS } from '../../catalogue/labels'
import { similarProperties } from '../../catalogue/similar'
import { LISTING_PAGES, ZONE_PAGES, type Resolution, type RouteParams, type ScreenId } from '../router/routes'
import { BUSINESS } from '../seo/business'
import { blogPosting, breadcrumbList, realEstateAgent, realEstateListing, summary, webSite, type Crumb } from '../seo/jsonld'

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
}

/** A listing card: what a grid needs of a property (payloads stay small). */
export type PropertyCard = Pick<
  Property,
  'slug' | 'title' | 'operation' | 'type' | 'price' | 'zone' | 'bedrooms' | 'bathrooms' | 'parking' | 'constructionM2' | 'lotM2' | 'status'
> & { image: Property['images'][number] | null }

export interface ListingData { heading: string; intro: string; filter: ListingQuery; total: number; items: PropertyCard[] }
export interface HomeData { featured: PropertyCard[]; developments: Development[]; zones: Zone[]; posts: PostCard[] }
export type PostCard = Pick<BlogPost, 'slug' | 'title' | 'excerpt' | 'cover' | 'publishedAt' | 'author'>
export interface BlogData { posts: PostCard[] }
export interface PostData { post: BlogPost; related: PostCard[] }
export interface PropertyData { property: Property; similar: PropertyCard[]; development: Pick<Development, 'slug' | 'name'> | null; zone: Zone | null }
export interface DevelopmentsData { developments: Development[] }
export interface DevelopmentData { development: Development; properties: PropertyCard[]; zone: Zone | null }
export interface UnitsData { development: Development; kind: UnitKind; models: DevelopmentModel[]; properties: PropertyCard[] }
export interface ZoneData { zone: Zone; filter: ListingQuery; total: number; items: PropertyCard[] }
export interface ProductData { product: Product; filter: ListingQuery; total: number; items: PropertyCard[] }
export interface ErrorData { status: 404 | 500; kind: 'not-found' | 'invalid' | 'error'; path: string }

export const SITE_NAME = 'Cancún Propiedades'
const LISTING_LIMIT = 24

export const toCard = (p: Property): PropertyCard => ({
  slug: p.slug, title: p.title, operation: p.operation, type: p.type, price: p.price, zone: p.zone, bedrooms: p.bedrooms,
  bathrooms: p.bathrooms, parking: p.parking, constructionM2: p.constructionM2, lotM2: p.lotM2, status: p.status, image: p.images[0] ?? null,
})
const toPostCard = ({ slug, title, excerpt, cover, publishedAt, author }: BlogPost): PostCard => ({ slug, title, excerpt, cover, publishedAt, author })

const LISTING_TEXT: Record<keyof typeof LISTING_PAGES, { heading: string; intro: string; title: string }> = {
  '/venta-cancun': {
    heading: 'Propiedades en venta en Cancún',
    title: 'Casas y departamentos en venta en Cancún',
    intro: 'Casas, departamentos, terrenos y locales en venta en Huayacán, Puerto Cancún, la Zona Hotelera y el centro de Cancún.',
  },
  '/renta-cancun': {
    heading: 'Propiedades en renta en Cancún',
    title: 'Casas y departamentos en renta en Cancún',
    intro: 'Departamentos amueblados, casas en privadas y locales comerciales en renta mensual en Cancún.',
  },
  '/preventa-cancun': {
    heading: 'Preventa en Cancún',
    title: 'Departamentos y casas en preventa en Cancún',
    intro: 'Desarrollos en preventa con precios de lanzamiento y planes de pago, con entrega en 2027.',
  },
}

/** Where a property's operation is listed (its breadcrumb section). */
const OPERATION_SECTIONS: Record<Property['operation'], Crumb> = {
  venta: { name: 'Venta', path: '/venta-cancun' },
  renta: { name: 'Renta', path: '/renta-cancun' },
  preventa: { name: 'Preventa', path: '/preventa-cancun' },
}
const DEVELOPMENTS_SECTION: Crumb = { name: 'Desarrollos', path: '/desarrollos-inmobiliarios-cancun' }
const BLOG_SECTION: Crumb = { name: 'Blog', path: '/blog' }

/** A meta description: the text's first paragraph, cut at a word to about what search results show. */
const describe = (text: string, max = 160) => summary(text, max)

/** "Casa en venta en Huayacán, Cancún: 3 recámaras, 2.5 baños, 168 m². $3,800,000 MXN. …" */
function propertyDescription(property: Property, zone: Zone | null): string {
  const kind = PROPERTY_TYPE_LABELS[property.type].singular
  const operation = property.operation === 'preventa' ? 'en preventa' : OPERATION_LABELS[property.operation].toLowerCase()
  const facts = [
    property.bedrooms > 0 ? formatBedrooms(property.bedrooms) : null,
    property.bathrooms > 0 ? formatBathrooms(property.bathrooms) : null,
    property.constructionM2 ? formatArea(property.constructionM2) : property.lotM2 ? `${formatArea(property.lotM2)} de terreno` : null,
  ].filter(Boolean)
  const lead = `${kind} ${operation} en ${zone ? `${zone.name}, ` : ''}Cancún${facts.length ? `: ${facts.join(', ')}` : ''}. ${formatListingPrice(property.price, property.operation)}.`
  return describe(`${lead} ${property.description}`)
}

/** The payload of a resolved page. */
export function pagePayload(resolution: Resolution & { status: 'ok' }, catalogue: Catalogue): PagePayload {
  const { screen, params, path } = resolution
  const page = <T>(head: Omit<Head, 'canonicalPath'>, data: T): PagePayload<T> => ({ screen, params, path, head: { canonicalPath: path, ...head }, data })
  /** Inicio › …sections › this page, as the page's BreadcrumbList. */
  const crumbs = (name: string, ...sections: Crumb[]) => breadcrumbList([...sections, { name, path }])
  const zoneOf = (slug: string) => catalogue.zones.find((z) => z.slug === slug) ?? null
  const listing = (filter: ListingQuery) => {
    const { total, items } = filterListings(catalogue, { ...filter, por_pagina: LISTING_LIMIT })
    return { total, items: items.map(toCard) }
  }
  const posts = [...catalogue.blog].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))

  switch (screen) {
    case 'home':
      return page<HomeData>(
        {
          title: `${SITE_NAME} | Casas, departamentos y terrenos en Cancún`,
          description: 'Inmobiliaria en Cancún: compra, renta o invierte en casas en Huayacán, departamentos con vista al mar en Puerto Cancún y la Zona Hotelera, terrenos y preventas.',
          jsonLd: [realEstateAgent(), webSite()],
        },
        {
          featured: catalogue.properties.filter((p) => p.featured && p.status === 'disponible').slice(0, 8).map(toCard),
          developments: catalogue.developments,
          zones: catalogue.zones.filter((z) => z.path),
          posts: posts.slice(0, 3).map(toPostCard),
        },
      )
    case 'listing': {
      const text = LISTING_TEXT[path as keyof typeof LISTING_PAGES]
      const filter = LISTING_PAGES[path as keyof typeof LISTING_PAGES]
      const section = OPERATION_SECTIONS[filter.operacion]
      return page<ListingData>(
        { title: `${text.title} | ${SITE_NAME}`, description: describe(text.intro), jsonLd: [crumbs(section.name)] },
        { heading: text.heading, intro: text.intro, filter, ...listing(filter) },
      )
    }
    case 'zone': {
      const zone = zoneOf(ZONE_PAGES[path as keyof typeof ZONE_PAGES])!
      return page<ZoneData>(
        { title: `Casas y departamentos en ${zone.name}, Cancún | ${SITE_NAME}`, description: describe(zone.description), image: zone.image.src, jsonLd: [crumbs(zone.name)] },
        { zone, filter: { zona: zone.slug }, ...listing({ zona: zone.slug }) },
      )
    }
    case 'product': {
      const product = catalogue.products.find((p) => p.slug === params.slug)!
      const filter: ListingQuery = {
        ...(product.filter.operation ? { operacion: product.filter.operation } : {}),
        ...(product.filter.type ? { tipo: product.filter.type } : {}),
        ...(product.filter.zone ? { zona: product.filter.zone } : {}),
        ...(product.filter.development ? { desarrollo: product.filter.development } : {}),
      }
      const section = product.filter.operation ? [OPERATION_SECTIONS[product.filter.operation]] : []
      return page<ProductData>(
        { title: `${product.title} | ${SITE_NAME}`, description: describe(product.description), image: product.image.src, jsonLd: [crumbs(product.name, ...section)] },
        { product, filter, ...listing(filter) },
      )
    }
    case 'developments':
      return page<DevelopmentsData>(
        {
          title: `Desarrollos inmobiliarios en Cancún | ${SITE_NAME}`,
          description: 'Residenciales y torres en Cancún en preventa, en construcción y con entrega inmediata: modelos, precios desde, amenidades y fechas de entrega.',
          jsonLd: [crumbs(DEVELOPMENTS_SECTION.name)],
        },
        { developments: catalogue.developments },
      )
    case 'development': {
      const development = catalogue.developments.find((d) => d.slug === params.residencial)!
      return page<DevelopmentData>(
        {
          title: `${development.name}: ${STAGE_LABELS[development.stage].toLowerCase()} en ${zoneOf(development.zone)?.name ?? 'Cancún'} | ${SITE_NAME}`,
          description: describe(`${development.summary} Desde ${formatPrice(development.priceFrom)}.`),
          image: development.images[0]?.src,
          jsonLd: [crumbs(development.name, DEVELOPMENTS_SECTION)],
        },
        { development, zone: zoneOf(development.zone), properties: filterListings(catalogue, { desarrollo: development.slug, por_pagina: MAX_PAGE_SIZE }).items.map(toCard) },
      )
    }
    case 'units': {
      const development = catalogue.developments.find((d) => d.slug === params.residencial)!
      const kind = params.kind!
      const type = UNIT_KIND_TYPE[kind]
      const label = { casas: 'Casas', departamentos: 'Departamentos', terrenos: 'Terrenos' }[kind]
      const models = development.models.filter((m) => m.type === type)
      const properties = filterListings(catalogue, { desarrollo: development.slug, tipo: type, por_pagina: MAX_PAGE_SIZE }).items.map(toCard)
      const where = `${development.name}, ${zoneOf(development.zone)?.name ?? 'Cancún'}`
      // A development without this kind of unit has an empty page: kept out of search results and the sitemap.
      const empty = models.length === 0 && properties.length === 0
      return page<UnitsData>(
        {
          title: `${label} en ${development.name} | ${SITE_NAME}`,
          description: empty
            ? `Por ahora no hay ${label.toLowerCase()} en ${where}. Conoce los modelos y precios disponibles en este desarrollo.`
            : describe(`${label} en ${where}: modelos, metros cuadrados, precios y disponibilidad. ${development.summary}`),
          image: development.images[0]?.src,
          ...(empty ? { noindex: true } : {}),
          jsonLd: [crumbs(`${label} en ${development.name}`, DEVELOPMENTS_SECTION, { name: development.name, path: `/${development.slug}` })],
        },
        { development, kind, models, properties },
      )
    }
    case 'property': {
      const property = catalogue.properties.find((p) => p.slug === params.slug)!
      const similar = similarProperties(property, catalogue.properties).map(toCard)
      const development = catalogue.developments.find((d) => d.slug === property.development)
      const zone = zoneOf(property.zone)
      return page<PropertyData>(
        {
          title: `${property.title} | ${SITE_NAME}`,
          description: propertyDescription(property, zone),
          image: property.images[0]?.src,
          jsonLd: [realEstateListing(property, zone), crumbs(property.title, OPERATION_SECTIONS[property.operation])],
        },
        { property, similar, zone, development: development ? { slug: development.slug, name: development.name } : null },
      )
    }
    case 'blog':
      return page<BlogData>(
        {
          title: `Blog inmobiliario de Cancún | ${SITE_NAME}`,
          description: 'Guías para comprar, rentar e invertir en Cancún: créditos Infonavit y bancarios, preventa, escrituración, fideicomiso para extranjeros, zonas y más.',
          jsonLd: [crumbs(BLOG_SECTION.name)],
        },
        { posts: posts.map(toPostCard) },
      )
    case 'post': {
      const post = catalogue.blog.find((b) => b.slug === params.slug)!
      return page<PostData>(
        { title: `${post.title} | ${SITE_NAME}`, description: describe(post.excerpt), image: post.cover.src, jsonLd: [blogPosting(post), crumbs(post.title, BLOG_SECTION)] },
        { post, related: posts.filter((p) => p.slug !== post.slug).slice(0, 3).map(toPostCard) },
      )
    }
    case 'search':
      return page<ListingData>(
        {
          title: `Buscar propiedades en Cancún | ${SITE_NAME}`,
          description: 'Busca casas, departamentos, terrenos y locales en Cancún por zona, operación, precio, recámaras y amenidades.',
          jsonLd: [crumbs('Buscar propiedades')],
        },
        { heading: 'Buscar propiedades', intro: '', filter: {}, ...listing({}) },
      )
    case 'about':
      return page(
        {
          title: `Acerca de nosotros: inmobiliaria en Cancún | ${SITE_NAME}`,
          description: 'Inmobiliaria local en Cancún: conoce a nuestro equipo y cómo acompañamos a compradores, inquilinos e inversionistas de la búsqueda a la escrituración.',
          jsonLd: [crumbs('Acerca de nosotros')],
        },
        {},
      )
    case 'contact':
      return page(
        {
          title: `Contacto: agenda una visita en Cancún | ${SITE_NAME}`,
          description: `Escríbenos, llámanos al ${BUSINESS.phoneDisplay} o visítanos en ${BUSINESS.addressDisplay}: te ayudamos a comprar, rentar o vender tu propiedad.`,
          jsonLd: [realEstateAgent(), crumbs('Contacto')],
        },
        {},
      )
    case 'thanks':
      return page({ title: `Gracias | ${SITE_NAME}`, description: 'Recibimos tu mensaje. Un asesor te contactará pronto.', noindex: true, jsonLd: [crumbs('Gracias')] }, {})
    case 'privacy':
      return page(
        {
          title: `Aviso de privacidad integral | ${SITE_NAME}`,
          description: 'Cómo tratamos tus datos personales: finalidades, transferencias, derechos ARCO, revocación del consentimiento y almacenamiento local, conforme a la LFPDPPP.',
          jsonLd: [crumbs('Aviso de privacidad')],
        },
        {},
      )
    case 'error':
      throw new Error('error pages have no catalogue payload')
  }
}

/** The payload of an error page (404s and other errors). */
export function errorPayload(kind: ErrorData['kind'], path: string): PagePayload<ErrorData> {
  const status = kind === 'error' ? 500 : 404
  return {
    screen: 'error',
    params: {},
    path,
    head: { title: status === 404 ? 'No se pudo encontrar esta página' : 'A ocurrido un error', description: '', canonicalPath: path, noindex: true },
    data: { status, kind, path },
  }
}
