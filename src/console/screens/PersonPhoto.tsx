import { useState } from 'react'
import { imageUrl } from '../../shared/images'
import { uploadPhoto } from '../catalogue-api'
import { PHOTO_ACCEPT } from '../catalogue-photos'
import type { ControlProps } from './LabelledField'

/**
 * A person's photo inside a LabelledField (a team member in «Equipo», one's own in «Mi cuenta»):
 * the photo, «Elegir foto» / «Cambiar foto», which uploads the picked file at once through the
 * photo pipeline (POST /consola/api/photos, docs/photos.md) with its progress bar, and «Quitar
 * foto». `onUploaded` gets the stored photo's path; `onRefused` the server's Spanish reason ('' once
 * a file went in).
 */
export function PersonPhoto({
  control,
  photo,
  name,
  onUploaded,
  onRefused,
  onRemoved,
}: {
  control: ControlProps
  photo: string | null
  name: string
  onUploaded: (path: string) => void
  onRefused: (message: string) => void
  onRemoved: () => void
}) {
  const [progress, setProgress] = useState<number | null>(null)
  const choose = async (file: File | undefined) => {
    if (!file) return
    setProgress(0)
    const result = await uploadPhoto(file, setProgress)
    setProgress(null)
    if (result.ok) onUploaded(`/photos/${result.key}`)
    onRefused(result.ok ? '' : result.error)
  }
  return (
    <span className="person-photo">
      {photo ? <img src={imageUrl(photo, 240)} alt={`Foto de ${name}`} width={96} height={96} /> : null}
      {/* The browser's own file button speaks its language: a Spanish one opens the hidden picker. */}
      <input {...control} className="sr-only" type="file" accept={PHOTO_ACCEPT} onChange={(e) => void choose(e.target.files?.[0])} />
      <button type="button" className="button button--quiet" onClick={() => document.getElementById(control.id)?.click()}>
        {photo ? 'Cambiar foto' : 'Elegir foto'}
      </button>
      {progress !== null ? <progress max={1} value={progress} aria-label="Subiendo la foto" /> : null}
      {photo ? (
        <button type="button" className="button button--quiet" onClick={onRemoved}>
          Quitar foto
        </button>
      ) : null}
    </span>
  )
}
