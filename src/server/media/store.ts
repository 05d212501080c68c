/**
 * Where photo originals live (issue 32): once each, named by the SHA-256 of their bytes, so a
 * second upload of the same photo finds it there and writes nothing, and a name never changes
 * what it points to (the image proxy and browsers may keep copies forever). A folder on disk by
 * default; an S3-compatible bucket when PHOTOS_S3_BUCKET is set.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import { STORED_CONTENT_TYPES, STORED_EXTENSIONS, type StoredFormat } from './process'

export interface PhotoStore {
  /** Stores `bytes` unless a photo with the same bytes is there already; either way its key. */
  put(bytes: Buffer, format: StoredFormat): Promise<{ hash: string; key: string; written: boolean }>
  /** The bytes under `key`, or null when there is no such photo (or the key is no photo key). */
  get(key: string): Promise<Buffer | null>
  has(key: string): Promise<boolean>
}

/** `<sha256 hex>.<jpg|png|webp>`: the only keys a store knows; anything else is not there. */
export const PHOTO_KEY = /^([0-9a-f]{64})\.(jpg|png|webp)$/
const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.entries(STORED_EXTENSIONS).map(([format, ext]) => [ext, STORED_CONTENT_TYPES[format as StoredFormat]]),
)
export const photoContentType = (key: string) => CONTENT_TYPE_BY_EXTENSION[PHOTO_KEY.exec(key)?.[2] ?? ''] ?? 'application/octet-stream'

function keyOf(bytes: Buffer, format: StoredFormat) {
  const hash = createHash('sha256').update(bytes).digest('hex')
  return { hash, key: `${hash}.${STORED_EXTENSIONS[format]}` }
}

/** Photos in `dir`, in folders of the hash's first two characters (no folder holds them all). */
export function diskPhotoStore(dir: string): PhotoStore {
  const root = resolve(dir)
  const pathOf = (key: string) => join(root, key.slice(0, 2), key)
  const has = async (key: string) => PHOTO_KEY.test(key) && !!(await stat(pathOf(key)).catch(() => null))?.isFile()
  return {
    has,
    async get(key) {
      if (!PHOTO_KEY.test(key)) return null
      return readFile(pathOf(key)).catch(() => null)
    },
    async put(bytes, format) {
      const { hash, key } = keyOf(bytes, format)
      if (await has(key)) return { hash, key, written: false }
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Written aside then renamed: no reader, and no crash, ever leaves half a photo under its name.
      const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
      try {
        await writeFile(temporary, bytes)
        await rename(temporary, path)
      } catch (error) {
        await unlink(temporary).catch(() => {})
        throw error
      }
      return { hash, key, written: true }
    },
  }
}

export interface S3PhotoSettings {
  bucket: string
  /** An S3-compatible service's URL (MinIO, R2, Spaces…); AWS's own when absent. */
  endpoint?: string | undefined
  region: string
  /** Both or neither: without them the SDK's usual chain (AWS_* variables, roles) decides. */
  accessKeyId?: string | undefined
  secretAccessKey?: string | undefined
  /** Objects go under this prefix in the bucket, e.g. "photos/". */
  prefix?: string
}

type Sdk = typeof import('@aws-sdk/client-s3')
/** The SDK takes about 0.3 s to load: a server without a bucket never pays it, one with pays it at the first photo. */
let sdk: Promise<Sdk> | undefined
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'))

const notFound = (error: unknown) => {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
  const name = (error as { name?: string } | null)?.name
  return status === 404 || name === 'NotFound' || name === 'NoSuchKey'
}

/** Photos in an S3-compatible bucket, with the SDK the product runs in production. */
export function s3PhotoStore(settings: S3PhotoSettings, client?: S3Client): PhotoStore {
  let opened: Promise<{ s3: S3Client; sdk: Sdk }> | undefined
  const open = () =>
    (opened ??= loadSdk().then((sdk) => ({
      sdk,
      s3:
        client ??
        new sdk.S3Client({
          region: settings.region,
          ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
          ...(settings.accessKeyId && settings.secretAccessKey
            ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
            : {}),
        }),
    })))
  const Bucket = settings.bucket
  const objectKey = (key: string) => `${settings.prefix ?? ''}${key}`
  const has = async (key: string) => {
    if (!PHOTO_KEY.test(key)) return false
    const { s3, sdk } = await open()
    try {
      await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }))
      return true
    } catch (error) {
      if (notFound(error)) return false
      throw error
    }
  }
  return {
    has,
    async get(key) {
      if (!PHOTO_KEY.test(key)) return null
      const { s3, sdk } = await open()
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }))
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null
      } catch (error) {
        if (notFound(error)) return null
        throw error
      }
    },
    async put(bytes, format) {
      const { hash, key } = keyOf(bytes, format)
      if (await has(key)) return { hash, key, written: false }
      const { s3, sdk } = await open()
      // One PUT is atomic in S3: the object is whole or absent.
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: STORED_CONTENT_TYPES[format],
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
      return { hash, key, written: true }
    },
  }
}
