/**
 * A blog post's body (docs/console.md#catalogue): a text area with buttons for the site's text
 * subset, and its preview rendered by the site's own PostBody.
 */
import { useRef, useState } from 'react'
import { PostBody } from '../../../shared/PostBody'
import { applyFormat, type BodyFormat } from '../../catalogue-post-body'
import { TextInput } from './fields'

const BUTTONS: readonly (readonly [BodyFormat, string])[] = [
  ['heading', 'Subtítulo'],
  ['list', 'Lista'],
  ['bold', 'Negrita'],
]

export function PostBodyInput({ name, value, onChange }: { name: string; value: string; onChange: (value: string) => void }) {
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
      <legend>Texto de la entrada</legend>
      <div className="post-body__bar" role="toolbar" aria-label="Formato del texto">
        {BUTTONS.map(([kind, label]) => (
          <button key={kind} type="button" className="button button--quiet" disabled={preview} onClick={() => format(kind)}>
            {label}
          </button>
        ))}
        <button type="button" className="chip" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          Ver cómo queda
        </button>
      </div>
      <div ref={area} hidden={preview}>
        <TextInput name={name} label="Texto" hint="Párrafos separados por una línea en blanco; «## » al inicio es un subtítulo, «- » un elemento de lista, **así** negrita." rows={16} value={value} onChange={onChange} />
      </div>
      {preview ? (
        <div className="post-body__preview" aria-label="Vista del texto">
          {value.trim() ? <PostBody text={value} /> : <p className="muted">Todavía no hay texto.</p>}
        </div>
      ) : null}
    </fieldset>
  )
}
