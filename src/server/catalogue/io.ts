/**
 * `npm run catalogue -- export FILE` and `import FILE` (issue 32, docs/catalogue-io.md): the whole
 * catalogue as one JSON file in the shape of content/catalogue.json (catalogue/catalogue-file.ts),
 * its images beside the file in folders named as their paths on the site (FILE's folder holds
 * photos/<key> and images/…). The command runs in the server that holds the embedded database
 * (console/control.ts) or on the database itself (cli.ts); this module does the work either way.
 *
 * An import checks everything before it writes anything: each record against the schema, keys
 * repeated in the file, zones and developments a record names, slugs another property holds,
 * each image beside the file or already stored. One line per bad record, and nothing written.
 */
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { FILE_KIND_NAMES, FILE_KINDS, imagesOf, PUBLISHED, type CatalogueFile, type FileKind } from '../../catalogue/catalogue-file'
import type { ControlReply } from '../console/control'
import { PHOTO_KEY, type PhotoStore } from '../media/store'
import { STORED_EXTENSIONS, type StoredFormat } from '../media/process'
import { SettingError } from '../setting-error'
import { CatalogueRefused, catalogueImportRepository, type ImportCounts } from '../storage/catalogue-import-repo'
import type { Database } from '../storage/database'

export const CATALOGUE_USAGE = [
  'Uso: npm run catalogue -- <orden>',
  '  export <archivo.json>   escribe todo el catálogo (también borradores y archivados) y copia sus imágenes junto al archivo',
  '  import <archivo.json> [--delete-missing]   agrega y actualiza lo que trae el archivo; con --delete-missing también borra lo que no trae',
].join('\n')

export interface CatalogueIo {
  db: Database
  /** Where uploaded photos live (media/store.ts): the folder or bucket the server uses. */
  photos: PhotoStore
  /** The demo images' folder: `/images/x.svg` is `<contentDir>/images/x.svg` (content/). */
  contentDir: string
  /**
   * Called after an import changed something, so running servers serve it at once: the server's
   * own live catalogue (app.ts), or a message on Redis from the command (cli.ts). A line it
   * answers is printed after the import's summary.
   */
  afterChange: () => Promise<string | void>
}

const PLURALS: Record<FileKind, string> = { zones: 'zonas', properties: 'propiedades', developments: 'desarrollos', blog: 'artículos', products: 'productos' }
/** The ending of «nuevas», «actualizados» for each kind's noun. */
const ENDING: Record<FileKind, string> = { zones: 'as', properties: 'as', developments: 'os', blog: 'os', products: 'os' }
const FORMAT_BY_EXTENSION = new Map(Object.entries(STORED_EXTENSIONS).map(([format, extension]) => [extension, format as StoredFormat]))

/** Where an image of the site is beside FILE: its path on the site under FILE's folder. */
const besideFile = (folder: string, src: string) => join(folder, ...src.split('/').filter(Boolean))
const exists = async (path: string) => !!(await stat(path).catch(() => null))?.isFile()

/** Writes `text` to `path` whole or not at all (aside, then renamed). */
async function writeWhole(path: string, data: string | Buffer) {
  await mkdir(dirname(path), { recursive: true })
  const aside = `${path}.${process.pid}.tmp`
  await writeFile(aside, data)
  await rename(aside, path)
}

/** The whole catalogue into `file`, its images beside it; the text to print. */
export async function exportCatalogue(io: CatalogueIo, file: string): Promise<string> {
  const path = resolve(file)
  const folder = dirname(path)
  const catalogue = await catalogueImportRepository(io.db).readAll()
  const missing: string[] = []
  const seen = new Set<string>()
  let copied = 0
  for (const kind of FILE_KIND_NAMES) {
    for (const record of catalogue[kind] as unknown as Record<string, unknown>[]) {
      for (const { field, src } of imagesOf(kind, record)) {
        if (seen.has(src)) continue
        seen.add(src)
        const target = besideFile(folder, src)
        const photo = /^\/photos\/(.+)$/.exec(src)?.[1]
        const source = join(io.contentDir, ...src.split('/').filter(Boolean))
        if (photo) {
          const bytes = await io.photos.get(photo)
          if (!bytes) {
            missing.push(`Aviso: ${label(kind, record)}: ${field}: la foto ${src} no está en el almacén de fotos; no se copió.`)
            continue
          }
          await writeWhole(target, bytes)
        } else if (await exists(source)) {
          await mkdir(dirname(target), { recursive: true })
          await copyFile(source, target)
        } else {
          missing.push(`Aviso: ${label(kind, record)}: ${field}: la imagen ${src} no está en ${io.contentDir}; no se copió.`)
          continue
        }
        copied++
      }
    }
  }
  await writeWhole(path, `${JSON.stringify(catalogue, null, 2)}\n`)
  const counts = FILE_KIND_NAMES.map((kind) => `${catalogue[kind].length} ${PLURALS[kind]}`).join(', ')
  return [`Catálogo exportado a ${path}: ${counts}; ${copied} imágenes copiadas junto al archivo.`, ...missing].join('\n')
}

