import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { diskPhotoStore, photoContentType } from '../../src/server/media/store'
import { filesIn, photoDirs } from '../support/photos'

const freshDir = photoDirs().fresh

describe('photos on disk', () => {
  it('stores a photo under the SHA-256 of its bytes, and the same bytes once', async () => {
    const dir = freshDir()
    const store = diskPhotoStore(dir)
    const bytes = Buffer.from('bytes of a photo')
    const hash = createHash('sha256').update(bytes).digest('hex')
    const first = await store.put(bytes, 'jpeg')
    expect(first).toEqual({ hash, key: `${hash}.jpg`, written: true })
    expect(await store.put(Buffer.from(bytes), 'jpeg')).toEqual({ ...first, written: false })
    expect(filesIn(dir)).toEqual([`${hash}.jpg`]) // no temporary file left beside it
    expect(await store.has(first.key)).toBe(true)
    expect((await store.get(first.key))?.equals(bytes)).toBe(true)
    expect(photoContentType(first.key)).toBe('image/jpeg')
  })

  it('keeps many uploads of the same photo at once to one file', async () => {
    const dir = freshDir()
    const store = diskPhotoStore(dir)
    const bytes = Buffer.alloc(256 * 1024, 7)
    const keys = new Set((await Promise.all(Array.from({ length: 8 }, () => store.put(bytes, 'png')))).map((r) => r.key))
    expect(keys.size).toBe(1)
    expect(filesIn(dir)).toHaveLength(1)
  })

  it('knows no key but its own: a path or a missing photo is simply not there', async () => {
    const store = diskPhotoStore(freshDir())
    for (const key of ['../../etc/passwd', 'a.jpg', `${'0'.repeat(64)}.jpg`, `${'0'.repeat(64)}.svg`]) {
      expect(await store.has(key), key).toBe(false)
      expect(await store.get(key), key).toBeNull()
    }
  })
})
