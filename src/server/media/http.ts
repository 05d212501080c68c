/**
 * POST /consola/api/photos (issue 32): a signed-in console session sends one or many photos in a
 * multipart body; each is accepted or refused on its own (accept.ts), made safe to publish
 * (process.ts) and stored once by its hash (store.ts). The answer has one result per file, so a
 * refused file never takes the others with it, and nothing of a refused file is stored.
 * Stored photos are shown through the image proxy (images.ts) at /_ipx/{modifiers}/photos/{key}.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { PHOTOS_API_PATH, type PhotoUploadAnswer, type PhotoUploadResult } from '../../protocol/photos'
import { apiError } from '../api/errors'
import type { PhotoSettings } from '../config'
import { sameOrigin } from '../console/origin'
import { createSessions, signedInAccount, tokenFromCookies } from '../console/sessions'
import { errorLine, log } from '../safe-log'
import { semaphore } from '../semaphore'
import type { Storage } from '../storage'
import { acceptPhoto, DAMAGED } from './accept'
import { processPhoto } from './process'
import { diskPhotoStore, s3PhotoStore, type PhotoStore } from './store'

/** Files one request may carry at their heaviest: the console sends a few at a time, with a bar each. */
const FILES_PER_REQUEST_AT_MOST_WEIGHT = 4
/** Room for the multipart boundaries and headers around the files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024
/**
 * Requests whose files are read and processed at once. Waiting ones are not read: their bodies
 * wait in the sockets (TCP holds them back), so memory stays at this many requests' files.
 */
const UPLOADS_AT_ONCE = 2
/** Beyond this many waiting, the server is answered busy: the console retries those files. */
const UPLOADS_WAITING_AT_MOST = 16
export const BUSY = 'El servidor está ocupado con otras fotos. Intenta de nuevo en unos segundos.'
export const STORE_FAILED = 'No se pudo guardar la foto. Intenta de nuevo.'
export const NO_FILES = 'Elige al menos una foto.'

export interface PhotoRoutesOptions {
  settings: PhotoSettings
  storage: Pick<Storage, 'sessions' | 'accounts'>
  sessionIdleMs: number
  /** PUBLIC_URL, for the same-origin check of the console's other writes. */
  publicUrl: () => string | undefined
  /** The server's one limit on sharp work, shared with the image proxy (app.ts): photos decoded and images transformed at once. */
  turns: ReturnType<typeof semaphore>
  /** A store of the caller's; the configured folder or bucket by default. */
  store?: PhotoStore
}

export function openPhotoStore(settings: PhotoSettings): PhotoStore {
  return settings.s3 ? s3PhotoStore({ ...settings.s3, prefix: 'photos/' }) : diskPhotoStore(settings.dir)
}

/** One uploaded file through the pipeline: its result, and the store touched only when it passed. */
export async function uploadOne(
  name: string,
  bytes: Uint8Array,
  deps: { settings: Pick<PhotoSettings, 'maxBytes' | 'maxPixels'>; store: PhotoStore; turns: ReturnType<typeof semaphore> },
): Promise<PhotoUploadResult> {
  const accepted = await acceptPhoto(bytes, deps.settings)
  if (!accepted.ok) return { ok: false, name, error: accepted.error }
  let processed
  try {
    processed = await deps.turns.run(() => processPhoto(bytes, accepted.format, deps.settings))
  } catch {
    // The header was sound but the pixels are not (truncated, corrupt): the sharp error says no more.
    return { ok: false, name, error: DAMAGED }
  }
  try {
    const { key } = await deps.store.put(processed.bytes, processed.format)
    return { ok: true, name, key, width: processed.width, height: processed.height }
  } catch (error) {
    log.error('photo-store', `[fotos] storing a photo failed: ${errorLine(error)}`)
    return { ok: false, name, error: STORE_FAILED }
  }
}

export function photoRoutes(options: PhotoRoutesOptions) {
  const { settings } = options
  const store = options.store ?? openPhotoStore(settings)
  const sessions = createSessions(options.storage.sessions, options.sessionIdleMs)
  const { turns } = options
  const uploads = semaphore(UPLOADS_AT_ONCE)
  const requestMaxBytes = settings.maxBytes * FILES_PER_REQUEST_AT_MOST_WEIGHT + MULTIPART_OVERHEAD_BYTES
  const app = new Hono()

  app.post(
    PHOTOS_API_PATH,
    async (c, next) => {
      c.header('Cache-Control', 'no-store')
      if (!sameOrigin(c.req.header('origin'), c.req.header('host'), options.publicUrl())) return apiError(c, 403, 'bad_origin', 'Origen no permitido.')
      // Checked before the body is read: without a session not a byte of it is taken in.
      const account = await signedInAccount(sessions, options.storage.accounts, tokenFromCookies(c.req.header('cookie')))
      if (!account) return apiError(c, 401, 'no_session', 'Tu sesión terminó. Vuelve a iniciar sesión.')
      await next()
    },
    bodyLimit({
      maxSize: requestMaxBytes,
      onError: (c) =>
        apiError(c, 413, 'too_large', `Las fotos enviadas juntas pesan más de ${Math.floor(requestMaxBytes / 1024 / 1024)} MB. Envíalas en grupos más pequeños.`),
    }),
    async (c) => {
      if (uploads.waiting >= UPLOADS_WAITING_AT_MOST) {
        c.header('Retry-After', '5')
        return apiError(c, 503, 'busy', BUSY)
      }
      return uploads.run(async () => {
        const form = await c.req.parseBody({ all: true }).catch(() => null)
        if (!form) return apiError(c, 400, 'invalid_request', NO_FILES)
        const files = Object.values(form)
          .flat()
          .filter((value): value is File => typeof value !== 'string')
        if (files.length === 0) return apiError(c, 400, 'no_files', NO_FILES)
        const results: PhotoUploadResult[] = []
        // One after the other: a request's memory is its files plus one photo's pixels.
        for (const file of files) results.push(await uploadOne(file.name, new Uint8Array(await file.arrayBuffer()), { settings, store, turns }))
        return c.json({ results } satisfies PhotoUploadAnswer)
      })
    },
  )

  return {
    store,
    /** The route as a Hono app, mounted by the server's root app (root-app.ts). */
    app,
    /** Photos decoding right now and waiting, for tests and the bench. */
    turns,
  }
}
