import { fileURLToPath } from 'node:url'

/** The esbuild settings of everything that runs in a visitor's browser (build.mjs and the bench's reference). */
export const BROWSER_BUILD = {
  bundle: true,
  platform: 'browser',
  target: ['chrome100', 'firefox100', 'safari15', 'edge100'],
  minify: true,
  legalComments: 'none',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  // React's own useSyncExternalStore for the pre-18 fallback shim a dependency imports (that file says why).
  alias: { 'use-sync-external-store/shim/index.js': fileURLToPath(new URL('../src/shared/use-sync-external-store.ts', import.meta.url)) },
}
