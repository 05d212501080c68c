// `npm run attack` (after `node build.mjs`): bundles the attack (scripts/attack/main.ts, and its
// `GET /` probe's thread beside it) like the other Node scripts, then runs it.
import { build } from 'esbuild'
import { pathToFileURL } from 'node:url'
import { NODE_BUILD } from '../esbuild-node.mjs'

await build({ ...NODE_BUILD, entryPoints: { attack: 'scripts/attack/main.ts', 'probe-worker': 'scripts/attack/probe-worker.ts' }, outdir: 'dist/attack' })
await import(pathToFileURL('dist/attack/attack.mjs').href)
