/**
 * The JSX factory of widget.js (scripts/widget-jsx.mjs): React's `createElement`, which react-dom
 * needs anyway, as a local function. The build compiles the widget's JSX to `h(type, props,
 * ...children)` calls on it, so widget.js carries no `react/jsx-runtime` module and no
 * `children: [...]` arrays (about 290 B gzip less than the automatic runtime). Tests and type
 * checks use tsconfig's automatic runtime; the elements are the same.
 */
import * as React from 'react'

export const h = React.createElement
export const Fragment = React.Fragment
