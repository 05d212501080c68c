import { UNIT_KIND_TYPE, type Development, type DevelopmentModel, type UnitKind } from '../../../catalogue/model'
import { toCard, type PropertyCard } from '../../data/cards'
import { crumbs, describe, DEVELOPMENTS_SECTION, selectProperties, zoneOf, type PageContent, type PageInput } from '../../data/payload'

export interface UnitsData { development: Development; kind: UnitKind; models: DevelopmentModel[]; properties: PropertyCard[] }

export default function unitsPage({ agency, catalogue, path, params }: PageInput): PageContent<UnitsData> {
  const development = catalogue.developments.find((d) => d.slug === params.residencial)!
  const kind = params.kind!
  const type = UNIT_KIND_TYPE[kind]
  const label = { casas: 'Casas', departamentos: 'Departamentos', terrenos: 'Terrenos' }[kind]
  const models = development.models.filter((m) => m.type === type)
  const properties = selectProperties(catalogue, { desarrollo: development.slug, tipo: type }).map(toCard)
  const where = `${development.name}, ${zoneOf(catalogue, development.zone)?.name ?? 'Cancún'}`
  // A development without this kind of unit has an empty page: kept out of search results and the sitemap.
  const empty = models.length === 0 && properties.length === 0
  return {
    head: {
      title: `${label} en ${development.name} | ${agency.profile.name}`,
      description: empty
        ? `Por ahora no hay ${label.toLowerCase()} en ${where}. Conoce los modelos y precios disponibles en este desarrollo.`
        : describe(`${label} en ${where}: modelos, metros cuadrados, precios y disponibilidad. ${development.summary}`),
      image: development.images[0]?.src,
      ...(empty ? { noindex: true } : {}),
      jsonLd: [crumbs(path, `${label} en ${development.name}`, DEVELOPMENTS_SECTION, { name: development.name, path: `/${development.slug}` })],
    },
    data: { development, kind, models, properties },
  }
}
