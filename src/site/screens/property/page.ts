import { similarProperties } from '../../../catalogue/similar'
import { formatArea, formatBathrooms, formatBedrooms, formatListingPrice } from '../../../catalogue/format'
import { OPERATION_LABELS, PROPERTY_TYPE_LABELS } from '../../../catalogue/labels'
import type { Development, PriceDrop, Property, Zone } from '../../../catalogue/model'
import { recentPriceDrop } from '../../../catalogue/price-drop'
import { toCard, type PropertyCard } from '../../data/cards'
import { crumbs, describe, OPERATION_SECTIONS, zoneOf, type PageContent, type PageInput } from '../../data/payload'
import { realEstateListing } from '../../seo/jsonld'

export interface PropertyData {
  property: Property
  similar: PropertyCard[]
  development: Pick<Development, 'slug' | 'name'> | null
  zone: Zone | null
  /** The price cut the page shows («Bajó de precio»), decided when the page is rendered so the browser shows the same. */
  priceDrop?: PriceDrop | null
}

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

export default function propertyPage({ agency, catalogue, path, params, now = new Date() }: PageInput): PageContent<PropertyData> {
  const property = catalogue.properties.find((p) => p.slug === params.slug)!
  const similar = similarProperties(property, catalogue.properties).map(toCard)
  const development = catalogue.developments.find((d) => d.slug === property.development)
  const zone = zoneOf(catalogue, property.zone)
  return {
    head: {
      title: `${property.title} | ${agency.profile.name}`,
      description: propertyDescription(property, zone),
      image: property.images[0]?.src,
      jsonLd: [realEstateListing(property, agency, zone), crumbs(path, property.title, OPERATION_SECTIONS[property.operation])],
    },
    data: {
      property,
      similar,
      zone,
      development: development ? { slug: development.slug, name: development.name } : null,
      priceDrop: recentPriceDrop(property, now),
    },
    lastModified: property.updatedAt,
  }
}
