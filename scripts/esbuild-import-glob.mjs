/**
 * esbuild plugin: Vite's `import.meta.glob('./dir/*.ts', { eager: true })`, as Vitest gives it to
 * the tests, for the bundles too — the agent's intent entries are every file of a folder
 * (src/server/chat/agent/acts/builtin.ts), with no list to keep. Only the eager form and a
 * `dir/*.ext` pattern are supported; the call becomes an object of static imports keyed by path.
 */
import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

const CALL = /import\.meta\.glob(?:<[^>]*>)?\(\s*'([^'*]+)\/\*(\.[a-z]+)'\s*,\s*\{\s*eager:\s*true\s*\}\s*\)/g

/** The files that call import.meta.glob: read by this plugin only (every other file is loaded as usual). */
export const IMPORT_GLOB_FILES = /[\\/]chat[\\/]agent[\\/]acts[\\/]builtin\.ts$/

export const importGlob = {
  name: 'import-meta-glob',
  setup(build) {
    build.onLoad({ filter: IMPORT_GLOB_FILES }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      const dir = dirname(args.path)
      const imports = []
      const watchDirs = []
      const contents = source.replace(CALL, (_, folder, ext) => {
        watchDirs.push(join(dir, folder))
        const files = readdirSync(join(dir, folder)).filter((f) => f.endsWith(ext) && !f.endsWith(`.d${ext}`)).sort()
        const keys = files.map((file) => {
          const name = `__glob_${imports.length}`
          imports.push(`import * as ${name} from ${JSON.stringify(`${folder}/${file}`)}`)
          return `${JSON.stringify(`${folder}/${file}`)}: ${name}`
        })
        return `{ ${keys.join(', ')} }`
      })
      return { contents: `${imports.join('\n')}\n${contents}`, loader: 'ts', resolveDir: dir, watchDirs }
    })
  },
}
