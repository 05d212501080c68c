import { LISTING_PAGES } from '../../../shared/routes'
import { crumbs, describe, listing, OPERATION_SECTIONS, type ListingData, type PageContent, type PageInput } from '../../data/payload'

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

export default function listingPage({ agency, catalogue, path }: PageInput): PageContent<ListingData> {
  const text = LISTING_TEXT[path as keyof typeof LISTING_PAGES]
  const filter = LISTING_PAGES[path as keyof typeof LISTING_PAGES]
  const section = OPERATION_SECTIONS[filter.operacion]
  return {
    head: { title: `${text.title} | ${agency.profile.name}`, description: describe(text.intro), jsonLd: [crumbs(path, section.name)] },
    data: { heading: text.heading, intro: text.intro, filter, ...listing(catalogue, filter) },
  }
}
