/**
 * What the console's page brought for the first render (docs/behaviour.md#console-inbox): the
 * signed-in account and its first inbox page, so neither waits for a request. Missing (an older
 * page, or the server could not read them) means: ask the API.
 */
import { createContext } from 'react'
import { CONSOLE_BOOT_ID, type ConsoleBoot, type InboxPage } from '../protocol/console'

/** The page's data block (it ends the page: read once the page is parsed). */
export function pageBoot(): ConsoleBoot | undefined {
  const text = document.getElementById(CONSOLE_BOOT_ID)?.textContent
  try {
    return text ? (JSON.parse(text) as ConsoleBoot) : undefined
  } catch {
    return undefined
  }
}

/**
 * The page's first inbox page, for the first inbox shown only: later ones ask the API for fresh
 * data. `page` is what a render starts from (the server's and the hydrating one alike); the first
 * load takes it instead of asking, and from then on it is gone.
 */
export interface FirstInbox {
  readonly page: InboxPage | null
  take(): InboxPage | null
}

export function firstInbox(page: InboxPage | null): FirstInbox {
  let left = page
  return {
    get page() {
      return left
    },
    take() {
      const taken = left
      left = null
      return taken
    },
  }
}

export const FirstInboxContext = createContext<FirstInbox>(firstInbox(null))
