// `npm run console:user -- …`: bundles the accounts command (src/server/console/cli.ts) and runs it.
import { build } from 'esbuild'
import { pathToFileURL } from 'node:url'
import { NODE_BUILD, withDatabaseThread } from './esbuild-node.mjs'

await build({ ...NODE_BUILD, entryPoints: withDatabaseThread({ 'console-user': 'src/server/console/cli.ts' }), outdir: 'dist/server' })
await import(pathToFileURL('dist/server/console-user.mjs').href)
