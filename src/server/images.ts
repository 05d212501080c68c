import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import { createIPX, ipxFSStorage, ipxHttpStorage, type IPXStorage } from 'ipx'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { parseImageModifiers, type ImageFormat } from '../shared/images'
import { SERVER_PATHS } from '../domain/site-paths'
import { PHOTO_KEY, type PhotoStore } from './media/store'
import { semaphore } from './semaphore'
import { resolveInside } from './static'

/** Images never change under one name (new photos get new names), so browsers may keep them a year. */
const IMAGE_MAX_AGE_S = 365 * 24 * 60 * 60
/** The local source folder, named in the URL: /_ipx/{modifiers}/images/{path}. */
const LOCAL_PREFIX = 'images/'
/** Uploaded photos (src/server/media), by key: /_ipx/{modifiers}/photos/{sha256}.jpg. */
const PHOTOS_PREFIX = 'photos/'
const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' }
/** When the cache is over its bound, it is trimmed to this share of it (not one file per write). */
const CACHE_TRIM_TO = 0.9
/** Transforms waiting for a turn beyond this are answered 503: a queue that long is an attack or an overload. */
const MAX_WAITING_TRANSFORMS = 64

export interface ImageProxyOptions {
  /** content/images: the only local files the proxy reads. */
  imagesDir: string
  /** Remote hosts it may fetch sources from (IMAGE_HOSTS). */
  allowedHosts: string[]
  /** Where transformed images are kept, and how many bytes at most (least recently used go first). */
  cacheDir: string
  cacheMaxBytes: number
  /** Transforms (sharp) running at once; the others wait their turn. */
  concurrency: number
  /** The server's one limit on sharp work (app.ts), shared with the photo uploads; its own of `concurrency` without it. */
  turns?: ReturnType<typeof semaphore>
  /** Transforms (cache misses) one address may cause per minute; cached images are not counted. */
  transformsPerMinute: number
  clientAddress: (req: IncomingMessage) => string
  /** The uploaded photos' store, when the server has one. */
  photos?: PhotoStore
}

