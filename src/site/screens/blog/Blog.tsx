import { formatDate } from '../../../catalogue/format'
import type { ScreenProps } from '../props'
import { Picture } from '../../components/Image'
import { PageHeading } from '../../components/PageHeading'
import type { BlogData } from './page'

export default function Blog({ payload }: ScreenProps<BlogData>) {
  return (
    <>
      <PageHeading>Blog inmobiliario de Cancún</PageHeading>
      <ul className="tiles">
        {payload.data.posts.map((post, i) => (
          <li key={post.slug}>
            <a href={`/blog/${post.slug}`}>
              <Picture image={post.cover} width={360} priority={i === 0} />
              <strong>{post.title}</strong>
            </a>
            <span>{formatDate(post.publishedAt)} · {post.author}</span>
            <p>{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
