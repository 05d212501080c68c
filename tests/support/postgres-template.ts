import type { TestProject } from 'vitest/node'
import { openStorage } from '../../src/server/storage'
import { openDatabase } from '../../src/server/storage/database'
import { CATALOGUE_PATH } from './catalogue'
import { oncePerRun } from './once-per-run'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database as a first start leaves it (migrated, seeded) in POSTGRES_TEMPLATE_SCHEMA, to clone; '' when none could be made. */
    postgresTemplate: string
  }
}

/** The schema a cloned test database works in. */
export const POSTGRES_TEMPLATE_SCHEMA = 'app'

/** `url` with another database name. */
export const withDatabase = (url: string, database: string) => {
  const other = new URL(url)
  other.pathname = `/${database}`
  return other.href
}

/**
 * Global setup: when TEST_DATABASE_URL is set, make once per run a PostgreSQL database that
 * every storage test clones (CREATE DATABASE … TEMPLATE, about 0.7 s where the migrations and
 * the seeding take 2 s; tests/integration/databases.ts). A user who may not create databases
 * gets '' and the tests fall back to a schema of their own, migrated and seeded each time.
 */
export default async function makePostgresTemplate(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    project.provide('postgresTemplate', '')
    return
  }
  const template = await oncePerRun('postgres template', async () => {
    const name = `tmpl_${process.pid}_${Date.now()}`
    const admin = await openDatabase({ url })
    try {
      await admin.query(`CREATE DATABASE ${name}`)
    } catch (error) {
      console.warn(`No PostgreSQL template database (${(error as Error).message}): each storage test migrates its own schema.`)
      await admin.close()
      return { value: '' }
    }
    await admin.close()
    const storage = await openStorage({ url: withDatabase(url, name), schema: POSTGRES_TEMPLATE_SCHEMA, cataloguePath: CATALOGUE_PATH })
    await storage.close()
    return { value: name, teardown: () => dropDatabase(url, name) }
  })
  project.provide('postgresTemplate', template.value)
  return template.release
}

/** Drop `name`, ending any connection a test left open to it. */
export async function dropDatabase(url: string, name: string) {
  const admin = await openDatabase({ url })
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  } finally {
    await admin.close()
  }
}
