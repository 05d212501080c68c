// Builds everything `npm start` serves: the widget (one minified IIFE) and the server.
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { BROWSER_BUILD } from './scripts/esbuild-browser.mjs'
import { importGlob } from './scripts/esbuild-import-glob.mjs'
import { NODE_BUILD, withDatabaseThread } from './scripts/esbuild-node.mjs'
import { compileWhileStreaming } from './scripts/compile-while-streaming.mjs'
import { minifyCssLiterals } from './scripts/minify-css-literals.mjs'
import { packageAsOneModule } from './scripts/package-as-one-module.mjs'
import { widgetJsx, widgetJsxCompilerOptions } from './scripts/widget-jsx.mjs'

const started = Date.now()
await mkdir('dist', { recursive: true })

/** React's CommonJS modules in widget.js, compiled while the file streams in (scripts/compile-while-streaming.mjs). */
const REACT_MODULES = [
  ['react-dom', 'cjs/react-dom-client.production.js'],
  ['react-dom', 'cjs/react-dom.production.js'],
  ['react', 'cjs/react.production.js'],
  ['scheduler', 'cjs/scheduler.production.js'],
]

/**
 * widget.js is strict from its first line (WIDGET_STRICT), as tsconfig's `strict` makes its
 * TypeScript; without `alwaysStrict` here esbuild does not repeat the directive in each of the
 * lazily evaluated modules (44 times). Its JSX is compiled to createElement calls (scripts/widget-jsx.mjs).
 */
const WIDGET_STRICT = { js: '"use strict";' }
const WIDGET_TSCONFIG = {
  compilerOptions: { ...JSON.parse(await readFile('tsconfig.json', 'utf8')).compilerOptions, alwaysStrict: false, ...widgetJsxCompilerOptions },
}

/**
 * dist/widget.js: one IIFE with React in production mode and a source map (docs/behaviour.md#embed).
 * No file-wide compile hint: V8 pre-parses most of the file while it streams in and compiles each
 * function on first call, so the launcher's task waits for little (docs/behaviour.md#start-up).
 * With `//# allFunctionsCalledOnLoad` every function was compiled before that task could run, and
 * the launcher showed about 45 ms later. React's modules, the first evaluated and the biggest (a
 * 200 KB function), are still compiled while the file streams in.
 */
const reactWhileStreaming = compileWhileStreaming(REACT_MODULES)
/** Packages of several files that widget.js carries as one module each (scripts/package-as-one-module.mjs says why). */
const ONE_MODULE_PACKAGES = ['socket.io-client', 'engine.io-client', 'engine.io-parser', 'socket.io-parser']
const widget = await build({
  ...BROWSER_BUILD,
  entryPoints: ['src/embed.ts'],
  outfile: 'dist/widget.js',
  format: 'iife',
  sourcemap: true,
  metafile: true,
  banner: WIDGET_STRICT,
  tsconfigRaw: WIDGET_TSCONFIG,
  plugins: [minifyCssLiterals(BROWSER_BUILD.target), widgetJsx, reactWhileStreaming.plugin, packageAsOneModule(ONE_MODULE_PACKAGES, BROWSER_BUILD)],
})
await reactWhileStreaming.parenthesise('dist/widget.js')
await writeFile('dist/widget.meta.json', JSON.stringify(widget.metafile))

/**
 * dist/console/: the agent console (src/console/), its own hashed bundle and page under /consola,
 * never part of widget.js or the site's chunks (docs/behaviour.md#console).
 */
const CONSOLE_OUT = 'dist/console'
await rm(CONSOLE_OUT, { recursive: true, force: true })
const consoleBuild = await build({
  ...BROWSER_BUILD,
  banner: { js: '//# allFunctionsCalledOnLoad' },
  entryPoints: { app: 'src/console/main.tsx' },
  outdir: `${CONSOLE_OUT}/app`,
  entryNames: '[name]-[hash]',
  format: 'esm',
  splitting: true, // screens with heavy dependencies are their own chunks (src/console/screens/registry.ts)
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  metafile: true,
})
/**
 * The console's chart library (docs/architecture.md#console-charts) and its query cache
 * (docs/console-data.md) stay in the console's bundle: never in widget.js or the site's chunks.
 */
