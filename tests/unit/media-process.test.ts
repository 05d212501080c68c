import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { acceptPhoto, DEFAULT_PHOTO_LIMITS } from '../../src/server/media/accept'
import { processPhoto } from '../../src/server/media/process'
import { avifPhoto, GPS_EXIF, phoneJpeg, pngPhoto, webpPhoto } from '../support/photos'

/** The colour of the pixel at (x, y). */
async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at]!, data[at + 1]!, data[at + 2]!]
}
const isRed = ([r, , b]: number[]) => r! > 150 && b! < 100
const isBlue = ([r, , b]: number[]) => b! > 150 && r! < 100

/** Issue 32: a phone photo carries the GPS of the owner's house; nothing of it may be published. */
describe('processing an accepted photo', () => {
  it('keeps no metadata at all: a JPEG with GPS EXIF comes out with none', async () => {
    const original = await phoneJpeg(64, 32)
    const before = await sharp(original).metadata()
    expect(before.exif).toBeDefined() // the fixture does carry it
    expect(original.includes(Buffer.from(GPS_EXIF.IFD0.Make))).toBe(true)

    const processed = await processPhoto(original, 'jpeg', DEFAULT_PHOTO_LIMITS)
    const after = await sharp(processed.bytes).metadata()
    expect(processed.format).toBe('jpeg')
    expect(after.format).toBe('jpeg')
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(after.iptc).toBeUndefined()
    expect(after.icc).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    expect(processed.bytes.includes(Buffer.from(GPS_EXIF.IFD0.Make))).toBe(false)
    expect(processed.bytes.includes(Buffer.from('Exif\0'))).toBe(false)
  })

  it('turns the photo upright by its EXIF orientation before dropping it', async () => {
    // Stored 64 × 32, red left, blue right, orientation 6: shown turned 90° clockwise, red on top.
    const processed = await processPhoto(await phoneJpeg(64, 32), 'jpeg', DEFAULT_PHOTO_LIMITS)
    expect([processed.width, processed.height]).toEqual([32, 64])
    expect(isRed(await pixel(processed.bytes, 16, 4))).toBe(true)
    expect(isBlue(await pixel(processed.bytes, 16, 60))).toBe(true)
  })

  it('keeps PNG and WebP as they came, and stores AVIF as JPEG', async () => {
    for (const [bytes, format, stored] of [
      [await pngPhoto(), 'png', 'png'],
      [await webpPhoto(), 'webp', 'webp'],
      [await avifPhoto(), 'avif', 'jpeg'],
    ] as const) {
      const accepted = await acceptPhoto(bytes)
      expect(accepted.ok).toBe(true)
      const processed = await processPhoto(bytes, format, DEFAULT_PHOTO_LIMITS)
      expect(processed.format, format).toBe(stored)
      expect((await sharp(processed.bytes).metadata()).format).toBe(stored)
      expect([processed.width, processed.height]).toEqual([40, 30])
    }
  })

  it('gives the same bytes for the same photo, so the store keeps it once', async () => {
    const original = await phoneJpeg(64, 32)
    const [a, b] = await Promise.all([processPhoto(original, 'jpeg', DEFAULT_PHOTO_LIMITS), processPhoto(original, 'jpeg', DEFAULT_PHOTO_LIMITS)])
    expect(a.bytes.equals(b.bytes)).toBe(true)
  })

  it('refuses to decode beyond the pixel cap even when asked directly', async () => {
    await expect(processPhoto(await pngPhoto(), 'png', { maxPixels: 100 })).rejects.toThrow()
  })
})
