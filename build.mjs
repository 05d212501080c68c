// Builds everything `npm start` serves: the widget (one minified IIFE) and the server.
import { build } from 'esbuild'
import { mkdir, writeFile } from 'node:fs/promises'

const started = Date.now()
await mkdir('dist', { recursive: true })

/** dist/widget.js: one IIFE with React in production mode and a source map (design.md §1). */
const widget = await build({
  entryPoints: ['src/embed.ts'],
  outfile: 'dist/widget.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome100', 'firefox100', 'safari15', 'edge100'],
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  metafile: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
})
await writeFile('dist/widget.meta.json', JSON.stringify(widget.metafile))

/** dist/server/main.mjs: the Node server; dependencies stay in node_modules. */
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.mjs',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})

const bytes = widget.metafile.outputs['dist/widget.js'].bytes
console.log(`built dist/widget.js (${(bytes / 1024).toFixed(1)} KiB) and dist/server in ${Date.now() - started} ms`)
