import { formatPrice } from '../../../catalogue/format'
import { STAGE_LABELS } from '../../../catalogue/labels'
import type { Development, Zone } from '../../../catalogue/model'
import { toCard, type PropertyCard } from '../../data/cards'
import { crumbs, describe, DEVELOPMENTS_SECTION, selectProperties, zoneOf, type PageContent, type PageInput } from '../../data/payload'

export interface DevelopmentData { development: Development; properties: PropertyCard[]; zone: Zone | null }

export default function developmentPage({ agency, catalogue, path, params }: PageInput): PageContent<DevelopmentData> {
  const development = catalogue.developments.find((d) => d.slug === params.residencial)!
  return {
    head: {
      title: `${development.name}: ${STAGE_LABELS[development.stage].toLowerCase()} en ${zoneOf(catalogue, development.zone)?.name ?? 'Cancún'} | ${agency.profile.name}`,
      description: describe(`${development.summary} Desde ${formatPrice(development.priceFrom)}.`),
      image: development.images[0]?.src,
      jsonLd: [crumbs(path, development.name, DEVELOPMENTS_SECTION)],
    },
    data: { development, zone: zoneOf(catalogue, development.zone), properties: selectProperties(catalogue, { desarrollo: development.slug }).map(toCard) },
  }
}
