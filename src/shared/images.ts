/**
 * The image proxy's URLs, built by the site and the agent and accepted by the server: only the
 * widths and formats listed here are ever transformed (docs/behaviour.md#image-proxy).
 */
import { SERVER_PATHS } from '../domain/site-paths'

/** Widths the site's <Picture> shows (each also at 2x in its srcset). */
export const PICTURE_WIDTHS = [240, 360, 400, 800, 1200] as const
export type PictureWidth = (typeof PICTURE_WIDTHS)[number]
/** The gallery's full-screen image (1x only). */
export const LARGE_IMAGE_WIDTH = 1600
/** Images in the agent's chat messages. */
export const CHAT_IMAGE_WIDTH = 640
/** Open Graph and JSON-LD images (JPEG: every crawler reads it). */
export const SOCIAL_IMAGE_WIDTH = 1200

/** Every width the proxy makes: the pictures at 1x and 2x, the gallery's, the agent's and the social one. */
export const IMAGE_WIDTHS: ReadonlySet<number> = new Set([
  ...PICTURE_WIDTHS,
  ...PICTURE_WIDTHS.map((width) => width * 2),
  LARGE_IMAGE_WIDTH,
  CHAT_IMAGE_WIDTH,
  SOCIAL_IMAGE_WIDTH,
])
export const IMAGE_FORMATS = ['webp', 'jpeg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** `/_ipx/w_640&f_webp/images/x.svg` for the content image `src` (`/images/x.svg`). */
export const imageUrl = (src: string, width: number, format: ImageFormat = 'webp') =>
  `${SERVER_PATHS.images}/w_${width}&f_${format}${src.startsWith('/') ? src : `/${src}`}`

/** The modifiers segment of a proxy URL, when it names an allowed width and format; null otherwise. */
export function parseImageModifiers(segment: string): { width: number; format: ImageFormat } | null {
  const match = /^w_(\d{1,4})&f_([a-z]+)$/.exec(segment)
  if (!match) return null
  const width = Number(match[1])
  const format = IMAGE_FORMATS.find((f) => f === match[2])
  return format && IMAGE_WIDTHS.has(width) ? { width, format } : null
}
