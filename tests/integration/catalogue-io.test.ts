/**
 * `npm run catalogue -- export|import FILE` (docs/catalogue-io.md, issue 32): the round trip, what
 * an import adds, updates and never deletes unless asked, a bad record refused with nothing
 * written, on every storage; then the command beside a running server: through it on the
 * embedded database, on PostgreSQL directly, the change in GET /api/properties right after.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import type { CatalogueFile } from '../../src/catalogue/catalogue-file'
import type { Property } from '../../src/catalogue/model'
import { catalogueCommand, type CatalogueIo } from '../../src/server/catalogue/io'
import { askRunningServer } from '../../src/server/console/control'
import { DEV_BUSINESS_API_KEY } from '../../src/server/config'
import { diskPhotoStore, type PhotoStore } from '../../src/server/media/store'
import { readCatalogue } from '../support/catalogue'
import { client, collect, connected, newVisitor, send } from '../support/chat-client'
import { freshEmbeddedDir } from '../support/embedded'
import { withEmbeddedStarts } from '../support/limits'
import { pngPhoto } from '../support/photos'
import { POSTGRES_TEMPLATE_SCHEMA, withDatabase } from '../support/postgres-template'
import { startTestServer, testRedisPrefix } from '../support/server'
import { waitFor } from '../support/wait'
import { builtServerEntry, catalogueEntry, runEntry, startServerProcess, type ServerProcess } from '../support/server-process'
import { STORAGES } from './databases'

/** A whole catalogue imported through a running server, its images copied and every page rendered again: a minute under the whole suite's load. */
const IMPORT_WORK_MS = 180_000

