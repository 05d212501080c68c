/**
 * An accepted photo made fit to publish (issue 32): turned upright by its EXIF orientation and
 * re-encoded with no metadata at all. A phone photo carries the GPS of where it was taken (often
 * the owner's house), the phone's model and the time: none of it may reach the site.
 */
import type { PhotoFormat, PhotoLimits } from './accept'
import { decodeHeic } from './heic'
import { openImage } from './sharp'

/** What is stored: the formats every browser and sharp itself read and write. */
export type StoredFormat = 'jpeg' | 'png' | 'webp'
export const STORED_EXTENSIONS: Record<StoredFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' }
export const STORED_CONTENT_TYPES: Record<StoredFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/**
 * JPEG, PNG and WebP keep their format. HEIC and AVIF become JPEG: browsers other than Safari
 * show no HEIC, writing AVIF costs seconds per photo, and the original is only ever read by the
 * image proxy, which makes WebP and JPEG from it anyway.
 */
const STORED_AS: Record<PhotoFormat, StoredFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'jpeg', avif: 'jpeg' }
/** High enough that the proxy's smaller copies show no trace of this second encoding. */
const QUALITY = 90

export interface ProcessedPhoto {
  bytes: Buffer
  format: StoredFormat
  width: number
  height: number
}

/**
 * The photo upright, for sharp to encode. limitInputPixels again: accept.ts read the header, this
 * guards the decoder itself. failOn 'error' (not sharp's 'warning'): phones write JPEGs libjpeg
 * warns about that show fine. A HEIC's pixels come from heic.ts already turned (a HEIF file turns
 * with its irot/imir boxes, not EXIF), with an alpha channel that a photo does not use.
 */
async function upright(bytes: Uint8Array, format: PhotoFormat, maxPixels: number) {
  if (format !== 'heic') return (await openImage(bytes, { limitInputPixels: maxPixels, failOn: 'error' })).rotate()
  const { width, height, data } = await decodeHeic(bytes, maxPixels)
  return (await openImage(data, { raw: { width, height, channels: 4 }, limitInputPixels: maxPixels })).flatten({ background: '#ffffff' })
}

export async function processPhoto(bytes: Uint8Array, format: PhotoFormat, limits: Pick<PhotoLimits, 'maxPixels'>): Promise<ProcessedPhoto> {
  const stored = STORED_AS[format]
  let image = await upright(bytes, format, limits.maxPixels)
  // sharp writes no metadata unless asked (no withMetadata/keepExif here): EXIF, GPS, XMP, IPTC and
  // PNG text chunks are dropped; pixels are converted to sRGB so no ICC profile is needed either.
  if (stored === 'jpeg') image = image.jpeg({ quality: QUALITY })
  else if (stored === 'png') image = image.png()
  else image = image.webp({ quality: QUALITY })
  const { data, info } = await image.toBuffer({ resolveWithObject: true })
  return { bytes: data, format: stored, width: info.width, height: info.height }
}
