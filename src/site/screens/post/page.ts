import type { BlogPost } from '../../../catalogue/model'
import { teamMemberNamed, type Agency } from '../../../shared/agency'
import { toPostCard, type PostCard } from '../../data/cards'
import { BLOG_SECTION, crumbs, describe, postsByDate, type PageContent, type PageInput } from '../../data/payload'
import { blogPosting } from '../../seo/jsonld'

/** A post's author when they are on the team: their role and their card on /acerca. */
export interface PostAuthor { name: string; role: string; href: string }

export interface PostData { post: BlogPost; related: PostCard[]; author: PostAuthor | null }

export default function postPage({ agency, catalogue, path, params }: PageInput): PageContent<PostData> {
  const post = catalogue.blog.find((b) => b.slug === params.slug)!
  return {
    head: { title: `${post.title} | ${agency.profile.name}`, description: describe(post.excerpt), image: post.cover.src, jsonLd: [blogPosting(post, agency), crumbs(path, post.title, BLOG_SECTION)] },
    data: { post, related: postsByDate(catalogue).filter((p) => p.slug !== post.slug).slice(0, 3).map(toPostCard), author: teamAuthor(post, agency) },
    lastModified: post.updatedAt,
  }
}

function teamAuthor(post: BlogPost, agency: Agency): PostAuthor | null {
  const member = teamMemberNamed(agency.team, post.author)
  return member ? { name: member.name, role: member.role, href: `/acerca#${member.id}` } : null
}
