import { request as httpRequest } from 'node:http'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHOTOS_API_PATH, type PhotoUploadAnswer } from '../../src/protocol/photos'
import type { RunningServer } from '../../src/server/app'
import type { PhotoSettings } from '../../src/server/config'
import { DAMAGED, NOT_A_PHOTO, SVG_REFUSED } from '../../src/server/media/accept'
import { DEFAULT_PHOTO_LIMITS } from '../../src/server/media/limits'
import { STORE_FAILED } from '../../src/server/media/http'
import { imageUrl } from '../../src/shared/images'
import { signIn, TEST_ADMIN } from '../support/console'
import { IMAGE_WORK_MS, withEmbeddedStarts } from '../support/limits'
import {
  filesIn,
  GPS_EXIF,
  heavyJpeg,
  heicPhoto,
  heicWithBrokenPixels,
  pdfBytes,
  phoneJpeg,
  photoDirs,
  picture,
  pngHeaderOnly,
  pngPhoto,
  svgBytes,
  truncatedHeic,
} from '../support/photos'
import { startLocalS3, type LocalS3 } from '../support/s3'
import { testServers } from '../support/server'

/**
 * Issue 32's photo upload over real HTTP, on the folder store and on an S3-compatible bucket:
 * each file answered on its own, bad input refused in Spanish with nothing stored, and a stored
 * photo shown through the image proxy at the site's widths.
 */
const servers = testServers(TEST_ADMIN)
const photoSettings = (overrides: Partial<PhotoSettings>): PhotoSettings => ({ dir: '', ...DEFAULT_PHOTO_LIMITS, s3: undefined, ...overrides })

type Upload = [name: string, bytes: Buffer, type?: string]
/**
 * POST the files as the console does, on a connection of its own: fetch would reuse the pooled
 * keep-alive socket of the previous request, which the server closes after 5 idle seconds (Node's
 * keepAliveTimeout), and building a 60 MB photo on a loaded machine can take that long. A browser
 * retries a request the server reset on a reused socket; fetch does not retry a POST.
 */