/** ipx's view of the photo store: a photo's bytes never change under its key, so any age is right. */
function photoStorage(photos: PhotoStore): IPXStorage {
  const keyOf = (id: string) => id.replace(/^\//, '').slice(PHOTOS_PREFIX.length)
  return {
    name: 'ipx:photos',
    // Asked only after the proxy saw the photo stored (getData still answers a missing one as missing).
    getMeta: () => ({ maxAge: IMAGE_MAX_AGE_S }),
    getData: async (id) => {
      const data = await photos.get(keyOf(id))
      return data ? new Uint8Array(data).buffer : undefined
    },
  }
}

/** Transformed images on disk, bounded in bytes, least recently used evicted first. */
async function diskCache(dir: string, maxBytes: number) {
  await mkdir(dir, { recursive: true })
  /** key -> size, in use order (oldest first). */
  const entries = new Map<string, number>()
  let total = 0
  const files = await Promise.all(
    (await readdir(dir)).filter((name) => !name.endsWith('.tmp')).map(async (name) => ({ name, info: await stat(join(dir, name)).catch(() => null) })),
  )
  for (const { name, info } of files.sort((a, b) => (a.info?.atimeMs ?? 0) - (b.info?.atimeMs ?? 0))) {
    if (info?.isFile()) {
      entries.set(name, info.size)
      total += info.size
    }
  }
  const trim = async () => {
    for (const [key, size] of entries) {
      if (total <= maxBytes * CACHE_TRIM_TO) break
      entries.delete(key)
      total -= size
      await unlink(join(dir, key)).catch(() => {})
    }
  }
  await trim()
  return {
    async get(key: string): Promise<Buffer | null> {
      if (!entries.has(key)) return null
      const data = await readFile(join(dir, key)).catch(() => null)
      const size = entries.get(key)!
      entries.delete(key)
      if (data) entries.set(key, size) // now the most recently used
      else total -= size
      return data
    },
    async set(key: string, data: Buffer) {
      const path = join(dir, key)
      // Written aside then renamed: another process reading it never sees half a file.
      await writeFile(`${path}.${process.pid}.tmp`, data)
      await rename(`${path}.${process.pid}.tmp`, path)
      total += data.length - (entries.get(key) ?? 0)
      entries.delete(key)
      entries.set(key, data.length)
      if (total > maxBytes) await trim()
    },
  }
}

/**
 * The image proxy (docs/behaviour.md#image-proxy): /_ipx/w_640&f_webp/images/… resizes and
 * converts with ipx (sharp), only at the widths and formats of shared/images.ts, from
 * content/images or the configured remote hosts. Results are kept on disk; transforms run a few
 * at a time and are rate-limited per address. A path outside content/images and a missing file
 * are the same 404.
 */
export async function imageProxy(options: ImageProxyOptions) {
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: options.imagesDir, maxAge: IMAGE_MAX_AGE_S }),
    httpStorage: ipxHttpStorage({ domains: options.allowedHosts, maxAge: IMAGE_MAX_AGE_S }),
  })
  // Its own ipx, so no name in content/images can ever reach a photo or the other way round.
  const photoIpx = options.photos ? createIPX({ storage: photoStorage(options.photos) }) : undefined
  const cache = await diskCache(resolve(options.cacheDir), options.cacheMaxBytes)
  const turns = options.turns ?? semaphore(options.concurrency)
  const transforms = new RateLimiterMemory({ points: options.transformsPerMinute, duration: 60, keyPrefix: 'image-transform' })
  /** One transform per output, however many ask for it at once. */
  const inFlight = new Map<string, Promise<Buffer>>()
  const imagesRoot = resolve(options.imagesDir)

  const answer = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers })
    res.end(message)
  }
  const notFound = (res: ServerResponse) => answer(res, 404, 'Imagen no encontrada')

  /** The source's ipx id and a version that changes when the file does; null when there is no such image. */
  const sourceOf = async (source: string): Promise<{ id: string; version: string; ipx?: typeof ipx; stored?: () => Promise<boolean> } | null> => {
    if (source.startsWith(PHOTOS_PREFIX)) {
      const key = source.slice(PHOTOS_PREFIX.length)
      if (!photoIpx || !PHOTO_KEY.test(key)) return null
      // Named by their content's hash, the name is the version ('photo' keeps their cache keys apart
      // from content/images' size-mtime). Whether it is stored is asked only when the cache has no
      // copy: a bucket is not asked at every view.
      return { id: source, version: 'photo', ipx: photoIpx, stored: () => options.photos!.has(key) }
    }
    if (/^https?:\/\//.test(source)) {
      let host: string
      try {
        host = new URL(source).hostname
      } catch {
        return null
      }
      return options.allowedHosts.includes(host) ? { id: source, version: '' } : null
    }
    if (!source.startsWith(LOCAL_PREFIX)) return null
    const file = resolveInside(imagesRoot, source.slice(LOCAL_PREFIX.length)) // decodes, then checks
    if (!file || file === imagesRoot) return null
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    return { id: file.slice(imagesRoot.length + 1).split('\\').join('/'), version: `${info.size}-${info.mtimeMs}` }
  }

  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    // path: /_ipx/{modifiers}/{source}
    const rest = path.slice(SERVER_PATHS.images.length + 1)
    const slash = rest.indexOf('/')
    const source = slash > 0 ? await sourceOf(rest.slice(slash + 1)) : null
    if (!source) return notFound(res)
    const modifiers = parseImageModifiers(rest.slice(0, slash))
    if (!modifiers) return answer(res, 400, 'Tamaño o formato de imagen no disponible')

    const key = createHash('sha256').update(JSON.stringify([source.id, source.version, modifiers.width, modifiers.format])).digest('hex').slice(0, 40)
    const etag = `"${key}"`
    // Cross-origin: the agent's replies show them in the widget on other sites, cross-origin isolated ones (COEP) included.
    const headers = { 'Cache-Control': `public, max-age=${IMAGE_MAX_AGE_S}, immutable`, ETag: etag, 'Cross-Origin-Resource-Policy': 'cross-origin' }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers)
      return res.end()
    }
    let data = await cache.get(key)
    if (!data) {
      let work = inFlight.get(key)
      if (!work) {
        try {
          await transforms.consume(options.clientAddress(req))
        } catch {
          return answer(res, 429, 'Demasiadas solicitudes de imágenes. Intenta de nuevo en un minuto.', { 'Retry-After': '60' })
        }
        // After the rate limit: asking the store about made-up keys costs it a request (a bucket's HEAD).
        if (source.stored && !(await source.stored())) return notFound(res)
        if (turns.waiting >= MAX_WAITING_TRANSFORMS) return answer(res, 503, 'Servidor de imágenes ocupado', { 'Retry-After': '5' })
        work = turns.run(async () => {
          const { data } = await (source.ipx ?? ipx)(source.id, { w: String(modifiers.width), f: modifiers.format }).process()
          const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data)
          await cache.set(key, buffer)
          return buffer
        })
        inFlight.set(key, work)
        void work.then(
          () => inFlight.delete(key),
          () => inFlight.delete(key),
        )
      }
      data = await work
    }
    res.writeHead(200, { 'Content-Type': CONTENT_TYPES[modifiers.format], 'Content-Length': data.length, ...headers })
    res.end(req.method === 'HEAD' ? undefined : data)
  }
}