const demo = readCatalogue()
const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalogo-'))
  folders.push(dir)
  return dir
}
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`)
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T
/** A demo property changed: a new price (and, with `over`, more). */
const changed = (index: number, over: Partial<Property> = {}): Property => ({ ...structuredClone(demo.properties[index]!), ...over })
/** A new property, in the demo's first zone and without a development. */
const fresh = (id: string, over: Partial<Property> = {}): Property => ({
  ...structuredClone(demo.properties[0]!),
  id,
  slug: `casa-de-la-agencia-${id}`,
  title: `Casa de la agencia ${id} en Tulipanes`,
  development: null,
  ...over,
})

describe.each(STORAGES)('npm run catalogue on $name', ({ open }) => {
  let storage: Awaited<ReturnType<typeof open>>
  let photos: PhotoStore
  let changes = 0
  const io = (): CatalogueIo => ({ db: storage.db, photos, contentDir: 'content', afterChange: async () => void changes++ })
  const run = (...args: string[]) => catalogueCommand(args, io())
  beforeAll(async () => {
    storage = await open()
  }, withEmbeddedStarts(1))
  afterAll(async () => {
    await storage.close()
    await storage.drop()
  })
  beforeAll(() => {
    photos = diskPhotoStore(join(folder(), 'photos'))
  })
  const property = async (id: string) =>
    (await storage.db.query<{ data: Property }>('SELECT data FROM properties WHERE id = $1', [id]))[0]?.data ?? null
  const propertyCount = async () => Number((await storage.db.query<{ n: string }>('SELECT count(*) AS n FROM properties'))[0]?.n)

  it('adds new records, updates changed ones by id, leaves the rest, and says so; the agent is refreshed only when something changed', async () => {
    const dir = folder()
    const before = await propertyCount()
    const cheaper = changed(1, { price: { amount: 1_234_000, currency: 'MXN' } })
    writeJson(join(dir, 'parte.json'), { properties: [cheaper, fresh('agencia-001'), demo.properties[2]] })
    changes = 0
    const output = await run('import', join(dir, 'parte.json'))
    expect(output).toContain('propiedades: 1 nuevas, 1 actualizadas, 1 sin cambios')
    expect(output).not.toContain('zonas')
    expect(changes).toBe(1)
    expect(await propertyCount()).toBe(before + 1)
    expect((await property(cheaper.id))?.price.amount).toBe(1_234_000)
    // Found by the search like any other: its row's search columns are written.
    const found = await storage.catalogue.searchProperties({ q: 'agencia-001', por_pagina: 48 })
    expect(found.items.map((p) => p.id)).toEqual(['agencia-001'])
    expect((await storage.catalogue.searchProperties({ precio_max: 1_300_000, zona: cheaper.zone, operacion: cheaper.operation })).items.map((p) => p.id)).toContain(cheaper.id)

    const again = await run('import', join(dir, 'parte.json'))
    expect(again).toContain('propiedades: 0 nuevas, 0 actualizadas, 3 sin cambios')
    expect(changes).toBe(1)
  })

  it('lets two properties swap their slugs in one import', async () => {
    const dir = folder()
    const [a, b] = [demo.properties[10]!, demo.properties[11]!]
    writeJson(join(dir, 'cambio.json'), { properties: [{ ...a, slug: b.slug }, { ...b, slug: a.slug }] })
    expect(await run('import', join(dir, 'cambio.json'))).toContain('propiedades: 0 nuevas, 2 actualizadas, 0 sin cambios')
    expect((await storage.catalogue.propertyBySlug(a.slug))?.id).toBe(b.id)
    writeJson(join(dir, 'vuelta.json'), { properties: [a, b] })
    await run('import', join(dir, 'vuelta.json'))
    expect((await storage.catalogue.propertyBySlug(a.slug))?.id).toBe(a.id)
  })

  it('makes a renamed zone findable by its new name: properties the file lacks and those it carries unchanged', async () => {
    const dir = folder()
    const zone = demo.zones.find((z) => demo.properties.filter((p) => p.zone === z.slug).length >= 2)!
    const [carried, lacked] = demo.properties.filter((p) => p.zone === zone.slug)
    const found = async (words: string) => (await storage.catalogue.searchProperties({ q: words, por_pagina: 48 })).items.map((p) => p.id)
    writeJson(join(dir, 'zona.json'), { zones: [{ ...zone, name: 'Colonia Quetzalcóatl' }], properties: [carried] })
    expect(await run('import', join(dir, 'zona.json'))).toContain('propiedades: 0 nuevas, 0 actualizadas, 1 sin cambios')
    expect(await found('quetzalcoatl')).toEqual(expect.arrayContaining([carried!.id, lacked!.id]))
    // Back as the demo has it, for the next tests.
    writeJson(join(dir, 'zona-demo.json'), { zones: [zone] })
    await run('import', join(dir, 'zona-demo.json'))
    expect(await found('quetzalcoatl')).toEqual([])
  })

  it('deletes what the file lacks only with --delete-missing, and only of the kinds the file lists', async () => {
    const dir = folder()
    const zones = (await storage.catalogue.zones()).length
    const keep = [changed(0), changed(3)]
    writeJson(join(dir, 'solo.json'), { properties: keep })
    await run('import', join(dir, 'solo.json'))
    expect(await propertyCount()).toBeGreaterThan(2)
    const output = await run('import', join(dir, 'solo.json'), '--delete-missing')
    expect(output).toMatch(/propiedades: 0 nuevas, 0 actualizadas, 2 sin cambios, \d+ borradas/)
    expect(await propertyCount()).toBe(2)
    expect((await storage.catalogue.zones()).length).toBe(zones)
    // Put the demo back for the next tests, whole.
    writeJson(join(dir, 'demo.json'), demo)
    await run('import', join(dir, 'demo.json'), '--delete-missing')
    expect(await propertyCount()).toBe(demo.properties.length)
  })

  it('refuses a file with bad records, one line each naming the record and the field, and writes nothing', async () => {
    const dir = folder()
    const before = await storage.catalogue.listingCatalogue()
    const photo = await pngPhoto()
    const good = fresh('agencia-002')
    const file = {
      properties: [
        changed(0, { price: { amount: -5, currency: 'MXN' } }),
        changed(1, { zone: 'atlantida' }),
        { ...changed(2), precio: 5 },
        good,
        fresh('agencia-003', { slug: demo.properties[4]!.slug }),
        changed(5, { images: [{ src: '/photos/abc.jpg', width: 10, height: 10, alt: 'Foto' }] }),
      ],
      zones: [{ ...demo.zones[0], name: 'Zona renombrada' }],
    }
    writeJson(join(dir, 'malo.json'), file)
    mkdirSync(join(dir, 'photos'), { recursive: true })
    writeFileSync(join(dir, 'photos', 'otra.png'), photo)
    await expect(run('import', join(dir, 'malo.json'))).rejects.toThrow(
      [
        `No se importó nada de ${join(dir, 'malo.json')}: 5 registros tienen errores. / Nothing was imported: 5 bad record(s).`,
        `propiedad ${demo.properties[0]!.id}: price.amount: El precio debe ser mayor que cero.`,
        `propiedad ${demo.properties[1]!.id}: zone: la zona «atlantida» no existe (ni en el archivo ni en el catálogo).`,
        `propiedad ${demo.properties[2]!.id}: precio: no es un campo de este tipo de registro.`,
        `propiedad agencia-003: slug: «${demo.properties[4]!.slug}» ya es el slug de la propiedad ${demo.properties[4]!.id}.`,
        `propiedad ${demo.properties[5]!.id}: images.0.src: «abc.jpg» no es la clave de una foto subida (<sha256>.jpg|png|webp).`,
      ].join('\n'),
    )
    expect(await storage.catalogue.listingCatalogue()).toEqual(before)
    expect(await property('agencia-002')).toBeNull()
  })

  it('round trip: the export imported elsewhere gives the same catalogue, uploaded photos included', async () => {
    const dir = folder()
    // An uploaded photo on a property of this catalogue.
    const photo = await photos.put(await pngPhoto(), 'png')
    const withPhoto = changed(6, { images: [{ src: `/photos/${photo.key}`, width: 40, height: 30, alt: 'Fachada de la casa' }, ...demo.properties[6]!.images] })
    writeJson(join(dir, 'foto.json'), { properties: [withPhoto] })
    await run('import', join(dir, 'foto.json'))

    const exported = join(dir, 'exportado', 'catalogo.json')
    expect(await run('export', exported)).toMatch(/^Catálogo exportado a .*: \d+ zonas, \d+ propiedades, \d+ desarrollos, \d+ artículos, \d+ productos; \d+ imágenes copiadas junto al archivo\.$/)
    expect(readFileSync(join(dir, 'exportado', 'photos', photo.key))).toEqual(await photos.get(photo.key))
    // A demo image copied byte for byte beside the file, under its site path.
    const demoImage = demo.properties[0]!.images[0]!.src
    expect(readFileSync(join(dir, 'exportado', demoImage))).toEqual(readFileSync(join('content', demoImage)))

    // Another database and another photo store, whose catalogue differs: made equal by the file.
    const other = await open()
    const otherPhotos = diskPhotoStore(join(folder(), 'photos'))
    try {
      const otherIo: CatalogueIo = { db: other.db, photos: otherPhotos, contentDir: 'content', afterChange: async () => {} }
      writeJson(join(dir, 'extra.json'), { properties: [fresh('solo-en-la-otra')] })
      await catalogueCommand(['import', join(dir, 'extra.json')], otherIo)
      await catalogueCommand(['import', exported, '--delete-missing'], otherIo)
      expect(await otherPhotos.has(photo.key)).toBe(true)
      const again = join(dir, 'otra', 'catalogo.json')
      await catalogueCommand(['export', again], otherIo)
      expect(readJson<CatalogueFile>(again)).toEqual(readJson<CatalogueFile>(exported))
      expect(readJson<CatalogueFile>(exported).properties.find((p) => p.id === withPhoto.id)).toEqual(withPhoto)
      // The same search over both.
      const query = { q: withPhoto.title.split(' ')[0], por_pagina: 48 }
      expect((await other.catalogue.searchProperties(query)).items).toEqual((await storage.catalogue.searchProperties(query)).items)
    } finally {
      await other.close()
      await other.drop()
    }
  })

  it('keeps drafts as drafts, and bumps the revision of what changed', async () => {
    await storage.db.query(`UPDATE properties SET updated_by = 'consola-ana', updated_at = '2026-01-01T00:00:00Z'`)
    const dir = folder()
    const draft = { ...fresh('borrador-001'), publication: 'borrador' as const }
    const archived = { ...changed(7), publication: 'archivada' as const }
    writeJson(join(dir, 'borradores.json'), { properties: [draft, archived, changed(8)] })
    expect(await run('import', join(dir, 'borradores.json'))).toContain('propiedades: 1 nuevas, 1 actualizadas, 1 sin cambios')
    const rows = await storage.db.query<{ id: string; publication: string; revision: number; updated_by: string | null; updated: boolean }>(
      `SELECT id, publication, revision, updated_by, updated_at > '2026-01-01T00:00:00Z' AS updated FROM properties WHERE id = ANY($1::text[]) ORDER BY id`,
      [[draft.id, archived.id, demo.properties[8]!.id]],
    )
    // Who changed it last: the import, nobody of the console; the unchanged row keeps its editor.
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.publication, r.revision, r.updated_by, r.updated]]))).toEqual({
      [draft.id]: ['borrador', 1, null, true],
      [archived.id]: ['archivada', 2, null, true],
      [demo.properties[8]!.id]: ['publicada', 1, 'consola-ana', false],
    })
    const exported = join(dir, 'exportado.json')
    await run('export', exported)
    const properties = readJson<CatalogueFile>(exported).properties
    expect(properties.find((p) => p.id === draft.id)).toEqual(draft)
    expect(properties.find((p) => p.id === archived.id)).toEqual(archived)
    expect(properties.find((p) => p.id === demo.properties[8]!.id)).not.toHaveProperty('publication')
  })
})

/** The command as `npm run catalogue` runs it, beside a server: the change served at once. */
describe('npm run catalogue beside a running server', () => {
  let entry: string
  beforeAll(async () => {
    entry = builtServerEntry()
  })
  const processes: ServerProcess[] = []
  afterEach(async () => {
    for (const p of processes.splice(0)) await p.crash()
  })
  const listed = async (url: string, q: string) => {
    const response = await fetch(`${url}/api/properties?q=${encodeURIComponent(q)}&por_pagina=48`, { headers: { 'X-Api-Key': DEV_BUSINESS_API_KEY } })
    return ((await response.json()) as { items: Property[] }).items
  }

  it('on the embedded database goes through the running server: GET /api/properties lists the import at once', { timeout: withEmbeddedStarts(2, IMPORT_WORK_MS) }, async () => {
    const db = freshEmbeddedDir()
    try {
      const env = { DATA_DIR: db.dir, PHOTOS_DIR: join(folder(), 'photos') }
      const server = await startServerProcess(entry, env)
      processes.push(server)
      const dir = folder()
      const added = fresh('servidor-001', { price: { amount: 2_222_000, currency: 'MXN' } })
      writeJson(join(dir, 'nueva.json'), { properties: [added] })
      const imported = await runEntry(catalogueEntry(entry), ['import', join(dir, 'nueva.json')], env)
      expect(imported).toMatchObject({ code: 0, stderr: '' })
      expect(imported.stdout).toContain('propiedades: 1 nuevas, 0 actualizadas, 0 sin cambios')
      expect((await listed(server.url, 'servidor-001')).map((p) => p.price.amount)).toEqual([2_222_000])

      // A bad file through the server: its lines, exit 1, nothing changed.
      writeJson(join(dir, 'mala.json'), { properties: [{ ...added, price: { amount: 0, currency: 'MXN' } }] })
      const refused = await runEntry(catalogueEntry(entry), ['import', join(dir, 'mala.json')], env)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain('propiedad servidor-001: price.amount: El precio debe ser mayor que cero.')
      expect((await listed(server.url, 'servidor-001')).map((p) => p.price.amount)).toEqual([2_222_000])

      const exported = await runEntry(catalogueEntry(entry), ['export', join(dir, 'todo.json')], env)
      expect(exported.code).toBe(0)
      expect(readJson<CatalogueFile>(join(dir, 'todo.json')).properties.map((p) => p.id)).toContain('servidor-001')

      // Without a server, the command opens the database itself.
      await server.stop()
      writeJson(join(dir, 'sin-servidor.json'), { properties: [{ ...added, price: { amount: 2_100_000, currency: 'MXN' } }] })
      expect(await runEntry(catalogueEntry(entry), ['import', join(dir, 'sin-servidor.json')], env)).toMatchObject({ code: 0 })
      const restarted = await startServerProcess(entry, env)
      processes.push(restarted)
      expect((await listed(restarted.url, 'servidor-001')).map((p) => p.price.amount)).toEqual([2_100_000])
    } finally {
      for (const p of processes.splice(0)) await p.crash()
      db.remove()
    }
  })

  it('an import through the server reaches the chat agent at once: a property marked vendida is no longer offered', { timeout: withEmbeddedStarts(1, IMPORT_WORK_MS) }, async () => {
    const db = freshEmbeddedDir()
    const server = await startTestServer({ dataDir: db.dir, replyDelayMs: 50 })
    try {
      const bodega = demo.properties.find((p) => p.slug === 'bodega-industrial-en-venta-en-el-poligono-sur')!
      const visitor = newVisitor()
      const socket = client(server.url, visitor)
      const replies = collect<unknown>(socket, 'response')
      const typing = collect<string>(socket, 'typing-state-widget')
      await connected(socket)
      const ask = async () => {
        const [before, turns] = [replies.length, typing.filter((t) => t === 'done').length]
        await send(socket, visitor, 'busco bodega en venta en polígono sur')
        await waitFor(() => typing.filter((t) => t === 'done').length > turns, 'the end of the agent turn')
        return JSON.stringify(replies.slice(before))
      }
      expect(await ask()).toContain(`/propiedad/${bodega.slug}`)

      const dir = folder()
      writeJson(join(dir, 'vendida.json'), { properties: [{ ...bodega, status: 'vendida' }] })
      const reply = await askRunningServer(db.dir, ['import', join(dir, 'vendida.json')], 'catalogue')
      expect(reply).toMatchObject({ ok: true })
      expect(await ask()).not.toContain(`/propiedad/${bodega.slug})`)
      socket.disconnect()
    } finally {
      await server.close()
      db.remove()
    }
  })

  const postgresUrl = process.env.TEST_DATABASE_URL
  it.skipIf(!postgresUrl)('on PostgreSQL writes the database directly: the running server lists the import at once', { timeout: withEmbeddedStarts(2, IMPORT_WORK_MS) }, async () => {
    const postgres = STORAGES.find((s) => s.name === 'PostgreSQL')!
    const place = `t_catalogo_${process.pid}_${Date.now()}`
    const storage = await postgres.open(place)
    const server = await startTestServer({ storage })
    try {
      const dir = folder()
      writeJson(join(dir, 'nueva.json'), { properties: [fresh('postgres-001')] })
      const url = inject('postgresTemplate') ? withDatabase(postgresUrl!, place) : postgresUrl!
      const env = { DATABASE_URL: url, DATABASE_SCHEMA: inject('postgresTemplate') ? POSTGRES_TEMPLATE_SCHEMA : place, PHOTOS_DIR: join(folder(), 'photos') }
      const imported = await runEntry(catalogueEntry(entry), ['import', join(dir, 'nueva.json')], env)
      expect(imported).toMatchObject({ code: 0, stderr: '' })
      expect((await listed(server.url, 'postgres-001')).map((p) => p.id)).toEqual(['postgres-001'])
    } finally {
      await server.close()
      await storage.close()
      await storage.drop()
    }
  })

  const redisUrl = process.env.TEST_REDIS_URL
  it.skipIf(!postgresUrl || !redisUrl)('on PostgreSQL with Redis tells the running servers, which serve the import at once', { timeout: withEmbeddedStarts(2) }, async () => {
    const postgres = STORAGES.find((s) => s.name === 'PostgreSQL')!
    const place = `t_catalogo_redis_${process.pid}_${Date.now()}`
    const storage = await postgres.open(place)
    const redisPrefix = testRedisPrefix()
    // The server's own check of the database is an hour away: only the command's message can bring it the import.
    const server = await startTestServer({ storage, redisUrl, redisPrefix, cataloguePollMs: 3_600_000 })
    try {
      const dir = folder()
      const added = fresh('redis-001')
      writeJson(join(dir, 'nueva.json'), { properties: [added] })
      const url = inject('postgresTemplate') ? withDatabase(postgresUrl!, place) : postgresUrl!
      const env = { DATABASE_URL: url, DATABASE_SCHEMA: inject('postgresTemplate') ? POSTGRES_TEMPLATE_SCHEMA : place, PHOTOS_DIR: join(folder(), 'photos'), REDIS_URL: redisUrl!, REDIS_PREFIX: redisPrefix }
      const imported = await runEntry(catalogueEntry(entry), ['import', join(dir, 'nueva.json')], env)
      expect(imported).toMatchObject({ code: 0, stderr: '' })
      expect(imported.stdout).toContain('Servidores avisados por Redis: 1.')
      // The page is the live catalogue's (the API reads the database on each request): it is there once the server reloaded.
      await expect.poll(async () => (await fetch(`${server.url}/propiedad/${added.slug}`)).status, { interval: 100, timeout: 60_000 }).toBe(200)
      expect(server.catalogue.current().catalogue.properties.map((p) => p.id)).toContain('redis-001')

      // A Redis that cannot be reached: the import stands, and the command says when the servers will see it.
      writeJson(join(dir, 'otra.json'), { properties: [fresh('redis-002')] })
      const unannounced = await runEntry(catalogueEntry(entry), ['import', join(dir, 'otra.json')], { ...env, REDIS_URL: 'redis://127.0.0.1:9' })
      expect(unannounced).toMatchObject({ code: 0, stderr: '' })
      expect(unannounced.stdout).toContain('propiedades: 1 nuevas')
      expect(unannounced.stdout).toMatch(/Aviso: no se pudo avisar a los servidores por Redis \(.+\); lo verán en su próxima revisión del catálogo, en 30 s como mucho\./)
    } finally {
      await server.close()
      await storage.close()
      await storage.drop()
    }
  })
})
