import { toPostCard, type PostCard } from '../../data/cards'
import { BLOG_SECTION, crumbs, postsByDate, SITE_NAME, type PageContent, type PageInput } from '../../data/payload'

export interface BlogData { posts: PostCard[] }

export default function blogPage({ catalogue, path }: PageInput): PageContent<BlogData> {
  return {
    head: {
      title: `Blog inmobiliario de Cancún | ${SITE_NAME}`,
      description: 'Guías para comprar, rentar e invertir en Cancún: créditos Infonavit y bancarios, preventa, escrituración, fideicomiso para extranjeros, zonas y más.',
      jsonLd: [crumbs(path, BLOG_SECTION.name)],
    },
    data: { posts: postsByDate(catalogue).map(toPostCard) },
  }
}
