/**
 * schema.org structured data (docs/behaviour.md#seo: RealEstateListing / Offer, BreadcrumbList,
 * BlogPosting, RealEstateAgent), as plain objects the renderer writes into
 * <script type="application/ld+json">. Pure: catalogue records in, objects out.
 *
 * The site's base URL is only known when the server answers, so every absolute URL here starts
 * with the %%SITE_URL%% placeholder, which JSON.stringify leaves untouched and the server fills
 * in (JSON-escaped) per request.
 */
import { AMENITY_LABELS, OPERATION_NOUNS, PROPERTY_TYPE_LABELS } from '../../catalogue/labels'
import type { BlogPost, ImageAsset, Operation, Property, PropertyStatus, PropertyType, Zone } from '../../catalogue/model'
import { PLACEHOLDERS } from '../../shared/placeholders'
import { teamMemberNamed, type Agency } from '../../shared/agency'
import { schemaHours } from '../../shared/office-hours'
import { imageUrl, SOCIAL_IMAGE_WIDTH } from '../../shared/images'
import { phoneText } from '../../domain/phone'
import { propertyPath } from '../../domain/site-paths'

export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>

const CONTEXT = 'https://schema.org'
const LANGUAGE = 'es-MX'

/** The absolute URL of a site path, e.g. "%%SITE_URL%%/blog". */
export const absoluteUrl = (path: string): string => `${PLACEHOLDERS.siteUrl}${path.startsWith('/') ? path : `/${path}`}`

/** A content image as an absolute JPEG (1200 px wide) through the image proxy, like og:image. */
export const absoluteImageUrl = (src: string): string => absoluteUrl(imageUrl(src, SOCIAL_IMAGE_WIDTH, 'jpeg'))

/** The agency's node id, so other nodes can point at it. */
export const AGENCY_ID = absoluteUrl('/#organizacion')

/** The schema.org address of a catalogue address such as "Av. Huayacán km 6, SM 320, Cancún, Q. Roo". */
export function postalAddress(address: string): JsonLd {
  const parts = address.split(',').map((part) => part.trim()).filter(Boolean)
  if (parts.length > 1 && /^(q\.? ?roo|quintana roo)$/i.test(parts[parts.length - 1]!)) parts.pop()
  if (parts.length > 1 && /^canc[uú]n$/i.test(parts[parts.length - 1]!)) parts.pop()
  return {
    '@type': 'PostalAddress',
    streetAddress: parts.join(', '),
    addressLocality: 'Cancún',
    addressRegion: 'Quintana Roo',
    addressCountry: 'MX',
  }
}

/** The agency itself (home and contact pages). */
export function realEstateAgent({ profile }: Agency): JsonLd {
  const { address } = profile
  return {
    '@context': CONTEXT,
    '@type': 'RealEstateAgent',
    '@id': AGENCY_ID,
    name: profile.name,
    description: 'Inmobiliaria en Cancún: compra, venta, renta y preventa de casas, departamentos, terrenos y locales.',
    url: absoluteUrl('/'),
    ...(profile.logo ? { logo: absoluteImageUrl(profile.logo) } : {}),
    telephone: phoneText(profile.phone),
    email: profile.email,
    address: { '@type': 'PostalAddress', streetAddress: address.street, addressLocality: address.locality, addressRegion: address.region, postalCode: address.postalCode, addressCountry: address.country },
    ...(address.lat !== null && address.lng !== null ? { geo: { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.lng } } : {}),
    areaServed: { '@type': 'City', name: 'Cancún' },
    openingHours: schemaHours(profile.hours),
    sameAs: profile.social.map((s) => s.url),
    knowsLanguage: profile.languages,
  }
}

/** The site as a whole (home page). */
export function webSite({ profile }: Agency): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': absoluteUrl('/#sitio'),
    name: profile.name,
    url: absoluteUrl('/'),
    inLanguage: LANGUAGE,
    publisher: { '@id': AGENCY_ID },
  }
}

