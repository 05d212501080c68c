import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import { CHAT_IMAGE_WIDTH, IMAGE_WIDTHS, imageUrl } from '../../src/shared/images'
import { readCatalogue } from '../support/catalogue'
import { withEmbeddedStarts } from '../support/limits'
import { startTestServer } from '../support/server'

/**
 * The image proxy against issue 14's attacks (docs/behaviour.md#image-proxy): any size or format
 * computed fresh for anyone, and a traversal answered differently from a missing file.
 */
const demo = readCatalogue()
const sources = demo.properties.flatMap((p) => p.images.map((i) => i.src))
const TRANSFORMS_PER_MINUTE = 4
/** Room for about two transformed images: the bound must be felt. */
const CACHE_MAX_BYTES = 12 * 1024

let server: RunningServer
let cacheDir: string
beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'image-cache-'))
  server = await startTestServer({ images: { cacheDir, cacheMaxBytes: CACHE_MAX_BYTES, concurrency: 1, transformsPerMinute: TRANSFORMS_PER_MINUTE } })
}, withEmbeddedStarts(1))
afterAll(async () => {
  await server?.close()
  rmSync(cacheDir, { recursive: true, force: true })
})

const get = (path: string) => fetch(`${server.url}${path}`)
const cacheBytes = () => readdirSync(cacheDir).reduce((sum, name) => sum + statSync(join(cacheDir, name)).size, 0)

describe('image proxy', () => {
  it('answers a path outside content/images exactly like a missing file', async () => {
    const missing = await get('/_ipx/_/images/no-existe.svg')
    const outside = [
      '/_ipx/_/images/%2e%2e%2fcatalogue.json',
      '/_ipx/w_640&f_webp/images/%2e%2e%2fcatalogue.json',
      '/_ipx/w_640&f_webp/images/..%2f..%2fpackage.json',
      '/_ipx/w_640&f_webp/images/%2e%2e/catalogue.json',
    ]
    expect(missing.status).toBe(404)
    const missingBody = await missing.text()
    for (const path of outside) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toBe(missingBody)
    }
  })

  it('makes only the widths and formats the site and the agent use', async () => {
    const src = sources[0]!
    for (const modifiers of ['w_1600&f_avif', 'w_1601&f_webp', 'w_640&f_webp&q_100', 'w_640', '_', 'w_4000&f_png']) {
      expect((await get(`/_ipx/${modifiers}${src}`)).status, modifiers).toBe(400)
    }
    expect(IMAGE_WIDTHS.has(CHAT_IMAGE_WIDTH)).toBe(true)
    expect(cacheBytes()).toBe(0) // nothing was transformed
  })

  it('keeps transforms on a bounded disk cache and limits them per address', async () => {
    const first = await get(imageUrl(sources[0]!, 240))
    expect(first.status).toBe(200)
    const cachedFiles = readdirSync(cacheDir)
    expect(cachedFiles).toHaveLength(1)
    // The same image again: from the cache, not counted against the address.
    for (let i = 0; i < TRANSFORMS_PER_MINUTE + 2; i++) expect((await get(imageUrl(sources[0]!, 240))).status).toBe(200)
    expect(readdirSync(cacheDir)).toEqual(cachedFiles)
    // New outputs: TRANSFORMS_PER_MINUTE in all from one address, then 429 with Retry-After.
    const statuses: number[] = []
    for (const src of sources.slice(1, TRANSFORMS_PER_MINUTE + 1)) statuses.push((await get(imageUrl(src, 240))).status)
    expect(statuses).toEqual([...Array(TRANSFORMS_PER_MINUTE - 1).fill(200), 429])
    expect(cacheBytes()).toBeLessThanOrEqual(CACHE_MAX_BYTES)
  })
})
