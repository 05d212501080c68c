/**
 * HEIC, the iPhone's own format, decoded to pixels (issue 32). sharp's prebuilt libvips reads a
 * HEIC's header but has no HEVC decoder (left out for patents), so the pixels come from libheif
 * compiled to WebAssembly (the heic-decode package), and sharp does the rest as for any photo
 * (process.ts). The decoding runs in a thread of its own (heic-worker.ts), started per photo:
 * a 12 MP photo is a second or more of CPU that would otherwise stop the chat and every request,
 * and the WebAssembly heap, which grows to the largest photo and never shrinks, goes with it.
 */
import { Worker } from 'node:worker_threads'

export interface HeicPixels {
  width: number
  height: number
  /** Interleaved RGBA, 8 bits a channel, turned as the file says (its irot/imir boxes). */
  data: Uint8Array
}

export type HeicReply = HeicPixels | { error: string }
export interface HeicRequest {
  bytes: Uint8Array
  maxPixels: number
}

/** Built beside the server's bundle (scripts/esbuild-node.mjs); run from the sources, the built one (as storage/database.ts finds its thread). */
const WORKER_SCRIPT = new URL(import.meta.url.endsWith('.ts') ? '../../../dist/server/heic-worker.mjs' : './heic-worker.mjs', import.meta.url)

/** The pixels of a HEIC's image; rejects when it cannot be decoded or declares more than `maxPixels`. */
export function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<HeicPixels> {
  return new Promise((resolve, reject) => {
    // libheif prints why a file failed; the caller says it to the person in Spanish (accept.ts DAMAGED).
    const worker = new Worker(WORKER_SCRIPT, { stdout: true, stderr: true })
    worker.stdout.resume()
    worker.stderr.resume()
    // A decoding under way does not keep a closing process alive.
    worker.unref()
    let answered = false
    worker.once('message', (reply: HeicReply) => {
      answered = true
      void worker.terminate()
      if ('error' in reply) reject(new Error(`HEIC: ${reply.error}`))
      else resolve(reply)
    })
    worker.once('error', (error) => {
      answered = true
      reject(error)
    })
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the HEIC thread stopped (exit code ${code})`))
    })
    worker.postMessage({ bytes, maxPixels } satisfies HeicRequest)
  })
}