export interface Crumb {
  name: string
  path: string
}

/** Inicio › …crumbs: every item with its absolute URL, positions from 1. */
export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  const trail: Crumb[] = [{ name: 'Inicio', path: '/' }, ...crumbs.filter((c) => c.path !== '/')]
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  }
}

const ITEM_AVAILABILITY = 'https://schema.org/'

/**
 * A property's status as schema.org ItemAvailability: available (pre-sale when the operation is
 * 'preventa'), reserved, sold, rented (no longer on offer).
 */
export function availability(status: PropertyStatus, operation: Operation): string {
  switch (status) {
    case 'disponible':
      return ITEM_AVAILABILITY + (operation === 'preventa' ? 'PreSale' : 'InStock')
    case 'apartada':
      return `${ITEM_AVAILABILITY}Reserved`
    case 'vendida':
      return `${ITEM_AVAILABILITY}SoldOut`
    case 'rentada':
      return `${ITEM_AVAILABILITY}OutOfStock`
  }
}

/** GoodRelations business function: sale (and pre-sale) or lease. */
export function businessFunction(operation: Operation): string {
  return operation === 'renta' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell'
}

/** schema.org type of the place a property is: houses and apartments are accommodations. */
export const PLACE_TYPES: Readonly<Record<PropertyType, string>> = {
  casa: 'House',
  departamento: 'Apartment',
  terreno: 'Place',
  local: 'Place',
  oficina: 'Place',
  bodega: 'Place',
}

const squareMetres = (value: number): JsonLd => ({ '@type': 'QuantitativeValue', value, unitCode: 'MTK', unitText: 'm²' })

/** The property as a place: type, address, geo, rooms, surface and amenities. */
function place(property: Property, zone: Zone | null): JsonLd {
  const type = PLACE_TYPES[property.type]
  const accommodation = type !== 'Place'
  const fullBathrooms = Math.floor(property.bathrooms)
  // Accommodations carry their built area as floorSize; the lot (and a non-residential built area) go here.
  const surfaces = [
    ...(property.lotM2 !== null ? [{ '@type': 'PropertyValue', name: 'Superficie de terreno', value: property.lotM2, unitCode: 'MTK', unitText: 'm²' }] : []),
    ...(!accommodation && property.constructionM2 !== null
      ? [{ '@type': 'PropertyValue', name: 'Superficie de construcción', value: property.constructionM2, unitCode: 'MTK', unitText: 'm²' }]
      : []),
  ]
  return {
    '@type': type,
    name: property.title,
    address: postalAddress(property.address),
    geo: { '@type': 'GeoCoordinates', latitude: property.geo.lat, longitude: property.geo.lng },
    ...(zone ? { containedInPlace: { '@type': 'Place', name: `${zone.name}, Cancún`, ...(zone.path ? { url: absoluteUrl(zone.path) } : {}) } } : {}),
    ...(accommodation
      ? {
          numberOfRooms: property.bedrooms,
          numberOfBedrooms: property.bedrooms,
          numberOfFullBathrooms: fullBathrooms,
          ...(property.bathrooms > fullBathrooms ? { numberOfPartialBathrooms: 1 } : {}),
          ...(property.constructionM2 !== null ? { floorSize: squareMetres(property.constructionM2) } : {}),
          ...(property.amenities.includes('acepta-mascotas') ? { petsAllowed: true } : {}),
        }
      : {}),
    ...(surfaces.length ? { additionalProperty: surfaces } : {}),
    amenityFeature: property.amenities.map((amenity) => ({ '@type': 'LocationFeatureSpecification', name: AMENITY_LABELS[amenity], value: true })),
  }
}

/** The price and terms: a monthly rent is a unit price per month. */
export function offer(property: Property, agency: Agency): JsonLd {
  const { amount, currency } = property.price
  return {
    '@type': 'Offer',
    price: amount,
    priceCurrency: currency,
    availability: availability(property.status, property.operation),
    businessFunction: businessFunction(property.operation),
    url: absoluteUrl(propertyPath(property.slug)),
    ...(property.operation === 'renta'
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: amount,
            priceCurrency: currency,
            referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON', unitText: 'mes' },
          },
        }
      : {}),
    seller: { '@type': 'RealEstateAgent', '@id': AGENCY_ID, name: agency.profile.name },
  }
}

