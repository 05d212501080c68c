import { crumbs, type NoData, type PageContent, type PageInput } from '../../data/payload'

export default function thanksPage({ agency, path }: PageInput): PageContent<NoData> {
  return {
    head: { title: `Gracias | ${agency.profile.name}`, description: 'Recibimos tu mensaje. Un asesor te contactará pronto.', noindex: true, jsonLd: [crumbs(path, 'Gracias')] },
    data: {},
  }
}
