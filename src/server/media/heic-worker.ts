/**
 * The HEIC decoding thread (heic.ts): one photo in, its RGBA pixels out (moved, not copied), or
 * why not. The image's size is read from the file before any pixel is decoded, so a photo over
 * the pixel cap costs nothing here either. Built beside the server's bundle (scripts/esbuild-node.mjs).
 */
import { parentPort } from 'node:worker_threads'
import decode from 'heic-decode'
import type { HeicReply, HeicRequest } from './heic'

/** heic-decode's list: each image's size before decoding, and dispose() to free libheif's handles (its typings leave both out). */
type Images = (Awaited<ReturnType<typeof decode.all>>[number] & { width: number; height: number })[] & { dispose(): void }

parentPort?.once('message', async ({ bytes, maxPixels }: HeicRequest) => {
  const reply = (message: HeicReply, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer)
  try {
    const images = (await decode.all({ buffer: bytes })) as Images
    try {
      // The first top-level image is the photo: a phone's depth map and gain map are auxiliary images, not listed.
      const image = images[0]
      if (!image) return reply({ error: 'no image in the file' })
      if (image.width * image.height > maxPixels) return reply({ error: `${image.width} × ${image.height} is over the pixel cap` })
      const { width, height, data } = await image.decode()
      const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      reply({ width, height, data: pixels }, [pixels.buffer as ArrayBuffer])
    } finally {
      images.dispose()
    }
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) })
  }
})
