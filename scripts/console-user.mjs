// `npm run console:user -- …`: bundles the accounts command (src/server/console/cli.ts) and runs it.
import { build } from 'esbuild'
import { pathToFileURL } from 'node:url'

const outfile = 'dist/server/console-user.mjs'
await build({ entryPoints: ['src/server/console/cli.ts'], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'warning' })
await import(pathToFileURL(outfile).href)
