import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import type { ImageAsset } from '../../catalogue/model'
import { imageUrl, LARGE_IMAGE_WIDTH as LARGE_WIDTH } from '../../shared/images'
import { Picture } from '../components/Image'
import './property.css'

/** property.css: the gallery spans the container, beside the 340 px summary from 1024 px; four thumbnails a row, 8 px apart. */
const MAIN_SIZES = '(min-width: 1024px) 800px, calc(100vw - 32px)'
const THUMB_SIZES = '(min-width: 1024px) 200px, calc(25vw - 14px)'
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A property's photos: the main image (the page's LCP image: eager, high priority, sized) and
 * lazy thumbnails. Each photo is a button that opens a modal lightbox (arrows, Escape, focus
 * trapped, focus returned, page scroll locked). Nothing reads `window` while rendering, so the
 * server's HTML and the first client render are the same (the lightbox starts closed).
 */
export function Gallery({ images, title }: { images: ImageAsset[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null)
  const openers = useRef<(HTMLButtonElement | null)[]>([])
  const opener = useRef<number>(0)
  const count = images.length

  const show = useCallback((index: number) => {
    opener.current = index
    setOpen(index)
  }, [])
  const close = useCallback(() => setOpen(null), [])

  useEffect(() => {
    if (open === null) return
    const returnTo = opener.current
    return () => {
      // Back to the photo that opened the lightbox, without scrolling the page.
      openers.current[returnTo]?.focus({ preventScroll: true })
    }
    // Only opening and closing matter here, not moving between photos.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open === null])

  if (count === 0) return null
  const [main, ...thumbs] = images
  // The label starts with the counter the button shows ("1 / 5"), so a speech user can say what they see.
  const label = (index: number) => `${index + 1} / ${count}: ampliar foto ${index + 1} de ${count}, ${images[index]!.alt}`
  return (
    <div className="prop-gallery">
      <button
        type="button"
        className="prop-gallery__open prop-gallery__main"
        aria-label={label(0)}
        aria-haspopup="dialog"
        ref={(el) => {
          openers.current[0] = el
        }}
        onClick={() => show(0)}
      >
        <Picture image={main!} width={800} sizes={MAIN_SIZES} priority className="prop-gallery__image" />
        {count > 1 ? (
          <span className="prop-gallery__count" aria-hidden="true">
            1 / {count}
          </span>
        ) : null}
      </button>
      {thumbs.length ? (
        <ul className="prop-gallery__thumbs">
          {thumbs.map((image, i) => (
            <li key={image.src + i}>
              <button
                type="button"
                className="prop-gallery__open"
                aria-label={label(i + 1)}
                aria-haspopup="dialog"
                ref={(el) => {
                  openers.current[i + 1] = el
                }}
                onClick={() => show(i + 1)}
              >
                <Picture image={image} width={240} sizes={THUMB_SIZES} className="prop-gallery__thumb" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {open !== null ? <Lightbox images={images} index={open} title={title} onMove={setOpen} onClose={close} /> : null}
    </div>
  )
}

function Lightbox({ images, index, title, onMove, onClose }: {
  images: ImageAsset[]
  index: number
  title: string
  onMove: (index: number) => void
  onClose: () => void
}) {
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const count = images.length
  const image = images[index]!
  const previous = () => onMove((index - 1 + count) % count)
  const next = () => onMove((index + 1) % count)

  // Lock the page's scroll while open (keeping the scrollbar's room, so nothing moves) and restore it on close.
  useEffect(() => {
    const { body, documentElement } = document
    const scrollbar = window.innerWidth - documentElement.clientWidth
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
    body.style.overflow = 'hidden'
    if (scrollbar > 0) body.style.paddingRight = `${parseFloat(getComputedStyle(body).paddingRight) + scrollbar}px`
    closeButton.current?.focus()
    // Focus that lands outside (e.g. a click on the page behind) is brought back.
    const keepFocus = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target)) closeButton.current?.focus()
    }
    document.addEventListener('focusin', keepFocus)
    return () => {
      document.removeEventListener('focusin', keepFocus)
      body.style.overflow = before.overflow
      body.style.paddingRight = before.paddingRight
    }
  }, [])

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      next()
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      previous()
    } else if (event.key === 'Tab' && dialog.current) {
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
      if (focusable.length === 0) return
      const first = focusable[0]!
      const last = focusable[focusable.length - 1]!
      const active = document.activeElement
      if (event.shiftKey && (active === first || !dialog.current.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !dialog.current.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
  }

  const height = Math.round((LARGE_WIDTH * image.height) / image.width)
  return (
    <div
      ref={dialog}
      className="prop-lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={`Galería de fotos: ${title}`}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="prop-lightbox__bar">
        <p className="prop-lightbox__counter" aria-live="polite">
          Foto {index + 1} de {count}
        </p>
        <button ref={closeButton} type="button" className="prop-lightbox__button prop-lightbox__close" aria-label="Cerrar galería" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <figure className="prop-lightbox__figure">
        <img
          key={image.src + index}
          className="prop-lightbox__image"
          src={imageUrl(image.src, LARGE_WIDTH)}
          width={LARGE_WIDTH}
          height={height}
          alt={image.alt}
          decoding="async"
        />
        <figcaption className="prop-lightbox__caption">{image.alt}</figcaption>
      </figure>
      {count > 1 ? (
        <>
          <button type="button" className="prop-lightbox__button prop-lightbox__prev" aria-label="Foto anterior" onClick={previous}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="prop-lightbox__button prop-lightbox__next" aria-label="Foto siguiente" onClick={next}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
    </div>
  )
}
