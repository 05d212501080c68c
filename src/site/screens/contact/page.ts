import { crumbs, type NoData, type PageContent, type PageInput } from '../../data/payload'
import { addressDisplay, siteIdentity } from '../../data/identity'
import { realEstateAgent } from '../../seo/jsonld'

export default function contactPage({ agency, path }: PageInput): PageContent<NoData> {
  return {
    head: {
      title: `Contacto: agenda una visita en Cancún | ${agency.profile.name}`,
      description: `Escríbenos, llámanos al ${siteIdentity(agency.profile).phoneDisplay} o visítanos en ${addressDisplay(agency.profile)}: te ayudamos a comprar, rentar o vender tu propiedad.`,
      jsonLd: [realEstateAgent(agency), crumbs(path, 'Contacto')],
    },
    data: {},
  }
}
