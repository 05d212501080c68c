/**
 * What the console's page brought for the first render (docs/behaviour.md#console-inbox): the
 * signed-in account and its first inbox page, so neither waits for a request. Missing (an older
 * page, or the server could not read them) means: ask the API.
 */
import { CONSOLE_BOOT_ID, type ConsoleBoot } from '../protocol/console'

function read(): ConsoleBoot | undefined {
  const text = document.getElementById(CONSOLE_BOOT_ID)?.textContent
  try {
    return text ? (JSON.parse(text) as ConsoleBoot) : undefined
  } catch {
    return undefined
  }
}

let boot = read()

/** The page's account: null when signed out, undefined when the page did not say. */
export const bootAccount = () => boot?.account

/** The page's first inbox page, once: later loads of the inbox ask the API for fresh data. */
export function takeBootInbox() {
  const inbox = boot?.inbox ?? null
  if (boot) boot = { ...boot, inbox: null }
  return inbox
}
