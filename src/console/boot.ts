/**
 * What the console's page brought for the first render (docs/behaviour.md#console-inbox): the
 * signed-in account and its first inbox page, so neither waits for a request (the page seeds the
 * query cache: src/console/queries.ts). Missing (an older page, or the server could not read
 * them) means: ask the API.
 */
import { CONSOLE_BOOT_ID, type ConsoleBoot } from '../protocol/console'

/** The page's data block (it ends the page: read once the page is parsed). */
export function pageBoot(): ConsoleBoot | undefined {
  const text = document.getElementById(CONSOLE_BOOT_ID)?.textContent
  try {
    return text ? (JSON.parse(text) as ConsoleBoot) : undefined
  } catch {
    return undefined
  }
}
