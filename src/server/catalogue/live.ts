/**
 * The live catalogue (docs/live-site.md): the published catalogue this process serves on the site,
 * the API and the agent, reloaded from the database after a committed change (`changed()`), on a
 * message from another process (Redis), or when a slow fingerprint poll sees an edit made straight
 * in the database.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Catalogue } from '../../catalogue/model'
import type { Agency } from '../../shared/agency'
import { propertyPath } from '../../domain/site-paths'
import { listingPathOf, routingOf } from '../../shared/routes'
import type { Storage } from '../storage'
import type { CatalogueSnapshot, RenderedSite } from './rendered-site'

export interface LiveCatalogue {
  /** The published catalogue and who the agency is, as this process serves them now (site, API, agent). */
  current(): { version: string; catalogue: Catalogue; agency: Agency }
  /**
   * Call after a committed change: reloads from the database, re-renders the affected routes,
   * refreshes the agent's index, and tells the other processes (Redis). Resolves once this
   * process serves the change.
   */
  changed(): Promise<void>
  subscribe(listener: () => void): () => void
  /**
   * `listener` is called after a reload found any catalogue row changed, drafts included (what the
   * console's lists show), however this process heard of it: its own `changed()`, another
   * process's or an import's message, the poll.
   */
  onRowsChanged(listener: () => void): () => void
  close(): Promise<void>
}

/** The deployment's channel for catalogue changes (behind REDIS_PREFIX, as every shared key). */
export const CATALOGUE_CHANNEL = 'catalogue-changed'

/**
 * How often the database's catalogue is checked for an edit no process announced (a row changed
 * by hand, a script; an import straight into PostgreSQL announces itself on Redis): one digest query.
 */
export const CATALOGUE_POLL_MS = 30_000

/**
 * A message on the channel: what its sender now serves. `fingerprint` (catalogue-repo.ts) covers
 * every row, drafts too; `version` only the published catalogue (the message of a process that
 * predates the fingerprint). A process that serves the same reloads nothing.
 */
export interface CatalogueNews {
  from: string
  version?: string
  fingerprint?: string
}

/** The Redis side: a channel every process shares (src/server/redis.ts `channel`). */
export interface ChangeChannel {
  channel(name: string, onMessage: (message: string) => void): Promise<{ publish(message: string): Promise<void> }>
}

export interface LiveCatalogueOptions {
  storage: Storage
  /** The site's pages, swapped in the same moment as the catalogue; none when the server serves no site. */
  site?: (first: CatalogueSnapshot) => Promise<RenderedSite>
  redis?: ChangeChannel | null
  pollMs?: number
}

interface Loaded extends CatalogueSnapshot {
  fingerprint: string
}

/**
 * The published catalogue and its 301s, as the database has them now. `fingerprint`: one the
 * caller has just read (the poll's), read before the rows as this function would read it: a row
 * changed in between only makes the next poll reload once more.
 */
async function load(storage: Storage, known?: string): Promise<Loaded> {
  const fingerprint = known ?? (await storage.catalogue.fingerprint())
  const catalogue = await storage.catalogue.publishedCatalogue()
  const { redirects, archived } = await storage.catalogue.catalogueRedirects()
  // Who the agency is travels with the catalogue: one version, one reload, one message (docs/agency.md).
  const agency = await storage.agency.current()
  const rows = new Map(redirects.map((r) => [r.from, r.to]))
  // An archived property's page answers 301 to its listing, with or without a row saying so.
  for (const property of archived) if (!rows.has(propertyPath(property.slug))) rows.set(propertyPath(property.slug), listingPathOf(property.operation))
  const moved = followed(rows, new Set(routingOf(catalogue).paths))
  // The version is the content's digest: every process reading the same rows names it alike.
  const version = createHash('sha256').update(JSON.stringify([catalogue, [...moved], agency])).digest('base64url').slice(0, 16)
  return { version, catalogue, agency, redirects: moved, fingerprint }
}

/**
 * Each 301 straight to where its chain ends. A withdrawn record's older addresses point at its
 * address, which points at its section (catalogue-edit-repo.ts `withdraw`): a visitor gets one
 * 301 to the section, and the record published again gets them back. A chain stops at a page
 * (a live page wins over a row) and at a loop.
 */
