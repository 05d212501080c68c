/**
 * The catalogue's edit service (docs/catalogue.md): create, edit, duplicate and archive a record of
 * any kind, and change a property's status or price in one step, for a signed-in person of the
 * console. The record's own rules are the shared schema's (catalogue/schema.ts, checked by the
 * routes before this); here are the rules that need the database (a zone or development that
 * exists, a slug no other record has), who may do what, the revision check of two people saving
 * at once, the price drop, the history of every changed field and the 301s a changed or withdrawn
 * address leaves. Each change is one transaction; `afterChange` runs once it is committed.
 */
import { toMxn } from '../../catalogue/format'
import { UNIT_KINDS, type BlogPost, type Catalogue, type Product, type Property, type Zone } from '../../catalogue/model'
import { CATALOGUE_MESSAGES, hasPublication, priceProblem, statusProblem, type RecordInput } from '../../catalogue/schema'
import { SLUG_MAX_LENGTH } from '../../catalogue/slug'
import type { ConsoleAccount } from '../../protocol/console'
import {
  STALE_MESSAGES,
  type CatalogueKind,
  type CatalogueRecords,
  type Editable,
  type EditablePage,
  type Publication,
  type QuickChangeRequest,
} from '../../protocol/catalogue'
import { blogPath, propertyPath } from '../../domain/site-paths'
import { LISTING_PAGES, resolveRoute, type KnownSlugs } from '../../shared/routes'
import type { Actor, CatalogueEditRepository, CatalogueEditTx, CatalogueListFilter, FieldChange, StoredRecord } from '../storage/catalogue-edit-repo'
import { errorLine, log } from '../safe-log'

/** A refusal: the HTTP status and code of the console's error shape (api/errors.ts), in Spanish. */
export interface EditRefusal {
  ok: false
  status: 400 | 403 | 404 | 409
  code: 'invalid_request' | 'forbidden' | 'not_found' | 'stale'
  message: string
  fields?: Record<string, string>
}
export type EditResult<T> = { ok: true; value: T } | EditRefusal

/** Who asks: their account (role and permission) as the session gives it. */
export type Editor = Pick<ConsoleAccount, 'id' | 'name' | 'role' | 'canPublish'>

export const EDIT_MESSAGES = {
  forbidden:
    'Tu cuenta puede preparar borradores, pero no publicar, archivar ni cambiar lo que ya está publicado. Pide a un administrador el permiso de publicar.',
  notFound: 'No existe ese registro. Quizá alguien lo cambió de dirección: vuelve a la lista.',
  notArchivable: 'Las zonas y las páginas de producto siempre están publicadas: no se archivan.',
} as const

/** Where a withdrawn record's old address sends a visitor (its section of the site). */
const SECTION_OF: Partial<Record<CatalogueKind, (record: never) => string>> = {
  properties: (p: Property) => Object.entries(LISTING_PAGES).find(([, query]) => query.operacion === p.operation)![0],
  developments: () => '/desarrollos-inmobiliarios-cancun',
  posts: () => '/blog',
}

/** The public paths of a record (a development's page and its unit pages). */
function pathsOf(kind: CatalogueKind, record: CatalogueRecords[CatalogueKind]): string[] {
  switch (kind) {
    case 'properties':
      return [propertyPath(record.slug)]
    case 'posts':
      return [blogPath(record.slug)]
    case 'developments':
      return [`/${record.slug}`, ...UNIT_KINDS.map((unit) => `/${record.slug}/${unit}`)]
    case 'products':
      return [`/${record.slug}`]
    case 'zones':
      return (record as Zone).path ? [(record as Zone).path!] : []
  }
}

/** Where each kind's records are in a `Catalogue` (the shape of content/catalogue.json). */
const CATALOGUE_FIELD: Readonly<Record<CatalogueKind, keyof Catalogue>> = {
  properties: 'properties',
  developments: 'developments',
  posts: 'blog',
  zones: 'zones',
  products: 'products',
}

/** The key of a record in the API's paths: a property's id, any other kind's slug. */
export const keyOf = (kind: CatalogueKind, record: CatalogueRecords[CatalogueKind]) => (kind === 'properties' ? (record as Property).id : record.slug)

/** Fields the service keeps itself: never a line of the history. */
const UNTRACKED = new Set(['id', 'createdAt', 'updatedAt', 'priceDrop'])

