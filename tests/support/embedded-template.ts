import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openStorage } from '../../src/server/storage'
import { CATALOGUE_PATH } from './catalogue'
import { oncePerRun } from './once-per-run'

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database directory as a first start leaves it: migrated, the demo catalogue seeded. */
    embeddedTemplateDir: string
  }
}

/**
 * Global setup: make, once per test run, the embedded database a first start makes (PGlite's
 * initdb, every migration, the demo catalogue), closed, in a template directory that every test
 * server copies (see `embedded.ts`). The server's own start-up still runs on each copy: the
 * migrations find nothing to do and the catalogue is already there, as on any later start.
 * Opening the storage needs the built database thread (dist/server): listed after the build.
 */
export default async function makeEmbeddedTemplate(project: TestProject) {
  const template = await oncePerRun('embedded template', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-template-'))
    const storage = await openStorage({ dataDir: dir, cataloguePath: CATALOGUE_PATH })
    await storage.close()
    return { value: dir, teardown: () => rmSync(dir, { recursive: true, force: true }) }
  })
  project.provide('embeddedTemplateDir', template.value)
  return template.release
}
