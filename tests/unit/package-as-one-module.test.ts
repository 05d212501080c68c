import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: build scripts have no type declarations
import { packageAsOneModule } from '../../scripts/package-as-one-module.mjs'
// @ts-expect-error: build scripts have no type declarations
import { BROWSER_BUILD } from '../../scripts/esbuild-browser.mjs'

const PACKAGES = ['socket.io-client', 'engine.io-client', 'engine.io-parser', 'socket.io-parser']

/** socket.io-client required on demand, as the widget's start-up stages do: the bundle's metafile inputs and code. */
async function bundle(plugins: unknown[]) {
  const result = await build({
    ...BROWSER_BUILD,
    stdin: { contents: "export const later = () => require('./client')", resolveDir: 'tests/unit', loader: 'js' },
    plugins: [
      { name: 'client', setup: (b: { onResolve: Function; onLoad: Function }) => {
        b.onResolve({ filter: /^\.\/client$/ }, () => ({ path: 'client', namespace: 'client' }))
        b.onLoad({ filter: /.*/, namespace: 'client' }, () => ({ contents: "export { io } from 'socket.io-client'", resolveDir: process.cwd(), loader: 'js' }))
      } },
      ...plugins,
    ] as never,
    outfile: 'dist/test-one-module.js',
    format: 'iife',
    globalName: 'bundle',
    metafile: true,
    write: false,
  })
  const inputs = Object.keys(result.metafile!.inputs)
  const filesOf = (name: string) => inputs.filter((input) => input.includes(`node_modules/${name}/`))
  return { filesOf, code: result.outputFiles!.find((file) => file.path.endsWith('.js'))!.text }
}

describe('packages bundled as one module each', () => {
  it('gives each named package one module, still under its own path, and a bundle whose io works', async () => {
    const before = await bundle([])
    const after = await bundle([packageAsOneModule(PACKAGES, BROWSER_BUILD)])
    for (const name of PACKAGES) {
      expect(before.filesOf(name).length).toBeGreaterThan(name === 'engine.io-client' ? 5 : 1)
      expect(after.filesOf(name)).toHaveLength(1)
    }
    expect(after.code.length).toBeLessThan(before.code.length)
    const { io } = new Function(`${after.code}; return bundle.later()`)() as { io: (url: string, options: object) => { io: { opts: { path: string } } } }
    expect(io('http://127.0.0.1:9', { autoConnect: false }).io.opts.path).toBe('/socket.io')
  })
})
