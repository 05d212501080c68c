import { describe, expect, it } from 'vitest'
import { acceptPhoto, DAMAGED, DEFAULT_PHOTO_LIMITS, NOT_A_PHOTO, sniffPhoto, SVG_REFUSED } from '../../src/server/media/accept'
import { avifPhoto, heavyJpeg, heicHeader, heicPhoto, heicWithBrokenPixels, pdfBytes, truncatedHeic, phoneJpeg, pngHeaderOnly, pngPhoto, svgBytes, webpPhoto } from '../support/photos'

/** Issue 32: the bytes decide what a file is, and each refusal says why in Spanish. */
describe('accepting an uploaded photo', () => {
  it('knows JPEG, PNG, WebP and AVIF by their bytes and reads their size from the header', async () => {
    for (const [format, bytes] of [
      ['jpeg', await phoneJpeg(64, 32)],
      ['png', await pngPhoto()],
      ['webp', await webpPhoto()],
      ['avif', await avifPhoto()],
    ] as const) {
      const accepted = await acceptPhoto(bytes)
      expect(accepted, format).toMatchObject({ ok: true, format })
    }
    expect(await acceptPhoto(await pngPhoto())).toEqual({ ok: true, format: 'png', width: 40, height: 30 })
  })

  it('tells HEIC by its ftyp brand and reads its size from the header, as for every photo', async () => {
    expect(sniffPhoto(heicHeader())).toBe('heic')
    expect(sniffPhoto(await avifPhoto())).toBe('avif') // an AVIF lists mif1 too
    expect(await acceptPhoto(heicPhoto())).toEqual({ ok: true, format: 'heic', width: 96, height: 64 })
    // Its pixels are decoded later (process.ts): a sound header is enough to accept it here.
    expect(await acceptPhoto(heicWithBrokenPixels())).toMatchObject({ ok: true, format: 'heic' })
    expect(await acceptPhoto(truncatedHeic())).toEqual({ ok: false, error: DAMAGED })
    expect(await acceptPhoto(heicHeader())).toEqual({ ok: false, error: DAMAGED })
    expect(await acceptPhoto(heicPhoto(), { ...DEFAULT_PHOTO_LIMITS, maxPixels: 96 * 64 - 1 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^La foto mide 96 × 64 px/),
    })
  })

  it('refuses a PDF renamed .jpg: the name is never read', async () => {
    expect(await acceptPhoto(pdfBytes())).toEqual({ ok: false, error: NOT_A_PHOTO })
    expect(NOT_A_PHOTO).toBe('El archivo no es una foto (JPEG, PNG, WebP, HEIC o AVIF).')
  })

  it('refuses an SVG, saying so', async () => {
    expect(await acceptPhoto(svgBytes())).toEqual({ ok: false, error: SVG_REFUSED })
    expect(await acceptPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ ok: false, error: SVG_REFUSED })
  })

  it('refuses a 60 MB file with its weight and the cap', async () => {
    const accepted = await acceptPhoto(await heavyJpeg(60 * 1024 * 1024))
    expect(accepted).toEqual({ ok: false, error: 'La foto pesa 60 MB; el máximo es 25 MB.' })
    expect(DEFAULT_PHOTO_LIMITS.maxBytes).toBe(25 * 1024 * 1024)
  })

  it('refuses a 20,000 × 20,000 px image from its header alone, without decoding it', async () => {
    const header = pngHeaderOnly(20_000, 20_000)
    expect(header.length).toBeLessThan(100) // 400 million pixels declared, none sent
    const accepted = await acceptPhoto(header)
    expect(accepted).toEqual({ ok: false, error: 'La foto mide 20,000 × 20,000 px (400 megapíxeles); el máximo es 50 megapíxeles.' })
  })

  it('calls an empty or cut file what it is', async () => {
    expect(await acceptPhoto(Buffer.alloc(0))).toEqual({ ok: false, error: NOT_A_PHOTO })
    const cut = (await pngPhoto()).subarray(0, 20) // the signature and half the header
    expect(await acceptPhoto(cut)).toMatchObject({ ok: false })
  })

  it('takes its caps from the settings', async () => {
    const limits = { maxBytes: 1024 * 1024, maxPixels: 1000 }
    expect(await acceptPhoto(await heavyJpeg(2.5 * 1024 * 1024), limits)).toEqual({ ok: false, error: 'La foto pesa 2.5 MB; el máximo es 1 MB.' })
    expect(await acceptPhoto(await pngPhoto(), limits)).toMatchObject({ ok: false, error: expect.stringContaining('40 × 30 px') })
  })
})
