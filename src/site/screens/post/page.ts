import type { BlogPost } from '../../../catalogue/model'
import { toPostCard, type PostCard } from '../../data/cards'
import { BLOG_SECTION, crumbs, describe, postsByDate, type PageContent, type PageInput } from '../../data/payload'
import { blogPosting } from '../../seo/jsonld'

export interface PostData { post: BlogPost; related: PostCard[] }

export default function postPage({ agency, catalogue, path, params }: PageInput): PageContent<PostData> {
  const post = catalogue.blog.find((b) => b.slug === params.slug)!
  return {
    head: { title: `${post.title} | ${agency.profile.name}`, description: describe(post.excerpt), image: post.cover.src, jsonLd: [blogPosting(post, agency), crumbs(path, post.title, BLOG_SECTION)] },
    data: { post, related: postsByDate(catalogue).filter((p) => p.slug !== post.slug).slice(0, 3).map(toPostCard) },
    lastModified: post.updatedAt,
  }
}
