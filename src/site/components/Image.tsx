import type { ImageAsset } from '../../catalogue/model'

/** /_ipx URL of a content image at a width, as WebP (design.md §6). */
export const ipx = (src: string, width: number) => `/_ipx/w_${width}&f_webp${src}`

/**
 * A content image through the proxy with 1x and 2x WebP, its width and height always set (no
 * layout shift); the first image of a page is eager with high fetch priority, the rest lazy.
 */
export function Picture({ image, width, priority = false, className, sizes }: {
  image: ImageAsset
  width: number
  priority?: boolean
  className?: string
  sizes?: string
}) {
  const height = Math.round((width * image.height) / image.width)
  return (
    <img
      className={className}
      src={ipx(image.src, width)}
      srcSet={`${ipx(image.src, width)} 1x, ${ipx(image.src, width * 2)} 2x`}
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
