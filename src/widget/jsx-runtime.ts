/**
 * The widget's JSX runtime in widget.js (build.mjs): React's, re-exported from one ES module.
 * React ships it as CommonJS, so each component importing it directly is bundled with its own
 * interop binding and every element reads `(0, binding.jsx)(…)`; through this module the calls
 * are plain local functions (about 190 B gzip less). Tests and type checks use React's directly.
 */
import * as runtime from 'react/jsx-runtime'

export const jsx = runtime.jsx
export const jsxs = runtime.jsxs
export const Fragment = runtime.Fragment
