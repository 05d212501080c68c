/**
 * Which uploaded files are photos (issue 32): the bytes decide, never the name or the browser's
 * type. A file is accepted when its first bytes are JPEG, PNG, WebP, HEIC or AVIF, it is not too
 * heavy, and its header declares no more pixels than the cap, read before anything is decoded.
 * Every refusal is a Spanish sentence the console shows beside the file.
 */
import { formatNumber } from '../../catalogue/format'
import { DEFAULT_PHOTO_LIMITS, MB, type PhotoLimits } from './limits'
import { openImage } from './sharp'

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif'

export { DEFAULT_PHOTO_LIMITS, type PhotoLimits }

export type Accepted = { ok: true; format: PhotoFormat; width: number; height: number } | { ok: false; error: string }

export const NOT_A_PHOTO = 'El archivo no es una foto (JPEG, PNG, WebP, HEIC o AVIF).'
export const SVG_REFUSED = 'Las fotos SVG no se aceptan.'
export const DAMAGED = 'La foto está dañada o incompleta: no se pudo leer.'

/** ISO-BMFF brands (the `ftyp` box) of HEIC and of AVIF. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

/** The photo format the first bytes announce, or null. */
export function sniffPhoto(bytes: Uint8Array): PhotoFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png'
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // The major brand, then the compatible ones: AVIF first, as an AVIF also lists mif1.
    const boxSize = Math.min((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!, bytes.length, 256)
    const brands = [ascii(8, 12)]
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4))
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif'
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic'
  }
  return null
}

/** An SVG (XML text with an <svg> element near the top), to say why it is refused. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('utf8').replace(/^\uFEFF/, '').trimStart()
  return (head.startsWith('<') && /<svg[\s>]/i.test(head)) || head.startsWith('<svg')
}

// Numbers as the site writes them (es-MX: "20,000", "2.5").
const megabytes = (bytes: number) => formatNumber(bytes / MB, bytes >= 10 * MB ? 0 : 1)
const megapixels = (pixels: number) => formatNumber(pixels / 1_000_000, 0)

export const tooHeavy = (bytes: number, limits: PhotoLimits) => `La foto pesa ${megabytes(bytes)} MB; el máximo es ${megabytes(limits.maxBytes)} MB.`
export const tooLarge = (width: number, height: number, limits: PhotoLimits) =>
  `La foto mide ${formatNumber(width)} × ${formatNumber(height)} px (${megapixels(width * height)} megapíxeles); el máximo es ${megapixels(limits.maxPixels)} megapíxeles.`

/** Whether `bytes` may become a photo; only the header is read, nothing is decoded. */
export async function acceptPhoto(bytes: Uint8Array, limits: PhotoLimits = DEFAULT_PHOTO_LIMITS): Promise<Accepted> {
  const format = sniffPhoto(bytes)
  if (!format) return { ok: false, error: looksLikeSvg(bytes) ? SVG_REFUSED : NOT_A_PHOTO }
  if (bytes.length > limits.maxBytes) return { ok: false, error: tooHeavy(bytes.length, limits) }
  let width: number | undefined
  let height: number | undefined
  try {
    // The header only (a HEIC's too: libvips reads its boxes, heic.ts decodes its pixels); the
    // pixel cap is ours to say in Spanish, so sharp's own is lifted here.
    ;({ width, height } = await (await openImage(bytes, { limitInputPixels: false })).metadata())
  } catch {
    return { ok: false, error: DAMAGED }
  }
  if (!width || !height) return { ok: false, error: DAMAGED }
  if (width * height > limits.maxPixels) return { ok: false, error: tooLarge(width, height, limits) }
  return { ok: true, format, width, height }
}
