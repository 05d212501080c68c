// The build's static text files compressed once, next to them (`x.js.br`, `x.js.gz`): the server
// sends these instead of compressing on a visitor's request, so the first visitor after a deploy
// does not wait for brotli's best setting.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The same settings and threshold the server uses for static files (src/server/static.ts). */
const MIN_COMPRESS_BYTES = 1024
const PRECOMPRESSED = [
  { ext: '.br', compress: (body) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) },
  { ext: '.gz', compress: (body) => gzipAsync(body, { level: 9 }) },
]

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else yield path
  }
}

/** Writes the compressed copies of every file under `root` that `include` accepts; returns how many. */
export async function precompress(root, include) {
  const files = []
  for await (const path of walk(root)) if (include(path)) files.push({ path, body: await readFile(path) })
  const worth = files.filter(({ body }) => body.length >= MIN_COMPRESS_BYTES)
  await Promise.all(worth.flatMap(({ path, body }) => PRECOMPRESSED.map(async ({ ext, compress }) => writeFile(path + ext, await compress(body)))))
  return worth.length
}
