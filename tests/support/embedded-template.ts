import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database directory right after initdb: no tables, no rows. */
    embeddedTemplateDir: string
  }
}

/**
 * Global setup: run PGlite's initdb once per test run into a template directory that every test
 * server copies (see `embedded.ts`). Nothing of the product runs here: the migrations and the
 * catalogue seeding run in each copy, as on a first start.
 */
export default async function makeEmbeddedTemplate(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-template-'))
  const db = await PGlite.create(dir)
  await db.close()
  project.provide('embeddedTemplateDir', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
