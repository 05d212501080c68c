import type { Development } from '../../../catalogue/model'
import { crumbs, DEVELOPMENTS_SECTION, type PageContent, type PageInput } from '../../data/payload'

export interface DevelopmentsData { developments: Development[] }

export default function developmentsPage({ agency, catalogue, path }: PageInput): PageContent<DevelopmentsData> {
  return {
    head: {
      title: `Desarrollos inmobiliarios en Cancún | ${agency.profile.name}`,
      description: 'Residenciales y torres en Cancún en preventa, en construcción y con entrega inmediata: modelos, precios desde, amenidades y fechas de entrega.',
      jsonLd: [crumbs(path, DEVELOPMENTS_SECTION.name)],
    },
    data: { developments: catalogue.developments },
  }
}
