import type { AgencyPages, TeamMember } from '../../../shared/agency'
import { crumbs, type PageContent, type PageInput } from '../../data/payload'

export interface AboutData { team: TeamMember[]; text: AgencyPages['about'] }

export default function aboutPage({ agency, path }: PageInput): PageContent<AboutData> {
  return {
    head: {
      title: `Acerca de nosotros: inmobiliaria en Cancún | ${agency.profile.name}`,
      description: 'Inmobiliaria local en Cancún: conoce a nuestro equipo y cómo acompañamos a compradores, inquilinos e inversionistas de la búsqueda a la escrituración.',
      jsonLd: [crumbs(path, 'Acerca de nosotros')],
    },
    data: { team: agency.team, text: agency.pages.about },
  }
}
