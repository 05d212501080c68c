/**
 * esbuild plugin: the widget's components import React's JSX runtime through
 * src/widget/jsx-runtime.ts (why: that file's comment). Only that module imports React's.
 */
import { resolve } from 'node:path'

const SHIM = resolve('src/widget/jsx-runtime.ts')

export const widgetJsxRuntime = {
  name: 'widget-jsx-runtime',
  setup(build) {
    build.onResolve({ filter: /^react\/jsx-runtime$/ }, ({ importer }) => (importer === SHIM ? undefined : { path: SHIM }))
  },
}
