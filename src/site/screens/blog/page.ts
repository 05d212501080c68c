import { toPostCard, type PostCard } from '../../data/cards'
import { BLOG_SECTION, crumbs, postsByDate, type PageContent, type PageInput } from '../../data/payload'

export interface BlogData { posts: PostCard[] }

export default function blogPage({ agency, catalogue, path }: PageInput): PageContent<BlogData> {
  return {
    head: {
      title: `Blog inmobiliario de Cancún | ${agency.profile.name}`,
      description: 'Guías para comprar, rentar e invertir en Cancún: créditos Infonavit y bancarios, preventa, escrituración, fideicomiso para extranjeros, zonas y más.',
      jsonLd: [crumbs(path, BLOG_SECTION.name)],
    },
    data: { posts: postsByDate(catalogue).map(toPostCard) },
  }
}
