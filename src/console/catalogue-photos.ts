/**
 * A record's photos as the console orders them (docs/console.md#catalogue): the first is the
 * cover; moved by dragging or by buttons; each needs its alt text before the record is published.
 * Pure: the photo field and its unit test use it.
 */
import type { ImageAsset } from '../catalogue/model'
import type { PhotoUploadResult } from '../protocol/photos'

/** An uploaded photo as the record stores it: shown through the image proxy from `/photos/<key>`. */
export const photoAsset = (result: Extract<PhotoUploadResult, { ok: true }>): ImageAsset => ({
  src: `/photos/${result.key}`,
  width: result.width,
  height: result.height,
  alt: '',
})

/** `images` with the photo at `from` moved to `to` (clamped to the list). */
export function movePhoto<T>(images: readonly T[], from: number, to: number): T[] {
  const list = [...images]
  if (from < 0 || from >= list.length) return list
  const target = Math.max(0, Math.min(list.length - 1, to))
  const [moved] = list.splice(from, 1)
  list.splice(target, 0, moved!)
  return list
}

/** The photo at `index` made the cover: first, the others in their order after it. */
export const makeCover = <T>(images: readonly T[], index: number) => movePhoto(images, index, 0)

export const removePhoto = <T>(images: readonly T[], index: number) => images.filter((_, i) => i !== index)

/** One file picked or dropped: what the photo field shows while it uploads, failed, or once it is in. */
export interface UploadItem {
  id: string
  file: File
  /** 0..1 */
  progress: number
  state: 'subiendo' | 'error'
  error?: string
}

/** The accepted picker types: a phone's gallery sends HEIC as JPEG when HEIC is not listed (docs/photos.md). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'
