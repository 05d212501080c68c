// `npm run eval:agent`: bundles the agent's held-out evaluation (eval/agent/run.ts) with esbuild
// and runs it; arguments pass through (`-- --verbose` lists the failures).
import { build } from 'esbuild'
import { importGlob } from './esbuild-import-glob.mjs'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

// Inside the repo, so the bundle's bare imports resolve from its node_modules.
const dir = join('dist', 'eval-agent')
mkdirSync(dir, { recursive: true })
const outfile = join(process.cwd(), dir, 'run.mjs')
try {
  await build({
    entryPoints: ['eval/agent/run.ts'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [importGlob], // the agent's intent entries (scripts/esbuild-import-glob.mjs)
  })
  await import(pathToFileURL(outfile).href)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
