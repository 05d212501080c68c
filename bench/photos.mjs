// Issue 32's bench row: 10 phone photos of about 4 MB (12 MP JPEGs with GPS EXIF) through the
// upload pipeline as one request takes them (src/server/media/http.ts uploadOne: accept by the
// bytes, turn upright, re-encode without metadata, store by hash in a fresh folder), one after
// the other with the server's default of 2 decodes at once. Reports the seconds and the process's
// peak RSS above what it held before (sampled every 5 ms), in a process of its own so no other
// bench part's memory is counted.
//
//   node bench/photos.mjs            prints the figures as JSON
//
// Multipart parsing is not in it: the files are handed over as the route gets them from Hono.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { loadServerModules } from './server-modules.mjs'

const PHOTOS = 10
/** A 12 MP phone photo; gaussian noise of this strength at quality 85 weighs about 4 MB. */
const WIDTH = 4032
const HEIGHT = 3024
const NOISE_SIGMA = 20
const QUALITY = 85
const SAMPLE_MS = 5
const MB = 1024 * 1024

/** Ten different ~4 MB JPEGs as a phone writes them (orientation 6, GPS), from one noise field. */
async function phonePhotos() {
  const { data, info } = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#7a9', noise: { type: 'gaussian', mean: 128, sigma: NOISE_SIGMA } } })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const photos = []
  for (let i = 0; i < PHOTOS; i++) {
    data[i] ^= 0xff // each photo its own bytes, so none is stored as another's copy
    photos.push(
      await sharp(data, { raw: info })
        .jpeg({ quality: QUALITY })
        .withExif({ IFD0: { Make: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 9/1 4/1' } })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    )
  }
  return photos
}

async function measure() {
  const { uploadOne, semaphore, diskPhotoStore, DEFAULT_PHOTO_LIMITS, cleanup } = await loadServerModules('photos', {
    uploadOne: 'src/server/media/http.ts',
    semaphore: 'src/server/semaphore.ts',
    diskPhotoStore: 'src/server/media/store.ts',
    DEFAULT_PHOTO_LIMITS: 'src/server/media/limits.ts',
  })
  const dir = mkdtempSync(join(tmpdir(), 'bench-photos-'))
  try {
    const photos = await phonePhotos()
    const megabytes = photos.reduce((sum, p) => sum + p.length, 0) / MB / PHOTOS
    globalThis.gc?.()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), SAMPLE_MS)
    const deps = { settings: DEFAULT_PHOTO_LIMITS, store: diskPhotoStore(dir), turns: semaphore(2) }
    const started = performance.now()
    const results = []
    for (const [i, bytes] of photos.entries()) results.push(await uploadOne(`foto-${i}.jpg`, bytes, deps))
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    const failed = results.filter((r) => !r.ok)
    if (failed.length) throw new Error(`photos refused: ${JSON.stringify(failed)}`)
    return { photos: PHOTOS, megabytesEach: Number(megabytes.toFixed(2)), seconds: Number(seconds.toFixed(2)), peakRssMb: Math.round(peak / MB), peakAboveBeforeMb: Math.round((peak - before) / MB) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    cleanup()
  }
}

/** bench/run.mjs's photos part: the figures from a child process of their own (its peak RSS is the pipeline's alone), as rows. */
export async function photos({ row }) {
  const figures = JSON.parse(execFileSync(process.execPath, ['--expose-gc', 'bench/photos.mjs'], { encoding: 'utf8' }))
  row(`photos: ${figures.photos} phone photos of ${figures.megabytesEach} MB uploaded and processed`, figures.seconds, null, 's')
  row('photos: peak RSS of the process during them (ref: above the RSS before)', figures.peakRssMb, figures.peakAboveBeforeMb, 'MB')
  return figures
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await measure()))
