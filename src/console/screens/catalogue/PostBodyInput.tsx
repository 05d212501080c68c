/**
 * A text in the site's subset: a blog post's body (docs/console.md#catalogue) or a page of the
 * agency's (docs/agency.md#the-pages). A text area with buttons for the subset, and its «Vista
 * previa» rendered by the site's own PostBody (with the page's placeholders filled by `fill`).
 */
import { useRef, useState } from 'react'
import { PostBody, type Filler } from '../../../shared/PostBody'
import { applyFormat, type BodyFormat } from '../../catalogue-post-body'
import { TextInput } from './fields'

const BUTTONS: readonly (readonly [BodyFormat, string])[] = [
  ['heading', 'Subtítulo'],
  ['list', 'Lista'],
  ['bold', 'Negrita'],
]

const HINT = 'Párrafos separados por una línea en blanco; «## » al inicio es un subtítulo, «- » un elemento de lista, **así** negrita, [texto](/pagina) un enlace.'

interface Props {
  name: string
  value: string
  onChange: (value: string) => void
  legend?: string
  /** More for the hint (a page's placeholders). */
  hint?: string
  fill?: Filler
  /** The preview's headings carry their anchors, as on the page. */
  anchors?: boolean
}

export function PostBodyInput({ name, value, onChange, legend = 'Texto de la entrada', hint, fill, anchors }: Props) {
  const [preview, setPreview] = useState(false)
  const area = useRef<HTMLDivElement>(null)
  const format = (kind: BodyFormat) => {
    const textarea = area.current?.querySelector('textarea')
    if (!textarea) return
    const edit = applyFormat(value, textarea.selectionStart, textarea.selectionEnd, kind)
    onChange(edit.text)
    requestAnimationFrame(() => {
      textarea.focus()
      textarea.setSelectionRange(edit.start, edit.end)
    })
  }
  return (
    <fieldset className="field-group post-body">
      <legend>{legend}</legend>
      <div className="post-body__bar" role="toolbar" aria-label="Formato del texto">
        {BUTTONS.map(([kind, label]) => (
          <button key={kind} type="button" className="button button--quiet" disabled={preview} onClick={() => format(kind)}>
            {label}
          </button>
        ))}
        <button type="button" className="chip" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          Vista previa
        </button>
      </div>
      <div ref={area} hidden={preview}>
        <TextInput name={name} label="Texto" hint={hint ? `${HINT} ${hint}` : HINT} rows={16} value={value} onChange={onChange} />
      </div>
      {preview ? (
        <div className="post-body__preview" aria-label="Vista del texto">
          {value.trim() ? <PostBody text={value} fill={fill} anchors={anchors} /> : <p className="muted">Todavía no hay texto.</p>}
        </div>
      ) : null}
    </fieldset>
  )
}