/** The name of a record in a line: «propiedad prop-001», or its place in the file when it has no key. */
function label(kind: FileKind, record: unknown, index?: number): string {
  const { noun, key } = FILE_KINDS[kind]
  const value = record && typeof record === 'object' ? (record as Record<string, unknown>)[key] : undefined
  return typeof value === 'string' && value ? `${noun} ${value}` : `${noun} sin ${key} (${kind}[${index ?? '?'}])`
}

/** What is wrong with each record, gathered so each bad record is one line. */
class Problems {
  private readonly byRecord = new Map<string, { order: number; name: string; faults: string[] }>()
  /** `index`: the record's place in the file; -1 for a stored record the file lacks. */
  add(kind: FileKind, index: number, record: unknown, field: string, message: string) {
    const name = label(kind, record, index)
    const id = index >= 0 ? `${kind}:${index}` : `${kind}:${name}`
    const entry = this.byRecord.get(id) ?? { order: FILE_KIND_NAMES.indexOf(kind) * 1e9 + index, name, faults: [] }
    entry.faults.push(field ? `${field}: ${message}` : message)
    this.byRecord.set(id, entry)
  }
  get count() {
    return this.byRecord.size
  }
  lines(): string[] {
    return [...this.byRecord.values()].sort((a, b) => a.order - b.order).map((entry) => `${entry.name}: ${entry.faults.join('; ')}`)
  }
}

const envelope = z.object(Object.fromEntries(FILE_KIND_NAMES.map((kind) => [kind, z.array(z.unknown()).optional()])) as Record<FileKind, z.ZodOptional<z.ZodArray<z.ZodUnknown>>>)

/** The file read and each record checked against the schema; the kinds it has lists of. */
async function readFileRecords(path: string, problems: Problems): Promise<{ file: CatalogueFile; kinds: FileKind[]; indexOf: Map<unknown, number> }> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no existe' : `no es JSON válido (${(error as Error).message})`
    throw new SettingError(`El archivo ${path} ${reason}. No se importó nada. / ${path} cannot be read: nothing was imported.`)
  }
  const lists = envelope.safeParse(raw)
  if (!lists.success || Array.isArray(raw)) {
    throw new SettingError(`El archivo ${path} no tiene la forma de content/catalogue.json (un objeto con las listas ${FILE_KIND_NAMES.join(', ')}). No se importó nada. / Not a catalogue file: nothing was imported.`)
  }
  const file = Object.fromEntries(FILE_KIND_NAMES.map((kind) => [kind, []])) as unknown as CatalogueFile
  const kinds = FILE_KIND_NAMES.filter((kind) => lists.data[kind] !== undefined)
  // Each valid record's place in the file, which a line names when the record has no key.
  const indexOf = new Map<unknown, number>()
  for (const kind of kinds) {
    const seen = new Map<string, number>()
    ;(lists.data[kind] ?? []).forEach((record, index) => {
      const checked = FILE_KINDS[kind].schema.safeParse(record, { error: SPANISH })
      if (!checked.success) {
        for (const issue of checked.error.issues) problems.add(kind, index, record, issue.path.join('.'), issue.message)
        return
      }
      const key = String((checked.data as Record<string, unknown>)[FILE_KINDS[kind].key])
      const first = seen.get(key)
      if (first !== undefined) problems.add(kind, index, record, FILE_KINDS[kind].key, `repetido: el registro ${kind}[${first}] ya lo usa.`)
      else seen.set(key, index)
      ;(file[kind] as unknown[]).push(checked.data)
      indexOf.set(checked.data, index)
    })
  }
  return { file, kinds, indexOf }
}
const SPANISH = z.locales.es().localeError

