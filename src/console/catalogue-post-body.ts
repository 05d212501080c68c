/**
 * The blog body editor's buttons (docs/console.md#catalogue): each writes the site's text subset
 * (BlogPost.body in src/catalogue/model.ts: "## " headings, "- " lists, **bold**, paragraphs
 * split by blank lines) around the selection, so a person need not know the marks. Pure.
 */

export type BodyFormat = 'heading' | 'list' | 'bold'

export interface Edit {
  text: string
  /** The selection after the edit. */
  start: number
  end: number
}

/** The start of the line holding `at`, and the end of the line holding `to`. */
function lineBounds(text: string, at: number, to: number) {
  const start = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1
  const nl = text.indexOf('\n', to)
  return { start: at === 0 ? 0 : start, end: nl === -1 ? text.length : nl }
}

/** The text with `format` applied to the selection [start, end). */
export function applyFormat(text: string, start: number, end: number, format: BodyFormat): Edit {
  if (format === 'bold') {
    const selected = text.slice(start, end) || 'texto en negrita'
    const wrapped = `**${selected}**`
    return { text: text.slice(0, start) + wrapped + text.slice(end), start: start + 2, end: start + 2 + selected.length }
  }
  const bounds = lineBounds(text, start, end)
  const lines = text.slice(bounds.start, bounds.end).split('\n')
  const mark = format === 'heading' ? '## ' : '- '
  const all = lines.every((line) => line.startsWith(mark))
  // Pressing the button again takes the mark off; a heading is one line.
  const changed = (format === 'heading' ? [lines.join(' ')] : lines).map((line) => {
    const bare = line.replace(/^(## |- )/, '')
    return all ? bare : `${mark}${bare || (format === 'heading' ? 'Título de la sección' : 'Elemento')}`
  })
  let block = changed.join('\n')
  // A heading or a list is a block of its own: blank lines around it, as the site reads them.
  const before = text.slice(0, bounds.start)
  const after = text.slice(bounds.end)
  const lead = before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : ''
  const tail = after && !after.startsWith('\n\n') ? (after.startsWith('\n') ? '\n' : '\n\n') : ''
  block = lead + block + tail
  const blockStart = bounds.start + lead.length
  return { text: before + block + after, start: blockStart, end: blockStart + changed.join('\n').length }
}
