/**
 * Build step (Node): the build's static text files compressed once, next to them (`x.js.br`,
 * `x.js.gz`), with the server's own rule (compression.ts): the server sends these instead of
 * compressing on a visitor's request, so the first visitor after a deploy does not wait for
 * brotli's best setting.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip } from 'node:zlib'
import { compressionOptions, MIN_COMPRESS_BYTES, PRECOMPRESSED_EXT, type Encoding } from './compression'

const COMPRESS: Record<Encoding, (body: Buffer, options: object) => Promise<Buffer>> = { br: promisify(brotliCompress), gzip: promisify(gzip) }

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else yield path
  }
}

/** Writes the compressed copies of every file under `root` that `include` accepts; returns how many. */
export async function precompress(root: string, include: (path: string) => boolean): Promise<number> {
  const files: { path: string; body: Buffer }[] = []
  for await (const path of walk(root)) if (include(path)) files.push({ path, body: await readFile(path) })
  const worth = files.filter(({ body }) => body.length >= MIN_COMPRESS_BYTES)
  const encodings = Object.keys(PRECOMPRESSED_EXT) as Encoding[]
  await Promise.all(
    worth.flatMap(({ path, body }) =>
      encodings.map(async (encoding) => writeFile(path + PRECOMPRESSED_EXT[encoding], await COMPRESS[encoding](body, compressionOptions(encoding, true, body.length)))),
    ),
  )
  return worth.length
}
