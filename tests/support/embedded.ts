import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'

/**
 * A fresh embedded database directory for one test, as a first start finds it after initdb:
 * a copy of the run's template (about 0.6 s to copy and open, where initdb takes 2.5–4 s on this
 * machine). Without the template (a run outside this repository's vitest config) it is an empty
 * directory and PGlite runs initdb itself. `remove()` deletes it once its database is closed.
 */
export function freshEmbeddedDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-db-'))
  const template = inject('embeddedTemplateDir')
  if (template) cpSync(template, dir, { recursive: true })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
