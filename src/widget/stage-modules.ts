/**
 * What the first start-up stages evaluate, one module each, in order (docs/behaviour.md#start-up):
 * React's renderer, the socket client, the sanitiser, the widget's own code. require() (bundled
 * by esbuild) evaluates a module where it is called, at once; packages are reached through the
 * widget's own modules, which import their ESM builds (a require of a package would bundle its
 * CommonJS build beside them).
 *
 * A module of its own, and embed.ts's first import, for widget.js's compressed size: esbuild lays
 * the lazily evaluated modules out in the order it first meets them, and met from embed.ts's
 * other imports, the launcher's share of the widget's code (props, stages, theme…) came before
 * React's 200 KB, too far from the rest of the widget's code for gzip to reuse their words
 * (widget.js was 376 B bigger compressed).
 */
export const STAGE_MODULES = [
  () => require('react-dom/client'),
  () => require('./connection'),
  () => require('./render'),
  () => require('./store'),
  () => require('./visitor'),
  () => require('./components/Widget'),
  () => require('./mount'),
]
