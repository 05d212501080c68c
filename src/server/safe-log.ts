/**
 * The server's one logger for lines that outsiders can provoke or shape (docs/behaviour.md#chat-budgets,
 * #leads): every value that came from a client is written JSON-quoted and bounded, so a newline
 * or a line separator in a visitor id or a name cannot start a forged line, and each kind of
 * line is rate-limited, so a flood of bad events cannot flood the log. Chat, leads, forms, the
 * API and the console all write through `log`.
 */

/** Longest client value written into a log line; ids are 100 characters at most. */
const LOG_VALUE_MAX_CHARS = 120
/** Lines of one kind allowed per window; the rest are counted and reported once the window ends. */
const LINES_PER_WINDOW = 20
const LOG_WINDOW_MS = 10_000
/** Kinds remembered at once (kinds are fixed strings in the code, this only bounds the map). */
const MAX_KINDS = 200

/** A value from outside as one JSON string token: control characters escaped, length bounded. */
export function untrusted(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value)
  const bounded = text.length > LOG_VALUE_MAX_CHARS ? `${text.slice(0, LOG_VALUE_MAX_CHARS)}…` : text
  // JSON escapes \n, \r, \t, quotes and every other control character; U+2028/9 are escaped by hand.
  return JSON.stringify(bounded).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
}

/** An error as one line: its name and message only (stacks of client-provoked failures say nothing). */
export function errorLine(error: unknown): string {
  return error instanceof Error ? untrusted(`${error.name}: ${error.message}`) : untrusted(error)
}

/** A server fault: its escaped line, then its stack frames (the code's own text, never a client's) to find it by. */
export function faultLines(error: unknown): string {
  if (!(error instanceof Error)) return errorLine(error)
  // The stack starts with the message, which may hold a client's line breaks: only frames are kept.
  const stack = error.stack ?? ''
  const header = String(error)
  const frames = (stack.startsWith(header) ? stack.slice(header.length) : stack).split('\n').filter((line) => line.startsWith('    at '))
  return [errorLine(error), ...frames].join('\n')
}

type Sink = (line: string) => void

/**
 * A logger whose lines are rate-limited per kind: at most LINES_PER_WINDOW of a kind per
 * LOG_WINDOW_MS, then one line saying how many were left out.
 */
export function rateLimitedLog(sinks: { warn: Sink; error: Sink } = { warn: (line) => console.warn(line), error: (line) => console.error(line) }, now = Date.now) {
  const kinds = new Map<string, { windowStart: number; lines: number; dropped: number }>()
  const write = (level: 'warn' | 'error', kind: string, line: string) => {
    const at = now()
    let seen = kinds.get(kind)
    if (!seen || at - seen.windowStart >= LOG_WINDOW_MS) {
      if (seen?.dropped) sinks.warn(`[log] ${seen.dropped} more "${kind}" lines were left out in ${LOG_WINDOW_MS / 1000} s`)
      if (kinds.size >= MAX_KINDS) kinds.clear()
      seen = { windowStart: at, lines: 0, dropped: 0 }
      kinds.set(kind, seen)
    }
    if (seen.lines >= LINES_PER_WINDOW) {
      seen.dropped++
      return
    }
    seen.lines++
    sinks[level](line)
  }
  return {
    warn: (kind: string, line: string) => write('warn', kind, line),
    error: (kind: string, line: string) => write('error', kind, line),
  }
}

export type ServerLog = ReturnType<typeof rateLimitedLog>

/** The process's logger: every server line with a client's value goes through it. */
export const log = rateLimitedLog()
