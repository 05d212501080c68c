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
}
