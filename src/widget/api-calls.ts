import { WIDGET_EVENT_NAMES } from './events'

/** The window API's methods (docs/behaviour.md#api-global). */
export const API_METHODS = ['open', 'close', 'toggle', 'send', 'on', 'destroy'] as const
export type ApiMethod = (typeof API_METHODS)[number]

const PREFIX = '[chat-widget]'

/** What was passed, in a few words: the type, or the quoted name of an unknown event. */
const kind = (value: unknown) => (value === null ? 'null' : value === undefined ? 'nothing' : typeof value)

/**
 * The console error for a window API call the widget cannot carry out, naming the fix; null
 * for a call it can. Such a call does nothing and answers as a failed one would (docs/behaviour.md#api-global).
 */
export function apiCallError(method: unknown, args: readonly unknown[]): string | null {
  if (typeof method !== 'string' || !(API_METHODS as readonly string[]).includes(method)) {
    return `${PREFIX} Unknown method "${String(method)}". Use one of: ${API_METHODS.join(', ')}.`
  }
  const [first, second] = args
  if (method === 'on') {
    if (typeof first !== 'string' || !(WIDGET_EVENT_NAMES as string[]).includes(first)) {
      return `${PREFIX} on(event, callback): unknown event ${typeof first === 'string' ? `"${first}"` : `(got ${kind(first)})`}. Listen to one of: ${WIDGET_EVENT_NAMES.join(', ')}.`
    }
    if (typeof second !== 'function') return `${PREFIX} on("${first}", callback) needs a function as callback; got ${kind(second)}.`
  }
  if (method === 'send' && typeof first !== 'string') return `${PREFIX} send(text) needs the message as a string; got ${kind(first)}, so nothing was sent.`
  return null
}
