import { crumbs, SITE_NAME, type NoData, type PageContent, type PageInput } from '../../data/payload'
import { BUSINESS } from '../../../shared/business'
import { realEstateAgent } from '../../seo/jsonld'

export default function contactPage({ path }: PageInput): PageContent<NoData> {
  return {
    head: {
      title: `Contacto: agenda una visita en Cancún | ${SITE_NAME}`,
      description: `Escríbenos, llámanos al ${BUSINESS.phoneDisplay} o visítanos en ${BUSINESS.addressDisplay}: te ayudamos a comprar, rentar o vender tu propiedad.`,
      jsonLd: [realEstateAgent(), crumbs(path, 'Contacto')],
    },
    data: {},
  }
}
