import { useEffect, useState } from 'react'

/**
 * The reply a person is typing, kept per conversation in this tab's sessionStorage
 * (docs/behaviour.md#console-conversation): opening another conversation, going back or reloading
 * loses nothing; a sent reply empties it. Without storage (a locked-down browser) it lives as long
 * as the composer, as before.
 */
const PREFIX = 'consola:borrador:'

function stored(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? ''
  } catch {
    return ''
  }
}

export function useDraft(visitorId: string) {
  const key = PREFIX + visitorId
  const [text, setText] = useState(() => stored(key))
  useEffect(() => {
    try {
      if (text) sessionStorage.setItem(key, text)
      else sessionStorage.removeItem(key)
    } catch {
      // No storage: the draft stays in memory only.
    }
  }, [key, text])
  return [text, setText] as const
}