/** The fields that differ between two versions of a record (compared as JSON), and the publication. */
export function changedFields(before: StoredRecord<object> | null, after: { record: object; publication: Publication }): FieldChange[] {
  const old = (before?.record ?? {}) as Record<string, unknown>
  const next = after.record as Record<string, unknown>
  const changes: FieldChange[] = []
  for (const field of new Set([...Object.keys(old), ...Object.keys(next)])) {
    if (UNTRACKED.has(field)) continue
    if (JSON.stringify(old[field] ?? null) !== JSON.stringify(next[field] ?? null)) changes.push({ field, old: old[field] ?? null, new: next[field] ?? null })
  }
  if (before?.publication !== after.publication) changes.push({ field: 'publication', old: before?.publication ?? null, new: after.publication })
  return changes
}

/**
 * The price drop a new price leaves (docs/catalogue.md#price-drop): a lower price (compared in
 * pesos) records the old one and when; a higher one clears it; the same price keeps what was.
 */
export function priceDropAfter(before: Property, price: Property['price'], now: Date): Property['priceDrop'] {
  const was = toMxn(before.price.amount, before.price.currency)
  const is = toMxn(price.amount, price.currency)
  if (is < was) return { previous: before.price, at: now.toISOString() }
  if (is > was) return null
  return before.priceDrop ?? null
}

const editable = <T>(s: StoredRecord<T>): Editable<T> => ({ ...s })
const refuse = (status: EditRefusal['status'], code: EditRefusal['code'], message: string, fields?: Record<string, string>): EditRefusal => ({
  ok: false,
  status,
  code,
  message,
  ...(fields ? { fields } : {}),
})
const invalid = (fields: Record<string, string>) => refuse(400, 'invalid_request', Object.values(fields)[0]!, fields)

/** Nothing known: resolveRoute then says which root paths are the site's own pages. */
const NOTHING: KnownSlugs = { products: new Set(), developments: new Set(), posts: new Set(), properties: new Set(), zonePages: new Set() }

export interface CatalogueEditsOptions {
  repo: CatalogueEditRepository
  /** Called once after every committed change (the live site's `changed()`; the agent's refresh until then). */
  afterChange: () => Promise<unknown>
  clock?: () => Date
}

