import { crumbs, SITE_NAME, type NoData, type PageContent, type PageInput } from '../../data/payload'

export default function thanksPage({ path }: PageInput): PageContent<NoData> {
  return {
    head: { title: `Gracias | ${SITE_NAME}`, description: 'Recibimos tu mensaje. Un asesor te contactará pronto.', noindex: true, jsonLd: [crumbs(path, 'Gracias')] },
    data: {},
  }
}
