/**
 * The widget's public entry for the other apps of this repository: the console shows a
 * conversation's messages exactly as the widget renders them, and takes that from here only, so
 * the widget's inner modules stay its own (tests/unit/import-graph.test.ts holds the console to it).
 */
export { messageText, parseHttpUrl } from './markdown'
export { linkHtml, renderMessage, type MessageElements } from './render'
