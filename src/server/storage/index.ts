import { readFile } from 'node:fs/promises'
import type { Catalogue } from '../../catalogue/model'
import { catalogueRepository, seedCatalogue } from './catalogue-repo'
import { openDatabase, type DatabaseOptions } from './database'
import { leadsRepository } from './leads-repo'
import { migrate } from './migrations'

export interface StorageOptions extends DatabaseOptions {
  /** The demo catalogue loaded into an empty database on first start. */
  cataloguePath?: string
}

/** Open the database, bring its schema up to date and seed the catalogue on first start. */
export async function openStorage(options: StorageOptions) {
  const db = await openDatabase(options)
  try {
    await migrate(db)
    if (options.cataloguePath) {
      const catalogue = JSON.parse(await readFile(options.cataloguePath, 'utf8')) as Catalogue
      await seedCatalogue(db, catalogue)
    }
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
  return {
    db,
    catalogue: catalogueRepository(db),
    leads: leadsRepository(db),
    close: () => db.close(),
  }
}

export type Storage = Awaited<ReturnType<typeof openStorage>>