async function upload(server: RunningServer, files: Upload[], init: { cookie?: string; origin?: string } = {}): Promise<Response> {
  const form = new FormData()
  for (const [name, bytes, type] of files) form.append('fotos', new Blob([new Uint8Array(bytes)], { type: type ?? 'image/jpeg' }), name)
  const encoded = new Request(server.url, { method: 'POST', body: form })
  const body = Buffer.from(await encoded.arrayBuffer())
  const headers = { Origin: init.origin ?? server.url, 'Content-Type': encoded.headers.get('content-type')!, 'Content-Length': String(body.length), ...(init.cookie ? { Cookie: init.cookie } : {}) }
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${PHOTOS_API_PATH}`, { method: 'POST', headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: response.statusCode, headers: response.headers as Record<string, string> })))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(body)
  })
}
const results = async (response: Response) => {
  expect(response.status).toBe(200)
  return ((await response.json()) as PhotoUploadAnswer).results
}

const freshDir = photoDirs().fresh

/** The bad inputs of issue 32, each with the Spanish message the console shows at the file. */
async function badInputs(): Promise<{ files: Upload[]; errors: (string | RegExp)[] }> {
  return {
    files: [
      ['contrato.jpg', pdfBytes()],
      ['logo.svg', svgBytes(), 'image/svg+xml'],
      ['enorme.jpg', await heavyJpeg(60 * 1024 * 1024)],
      ['gigante.png', pngHeaderOnly(20_000, 20_000), 'image/png'],
    ],
    errors: [NOT_A_PHOTO, SVG_REFUSED, 'La foto pesa 60 MB; el máximo es 25 MB.', /^La foto mide 20,000 × 20,000 px/],
  }
}

describe('photo upload on the folder store', { timeout: IMAGE_WORK_MS }, () => {
  let server: RunningServer
  let dir: string
  let cookie: string
  beforeAll(async () => {
    dir = freshDir()
    server = await servers.start({ photos: photoSettings({ dir }) })
    cookie = await signIn(server.url)
  }, withEmbeddedStarts(1))

  it('takes photos only from a signed-in console page', async () => {
    const photo: Upload = ['casa.jpg', await phoneJpeg()]
    expect((await upload(server, [photo])).status).toBe(401)
    expect((await upload(server, [photo], { cookie, origin: 'https://otro-sitio.example' })).status).toBe(403)
    expect(filesIn(dir)).toEqual([])
  })

  it('answers each file on its own, stores the good ones without metadata and none of the bad', async () => {
    const bad = await badInputs()
    const answer = await results(await upload(server, [['casa.jpg', await phoneJpeg(1000, 500)], ...bad.files, ['plano.png', await pngPhoto(), 'image/png']], { cookie }))
    expect(answer.map((r) => r.name)).toEqual(['casa.jpg', 'contrato.jpg', 'logo.svg', 'enorme.jpg', 'gigante.png', 'plano.png'])
    const [house, ...rest] = answer
    const plan = rest.pop()!
    expect(house).toMatchObject({ ok: true, key: expect.stringMatching(/^[0-9a-f]{64}\.jpg$/), width: 500, height: 1000 })
    expect(plan).toMatchObject({ ok: true, key: expect.stringMatching(/^[0-9a-f]{64}\.png$/), width: 40, height: 30 })
    rest.forEach((result, i) => expect(result, bad.files[i]![0]).toEqual({ ok: false, name: bad.files[i]![0], error: typeof bad.errors[i] === 'string' ? bad.errors[i] : expect.stringMatching(bad.errors[i]!) }))
    // Exactly the two photos: nothing of a refused file, no temporary file.
    const keys = [house, plan].map((r) => (r!.ok ? r!.key : ''))
    expect(filesIn(dir).sort()).toEqual([...keys].sort())

    // The same photo again: the same key, nothing written.
    const again = await results(await upload(server, [['copia.jpg', await phoneJpeg(1000, 500)]], { cookie }))
    expect(again[0]).toMatchObject({ ok: true, key: keys[0] })
    expect(filesIn(dir)).toHaveLength(2)
  })

  it('shows a stored photo through the image proxy at the site widths, with no metadata', async () => {
    const [stored] = await results(await upload(server, [['fachada.jpg', await phoneJpeg(1200, 800)]], { cookie }))
    if (!stored?.ok) throw new Error('upload failed')
    const response = await fetch(`${server.url}${imageUrl(`/photos/${stored.key}`, 400)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    const shown = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([shown.format, shown.width, shown.exif]).toEqual(['webp', 400, undefined])
    // Only the site's widths, and only stored keys.
    expect((await fetch(`${server.url}/_ipx/w_401&f_webp/photos/${stored.key}`)).status).toBe(400)
    expect((await fetch(`${server.url}${imageUrl(`/photos/${'0'.repeat(64)}.jpg`, 400)}`)).status).toBe(404)
    expect((await fetch(`${server.url}${imageUrl('/photos/..%2f..%2fpackage.json', 400)}`)).status).toBe(404)
  })

  it('takes an iPhone HEIC as a JPEG without its metadata, shown like any photo; a broken one is refused in Spanish', async () => {
    const before = filesIn(dir)
    const heic = heicPhoto()
    expect(heic.includes(Buffer.from(GPS_EXIF.IFD0.Make))).toBe(true) // the fixture does carry the phone's EXIF
    const [photo, cut, broken] = await results(
      await upload(server, [['IMG_0001.HEIC', heic, 'image/heic'], ['IMG_0002.HEIC', truncatedHeic(), 'image/heic'], ['IMG_0003.HEIC', heicWithBrokenPixels(), 'image/heic']], { cookie }),
    )
    expect(photo).toMatchObject({ ok: true, name: 'IMG_0001.HEIC', key: expect.stringMatching(/^[0-9a-f]{64}\.jpg$/), width: 96, height: 64 })
    expect(cut).toEqual({ ok: false, name: 'IMG_0002.HEIC', error: DAMAGED })
    expect(broken).toEqual({ ok: false, name: 'IMG_0003.HEIC', error: DAMAGED })
    const key = photo!.ok ? photo!.key : ''
    expect(filesIn(dir).filter((file) => !before.includes(file))).toEqual([key])

    // The stored original: the picture itself (red left, blue right), with nothing of the phone's.
    const original = await fetch(`${server.url}${imageUrl(`/photos/${key}`, 1200, 'jpeg')}`)
    expect(original.status).toBe(200)
    const bytes = Buffer.from(await original.arrayBuffer())
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
    const [left, right] = [at(Math.round(info.width * 0.2), info.height >> 1), at(Math.round(info.width * 0.8), info.height >> 1)]
    expect(left[0]! > 150 && left[2]! < 100, `left ${left}`).toBe(true)
    expect(right[2]! > 150 && right[0]! < 100, `right ${right}`).toBe(true)
    const shown = await sharp(bytes).metadata()
    expect([shown.exif, shown.xmp, shown.icc]).toEqual([undefined, undefined, undefined])
    expect(bytes.includes(Buffer.from(GPS_EXIF.IFD0.Make))).toBe(false)

    // Served at the site's widths and formats as a JPEG of the same picture is.
    const [jpeg] = await results(await upload(server, [['igual.jpg', await picture(96, 64).jpeg().toBuffer()]], { cookie }))
    const proxied = async (stored: typeof jpeg) => {
      const response = await fetch(`${server.url}${imageUrl(`/photos/${stored!.ok ? stored!.key : ''}`, 240)}`)
      expect(response.status).toBe(200)
      const { format, width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      return { type: response.headers.get('content-type'), format, width, height }
    }
    expect(await proxied(photo)).toEqual(await proxied(jpeg))
  })

  it('asks for at least one file', async () => {
    const response = await fetch(`${server.url}${PHOTOS_API_PATH}`, { method: 'POST', headers: { Origin: server.url, Cookie: cookie }, body: new FormData() })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: { code: 'no_files', message: 'Elige al menos una foto.' } })
  })
})

