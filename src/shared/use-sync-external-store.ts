/**
 * What the browser bundles get for `use-sync-external-store/shim` (scripts/esbuild-browser.mjs):
 * React's own hook. @preact/signals-react imports the shim for React 17 and older; with the
 * React 18+ this app ships, the shim's production build only hands back
 * `React.useSyncExternalStore`, after 0.8 KB of fallback code that never runs.
 */
export { useSyncExternalStore } from 'react'
