import { readFile, stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { compressionOptions, MIN_COMPRESS_BYTES, PRECOMPRESSED_EXT, type Encoding } from './compression'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

/** The file under `root` that `urlPath` names, or null when it would leave `root`. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const path = normalize(join(root, decoded))
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : null
}

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path)] ?? 'application/octet-stream'
}

/** Text worth compressing: HTML, JS, CSS, JSON, SVG, XML, plain text. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/

/** Compressed copies of unchanged files, made once (the build's files never change while served). */
const compressedFiles = new Map<string, { mtimeMs: number; body: Buffer }>()

export function preferredEncoding(res: ServerResponse): Encoding | null {
  const accepted = String(res.req?.headers['accept-encoding'] ?? '')
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
}

/** The build's compressed copy of `path`, when there is one at least as new as the file. */
async function precompressed(path: string, encoding: Encoding, mtimeMs: number): Promise<Buffer | null> {
  const copy = path + PRECOMPRESSED_EXT[encoding]
  const info = await stat(copy).catch(() => null)
  return info && info.mtimeMs >= mtimeMs ? readFile(copy).catch(() => null) : null
}

function compress(body: Buffer, encoding: Encoding, once: boolean): Buffer {
  const options = compressionOptions(encoding, once, body.length)
  return encoding === 'gzip' ? gzipSync(body, options) : brotliCompressSync(body, options)
}

/**
 * Send a file (brotli or gzip when the client accepts it and the type is text); false when it
 * does not exist (the caller answers 404). `transform` rewrites text files per request.
 */
export async function sendFile(
  res: ServerResponse,
  path: string,
  headers: Record<string, string> = {},
  transform?: (text: string) => string,
): Promise<boolean> {
  let mtimeMs: number
  try {
    ;({ mtimeMs } = await stat(path))
  } catch {
    return false
  }
  const type = headers['Content-Type'] ?? contentType(path)
  const encoding = COMPRESSIBLE.test(type) ? preferredEncoding(res) : null
  const key = `${encoding}:${path}`
  // An unchanged static file already compressed (here or by the build): sent without compressing it again.
  let ready: Buffer | null = null
  if (encoding && !transform) {
    const cached = compressedFiles.get(key)
    ready = cached && cached.mtimeMs === mtimeMs ? cached.body : await precompressed(path, encoding, mtimeMs)
    if (ready) compressedFiles.set(key, { mtimeMs, body: ready })
  }
  let payload: Buffer
  if (ready) payload = ready
  else {
    try {
      payload = await readFile(path)
    } catch {
      return false
    }
    if (transform) payload = Buffer.from(transform(payload.toString('utf8')))
  }
  const compressed = encoding !== null && (ready !== null || payload.length >= MIN_COMPRESS_BYTES)
  if (compressed && !ready) {
    payload = compress(payload, encoding, !transform)
    if (!transform) compressedFiles.set(key, { mtimeMs, body: payload })
  }
  res.writeHead(res.statusCode || 200, {
    'Content-Type': type,
    'Content-Length': payload.length,
    Vary: 'Accept-Encoding',
    ...(compressed ? { 'Content-Encoding': encoding } : {}),
    ...headers,
  })
  res.end(res.req?.method === 'HEAD' ? undefined : payload)
  return true
}

/** Compressed copies of one body the server made and sends again unchanged (a rendered payload), by encoding. */
export type CompressedCopies = Partial<Record<Encoding, Buffer>>

/**
 * Send a body made here (a rendered page or payload): compressed when the client accepts it and
 * the type is text. `copies` keeps the compressed copies of a body sent again unchanged; without
 * it (a page filled per request) the quick setting is used each time.
 */
export function sendBody(res: ServerResponse, body: string, headers: Record<string, string> & { 'Content-Type': string }, copies?: CompressedCopies): void {
  const encoding = COMPRESSIBLE.test(headers['Content-Type']) ? preferredEncoding(res) : null
  let payload: Buffer = Buffer.from(body)
  const compressed = encoding !== null && payload.length >= MIN_COMPRESS_BYTES
  if (compressed) payload = copies?.[encoding] ?? compress(payload, encoding, false)
  if (compressed && copies) copies[encoding] = payload
  res.writeHead(res.statusCode || 200, {
    'Content-Length': payload.length,
    Vary: 'Accept-Encoding',
    ...(compressed ? { 'Content-Encoding': encoding } : {}),
    ...headers,
  })
  res.end(res.req?.method === 'HEAD' ? undefined : payload)
}

/** Whether the request's If-None-Match names `etag` (the client's copy is current: a 304). */
export function notModified(res: ServerResponse, etag: string): boolean {
  const header = res.req?.headers['if-none-match']
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}