/** Words a period follows without ending a sentence ("Av. Kabah", "Q. Roo"). */
const ABBREVIATIONS = new Set(['av', 'blvd', 'calle', 'col', 'dr', 'dra', 'fracc', 'km', 'lic', 'mz', 'no', 'núm', 'q', 'sm', 'sr', 'sra', 'lt', 'aprox'])

/**
 * The first paragraph of a text in at most `max` characters: whole sentences when they fill most
 * of it, else cut at a word with "…".
 */
export function summary(text: string, max = 300): string {
  const first = text.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ').trim()
  if (first.length <= max) return first
  let end = 0
  for (const match of first.slice(0, max + 1).matchAll(/([\p{L}\d]*)[.!?](?= )/gu)) {
    const at = match.index + match[0].length
    if (at <= max && !ABBREVIATIONS.has(match[1]!.toLowerCase())) end = at
  }
  if (end >= max * 0.5) return first.slice(0, end)
  const cut = first.slice(0, max - 1)
  const atWord = cut.lastIndexOf(' ') > 0 ? cut.slice(0, cut.lastIndexOf(' ')) : cut
  return `${atWord.replace(/[\s,;:.]+$/, '')}…`
}

const images = (list: readonly ImageAsset[]) => list.map((image) => absoluteImageUrl(image.src))

/** A property page: the listing, its offer and the place. */
export function realEstateListing(property: Property, agency: Agency, zone: Zone | null = null): JsonLd {
  const url = absoluteUrl(propertyPath(property.slug))
  const kind = PROPERTY_TYPE_LABELS[property.type].singular
  return {
    '@context': CONTEXT,
    '@type': 'RealEstateListing',
    '@id': `${url}#anuncio`,
    url,
    name: property.title,
    description: summary(property.description),
    inLanguage: LANGUAGE,
    datePosted: property.createdAt,
    dateModified: property.updatedAt,
    image: images(property.images),
    keywords: [kind, OPERATION_NOUNS[property.operation], zone?.name, 'Cancún'].filter(Boolean).join(', '),
    offers: offer(property, agency),
    mainEntity: place(property, zone),
  }
}

/** Whether a blog author is the agency's team rather than a person. */
const isTeam = (author: string, agency: Agency) => /^equipo\b/i.test(author.trim()) || author.trim() === agency.profile.name

/** A post's author: a Person (linked to the team page when an advisor), or the agency for "Equipo …". */
export function author(name: string, agency: Agency): JsonLd {
  if (isTeam(name, agency)) return { '@type': 'Organization', '@id': AGENCY_ID, name: agency.profile.name, url: absoluteUrl('/') }
  const member = teamMemberNamed(agency.team, name)
  return { '@type': 'Person', name: name.trim(), ...(member ? { jobTitle: member.role, url: absoluteUrl(`/acerca#${member.id}`) } : {}) }
}

/** A blog post: headline, dates, author, cover image and the agency as publisher. */
export function blogPosting(post: BlogPost, agency: Agency): JsonLd {
  const url = absoluteUrl(`/blog/${post.slug}`)
  const words = post.body.replace(/[#*\-]/g, ' ').split(/\s+/).filter(Boolean).length
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': `${url}#articulo`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: post.title,
    description: post.excerpt,
    inLanguage: LANGUAGE,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: author(post.author, agency),
    image: [absoluteImageUrl(post.cover.src)],
    publisher: { '@type': 'Organization', '@id': AGENCY_ID, name: agency.profile.name, url: absoluteUrl('/') },
    keywords: post.tags.join(', '),
    articleSection: 'Blog inmobiliario',
    wordCount: words,
  }
}
