import { crumbs, SITE_NAME, type NoData, type PageContent, type PageInput } from '../../data/payload'

export default function aboutPage({ path }: PageInput): PageContent<NoData> {
  return {
    head: {
      title: `Acerca de nosotros: inmobiliaria en Cancún | ${SITE_NAME}`,
      description: 'Inmobiliaria local en Cancún: conoce a nuestro equipo y cómo acompañamos a compradores, inquilinos e inversionistas de la búsqueda a la escrituración.',
      jsonLd: [crumbs(path, 'Acerca de nosotros')],
    },
    data: {},
  }
}
