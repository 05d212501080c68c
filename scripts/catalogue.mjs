// `npm run catalogue -- export|import FILE`: bundles the catalogue command (src/server/catalogue/cli.ts) and runs it.
import { build } from 'esbuild'
import { pathToFileURL } from 'node:url'
import { NODE_BUILD, withDatabaseThread } from './esbuild-node.mjs'

await build({ ...NODE_BUILD, entryPoints: withDatabaseThread({ catalogue: 'src/server/catalogue/cli.ts' }), outdir: 'dist/server' })
await import(pathToFileURL('dist/server/catalogue.mjs').href)
