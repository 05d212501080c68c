import { describe, expect, it } from 'vitest'
import { apiCallError } from '../../src/widget/api-calls'

// What a page's developer can get wrong when calling window.chatWidget: each is one console
// error naming the fix; a right call is none.

describe('apiCallError', () => {
  it('accepts the calls docs/embedding.md documents', () => {
    for (const [method, ...args] of [['open'], ['close'], ['toggle'], ['destroy'], ['send', 'Hola'], ['send', ''], ['on', 'response', () => {}], ['on', 'lead-registered', () => {}]] as unknown[][]) {
      expect(apiCallError(method, args)).toBeNull()
    }
  })

  it('names the methods for an unknown one', () => {
    expect(apiCallError('opn', [])).toBe('[chat-widget] Unknown method "opn". Use one of: open, close, toggle, send, on, destroy.')
    expect(apiCallError(undefined, [])).toContain('Unknown method "undefined"')
  })

  it('names the events for an unknown or missing event name', () => {
    const events = 'Listen to one of: open, close, send, response, connect, disconnect, lead-registered, scheduled_appointment.'
    expect(apiCallError('on', ['message', () => {}])).toBe(`[chat-widget] on(event, callback): unknown event "message". ${events}`)
    expect(apiCallError('on', [() => {}])).toBe(`[chat-widget] on(event, callback): unknown event (got function). ${events}`)
  })

  it('asks for a function as callback', () => {
    expect(apiCallError('on', ['response'])).toBe('[chat-widget] on("response", callback) needs a function as callback; got nothing.')
    expect(apiCallError('on', ['open', 'handler'])).toBe('[chat-widget] on("open", callback) needs a function as callback; got string.')
  })

  it('asks for the text to send as a string', () => {
    expect(apiCallError('send', [42])).toBe('[chat-widget] send(text) needs the message as a string; got number, so nothing was sent.')
    expect(apiCallError('send', [])).toBe('[chat-widget] send(text) needs the message as a string; got nothing, so nothing was sent.')
    expect(apiCallError('send', [null])).toContain('got null')
  })
})