/** The catalogue once the file is in: the stored records with the file's over them, less what --delete-missing removes. */
function after(current: CatalogueFile, file: CatalogueFile, deleting: readonly FileKind[]) {
  const keys = <K extends FileKind>(kind: K) => {
    const key = FILE_KINDS[kind].key
    const of = (list: readonly unknown[]) => list.map((r) => String((r as Record<string, unknown>)[key]))
    return new Set([...(deleting.includes(kind) ? [] : of(current[kind])), ...of(file[kind])])
  }
  return { zones: keys('zones'), developments: keys('developments') }
}

/** What the file asks of the stored catalogue: the zones and developments it names, property slugs free. */
function checkAgainst(current: CatalogueFile, file: CatalogueFile, deleting: readonly FileKind[], indexOf: Map<unknown, number>, problems = new Problems()): string[] {
  const { zones, developments } = after(current, file, deleting)
  const at = (record: unknown) => indexOf.get(record) ?? -1
  const zone = (kind: FileKind, record: unknown, field: string, slug: string | null | undefined) => {
    if (slug && !zones.has(slug)) problems.add(kind, at(record), record, field, `la zona «${slug}» no existe (ni en el archivo ni en el catálogo).`)
  }
  const development = (kind: FileKind, record: unknown, field: string, slug: string | null | undefined) => {
    if (slug && !developments.has(slug)) problems.add(kind, at(record), record, field, `el desarrollo «${slug}» no existe (ni en el archivo ni en el catálogo).`)
  }
  // A property's slug is its page: another property's, kept in the catalogue, cannot be taken.
  const fileIds = new Set(file.properties.map((p) => p.id))
  const slugOwners = new Map<string, string>()
  if (!deleting.includes('properties')) for (const p of current.properties) if (!fileIds.has(p.id)) slugOwners.set(p.slug, p.id)
  for (const p of file.properties) {
    zone('properties', p, 'zone', p.zone)
    development('properties', p, 'development', p.development)
    const owner = slugOwners.get(p.slug)
    if (owner !== undefined && owner !== p.id) problems.add('properties', at(p), p, 'slug', `«${p.slug}» ya es el slug de la propiedad ${owner}.`)
    slugOwners.set(p.slug, p.id)
  }
  for (const d of file.developments) zone('developments', d, 'zone', d.zone)
  for (const product of file.products) {
    zone('products', product, 'filter.zone', product.filter.zone)
    development('products', product, 'filter.development', product.filter.development)
  }
  // Records kept that name a zone or development --delete-missing would remove.
  if (deleting.length) {
    const kept = <T>(list: readonly T[], key: (r: T) => string, kind: FileKind) =>
      deleting.includes(kind) ? [] : list.filter((r) => !new Set((file[kind] as unknown as T[]).map(key)).has(key(r)))
    for (const p of kept(current.properties, (p) => p.id, 'properties')) {
      if (!zones.has(p.zone) || (p.development && !developments.has(p.development))) {
        problems.add('properties', -1, p, '', `se queda en el catálogo pero su zona o desarrollo se borraría; inclúyela en el archivo o quítale esa referencia.`)
      }
    }
  }
  return problems.lines()
}

/** Each image a record names, beside the file or stored already; the photos to copy into the store. */
async function checkImages(io: CatalogueIo, folder: string, file: CatalogueFile, indexOf: Map<unknown, number>, problems: Problems): Promise<Map<string, Buffer>> {
  const toStore = new Map<string, Buffer>()
  const checked = new Map<string, string | null>()
  for (const kind of FILE_KIND_NAMES) {
    const records = file[kind] as unknown as Record<string, unknown>[]
    for (const record of records) {
      for (const { field, src } of imagesOf(kind, record)) {
        if (!checked.has(src)) checked.set(src, await imageProblem(io, folder, src, toStore))
        const problem = checked.get(src)
        if (problem) problems.add(kind, indexOf.get(record) ?? -1, record, `${field}.src`, problem)
      }
    }
  }
  return toStore
}

