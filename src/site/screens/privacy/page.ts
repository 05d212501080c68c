import { crumbs, SITE_NAME, type NoData, type PageContent, type PageInput } from '../../data/payload'

export default function privacyPage({ path }: PageInput): PageContent<NoData> {
  return {
    head: {
      title: `Aviso de privacidad integral | ${SITE_NAME}`,
      description: 'Cómo tratamos tus datos personales: finalidades, transferencias, derechos ARCO, revocación del consentimiento y almacenamiento local, conforme a la LFPDPPP.',
      jsonLd: [crumbs(path, 'Aviso de privacidad')],
    },
    data: {},
  }
}
