import { formatDate } from '../../../catalogue/format'
import type { ScreenProps } from '../props'
import { Picture } from '../../components/Image'
import { PageHeading } from '../../components/PageHeading'
import type { PostData } from './page'

/** Markdown-light body (model.ts): paragraphs, "## " headings, "- " lists, **bold**. */
function Body({ text }: { text: string }) {
  const bold = (line: string) => line.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : part))
  return (
    <>
      {text.split(/\n\s*\n/).map((block, i) => {
        if (block.startsWith('## ')) return <h2 key={i}>{block.slice(3)}</h2>
        const lines = block.split('\n')
        if (lines.every((l) => l.startsWith('- '))) return <ul key={i}>{lines.map((l, j) => <li key={j}>{bold(l.slice(2))}</li>)}</ul>
        return <p key={i}>{bold(block)}</p>
      })}
    </>
  )
}

export default function Post({ payload }: ScreenProps<PostData>) {
  const { post, related } = payload.data
  return (
    <article className="post">
      <p className="breadcrumb"><a href="/blog">Blog</a></p>
      <PageHeading>{post.title}</PageHeading>
      <p className="post__meta">{formatDate(post.publishedAt)} · {post.author}</p>
      <Picture image={post.cover} width={800} priority />
      <Body text={post.body} />
      <h2>Sigue leyendo</h2>
      <ul>
        {related.map((r) => (
          <li key={r.slug}><a href={`/blog/${r.slug}`}>{r.title}</a></li>
        ))}
      </ul>
    </article>
  )
}