async function imageProblem(io: CatalogueIo, folder: string, src: string, toStore: Map<string, Buffer>): Promise<string | null> {
  const photo = /^\/photos\/(.+)$/.exec(src)?.[1]
  if (photo === undefined) {
    const demo = join(io.contentDir, ...src.split('/').filter(Boolean))
    return (await exists(demo)) ? null : `la imagen ${src} no está entre las de la demo (${io.contentDir}); sube la foto en la consola y usa su «/photos/<clave>».`
  }
  const key = PHOTO_KEY.exec(photo)
  if (!key) return `«${photo}» no es la clave de una foto subida (<sha256>.jpg|png|webp).`
  const beside = besideFile(folder, src)
  if (await exists(beside)) {
    const bytes = await readFile(beside)
    // The key is the hash of the photo's bytes (media/store.ts): another file under that name is not that photo.
    if (createHash('sha256').update(bytes).digest('hex') !== key[1]) return `el archivo ${beside} no es la foto ${photo} (su contenido no coincide con su nombre).`
    toStore.set(photo, bytes)
    return null
  }
  return (await io.photos.has(photo)) ? null : `la foto ${src} no está junto al archivo (${beside}) ni en el almacén de fotos.`
}

/** Reads `file`, checks every record and writes it all, or nothing; the text to print. */
export async function importCatalogue(io: CatalogueIo, file: string, options: { deleteMissing: boolean }): Promise<string> {
  const path = resolve(file)
  const problems = new Problems()
  const { file: records, kinds, indexOf } = await readFileRecords(path, problems)
  const deleting = options.deleteMissing ? kinds : []
  const repository = catalogueImportRepository(io.db)
  // The references first against the catalogue as it is now (again inside the write's transaction).
  checkAgainst(await repository.readAll(), records, deleting, indexOf, problems)
  const photos = await checkImages(io, dirname(path), records, indexOf, problems)
  if (problems.count) throw refusal(path, problems.lines())
  for (const [key, bytes] of photos) {
    const format = FORMAT_BY_EXTENSION.get(key.slice(key.lastIndexOf('.') + 1))
    if (format) await io.photos.put(bytes, format)
  }
  let counts: ImportCounts
  try {
    counts = await repository.write(records, { deleteMissing: deleting, check: (current) => checkAgainst(current, records, deleting, indexOf) })
  } catch (error) {
    if (error instanceof CatalogueRefused) throw refusal(path, error.lines)
    throw error
  }
  const changed = FILE_KIND_NAMES.some((kind) => counts[kind].added + counts[kind].updated + counts[kind].deleted > 0)
  const told = changed ? await io.afterChange() : undefined
  const summary = kinds.map((kind) => {
    const c = counts[kind]
    const e = ENDING[kind]
    return `${PLURALS[kind]}: ${c.added} nuev${e}, ${c.updated} actualizad${e}, ${c.unchanged} sin cambios${deleting.length ? `, ${c.deleted} borrad${e}` : ''}`
  })
  return [`Catálogo importado de ${path}.`, ...summary, ...(photos.size ? [`${photos.size} fotos copiadas al almacén.`] : []), ...(told ? [told] : [])].join('\n')
}

function refusal(path: string, lines: string[]): SettingError {
  const head = `No se importó nada de ${path}: ${lines.length === 1 ? 'un registro tiene' : `${lines.length} registros tienen`} errores. / Nothing was imported: ${lines.length} bad record(s).`
  return new SettingError([head, ...lines].join('\n'))
}

/** `npm run catalogue -- <args>`: the text to print; a mistake throws a SettingError saying what to type. */
export async function catalogueCommand(args: string[], io: CatalogueIo): Promise<string> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, strict: false, options: { 'delete-missing': { type: 'boolean' } } })
  const [command, file, extra] = positionals
  if (!file || extra !== undefined) throw new SettingError(CATALOGUE_USAGE)
  try {
    if (command === 'export' && values['delete-missing'] === undefined) return await exportCatalogue(io, file)
    if (command === 'import') return await importCatalogue(io, file, { deleteMissing: values['delete-missing'] === true })
  } catch (error) {
    // A folder that cannot be written, a file that cannot be read: one line, not a stack.
    const code = (error as NodeJS.ErrnoException).code
    const path = (error as NodeJS.ErrnoException).path
    if (code && path) throw new SettingError(`No se pudo leer o escribir ${path} (${code}). / Cannot read or write ${path} (${code}).`)
    throw error
  }
  throw new SettingError(CATALOGUE_USAGE)
}

/** The command's text and whether it did what was asked: what `npm run catalogue` prints, and its exit code. */
export async function catalogueReply(args: string[], io: CatalogueIo): Promise<ControlReply> {
  try {
    return { ok: true, output: await catalogueCommand(args, io) }
  } catch (error) {
    if (error instanceof SettingError) return { ok: false, output: error.message }
    throw error
  }
}
