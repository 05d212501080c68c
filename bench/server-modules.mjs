// The server's own TypeScript modules for a bench part: bundled from src/ with esbuild as the
// server is (dependencies from node_modules, the embedded database's thread beside the bundle),
// then imported. The database then opens as the server's does, through its lock
// (src/server/storage/embedded-lock.ts): a bench never writes a folder a server holds.
import { build } from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { NODE_BUILD, withDatabaseThread } from '../scripts/esbuild-node.mjs'

/** `exports`: the names to take from each source file, e.g. { 'openDatabase': 'src/server/storage/database.ts' }. */
export async function loadServerModules(name, exports) {
  // Inside the project, so the bundle's packages resolve from its node_modules.
  const dir = mkdtempSync(resolve(`dist/bench-${name}-`))
  const entry = join(dir, 'entry.ts')
  writeFileSync(entry, Object.entries(exports).map(([names, path]) => `export { ${names} } from ${JSON.stringify(resolve(path))}`).join('\n'))
  await build({ ...NODE_BUILD, entryPoints: withDatabaseThread({ [name]: entry }), outdir: dir, logLevel: 'error' })
  const modules = await import(pathToFileURL(join(dir, `${name}.mjs`)).href)
  return { ...modules, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** `work` on the embedded database in `dataDir`, opened as the server opens it (its lock taken), then closed. */
export async function withEmbeddedDatabase(dataDir, work) {
  const { openDatabase, cleanup } = await loadServerModules('seed', { openDatabase: 'src/server/storage/database.ts' })
  const db = await openDatabase({ dataDir })
  try {
    return await work(db)
  } finally {
    await db.close()
    cleanup()
  }
}
