/**
 * The photo upload's wire shapes (issue 32), for the console's «Catálogo» and the server alike.
 * POST PHOTOS_API_PATH, multipart with one or many files (any field name); the answer lists one
 * result per file, in order, so the console shows each file's own error and retries only those.
 */
import { CONSOLE_API_PATH } from './console'

export const PHOTOS_API_PATH = `${CONSOLE_API_PATH}/photos`

/**
 * A stored photo's key: `<sha256>.<jpg|png|webp>`. It is shown at the site's widths with the
 * image proxy: imageUrl(`/photos/${key}`, width) from shared/images.ts.
 */
export type PhotoUploadResult =
  | { ok: true; name: string; key: string; width: number; height: number }
  | { ok: false; name: string; error: string }

export interface PhotoUploadAnswer {
  results: PhotoUploadResult[]
}