export function catalogueEdits(options: CatalogueEditsOptions) {
  const { repo } = options
  const clock = options.clock ?? (() => new Date())
  const actorOf = (editor: Editor): Actor => ({ id: editor.id, name: editor.name })

  /** Whether `editor` may take a record from `from` to `to` (null: a new record). */
  function allowed(kind: CatalogueKind, editor: Editor, from: Publication | null, to: Publication): boolean {
    if (editor.role === 'admin' || editor.canPublish) return true
    // An asesor without the permission prepares drafts only: zones and products are always live.
    return hasPublication(kind) && to === 'borrador' && (from === null || from === 'borrador')
  }

  /** The checks that read the database: the zone and development named exist, the slug is free. */
  async function databaseProblems(tx: CatalogueEditTx, kind: CatalogueKind, record: CatalogueRecords[CatalogueKind], ownKey: string | null): Promise<Record<string, string>> {
    const fields: Record<string, string> = {}
    const zone = kind === 'properties' || kind === 'developments' ? (record as Property).zone : kind === 'products' ? (record as Product).filter.zone : undefined
    if (zone && !(await tx.exists('zones', zone))) fields[kind === 'products' ? 'filter.zone' : 'zone'] = CATALOGUE_MESSAGES.zoneMissing
    const development = kind === 'properties' ? (record as Property).development : kind === 'products' ? (record as Product).filter.development : undefined
    if (development && !(await tx.exists('developments', development))) {
      fields[kind === 'products' ? 'filter.development' : 'development'] = CATALOGUE_MESSAGES.developmentMissing
    }
    const owner = await tx.slugOwner(kind, record.slug)
    if (owner !== null && owner !== ownKey) fields.slug = CATALOGUE_MESSAGES.slugTaken
    else if ((kind === 'developments' || kind === 'products') && record.slug !== ownKey) {
      // (Their key is the slug: one kept is no new claim, as the fixed residential page's own.)
      // /{slug} is a development's or a product's page: neither may take the other's, nor a page of the site.
      const other = kind === 'developments' ? 'products' : 'developments'
      const root = resolveRoute(`/${record.slug}`, NOTHING)
      if ((await tx.slugOwner(other, record.slug)) !== null || root.status === 'ok' || root.status === 'redirect') fields.slug = CATALOGUE_MESSAGES.slugTakenRoot
    }
    const path = kind === 'zones' ? (record as Zone).path : null
    if (path) {
      const holder = await tx.zoneWithPath(path)
      const root = resolveRoute(path, NOTHING)
      if ((holder !== null && holder !== ownKey) || root.status === 'ok' || root.status === 'redirect') fields.path = CATALOGUE_MESSAGES.pathTaken
    }
    return fields
  }

  /** The stored record of the input: the fields the service keeps (id, dates, price drop) added. */
  async function completeRecord<K extends CatalogueKind>(tx: CatalogueEditTx, kind: K, input: RecordInput<K>, before: CatalogueRecords[K] | null, now: Date): Promise<CatalogueRecords[K]> {
    const iso = now.toISOString()
    if (kind === 'properties') {
      const p = input as RecordInput<'properties'>
      const old = before as Property | null
      const priceDrop = old ? priceDropAfter(old, p.price, now) : null
      const property: Property = {
        id: old?.id ?? (await tx.nextPropertyId()),
        ...p,
        createdAt: old?.createdAt ?? iso,
        updatedAt: iso,
        ...(priceDrop ? { priceDrop } : {}),
      }
      return property as CatalogueRecords[K]
    }
    if (kind === 'posts') {
      const p = input as RecordInput<'posts'>
      const post: BlogPost = { ...p, publishedAt: p.publishedAt ?? (before as BlogPost | null)?.publishedAt ?? iso, updatedAt: iso }
      return post as CatalogueRecords[K]
    }
    return input as unknown as CatalogueRecords[K]
  }

  /**
   * The redirects of a change (docs/catalogue.md#redirects). Rows pointing at a record's current
   * path are its older addresses: a changed address the public knew answers the new one, and the
   * rows follow it (no chains); a withdrawn one (archived, back to draft) answers its section with
   * a row of its own, leaving the older rows pointing at it (the live site follows them to the
   * section), so a record published again gets all its addresses back.
   */
  async function redirects(tx: CatalogueEditTx, kind: CatalogueKind, before: StoredRecord<CatalogueRecords[CatalogueKind]> | null, after: StoredRecord<CatalogueRecords[CatalogueKind]>) {
    const oldPaths = before ? pathsOf(kind, before.record) : []
    const newPaths = pathsOf(kind, after.record)
    // Known to the public: its page was, or a path of it answers or receives a 301 (public before it went back to draft).
    let known = before !== null && before.publication !== 'borrador'
    for (const [i, path] of oldPaths.entries()) {
      const next = newPaths[i]
      if (!next || next === path || !(known || (await tx.redirected(path)))) continue
      await tx.redirect(path, next)
      known = true
    }
    if (after.publication === 'publicada') {
      for (const path of newPaths) await tx.live(path)
      return
    }
    // Withdrawn: the addresses the public knew go to the record's section until it is published again.
    const section = SECTION_OF[kind]
    if (!section || !known) return
    const to = section(after.record as never)
    for (const path of newPaths) await tx.withdraw(path, to)
  }

  /** Store a new or changed record, its history and redirects, in the caller's transaction. */
  async function store<K extends CatalogueKind>(
    tx: CatalogueEditTx,
    kind: K,
    before: StoredRecord<CatalogueRecords[K]> | null,
    record: CatalogueRecords[K],
    publication: Publication,
    editor: Editor,
  ): Promise<StoredRecord<CatalogueRecords[K]>> {
    const actor = actorOf(editor)
    const oldKey = before ? keyOf(kind, before.record) : null
    const after = before ? await tx.update(kind, oldKey!, record, publication, actor) : await tx.insert(kind, record, publication, actor)
    const newKey = keyOf(kind, after.record)
    if (kind === 'zones' || kind === 'developments') {
      // Properties, developments and products naming it follow a new slug, and their search text a new name.
      const renamed = before && (oldKey !== newKey || (before.record as Zone).name !== (after.record as Zone).name)
      if (renamed) await tx.followRename(kind, oldKey!, newKey)
    }
    if (oldKey !== null && oldKey !== newKey) await tx.moveHistory(kind, oldKey, newKey)
    await tx.recordHistory(kind, newKey, before ? changedFields(before, after) : [{ field: 'created', old: null, new: publication }], actor)
    await redirects(tx, kind, before as never, after as never)
    return after
  }

  /** Run a change in one transaction, then tell the live side once it is committed. */
  async function change<T>(work: (tx: CatalogueEditTx) => Promise<EditResult<T>>): Promise<EditResult<T>> {
    const result = await repo.edit(async (tx) => {
      const outcome = await work(tx)
      // A refusal found midway stores nothing: leave by throwing, so the transaction rolls back.
      if (!outcome.ok) throw new Refused(outcome)
      return outcome
    }).catch((error: unknown) => {
      if (error instanceof Refused) return error.refusal
      throw error
    })
    if (result.ok) {
      try {
        await options.afterChange()
      } catch (error) {
        log.error('catalogue-after-change', `[catálogo] a change was saved but the live refresh failed: ${errorLine(error)}`)
      }
    }
    return result
  }

  /** The same kind of write for a new record and an edited one, after its checks. */
  async function save<K extends CatalogueKind>(
    tx: CatalogueEditTx,
    kind: K,
    before: StoredRecord<CatalogueRecords[K]> | null,
    input: RecordInput<K>,
    publication: Publication,
    editor: Editor,
  ): Promise<EditResult<Editable<CatalogueRecords[K]>>> {
    if (!allowed(kind, editor, before?.publication ?? null, publication)) return refuse(403, 'forbidden', EDIT_MESSAGES.forbidden)
    const record = await completeRecord(tx, kind, input, before?.record ?? null, clock())
    const problems = await databaseProblems(tx, kind, record, before ? keyOf(kind, before.record) : null)
    if (Object.keys(problems).length) return invalid(problems)
    return { ok: true, value: editable(await store(tx, kind, before, record, publication, editor)) }
  }

  /** A copy's slug: the original's with "-copia", then "-copia-2"…, the first no record has. */
  async function copySlug(tx: CatalogueEditTx, kind: CatalogueKind, slug: string): Promise<string> {
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '-copia' : `-copia-${n}`
      const candidate = `${slug.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`
      if ((await tx.slugOwner(kind, candidate)) === null) return candidate
    }
  }

  return {
    async list<K extends CatalogueKind>(kind: K, filter: CatalogueListFilter): Promise<EditablePage<CatalogueRecords[K]>> {
      const { items, total } = await repo.list(kind, filter)
      return { items: items.map(editable), total, page: filter.page, pageSize: filter.pageSize }
    },
    async get<K extends CatalogueKind>(kind: K, key: string): Promise<Editable<CatalogueRecords[K]> | null> {
      const found = await repo.get(kind, key)
      return found && editable(found)
    },
    history: (kind: CatalogueKind, key: string) => repo.history(kind, key),
    /**
     * What «Vista previa» renders: the published catalogue with this record as saved (a draft
     * included) in place of its public version, and the record's page (the first of its paths).
     */
    async previewOf(kind: CatalogueKind, key: string, published: Catalogue): Promise<{ catalogue: Catalogue; path: string } | null> {
      const found = await repo.get(kind, key)
      const path = found && pathsOf(kind, found.record)[0]
      if (!found || !path) return null
      const field = CATALOGUE_FIELD[kind]
      const others = (published[field] as CatalogueRecords[CatalogueKind][]).filter((record) => keyOf(kind, record) !== key)
      return { catalogue: { ...published, [field]: [found.record, ...others] }, path }
    },
    choices: () => repo.choices(),

    create<K extends CatalogueKind>(kind: K, input: RecordInput<K>, publication: Publication | undefined, editor: Editor) {
      const target: Publication = hasPublication(kind) ? (publication ?? 'borrador') : 'publicada'
      return change((tx) => save(tx, kind, null, input, target, editor))
    },

    /** PUT: the whole record, from the revision the person started from. */
    update<K extends CatalogueKind>(kind: K, key: string, input: RecordInput<K>, publication: Publication | undefined, revision: number, editor: Editor) {
      return change<Editable<CatalogueRecords[K]>>(async (tx) => {
        const before = await tx.get(kind, key, true)
        if (!before) return refuse(404, 'not_found', EDIT_MESSAGES.notFound)
        if (before.revision !== revision) return refuse(409, 'stale', STALE_MESSAGES[kind])
        const target: Publication = hasPublication(kind) ? (publication ?? before.publication) : 'publicada'
        return save(tx, kind, before, input, target, editor)
      })
    },

    /** PATCH from the list: a property's status or price, one step (the same checks as a whole save). */
    quickChange(id: string, request: QuickChangeRequest, editor: Editor) {
      return change<Editable<Property>>(async (tx) => {
        const before = await tx.get('properties', id, true)
        if (!before) return refuse(404, 'not_found', EDIT_MESSAGES.notFound)
        if (before.revision !== request.revision) return refuse(409, 'stale', STALE_MESSAGES.properties)
        if (!allowed('properties', editor, before.publication, before.publication)) return refuse(403, 'forbidden', EDIT_MESSAGES.forbidden)
        const price = request.price ?? before.record.price
        const status = request.status ?? before.record.status
        const problems = {
          ...(request.price && priceProblem(price, before.record.operation) ? { 'price.amount': priceProblem(price, before.record.operation)! } : {}),
          ...(request.status && statusProblem(status, before.record.operation) ? { status: statusProblem(status, before.record.operation)! } : {}),
        }
        if (Object.keys(problems).length) return invalid(problems)
        const { id: _id, createdAt: _c, updatedAt: _u, priceDrop: _d, ...input } = before.record
        const record = await completeRecord(tx, 'properties', { ...input, status, price }, before.record, clock())
        return { ok: true, value: editable(await store(tx, 'properties', before, record, before.publication, editor)) }
      })
    },

    /** A copy as a draft (zones and products have none: their copy is live, and a zone's copy has no page yet). */
    duplicate<K extends CatalogueKind>(kind: K, key: string, editor: Editor) {
      return change<Editable<CatalogueRecords[K]>>(async (tx) => {
        const source = await tx.get(kind, key)
        if (!source) return refuse(404, 'not_found', EDIT_MESSAGES.notFound)
        const target: Publication = hasPublication(kind) ? 'borrador' : 'publicada'
        if (!allowed(kind, editor, null, target)) return refuse(403, 'forbidden', EDIT_MESSAGES.forbidden)
        const copy = { ...source.record, slug: await copySlug(tx, kind, source.record.slug) } as Record<string, unknown>
        if ('title' in copy && kind !== 'products') copy.title = `${String(copy.title).slice(0, 110)} (copia)`
        else if ('name' in copy) copy.name = `${String(copy.name).slice(0, 70)} (copia)`
        if (kind === 'zones') copy.path = null
        if (kind === 'posts') copy.publishedAt = null
        if (kind === 'properties') {
          delete copy.id
          delete copy.priceDrop
          copy.featured = false
        }
        const record = await completeRecord(tx, kind, copy as RecordInput<K>, null, clock())
        return { ok: true, value: editable(await store(tx, kind, null, record, target, editor)) }
      })
    },

    archive<K extends CatalogueKind>(kind: K, key: string, editor: Editor) {
      return change<Editable<CatalogueRecords[K]>>(async (tx) => {
        if (!hasPublication(kind)) return refuse(400, 'invalid_request', EDIT_MESSAGES.notArchivable)
        const before = await tx.get(kind, key, true)
        if (!before) return refuse(404, 'not_found', EDIT_MESSAGES.notFound)
        if (!allowed(kind, editor, before.publication, 'archivada')) return refuse(403, 'forbidden', EDIT_MESSAGES.forbidden)
        if (before.publication === 'archivada') return { ok: true, value: editable(before) }
        const record = (kind === 'properties' || kind === 'posts' ? { ...before.record, updatedAt: clock().toISOString() } : before.record) as CatalogueRecords[K]
        return { ok: true, value: editable(await store(tx, kind, before, record, 'archivada', editor)) }
      })
    },
  }
}

/** A refusal thrown out of a transaction so that it rolls back. */
class Refused extends Error {
  constructor(readonly refusal: EditRefusal) {
    super(refusal.message)
  }
}

export type CatalogueEdits = ReturnType<typeof catalogueEdits>
