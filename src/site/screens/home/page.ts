import type { Development, Zone } from '../../../catalogue/model'
import type { AgencyPages } from '../../../shared/agency'
import { toCard, toPostCard, type PostCard, type PropertyCard } from '../../data/cards'
import { postsByDate, type PageContent, type PageInput } from '../../data/payload'
import { realEstateAgent, webSite } from '../../seo/jsonld'

export interface HomeData { featured: PropertyCard[]; developments: Development[]; zones: Zone[]; posts: PostCard[]; text: AgencyPages['home'] }

export default function homePage({ agency, catalogue }: PageInput): PageContent<HomeData> {
  return {
    head: {
      title: `${agency.profile.name} | Casas, departamentos y terrenos en Cancún`,
      description: 'Inmobiliaria en Cancún: compra, renta o invierte en casas en Huayacán, departamentos con vista al mar en Puerto Cancún y la Zona Hotelera, terrenos y preventas.',
      jsonLd: [realEstateAgent(agency), webSite(agency)],
    },
    data: {
      featured: catalogue.properties.filter((p) => p.featured && p.status === 'disponible').slice(0, 8).map(toCard),
      developments: catalogue.developments,
      zones: catalogue.zones.filter((z) => z.path),
      posts: postsByDate(catalogue).slice(0, 3).map(toPostCard),
      text: agency.pages.home,
    },
  }
}
