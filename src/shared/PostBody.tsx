import type { ReactNode } from 'react'
import { headingId, isSafeHref, LINK } from './agency-pages'

/** Fills a text's {placeholders}: in what is read, or in a link's address (src/shared/agency-placeholders.ts). */
export type Filler = (text: string, inHref: boolean) => string

const asIs: Filler = (text) => text

/** **bold**, `code` and [links](/path): bold may hold a link (About's zones), nothing nests deeper. */
const INLINE = new RegExp(String.raw`\*\*(.+?)\*\*|` + '`([^`\\n]+)`|' + LINK.source, 'g')

function inline(text: string, fill: Filler): ReactNode[] {
  const out: ReactNode[] = []
  let at = 0
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) out.push(fill(text.slice(at, match.index), false))
    const [, bold, code, label, href] = match
    const key = out.length
    if (bold !== undefined) out.push(<strong key={key}>{inline(bold, fill)}</strong>)
    else if (code !== undefined) out.push(<code key={key}>{code}</code>)
    else if (isSafeHref(href!)) out.push(<a key={key} href={fill(href!, true)}>{inline(label!, fill)}</a>)
    else out.push(fill(label!, false))
    at = match.index + match[0].length
  }
  if (at < text.length) out.push(fill(text.slice(at), false))
  return out
}

/**
 * A text in the site's subset (BlogPost.body in src/catalogue/model.ts, the agency's pages in
 * docs/agency.md#the-pages): paragraphs separated by blank lines, "## " and "### " headings,
 * "- " and "1. " lists, **bold**, `code`, [links](/path). One renderer for the site's pages and
 * the console's preview of a draft, so the preview is the page's own markup. `anchors` gives the
 * "## " headings ids (a table of contents links to them); `fill` fills {placeholders}.
 */
export function PostBody({ text, fill = asIs, anchors = false }: { text: string; fill?: Filler; anchors?: boolean }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((block, i) => {
        if (block.startsWith('## ')) {
          const heading = block.slice(3).trim()
          return <h2 key={i} id={anchors ? headingId(heading) : undefined}>{inline(heading, fill)}</h2>
        }
        if (block.startsWith('### ')) return <h3 key={i}>{inline(block.slice(4).trim(), fill)}</h3>
        const lines = block.split('\n')
        if (lines.every((l) => l.startsWith('- '))) return <ul key={i}>{lines.map((l, j) => <li key={j}>{inline(l.slice(2), fill)}</li>)}</ul>
        if (lines.every((l) => /^\d+\. /.test(l))) return <ol key={i}>{lines.map((l, j) => <li key={j}>{inline(l.replace(/^\d+\. /, ''), fill)}</li>)}</ol>
        return <p key={i}>{inline(block, fill)}</p>
      })}
    </>
  )
}
