/**
 * A blog post's body in the site's text subset (BlogPost.body in src/catalogue/model.ts):
 * paragraphs separated by blank lines, "## " headings, "- " lists, **bold**. One renderer for the
 * site's post page and the console's preview of a draft, so the preview is the page's own markup.
 */
export function PostBody({ text }: { text: string }) {
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