describe('photo upload on an S3-compatible bucket', { timeout: IMAGE_WORK_MS }, () => {
  let s3: LocalS3
  let server: RunningServer
  let cookie: string
  beforeAll(async () => {
    s3 = await startLocalS3()
    server = await servers.start({ photos: photoSettings({ s3: s3.settings }) })
    cookie = await signIn(server.url)
  }, withEmbeddedStarts(1))
  afterAll(async () => {
    await servers.closeAll()
    await s3?.close()
  })

  it('stores each photo once in the bucket and shows it through the image proxy', async () => {
    const bad = await badInputs()
    const answer = await results(await upload(server, [['casa.jpg', await phoneJpeg(800, 600)], ...bad.files, ['casa-otra-vez.jpg', await phoneJpeg(800, 600)]], { cookie }))
    const [first, ...rest] = answer
    const second = rest.pop()
    expect(first).toMatchObject({ ok: true, width: 600, height: 800 })
    expect(second).toEqual({ ...first, name: 'casa-otra-vez.jpg' })
    expect(rest.every((r) => !r.ok)).toBe(true)
    const key = first!.ok ? first!.key : ''
    expect(await s3.keys()).toEqual([`photos/${key}`])

    const response = await fetch(`${server.url}${imageUrl(`/photos/${key}`, 240, 'jpeg')}`)
    expect(response.status).toBe(200)
    const shown = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([shown.format, shown.width, shown.exif]).toEqual(['jpeg', 240, undefined])
  })

  describe('with a bucket that cannot be reached and a 1 MB cap', () => {
    let down: RunningServer
    let downCookie: string
    beforeAll(async () => {
      // A port nothing listens on: the store's first request fails.
      down = await servers.start({ photos: photoSettings({ maxBytes: 1024 * 1024, s3: { ...s3.settings, endpoint: 'http://127.0.0.1:9' } }) })
      downCookie = await signIn(down.url)
    }, withEmbeddedStarts(1))

    it('says so per file, and keeps nothing', async () => {
      const [result] = await results(await upload(down, [['casa.jpg', await pngPhoto(), 'image/png']], { cookie: downCookie }))
      expect(result).toEqual({ ok: false, name: 'casa.jpg', error: STORE_FAILED })
    })

    it('refuses a request heavier than four files at the cap, whole, in Spanish', async () => {
      const response = await upload(down, [['enorme.jpg', await heavyJpeg(5 * 1024 * 1024)]], { cookie: downCookie })
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({
        error: { code: 'too_large', message: 'Las fotos enviadas juntas pesan más de 4 MB. Envíalas en grupos más pequeños.' },
      })
    })
  })
})
