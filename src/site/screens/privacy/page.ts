import type { AgencyPages } from '../../../shared/agency'
import { crumbs, type PageContent, type PageInput } from '../../data/payload'

export interface PrivacyData { text: AgencyPages['privacy'] }

export default function privacyPage({ agency, path }: PageInput): PageContent<PrivacyData> {
  return {
    head: {
      title: `Aviso de privacidad integral | ${agency.profile.name}`,
      description: 'Cómo tratamos tus datos personales: finalidades, transferencias, derechos ARCO, revocación del consentimiento y almacenamiento local, conforme a la LFPDPPP.',
      jsonLd: [crumbs(path, 'Aviso de privacidad')],
    },
    data: { text: agency.pages.privacy },
  }
}
