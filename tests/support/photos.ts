/**
 * Photo fixtures made by the tests themselves (issue 32): real encoded images from sharp, and the
 * bad inputs the pipeline must refuse. One binary file is stored: a HEIC (tests/fixtures/), since
 * nothing on npm encodes one.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll } from 'vitest'

/** Where the GPS fixture was "taken": Cancún, as a phone writes it (degrees, minutes, seconds). */
export const GPS_EXIF = {
  IFD0: { Make: 'TelefonoDePrueba', Model: 'Modelo 9' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 9/1 4/1', GPSLongitudeRef: 'W', GPSLongitude: '86/1 50/1 52/1' },
}

/** A `width` × `height` picture, left half red and right half blue, so a rotation shows. */
export function picture(width: number, height: number) {
  const half = Math.floor(width / 2)
  return sharp({ create: { width, height, channels: 3, background: '#d22' } }).composite([
    { input: { create: { width: width - half, height, channels: 3, background: '#22d' } }, left: half, top: 0 },
  ])
}

/** A JPEG as a phone saves it: stored sideways with EXIF orientation 6 (turn 90° clockwise), with GPS. */
export async function phoneJpeg(width = 64, height = 32): Promise<Buffer> {
  const flat = await picture(width, height).jpeg().toBuffer()
  return sharp(flat).jpeg().withExif(GPS_EXIF).withMetadata({ orientation: 6 }).toBuffer()
}

export const pngPhoto = async () => (await picture(40, 30).png().toBuffer()) as Buffer
export const webpPhoto = async () => (await picture(40, 30).webp().toBuffer()) as Buffer
export const avifPhoto = async () => (await picture(40, 30).avif().toBuffer()) as Buffer

/** The first bytes of a PDF, as if someone renamed report.pdf to foto.jpg. */
export const pdfBytes = () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

export const svgBytes = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')

/** A HEIC's start: an ftyp box of brand heic (what an iPhone writes), enough to be sniffed. */
export const heicHeader = () => {
  const box = Buffer.alloc(24)
  box.writeUInt32BE(24, 0)
  box.write('ftypheic', 4, 'latin1')
  box.write('mif1heic', 16, 'latin1')
  return Buffer.concat([box, Buffer.alloc(64)])
}

/**
 * A real HEIC, 96 × 64 px, red left and blue right, with the GPS EXIF above (1.3 KB). Made once
 * with libheif's encoder (Debian's libheif-examples) from a JPEG of `picture(96, 64)` carrying
 * GPS_EXIF and orientation 6: `heif-enc -q 60 -o phone-gps.heic phone.jpg`. The EXIF orientation
 * is the JPEG's, carried along; a HEIF file turns only with its irot box, which this one has not.
 */
export const heicPhoto = () => readFileSync(new URL('../fixtures/phone-gps.heic', import.meta.url))
/** Where the fixture's `mdat` box (its compressed pixels) starts: what comes before is the header. */
const HEIC_PIXELS_AT = 905
/** The fixture cut short within its header: not even the size can be read. */
export const truncatedHeic = () => heicPhoto().subarray(0, 400)
/** The fixture with a sound header and its compressed pixels zeroed: the size reads, the decoder fails. */
export const heicWithBrokenPixels = () => {
  const bytes = Buffer.from(heicPhoto())
  bytes.fill(0, HEIC_PIXELS_AT + 8)
  return bytes
}

/** A real JPEG padded to `bytes` (a JPEG decoder stops at its end marker; the rest is ballast). */
export async function heavyJpeg(bytes: number): Promise<Buffer> {
  const jpeg = await picture(16, 16).jpeg().toBuffer()
  return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length)])
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/** A PNG whose header declares `width` × `height` RGB pixels, with none of them: 57 bytes. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.alloc(0)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** Photo folders of one test file, each fresh, all deleted after the file. */
export function photoDirs() {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
  return {
    fresh() {
      const dir = mkdtempSync(join(tmpdir(), 'photos-'))
      dirs.push(dir)
      return dir
    },
  }
}

/** The names of every file under `dir`, however deep (a stored photo, or a temporary file left behind). */
export const filesIn = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)
