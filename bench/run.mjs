// `npm run bench`: the product's weight and speed as figures next to their reference.
// `npm run bench -- --only widget` runs one part. Results: a table here, JSON in bench/results.json.
import { build } from 'esbuild'
import { readFileSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import os from 'node:os'

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
const rows = []
const row = (figure, value, reference, unit) =>
  rows.push({ figure, value, reference, unit, ratio: reference ? Number((value / reference).toFixed(2)) : null })

const sizes = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
})

/** The same esbuild settings as build.mjs, bundling only the dependency entry points the widget uses. */
async function dependencyFloor() {
  const result = await build({
    stdin: {
      contents: `
        import { createRoot } from 'react-dom/client'
        import { io } from 'socket.io-client'
        import DOMPurify from 'dompurify'
        import { find } from 'linkifyjs'
        import { signal } from '@preact/signals-react'
        import { useSignals } from '@preact/signals-react/runtime'
        window.__floor = { createRoot, io, DOMPurify, find, signal, useSignals }`,
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome100', 'firefox100', 'safari15', 'edge100'],
    minify: true,
    legalComments: 'none',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  return Buffer.from(result.outputFiles[0].contents)
}

function bytesPerPackage() {
  const meta = JSON.parse(readFileSync('dist/widget.meta.json', 'utf8'))
  const perPackage = {}
  for (const [file, { bytesInOutput }] of Object.entries(meta.outputs['dist/widget.js'].inputs)) {
    const inside = file.split('node_modules/').pop()
    const name = file.includes('node_modules/')
      ? inside.split('/').slice(0, inside.startsWith('@') ? 2 : 1).join('/')
      : '(own code)'
    perPackage[name] = (perPackage[name] ?? 0) + bytesInOutput
  }
  return Object.fromEntries(Object.entries(perPackage).sort((a, b) => b[1] - a[1]))
}

const parts = {
  async widget() {
    const widget = sizes(readFileSync('dist/widget.js'))
    const floor = sizes(await dependencyFloor())
    for (const kind of ['raw', 'gzip', 'brotli']) row(`widget.js ${kind} (ref: dependencies alone)`, widget[kind], floor[kind], 'B')
    return { widget, floor, perPackage: bytesPerPackage() }
  },
}

const results = { date: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`, parts: {} }
for (const [name, run] of Object.entries(parts)) {
  if (only && only !== name) continue
  results.parts[name] = await run()
}
results.rows = rows

const table = [
  '| figure | value | reference | ratio |',
  '|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.figure} | ${r.value.toLocaleString('en-US')} ${r.unit} | ${r.reference?.toLocaleString('en-US') ?? '-'} ${r.unit} | ${r.ratio ?? '-'} |`),
].join('\n')
console.log(`${results.date} on ${results.machine}\n\n${table}`)
if (results.parts.widget) {
  console.log('\nwidget.js bytes per package (minified, before compression):')
  for (const [name, bytes] of Object.entries(results.parts.widget.perPackage)) console.log(`  ${name.padEnd(30)} ${bytes.toLocaleString('en-US')}`)
}
writeFileSync('bench/results.json', JSON.stringify(results, null, 2))