const CONSOLE_ONLY = /node_modules\/(@visx|d3-[a-z-]+|@tanstack)\//
const chartsIn = (metafile) => Object.keys(metafile.inputs).filter((input) => CONSOLE_ONLY.test(input))
if (chartsIn(widget.metafile).length) throw new Error(`build: a console-only package reached widget.js: ${chartsIn(widget.metafile)[0]}`)
/** The entry's own files (the app's script and its stylesheet), not the lazy screens' chunks. */
const consoleEntry = (ext) =>
  Object.entries(consoleBuild.metafile.outputs).find(([file, output]) => file.endsWith(ext) && (output.entryPoint || ext === '.css') && !file.includes('/chunk-'))[0]
const consoleFile = (ext) => consoleEntry(ext).slice(CONSOLE_OUT.length)
/** The chunks the app's script imports statically: preloaded beside it, not found only once it is parsed. */
const consolePreloads = consoleBuild.metafile.outputs[consoleEntry('.js')].imports
  .filter((imported) => imported.kind === 'import-statement')
  .map((imported) => `<link rel="modulepreload" href="/consola${imported.path.slice(CONSOLE_OUT.length)}">\n`)
  .join('')
/**
 * The console's styles are inlined in its page (about 4 KB compressed): the server-rendered inbox
 * paints without waiting for a stylesheet request, which would queue behind the page's own data
 * on the server. The page's policy allows this block by its hash (server/console/page.ts).
 */
const consoleCss = (await readFile(consoleEntry('.css'), 'utf8')).replace(/\s*\/\*# sourceMappingURL=\S+ \*\/\s*$/, '')
if (consoleCss.includes('</style')) throw new Error('build: the console styles cannot be inlined')
// Nothing links the stylesheets esbuild wrote: the entry's is inlined above, and the lazy screens'
// only repeat styles the entry's has too (checked here). Not served, not shipped.
const consoleStylesheets = Object.keys(consoleBuild.metafile.outputs).filter((file) => file.endsWith('.css'))
const inlinedStyles = new Set(Object.keys(consoleBuild.metafile.outputs[consoleEntry('.css')].inputs))
for (const file of consoleStylesheets) {
  const missing = Object.keys(consoleBuild.metafile.outputs[file].inputs).find((input) => !inlinedStyles.has(input))
  if (missing) throw new Error(`build: ${missing} would be in a lazy console screen's stylesheet only, which nothing links: import it in src/console/main.tsx`)
}
await Promise.all(consoleStylesheets.flatMap((file) => [rm(file), rm(`${file}.map`, { force: true })]))
await writeFile(
  `${CONSOLE_OUT}/index.html`,
  `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Consola · Cancún Propiedades</title>
<style>${consoleCss}</style>
<script type="module" async src="/consola${consoleFile('.js')}"></script>
${consolePreloads}</head>
<body><div id="consola"></div></body>
</html>
`,
)

/**
 * The server renders the console's first screen (src/server/console/render.tsx) and never a lazy
 * one: the console's lazily imported modules (and their charts, sanitiser and forms) stay out of
 * the server's bundle, as one stub that says where they run.
 */
const lazyConsoleStaysInTheBrowser = {
  name: 'lazy-console-stays-in-the-browser',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) =>
      args.kind === 'dynamic-import' && args.importer.includes('/src/console/') ? { path: args.path, namespace: 'browser-only' } : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'browser-only' }, () => ({
      contents: "throw new Error('the console\\'s lazy screens run in the browser only')",
      loader: 'js',
    }))
  },
}

/**
 * React (and what calls its hooks: the console's query cache) goes into the server's bundle in its production build, whatever NODE_ENV the server runs
 * with: the console's first screen renders per request, about ten times slower in development mode.
 */
