import { lazy, type ComponentType } from 'react'

/**
 * A component whose module loads when it first renders (its own chunk, esbuild splitting), so the
 * inbox's first render does not wait for it (docs/behaviour.md#console-inbox). Render it inside
 * a <Suspense>. esbuild does not load a lazy chunk's CSS: main.tsx imports those styles.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }))
}
