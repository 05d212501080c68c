// Static files (src/server/static.ts) over a real local HTTP server: the build's compressed copy
// next to a file (src/server/precompress.ts) is sent as it is, and a copy older than its file is not.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendFile } from '../../src/server/static'

const dir = mkdtempSync(join(tmpdir(), 'static-files-'))
const file = join(dir, 'app.js')
/** Long enough to be worth compressing. */
const source = `console.log(${JSON.stringify('a'.repeat(4096))})\n`
/** What the build's copies hold here: different from the file, so the test sees which one was sent. */
const built = `/* built */ ${source}`

let server: Server
let url: string
beforeAll(async () => {
  server = createServer((req, res) => void sendFile(res, file, { 'Cache-Control': 'public, max-age=31536000, immutable' }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app.js`
})
afterAll(() => {
  server.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The raw body and its encoding, undecoded (fetch would decode it). */
async function get(encoding: string) {
  return new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

describe('static files', () => {
  it("sends the build's brotli or gzip copy when it is as new as the file", async () => {
    writeFileSync(file, source)
    writeFileSync(`${file}.br`, brotliCompressSync(built))
    writeFileSync(`${file}.gz`, gzipSync(built))
    const br = await get('br, gzip')
    expect(br.encoding).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(built)
    const gz = await get('gzip')
    expect(gz.encoding).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(built)
    expect((await get('identity')).body.toString()).toBe(source)
  })

  it('compresses the file itself when its copy is older (a file changed after the build)', async () => {
    writeFileSync(file, source.replace('a', 'b'))
    const later = new Date(Date.now() + 60_000)
    utimesSync(file, later, later)
    const br = await get('br')
    expect(br.encoding).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(source.replace('a', 'b'))
  })
})
