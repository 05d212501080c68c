import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'

/**
 * A fresh embedded database directory for one test, as a first start leaves it (migrated, the
 * demo catalogue seeded): a copy of the run's template (embedded-template.ts), where initdb, the
 * migrations and the seeding take 4–6 s on this machine. Without the template (a run outside this
 * repository's vitest config, or the unit project) it is an empty directory and a first start
 * makes it all. `remove()` deletes it once its database is closed.
 */
export function freshEmbeddedDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-db-'))
  const template = inject('embeddedTemplateDir')
  if (template) cpSync(template, dir, { recursive: true })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
