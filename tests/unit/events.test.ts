import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWidgetEvents } from '../../src/widget/events'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createWidgetEvents', () => {
  it('calls listeners of the emitted event with its payload, in order', () => {
    const events = createWidgetEvents()
    const calls: string[] = []
    events.on('send', (p) => calls.push(`a:${p.message}`))
    events.on('send', (p) => calls.push(`b:${p.message}`))
    events.emit('send', { message: 'hola' })
    expect(calls).toEqual(['a:hola', 'b:hola'])
  })

  it('does not call listeners of other events', () => {
    const events = createWidgetEvents()
    const open = vi.fn()
    const close = vi.fn()
    events.on('open', open)
    events.on('close', close)
    events.emit('open')
    expect(open).toHaveBeenCalledTimes(1)
    expect(close).not.toHaveBeenCalled()
  })

  it('emitting an event with no listeners is harmless', () => {
    const events = createWidgetEvents()
    expect(() => events.emit('connect')).not.toThrow()
  })

  it('passes the payload object through unchanged', () => {
    const events = createWidgetEvents()
    const received: unknown[] = []
    events.on('response', (m) => received.push(m))
    const message = { role: 'agent' as const, content: 'hi', id: 'x' }
    events.emit('response', message)
    expect(received).toEqual([message])
  })

  it('off (the function on() returns) removes only that listener', () => {
    const events = createWidgetEvents()
    const a = vi.fn()
    const b = vi.fn()
    const offA = events.on('open', a)
    events.on('open', b)
    events.emit('open')
    offA()
    events.emit('open')
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(2)
  })

  it('off is safe to call twice', () => {
    const events = createWidgetEvents()
    const a = vi.fn()
    const off = events.on('close', a)
    off()
    expect(() => off()).not.toThrow()
    events.emit('close')
    expect(a).not.toHaveBeenCalled()
  })

  it('the same callback registered twice is called once per emit', () => {
    const events = createWidgetEvents()
    const a = vi.fn()
    events.on('open', a)
    events.on('open', a)
    events.emit('open')
    expect(a).toHaveBeenCalledTimes(1)
  })

  it('a throwing listener does not stop the others, and emit does not throw', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const events = createWidgetEvents()
    const before = vi.fn()
    const after = vi.fn()
    events.on('lead-registered', before)
    events.on('lead-registered', () => {
      throw new Error('page bug')
    })
    events.on('lead-registered', after)
    expect(() => events.emit('lead-registered', { id: 1 })).not.toThrow()
    expect(before).toHaveBeenCalledWith({ id: 1 })
    expect(after).toHaveBeenCalledWith({ id: 1 })
    expect(error).toHaveBeenCalledTimes(1)
    expect(String(error.mock.calls[0]![0])).toContain('lead-registered')
  })

  it('clear() removes every listener', () => {
    const events = createWidgetEvents()
    const a = vi.fn()
    const b = vi.fn()
    events.on('open', a)
    events.on('close', b)
    events.clear()
    events.emit('open')
    events.emit('close')
    expect(a).not.toHaveBeenCalled()
    expect(b).not.toHaveBeenCalled()
  })

  it('emitters are independent', () => {
    const one = createWidgetEvents()
    const two = createWidgetEvents()
    const a = vi.fn()
    one.on('open', a)
    two.emit('open')
    expect(a).not.toHaveBeenCalled()
  })
})
