/**
 * The widget's JSX in widget.js: classic `h(type, props, ...children)` calls on React's
 * createElement (src/widget/jsx-factory.ts says why). `compilerOptions` go into the widget
 * build's tsconfig (esbuild takes JSX settings from it before the build's own), and the plugin
 * imports the factory into each of the widget's .tsx files, at the end so that no line of the
 * source map moves.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

const FACTORY = resolve('src/widget/jsx-factory.ts')

export const widgetJsxCompilerOptions = { jsx: 'react', jsxFactory: 'h', jsxFragmentFactory: 'Fragment' }

export const widgetJsx = {
  name: 'widget-jsx',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]widget[\\/].*\.tsx$/ }, async ({ path }) => ({
      contents: `${await readFile(path, 'utf8')}\nimport { h, Fragment } from ${JSON.stringify(FACTORY)}\n`,
      loader: 'tsx',
    }))
  },
}
