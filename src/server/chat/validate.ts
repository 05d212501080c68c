/** Payload checks for the chat events: each returns the clean value or null, never throws. */

export const MESSAGE_MAX_CHARS = 2000 // the widget's limit too; longer messages are refused
const ID_MAX_CHARS = 100
const TEXT_MAX_CHARS = 2048

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function shortString(value: unknown, max = ID_MAX_CHARS): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null
}

export function textField(value: unknown, max = TEXT_MAX_CHARS): string | undefined {
  return typeof value === 'string' ? value.slice(0, max) : undefined
}

/** A JSON-like object of bounded size (utms, metrics), or undefined. */
export function boundedRecord(value: unknown, maxJsonChars = 8192): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined
  try {
    return JSON.stringify(value).length <= maxJsonChars ? value : undefined
  } catch {
    return undefined
  }
}
