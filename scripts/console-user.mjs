// `npm run console:user -- …`: bundles the accounts command (src/server/console/cli.ts) and runs it.
import { build } from 'esbuild'
import { pathToFileURL } from 'node:url'

// With the embedded database's thread, which the storage starts from its script beside the bundle.
await build({
  entryPoints: { 'console-user': 'src/server/console/cli.ts', 'database-worker': 'src/server/storage/database-worker.ts' },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
await import(pathToFileURL('dist/server/console-user.mjs').href)
