import { formatDate } from '../../../catalogue/format'
import type { ScreenProps } from '../props'
import { Picture } from '../../components/Image'
import { PageHeading } from '../../components/PageHeading'
import { PostBody } from '../../../shared/PostBody'
import type { PostData } from './page'

export default function Post({ payload }: ScreenProps<PostData>) {
  const { post, related, author } = payload.data
  return (
    <article className="post">
      <p className="breadcrumb"><a href="/blog">Blog</a></p>
      <PageHeading>{post.title}</PageHeading>
      <p className="post__meta">
        {formatDate(post.publishedAt)} · {author ? <><a href={author.href}>{author.name}</a>, {author.role}</> : post.author}
      </p>
      <Picture image={post.cover} width={800} priority />
      <PostBody text={post.body} />
      <h2>Sigue leyendo</h2>
      <ul>
        {related.map((r) => (
          <li key={r.slug}><a href={`/blog/${r.slug}`}>{r.title}</a></li>
        ))}
      </ul>
    </article>
  )
}
