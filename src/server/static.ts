import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

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

/** Send a file; false when it does not exist (the caller answers 404). */
export async function sendFile(
  res: ServerResponse,
  path: string,
  headers: Record<string, string> = {},
  transform?: (text: string) => string,
): Promise<boolean> {
  let body: Buffer
  try {
    body = await readFile(path)
  } catch {
    return false
  }
  const payload = transform ? Buffer.from(transform(body.toString('utf8'))) : body
  res.writeHead(res.statusCode || 200, { 'Content-Type': contentType(path), 'Content-Length': payload.length, ...headers })
  res.end(payload)
  return true
}