const requireHere = createRequire(import.meta.url)
const serverReact = {
  name: 'server-react',
  setup(build) {
    // The console's query cache too: from node_modules it would call hooks of another React than the renderer's.
    build.onResolve({ filter: /^(react(-dom)?|@tanstack\/[\w-]+)(\/.*)?$/ }, (args) => ({ path: requireHere.resolve(args.path, { paths: [args.resolveDir] }) }))
  },
}

/**
 * dist/server/main.mjs: the Node server, with the embedded database's thread beside it; other
 * dependencies stay in node_modules. Beside it, dist/server/site-renderer.mjs: the site's renderer
 * (src/site/render/renderer.tsx), which the server loads at start and runs on the published
 * catalogue in the database (docs/live-site.md); the server's own code never imports a site view.
 */
await build({
  ...NODE_BUILD,
  // The two commands beside the server (`npm run console:user`, `npm run catalogue`) too: the
  // tests run them, and kill -9 the server, from these files (tests/support/server-process.ts).
  entryPoints: withDatabaseThread({
    main: 'src/server/main.ts',
    'site-renderer': 'src/site/render/renderer.tsx',
    'console-user': 'src/server/console/cli.ts',
    catalogue: 'src/server/catalogue/cli.ts',
  }),
  outdir: 'dist/server',
  loader: { '.css': 'empty' }, // the console's styles are the browser bundle's
  define: { 'process.env.NODE_ENV': '"production"' },
  // React's server renderer is CommonJS and requires Node's modules: give the ESM bundle a `require`.
  banner: { js: "import { createRequire as __serverRequire } from 'node:module'; const require = __serverRequire(import.meta.url);" },
  sourcemap: true,
  plugins: [...NODE_BUILD.plugins, serverReact, lazyConsoleStaysInTheBrowser],
})

/**
 * The site: one ESM client entry with each screen as its own lazily loaded chunk (esbuild
 * splitting). Its pages are rendered by the server from the database (docs/live-site.md): the
 * build reads no catalogue and writes only the bundles and the assets list the renderer needs.
 */
const SITE_OUT = 'dist/site'
/** A screen's folder (named by its id) and its page module, which only the build runs (src/site/screens/registry.ts). */
const SCREEN_FILE = /^src\/site\/screens\/([\w-]+)\/[^/]+$/
const PAGE_MODULE = /^src\/site\/screens\/[\w-]+\/page\.ts$/
/** In the browser bundle, the registry's page modules are one stub that says where they run (the server's renderer). */
const pagesStayInTheBuild = {
  name: 'pages-stay-in-the-build',
  setup(build) {
    build.onResolve({ filter: /^\.\/[\w-]+\/page$/ }, (args) =>
      args.importer.endsWith('src/site/screens/registry.ts') ? { path: 'page', namespace: 'build-only' } : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'build-only' }, () => ({
      contents: "export default () => { throw new Error('page modules run in the server\\'s renderer only') }",
      loader: 'js',
    }))
  },
}
await rm(SITE_OUT, { recursive: true, force: true })
const client = await build({
  ...BROWSER_BUILD,
  // V8's file-wide compile hint (widget.js has none: its launcher must not wait for it): React's
  // renderer is compiled while it downloads, off the main thread, which halves the page's longest
  // task (evaluating the entry) on a throttled phone.
  banner: { js: '//# allFunctionsCalledOnLoad' },
  entryPoints: ['src/site/client.tsx'],
  outdir: `${SITE_OUT}/_app`,
  entryNames: '[name]-[hash]',
  chunkNames: 'c/[name]-[hash]',
  assetNames: 'a/[name]-[hash]',
  splitting: true,
  format: 'esm',
  sourcemap: true,
  metafile: true,
  plugins: [pagesStayInTheBuild],
})
await writeFile('dist/site.meta.json', JSON.stringify(client.metafile))
if (chartsIn(client.metafile).length) throw new Error(`build: a console-only package reached the site: ${chartsIn(client.metafile)[0]}`)
const leaked = Object.keys(client.metafile.inputs).filter((input) => PAGE_MODULE.test(input))
if (leaked.length) throw new Error(`build: page modules reached the browser bundle (a view imports a value from one?): ${leaked.join(', ')}`)

