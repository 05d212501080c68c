import { TYPING_RESET_MS } from './constants'

/**
 * Tells the server whether the visitor is typing (docs/behaviour.md#typing-report): true on non-empty input, false after
 * TYPING_RESET_MS without input or when the input is emptied. Only changes are reported.
 */
export function typingReporter(report: (typing: boolean) => void, resetMs = TYPING_RESET_MS) {
  let typing = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const set = (next: boolean) => {
    if (next !== typing) {
      typing = next
      report(next)
    }
  }
  return {
    input(value: string) {
      clearTimeout(timer)
      const nonEmpty = value.trim() !== ''
      set(nonEmpty)
      if (nonEmpty) timer = setTimeout(() => set(false), resetMs)
    },
    stop() {
      clearTimeout(timer)
      set(false)
    },
  }
}
