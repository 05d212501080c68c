/**
 * The esbuild settings of the Node bundles that open the storage (the server in build.mjs, the
 * console:user command, the numbers bench, the tests' server process): ESM `<name>.mjs` files in
 * `outdir`, dependencies from node_modules. `withDatabaseThread` adds the embedded database's
 * thread beside the bundle, where the storage starts it from (src/server/storage/database.ts).
 */
import { importGlob } from './esbuild-import-glob.mjs'

export const NODE_BUILD = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  // The agent's intent entries are a folder's files (scripts/esbuild-import-glob.mjs).
  plugins: [importGlob],
}

// And the agent's training thread (src/server/chat/agent/classifier-worker.ts) and the HEIC photos'
// decoding thread (src/server/media/heic-worker.ts), started from the same folder.
export const withDatabaseThread = (entryPoints) => ({
  ...entryPoints,
  'database-worker': 'src/server/storage/database-worker.ts',
  'classifier-worker': 'src/server/chat/agent/classifier-worker.ts',
  'heic-worker': 'src/server/media/heic-worker.ts',
})