const sitePath = (file) => file.slice(SITE_OUT.length)
const outputs = client.metafile.outputs
/** A JS output and every chunk it imports statically (what must be there before it runs). */
const withStaticImports = (file, seen = new Set()) => {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') withStaticImports(imported.path, seen)
  return seen
}
const entryFile = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'src/site/client.tsx' && file.endsWith('.js'))
/** Per screen, every JS file a page of it runs before hydrating: the entry's and the screen's, with what they import. */
const screenFiles = {}
for (const [file, output] of Object.entries(outputs)) {
  const screen = output.entryPoint?.match(SCREEN_FILE)?.[1]
  if (screen && file.endsWith('.js')) screenFiles[screen] = [...withStaticImports(file, withStaticImports(entryFile))].map(sitePath)
}
const cssBundle = outputs[entryFile].cssBundle
// The build id changes when the code does, never with the catalogue (pages are rendered at run time).
const buildId = createHash('sha256').update(Object.keys(outputs).sort().join()).digest('hex').slice(0, 12)
/** What the server's renderer needs of the client build (src/shared/site-renderer.ts, SiteAssets). */
const assets = {
  buildId,
  entry: sitePath(entryFile),
  // The entry's CSS bundle already holds every screen's styles (esbuild also emits a copy per chunk).
  // Inlined in each page: about 5 KB compressed, and no request between the HTML and the first paint.
  css: cssBundle ? (await readFile(cssBundle, 'utf8')).replace(/\s*\/\*# sourceMappingURL=\S+ \*\/\s*$/, '') : '',
  screenFiles,
}
await writeFile('dist/server/site-assets.json', JSON.stringify(assets))
// The newest build id, which open tabs check (docs/behaviour.md#version-check); the manifest beside it is the server's.
await mkdir(`${SITE_OUT}/_app/builds`, { recursive: true })
await writeFile(`${SITE_OUT}/_app/builds/latest.json`, JSON.stringify({ id: buildId, timestamp: Date.now() }))

await build({
  // Node steps of the build: compressing the site's static files with the server's rule, training the agent's classifier.
  entryPoints: { precompress: 'src/server/precompress.ts', classifier: 'src/server/chat/agent/classifier.ts' },
  outdir: 'dist/build',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  plugins: [importGlob], // the classifier's corpus is the agent's intent entries (scripts/esbuild-import-glob.mjs)
})

/**
 * widget.js and the site's scripts and styles, compressed once here rather than on the first
 * visitor's request (src/server/static.ts): brotli's best setting takes about a second for
 * widget.js on a 2-core machine. Pages and payloads are compressed by the server (rendered there).
 */
const STATIC_TEXT = /^dist\/(widget\.js|site\/_app\/(?!builds\/).+\.(js|css))$/
const { precompress } = await import(pathToFileURL('dist/build/precompress.mjs').href)
const precompressed = await precompress('dist', (path) => STATIC_TEXT.test(path))

// The agent's intent classifier, trained once here: the server loads this model at start instead
// of training (src/server/chat/agent/classifier.ts), and trains itself only if it is missing.
const { saveClassifierModel } = await import(pathToFileURL('dist/build/classifier.mjs').href)
await saveClassifierModel('dist/server/classifier-model.json')

const bytes = widget.metafile.outputs['dist/widget.js'].bytes
console.log(
  `built dist/widget.js (${(bytes / 1024).toFixed(1)} KiB), the site (build ${buildId}, its renderer) and dist/server, ${precompressed} files precompressed, in ${Date.now() - started} ms`,
)
