import type { ImageAsset } from '../../catalogue/model'
import { imageUrl as ipx, type PictureWidth } from '../../shared/images'

/** Page margins either side of `.container` (site.css: 100% - 32px). */
const CONTAINER_MARGINS_PX = 32
/**
 * An image across a 375 px phone is 343 px wide inside the margins: these are its 1x and 2x
 * (docs/behaviour.md#images). Widths the image proxy already serves, as are `width` and 2 × `width`.
 */
const PHONE_WIDTHS = [360, 720]

/** Candidate widths of an image laid out at most `width` px wide: the phone's 1x/2x, its own 1x/2x. */
export function srcSetWidths(width: number): number[] {
  return [...new Set([...PHONE_WIDTHS, width, width * 2])].filter((w) => w <= width * 2).sort((a, b) => a - b)
}

/** Every image spans the container on a phone and is at most `width` px wide beyond that. */
export const defaultSizes = (width: number) => `(max-width: ${width + CONTAINER_MARGINS_PX}px) calc(100vw - ${CONTAINER_MARGINS_PX}px), ${width}px`

/**
 * A content image through the proxy in WebP, its width and height always set (no layout shift),
 * with a `srcset` of widths and `sizes` so a phone loads the 1x or 2x of what it shows. The page's
 * largest image (`priority`) is eager with high fetch priority, and the renderer preloads it from
 * the head; the rest are lazy (docs/behaviour.md#images).
 */
export function Picture({ image, width, priority = false, className, sizes = defaultSizes(width) }: {
  image: ImageAsset
  /** The widest the layout shows it, in CSS pixels: one of the widths the image proxy makes (shared/images.ts). */
  width: PictureWidth
  priority?: boolean
  className?: string
  /** Where the layout is not the container's width on a phone. */
  sizes?: string
}) {
  const height = Math.round((width * image.height) / image.width)
  return (
    <img
      className={className}
      src={ipx(image.src, width)}
      srcSet={srcSetWidths(width).map((w) => `${ipx(image.src, w)} ${w}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'low'}
    />
  )
}
