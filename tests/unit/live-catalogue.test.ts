// The live catalogue's reloads (src/server/catalogue/live.ts, docs/live-site.md#live) over a
// storage that counts its reads: the poll's check reads the fingerprint once, and a change of any
// row (a draft too) is told to the row listeners, while the published version's listeners hear
// only of a published change.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Catalogue } from '../../src/catalogue/model'
import { followed, openLiveCatalogue } from '../../src/server/catalogue/live'
import type { Storage } from '../../src/server/storage'
import { readAgency, readCatalogue } from '../support/catalogue'

const demo = readCatalogue()

/** A database whose catalogue the test changes: `rows` is what the fingerprint digests. */
function fakeDatabase() {
  const db = { rows: 'r1', published: demo as Catalogue, reads: { fingerprint: 0, published: 0 } }
  const storage = {
    catalogue: {
      fingerprint: async () => (db.reads.fingerprint++, db.rows),
      publishedCatalogue: async () => (db.reads.published++, db.published),
      catalogueRedirects: async () => ({ redirects: [], archived: [] }),
    },
    agency: { current: async () => readAgency() },
  } as unknown as Storage
  return { db, storage }
}

const POLL_MS = 30_000
afterEach(() => vi.useRealTimers())

describe('the live catalogue', () => {
  it('reloads on the poll with the fingerprint it read, reading it once', async () => {
    vi.useFakeTimers()
    const { db, storage } = fakeDatabase()
    const live = await openLiveCatalogue({ storage, pollMs: POLL_MS })
    const before = live.current().version
    expect(db.reads).toEqual({ fingerprint: 1, published: 1 })

    const rows = new Promise<void>((resolve) => live.onRowsChanged(resolve))
    const published = vi.fn()
    live.subscribe(published)
    db.rows = 'r2'
    db.published = { ...demo, properties: demo.properties.slice(1) }
    await vi.advanceTimersByTimeAsync(POLL_MS)
    await rows
    expect(db.reads).toEqual({ fingerprint: 2, published: 2 })
    expect(live.current().version).not.toBe(before)
    expect(published).toHaveBeenCalledTimes(1)
    await live.close()
  })

  it('tells the row listeners of a draft\'s change, which leaves the published version as it was', async () => {
    const { db, storage } = fakeDatabase()
    const live = await openLiveCatalogue({ storage, pollMs: POLL_MS })
    const before = live.current().version
    const rows = vi.fn()
    const published = vi.fn()
    live.onRowsChanged(rows)
    live.subscribe(published)

    db.rows = 'r2' // a draft saved: its row changed, nothing published did
    await live.changed()
    expect(rows).toHaveBeenCalledTimes(1)
    expect(published).not.toHaveBeenCalled()
    expect(live.current().version).toBe(before)

    await live.changed() // nothing changed since: no news
    expect(rows).toHaveBeenCalledTimes(1)
    await live.close()
  })

  it('sends each old address straight to where its chain ends, stopping at a page, and drops a loop', () => {
    const rows = new Map([
      ['/propiedad/a', '/propiedad/b'], // an older address of b
      ['/propiedad/b', '/venta-cancun'], // b archived
      ['/propiedad/c', '/propiedad/d'],
      ['/propiedad/d', '/venta-cancun'], // a stale row: d is a page again
      ['/propiedad/x', '/propiedad/y'],
      ['/propiedad/y', '/propiedad/x'],
    ])
    expect(Object.fromEntries(followed(rows, new Set(['/propiedad/d'])))).toEqual({
      '/propiedad/a': '/venta-cancun',
      '/propiedad/b': '/venta-cancun',
      '/propiedad/c': '/propiedad/d',
      '/propiedad/d': '/venta-cancun',
      // x and y send to each other: neither answers a 301 a browser would follow forever.
    })
  })
})
