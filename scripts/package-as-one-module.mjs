/**
 * esbuild plugin for widget.js: each package named here enters the bundle as one module (its
 * own files bundled together first; the packages it imports stay imports, so each stays one copy).
 *
 * widget.js evaluates the widget's code in start-up stages (src/embed.ts, docs/behaviour.md#start-up):
 * everything reached through a require() is wrapped by esbuild to run when first required, one
 * wrapper per file, with its top-level names declared outside it and a call to each wrapper it
 * imports. socket.io-client and engine.io-client are 6 and 14 files; as one module each, with
 * their parsers, they carry one wrapper each: about 300 B less gzip in widget.js.
 * The path stays the package's entry file, so the metafile still counts the bytes per package,
 * and the package's own source map goes along (inline) into widget.js.map.
 */
import { dirname, join } from 'node:path'
import { build } from 'esbuild'

const NAMESPACE = 'package-as-one-module'

/** `packages`: bare package names; `settings`: the browser build's esbuild settings (target, define, ...). */
export function packageAsOneModule(packages, settings) {
  const named = new Set(packages)
  return {
    name: NAMESPACE,
    setup(main) {
      main.onResolve({ filter: /^[@a-z]/ }, async (args) => {
        if (!named.has(args.path) || args.pluginData === NAMESPACE) return undefined
        const { path, errors } = await main.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: NAMESPACE })
        return errors.length ? { errors } : { path, namespace: NAMESPACE }
      })
      main.onLoad({ filter: /.*/, namespace: NAMESPACE }, async ({ path }) => {
        const { outputFiles } = await build({
          ...settings,
          entryPoints: [path],
          bundle: true,
          packages: 'external',
          format: 'esm',
          minify: false, // widget.js is minified as a whole
          sourcemap: 'inline',
          // Written nowhere: placed beside the bundle, so the source map's paths are relative to it as the bundle's own (esbuild copies them as they are).
          outfile: join(dirname(main.initialOptions.outfile), `${NAMESPACE}.js`),
          write: false,
        })
        return { contents: outputFiles[0].text, loader: 'js', resolveDir: dirname(path) }
      })
    },
  }
}
