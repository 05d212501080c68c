/**
 * How the server's text is compressed, one rule for the files it serves (src/server/static.ts),
 * the copies the build makes ahead of time (precompress.ts) and the console's streamed page.
 */
import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Files smaller than this are sent as they are (the headers would eat the gain). */
export const MIN_COMPRESS_BYTES = 1024

/** The build's compressed copy next to a file, by encoding (`widget.js.br`). */
export const PRECOMPRESSED_EXT: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/**
 * Static files get the best setting, once (`once`); bodies made per request a quick one.
 * `size` (bytes, when known) helps brotli size its window.
 */
export function compressionOptions(encoding: Encoding, once: boolean, size?: number): ZlibOptions & BrotliOptions {
  if (encoding === 'gzip') return { level: once ? 9 : 6 }
  return { params: { [constants.BROTLI_PARAM_QUALITY]: once ? 11 : 5, ...(size ? { [constants.BROTLI_PARAM_SIZE_HINT]: size } : {}) } }
}
