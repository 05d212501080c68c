/**
 * A record's photos (docs/console.md#catalogue, docs/photos.md): picked many at once (a phone's
 * gallery too) or dropped, each uploaded on its own request with its own progress bar and, when
 * refused, the server's Spanish reason and «Reintentar»; ordered by dragging or by the buttons of
 * each photo (keyboard and screen readers); the first is the cover; each has its alt text.
 */
import { useRef, useState, type DragEvent } from 'react'
import type { ImageAsset } from '../../../catalogue/model'
import { imageUrl } from '../../../shared/images'
import { uploadPhoto } from '../../catalogue-api'
import { makeCover, movePhoto, PHOTO_ACCEPT, photoAsset, removePhoto, type UploadItem } from '../../catalogue-photos'
import { TextInput, useFieldError } from './fields'

/** Photos sent at once: the server reads two at a time and holds the rest (docs/photos.md). */
const PARALLEL_UPLOADS = 2
const THUMB_WIDTH = 240

let nextUpload = 0

export function PhotosInput({
  name,
  label,
  images,
  onChange,
  single = false,
}: {
  /** The record's field: `images` (a list) or `cover` / `image` (one photo). */
  name: string
  label: string
  images: ImageAsset[]
  onChange: (update: (images: ImageAsset[]) => ImageAsset[]) => void
  single?: boolean
}) {
  const [uploads, setUploads] = useState<UploadItem[]>([])
  const [dropping, setDropping] = useState(false)
  const [said, setSaid] = useState('')
  const picker = useRef<HTMLInputElement>(null)
  const queue = useRef<UploadItem[]>([])
  const running = useRef(0)
  const dragged = useRef<number | null>(null)
  // The list's own error (no photo to publish), or a single photo's missing file.
  const listError = useFieldError(name)
  const fileError = useFieldError(`${name}.src`)
  const groupError = listError ?? fileError
  const altName = (i: number) => (single ? `${name}.alt` : `${name}.${i}.alt`)

  const patch = (id: string, change: Partial<UploadItem>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)))

  /** Sends queued files, PARALLEL_UPLOADS at a time. */
  const pump = () => {
    while (running.current < PARALLEL_UPLOADS && queue.current.length) {
      const item = queue.current.shift()!
      running.current++
      void uploadPhoto(item.file, (progress) => patch(item.id, { progress })).then((result) => {
        running.current--
        if (result.ok) {
          setUploads((list) => list.filter((u) => u.id !== item.id))
          const asset = photoAsset(result)
          onChange((current) => (single ? [{ ...asset, alt: current[0]?.alt ?? '' }] : [...current, asset]))
          setSaid(`Se subió ${item.file.name}.`)
        } else {
          patch(item.id, { state: 'error', error: result.error, progress: 0 })
          setSaid(`No se subió ${item.file.name}: ${result.error}`)
        }
        pump()
      })
    }
  }

  const send = (items: UploadItem[]) => {
    queue.current.push(...items)
    pump()
  }

  const add = (files: FileList | File[]) => {
    const picked = [...files].slice(0, single ? 1 : undefined)
    if (!picked.length) return
    const items = picked.map((file): UploadItem => ({ id: `u${++nextUpload}`, file, progress: 0, state: 'subiendo' }))
    setUploads((list) => [...(single ? [] : list), ...items])
    send(items)
  }

  const retry = (item: UploadItem) => {
    const again = { ...item, state: 'subiendo' as const, error: undefined, progress: 0 }
    patch(item.id, again)
    send([again])
  }

  const move = (from: number, to: number) => {
    onChange((list) => movePhoto(list, from, to))
    setSaid(`Foto ${from + 1} movida al lugar ${to + 1}.`)
  }

  // Keyed by the photo, not its place: a moved photo keeps its element, so the button pressed keeps the focus.
  const photoKeys = images.map((image, i) => `${image.src}#${images.slice(0, i).filter((other) => other.src === image.src).length}`)

  const filesDragged = (event: DragEvent) => event.dataTransfer.types.includes('Files')

  return (
    <fieldset className={`photos${dropping ? ' photos--dropping' : ''}`} data-field={name} data-invalid={groupError ? true : undefined} tabIndex={groupError ? -1 : undefined}>
      <legend>{label}</legend>
      {groupError ? <p className="field__error">{groupError}</p> : null}
      <div
        className="photos__drop"
        onDragOver={(event) => {
          if (!filesDragged(event)) return
          event.preventDefault()
          setDropping(true)
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          if (!filesDragged(event)) return
          event.preventDefault()
          setDropping(false)
          add(event.dataTransfer.files)
        }}
      >
        <button type="button" className="button button--quiet" onClick={() => picker.current?.click()}>
          {single ? (images.length ? 'Cambiar foto' : 'Elegir foto') : 'Elegir fotos'}
        </button>
        <span className="muted">{single ? 'o arrástrala aquí' : 'o arrástralas aquí'} · JPEG, PNG, WebP o AVIF</span>
        <input
          ref={picker}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={single ? `Foto: ${label}` : `Fotos: ${label}`}
          accept={PHOTO_ACCEPT}
          multiple={!single}
          onChange={(event) => {
            if (event.target.files) add(event.target.files)
            event.target.value = ''
          }}
        />
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
      {uploads.length ? (
        <ul className="uploads">
          {uploads.map((item) => (
            <li key={item.id} className={`upload upload--${item.state}`}>
              <span className="upload__name">{item.file.name}</span>
              {item.state === 'subiendo' ? (
                <progress max={1} value={item.progress} aria-label={`Subiendo ${item.file.name}`} />
              ) : (
                <>
                  <span className="field__error" role="alert">
                    {item.error}
                  </span>
                  <span className="upload__actions">
                    <button type="button" className="button button--quiet" onClick={() => retry(item)}>
                      Reintentar <span className="sr-only">{item.file.name}</span>
                    </button>
                    <button type="button" className="button button--quiet" onClick={() => setUploads((list) => list.filter((u) => u.id !== item.id))}>
                      Descartar <span className="sr-only">{item.file.name}</span>
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {images.length ? (
        <ol className="photo-list">
          {images.map((image, i) => (
            <li
              key={photoKeys[i]}
              className="photo"
              draggable={!single}
              onDragStart={(event) => {
                dragged.current = i
                event.dataTransfer.effectAllowed = 'move'
              }}
              onDragOver={(event) => {
                if (dragged.current === null || filesDragged(event)) return
                event.preventDefault()
              }}
              onDrop={(event) => {
                if (dragged.current === null || filesDragged(event)) return
                event.preventDefault()
                move(dragged.current, i)
                dragged.current = null
              }}
              onDragEnd={() => (dragged.current = null)}
            >
              <img className="photo__thumb" src={imageUrl(image.src, THUMB_WIDTH)} alt="" width={120} height={90} loading="lazy" />
              <div className="photo__body">
                {!single ? <span className={`tag${i === 0 ? ' tag--live' : ''}`}>{i === 0 ? 'Portada' : `Foto ${i + 1}`}</span> : null}
                <TextInput name={altName(i)} label="Texto alternativo (qué se ve)" value={image.alt} onChange={(alt) => onChange((list) => list.map((p, j) => (j === i ? { ...p, alt } : p)))} />
              </div>
              <span className="photo__actions">
                {!single ? (
                  <>
                    <button type="button" className="button button--quiet" disabled={i === 0} onClick={() => move(i, i - 1)}>
                      Subir <span className="sr-only">foto {i + 1}</span>
                    </button>
                    <button type="button" className="button button--quiet" disabled={i === images.length - 1} onClick={() => move(i, i + 1)}>
                      Bajar <span className="sr-only">foto {i + 1}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--quiet"
                      disabled={i === 0}
                      onClick={() => {
                        onChange((list) => makeCover(list, i))
                        setSaid(`La foto ${i + 1} es ahora la portada.`)
                      }}
                    >
                      Hacer portada <span className="sr-only">foto {i + 1}</span>
                    </button>
                  </>
                ) : null}
                <button type="button" className="button button--quiet" onClick={() => onChange((list) => removePhoto(list, i))}>
                  Quitar <span className="sr-only">foto {i + 1}</span>
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : uploads.length ? null : (
        <p className="muted">{single ? 'Sin foto todavía.' : 'Sin fotos todavía.'}</p>
      )}
    </fieldset>
  )
}