export function followed(rows: ReadonlyMap<string, string>, pages: ReadonlySet<string>): Map<string, string> {
  const moved = new Map<string, string>()
  for (const [from, first] of rows) {
    let to = first
    const seen = new Set([from])
    while (!pages.has(to) && rows.has(to) && !seen.has(to)) {
      seen.add(to)
      to = rows.get(to)!
    }
    if (to !== from) moved.set(from, to)
  }
  return moved
}

export async function openLiveCatalogue({ storage, site: openSite, redis, pollMs = CATALOGUE_POLL_MS }: LiveCatalogueOptions): Promise<LiveCatalogue & { site: RenderedSite | null }> {
  let current = await load(storage)
  const site = openSite ? await openSite(current) : null
  const listeners = new Set<() => void>()
  const rowListeners = new Set<() => void>()
  const tell = (each: Set<() => void>) => {
    for (const listener of each) {
      try {
        listener()
      } catch (error) {
        console.error('[catalogue] a listener failed on a change:', error)
      }
    }
  }
  /** This process's id on the channel: its own messages are no news to it. */
  const self = randomUUID()
  let closed = false

  /** Reload now; resolves once this process serves what the database had when it started reading. */
  async function reload(fingerprint?: string): Promise<void> {
    if (closed) return
    const next = await load(storage, fingerprint)
    const rowsChanged = next.fingerprint !== current.fingerprint
    if (next.version === current.version) current = { ...current, fingerprint: next.fingerprint }
    else {
      const swapSite = site ? await site.prepare(next) : () => {}
      // One synchronous step: the site's pages, the catalogue (the API's and the agent's) and every
      // listener swap between two requests, never with one of them in between.
      swapSite()
      current = next
      tell(listeners)
    }
    if (rowsChanged) tell(rowListeners)
  }

  // One reload at a time. A change asked for while one runs waits for a reload that starts after
  // it (the running one may have read before the change committed); changes asked for meanwhile share it.
  // The poll's fingerprint is used only when every request sharing the reload came from a poll:
  // a changed() after a commit needs one read after that commit.
  let running: Promise<void> = Promise.resolve()
  let queued: Promise<void> | null = null
  let queuedFingerprint: string | undefined
  const reloadSoon = (fingerprint?: string): Promise<void> => {
    if (queued) {
      if (fingerprint === undefined) queuedFingerprint = undefined
      return queued
    }
    queuedFingerprint = fingerprint
    const next = running.then(() => {
      queued = null
      return reload(queuedFingerprint)
    })
    queued = next
    running = next.catch((error: unknown) => console.error('[catalogue] reload failed:', error))
    return next
  }

  const channel = redis
    ? await redis.channel(CATALOGUE_CHANNEL, (message) => {
        let news: Partial<CatalogueNews>
        try {
          news = JSON.parse(message) as typeof news
        } catch {
          return
        }
        const served = news.fingerprint !== undefined ? news.fingerprint === current.fingerprint : news.version === current.version
        if (news.from !== self && !served) void reloadSoon().catch(() => {})
      })
    : null

  /** The poll's check under way: closing waits for it, so it never reads a closed database. */
  let checking: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    checking = storage.catalogue
      .fingerprint()
      .then((fingerprint) => (fingerprint !== current.fingerprint ? reloadSoon(fingerprint) : undefined))
      .catch((error: unknown) => !closed && console.error('[catalogue] check failed:', error))
  }, pollMs).unref()

  return {
    site,
    current: () => ({ version: current.version, catalogue: current.catalogue, agency: current.agency }),
    async changed() {
      await reloadSoon()
      // The other processes reload on this message (each renders its own pages: docs/live-site.md#processes).
      const news: CatalogueNews = { from: self, version: current.version, fingerprint: current.fingerprint }
      await channel?.publish(JSON.stringify(news)).catch((error: unknown) => console.error('[catalogue] could not tell the other processes:', error))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    onRowsChanged(listener) {
      rowListeners.add(listener)
      return () => void rowListeners.delete(listener)
    },
    async close() {
      closed = true
      clearInterval(timer)
      site?.close()
      await checking
      await running
    },
  }
}
