// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepAttached, REATTACH_LIMIT, REATTACH_WINDOW_MS } from '../../src/widget/keep-attached'

/** MutationObserver callbacks run as microtasks: let them, and the ones they cause, run. */
const settle = () => new Promise((done) => setTimeout(done, 0))

describe('keepAttached', () => {
  afterEach(() => vi.useRealTimers())

  const mounted = () => {
    const host = document.createElement('chat-widget-root')
    host.attachShadow({ mode: 'open' })
    document.documentElement.append(host)
    const gaveUp = vi.fn()
    return { host, gaveUp, stop: keepAttached(document, host, gaveUp) }
  }

  it('puts the same host back at the end of <html>, and onto a <html> that replaced the old one', async () => {
    const { host, stop } = mounted()
    host.remove()
    await settle()
    expect(document.documentElement.lastElementChild).toBe(host)
    const html = document.createElement('html')
    html.append(document.createElement('head'), document.createElement('body'))
    document.replaceChild(html, document.documentElement)
    await settle()
    expect(html.lastElementChild).toBe(host)
    stop()
    host.remove()
  })

  it(`gives up after ${REATTACH_LIMIT} put-backs within ${REATTACH_WINDOW_MS} ms, and counts again after that window`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { host, gaveUp, stop } = mounted()
    for (let i = 0; i < REATTACH_LIMIT; i++) {
      host.remove()
      await settle()
      expect(host.isConnected).toBe(true)
    }
    vi.setSystemTime(Date.now() + REATTACH_WINDOW_MS)
    host.remove()
    await settle()
    expect(host.isConnected).toBe(true)
    expect(gaveUp).not.toHaveBeenCalled()
    for (let i = 1; i < REATTACH_LIMIT; i++) host.remove(), await settle()
    host.remove()
    await settle()
    expect(host.isConnected).toBe(false)
    expect(gaveUp).toHaveBeenCalledTimes(1)
    stop()
  })

  it('does nothing once stopped (the widget was destroyed)', async () => {
    const { host, stop } = mounted()
    stop()
    host.remove()
    await settle()
    expect(host.isConnected).toBe(false)
  })
})
