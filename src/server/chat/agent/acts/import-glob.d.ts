// Vite's import.meta.glob, as the tests (Vitest) and the esbuild bundles (scripts/esbuild-import-glob.mjs) provide it.
interface ImportMeta {
  glob<T = unknown>(pattern: string, options: { eager: true }): Record<string, T>
}
