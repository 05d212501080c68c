/**
 * What the console's page brought for the first render (docs/behaviour.md#console-inbox): the
 * signed-in account and its first inbox page, so neither waits for a request. Missing (an older
 * page, or the server could not read them) means: ask the API.
 */
import { CONSOLE_BOOT_ID, type ConsoleBoot } from '../protocol/console'

/** Read on first use: the data block ends the page, after the app's script may have run. */
let boot: ConsoleBoot | undefined | null = null

function read(): ConsoleBoot | undefined {
  if (boot !== null) return boot
  const text = document.getElementById(CONSOLE_BOOT_ID)?.textContent
  try {
    boot = text ? (JSON.parse(text) as ConsoleBoot) : undefined
  } catch {
    boot = undefined
  }
  return boot
}

/** The page's account: null when signed out, undefined when the page did not say. */
export const bootAccount = () => read()?.account

/** The page's first inbox page, once: later loads of the inbox ask the API for fresh data. */
export function takeBootInbox() {
  const page = read()
  if (!page) return null
  boot = { ...page, inbox: null }
  return page.inbox
}
