// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { URL_POLL_MS } from '../../src/widget/constants'
import { pagePath, watchPageUrl } from '../../src/widget/navigation'

// The real history methods, saved before any watcher wraps them: calling them changes the URL
// without the watcher hearing of it (only the poll can catch that).
const nativePushState = History.prototype.pushState
const nativeReplaceState = History.prototype.replaceState
const silentPush = (url: string) => nativePushState.call(window.history, null, '', url)

/** Lets the microtasks queued so far (the watcher's checkSoon) run. */
const flushMicrotasks = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve()
}

type NavigationWindow = Window & { navigation?: EventTarget }

let stop: (() => void) | undefined

beforeEach(() => {
  nativeReplaceState.call(window.history, null, '', '/')
  // Timers faked, microtasks left real: the watcher defers its check with queueMicrotask.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => {
  stop?.()
  stop = undefined
  vi.clearAllTimers()
  vi.useRealTimers()
  delete (window as NavigationWindow).navigation
  history.pushState = nativePushState
  history.replaceState = nativeReplaceState
  nativeReplaceState.call(window.history, null, '', '/')
})

describe('pagePath', () => {
  it('is pathname, search and hash', () => {
    expect(pagePath(new URL('https://site.test/casas/venta?zona=centro&p=2#mapa') as unknown as Location)).toBe(
      '/casas/venta?zona=centro&p=2#mapa',
    )
    expect(pagePath(new URL('https://site.test/') as unknown as Location)).toBe('/')
    expect(pagePath(new URL('https://site.test/blog#top') as unknown as Location)).toBe('/blog#top')
  })

  it('leaves out the origin', () => {
    silentPush('/desarrollos?x=1')
    expect(pagePath(window.location)).toBe('/desarrollos?x=1')
  })
})

describe('watchPageUrl without the Navigation API (jsdom)', () => {
  it('jsdom has no Navigation API', () => {
    expect((window as NavigationWindow).navigation).toBeUndefined()
  })

  it('reports the current path at once', () => {
    silentPush('/inicio?utm_source=google#hero')
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledWith('/inicio?utm_source=google#hero')
  })

  it('wraps history.pushState and replaceState', () => {
    stop = watchPageUrl(window, vi.fn())
    expect(history.pushState).not.toBe(nativePushState)
    expect(history.replaceState).not.toBe(nativeReplaceState)
  })

  it('pushState to a new URL reports the new path once, after a microtask', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    onChange.mockClear()

    history.pushState({ page: 2 }, '', '/propiedades?page=2')
    expect(window.location.pathname).toBe('/propiedades')
    expect(history.state).toStrictEqual({ page: 2 })
    expect(onChange).not.toHaveBeenCalled() // deferred
    await flushMicrotasks()
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledWith('/propiedades?page=2')
  })

  it('replaceState to a new URL reports the new path once', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    onChange.mockClear()

    history.replaceState(null, '', '/blog/post-1#comentarios')
    expect(onChange).not.toHaveBeenCalled()
    await flushMicrotasks()
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledWith('/blog/post-1#comentarios')
  })

  it('the same URL again is not reported', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    history.pushState(null, '', '/a')
    await flushMicrotasks()
    history.pushState(null, '', '/a')
    history.replaceState({ other: 'state' }, '', '/a')
    await flushMicrotasks()
    vi.advanceTimersByTime(URL_POLL_MS * 3)
    await flushMicrotasks()
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/a']])
  })

  it('the current URL at start is not reported a second time by a no-op pushState or the poll', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    history.replaceState(null, '', '/')
    await flushMicrotasks()
    vi.advanceTimersByTime(URL_POLL_MS * 2)
    expect(onChange.mock.calls).toStrictEqual([['/']])
  })

  it('several history calls in one task are each seen, none reported twice', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    history.pushState(null, '', '/one')
    history.pushState(null, '', '/two')
    await flushMicrotasks()
    // Both checks run after the second call, so only the final URL is reported (once).
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/two']])
  })

  it('a query or hash change alone is a new path', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    history.pushState(null, '', '/?utm_source=facebook')
    await flushMicrotasks()
    history.pushState(null, '', '/?utm_source=facebook#contacto')
    await flushMicrotasks()
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/?utm_source=facebook'], ['/?utm_source=facebook#contacto']])
  })

  it('popstate is reported (after a microtask)', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    silentPush('/atras')
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    expect(onChange).toHaveBeenCalledTimes(1)
    await flushMicrotasks()
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/atras']])
  })

  it('hashchange is reported', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    silentPush('/#seccion')
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    await flushMicrotasks()
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/#seccion']])
  })

  it('a popstate without a URL change is not reported', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    window.dispatchEvent(new PopStateEvent('popstate'))
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    await flushMicrotasks()
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('the poll catches a change made without any event, every URL_POLL_MS', async () => {
    expect(URL_POLL_MS).toBe(2000) // docs/behaviour.md#navigation-trail
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    silentPush('/silencioso')
    await flushMicrotasks()
    vi.advanceTimersByTime(URL_POLL_MS - 1)
    expect(onChange).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/silencioso']])

    silentPush('/silencioso#b')
    vi.advanceTimersByTime(URL_POLL_MS)
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/silencioso'], ['/silencioso#b']])
    vi.advanceTimersByTime(URL_POLL_MS * 5)
    expect(onChange).toHaveBeenCalledTimes(3)
  })

  it('the poll catches a location.hash change whose popstate and hashchange events are suppressed', async () => {
    // Registered before the watcher, so they run first and keep the events from the watcher.
    const suppressed: string[] = []
    const blocker = (event: Event) => {
      suppressed.push(event.type)
      event.stopImmediatePropagation()
    }
    window.addEventListener('popstate', blocker)
    window.addEventListener('hashchange', blocker)
    try {
      const onChange = vi.fn()
      stop = watchPageUrl(window, onChange)
      window.location.hash = '#oculto'
      expect(window.location.hash).toBe('#oculto')
      // jsdom fires the fragment navigation's events from a 0 ms timer of its own.
      await vi.waitFor(() => expect(suppressed).toStrictEqual(['popstate', 'hashchange']), { interval: 1 })
      await flushMicrotasks()
      expect(onChange.mock.calls).toStrictEqual([['/']])
      vi.advanceTimersByTime(URL_POLL_MS)
      expect(onChange.mock.calls).toStrictEqual([['/'], ['/#oculto']])
    } finally {
      window.removeEventListener('popstate', blocker)
      window.removeEventListener('hashchange', blocker)
    }
  })

  it('a real location.hash change is reported once', async () => {
    vi.useRealTimers()
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    window.location.hash = '#real'
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2))
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/#real']])
  })

  it('stop() restores the original history methods and removes the listeners', async () => {
    const pushBefore = history.pushState
    const replaceBefore = history.replaceState
    const onChange = vi.fn()
    const stopWatching = watchPageUrl(window, onChange)
    expect(history.pushState).not.toBe(pushBefore)
    stopWatching()
    expect(history.pushState).toBe(pushBefore)
    expect(history.replaceState).toBe(replaceBefore)

    history.pushState(null, '', '/despues')
    history.replaceState(null, '', '/despues2')
    window.dispatchEvent(new PopStateEvent('popstate'))
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    await flushMicrotasks()
    vi.advanceTimersByTime(URL_POLL_MS * 3)
    await flushMicrotasks()
    expect(onChange.mock.calls).toStrictEqual([['/']])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('restores a method that was already wrapped by the page, not the native one', () => {
    const pageWrapper = vi.fn(function (this: History, ...args: Parameters<History['pushState']>) {
      nativePushState.apply(this, args)
    })
    history.pushState = pageWrapper
    const stopWatching = watchPageUrl(window, vi.fn())
    history.pushState(null, '', '/x')
    expect(pageWrapper).toHaveBeenCalledTimes(1)
    stopWatching()
    expect(history.pushState).toBe(pageWrapper)
  })

  it('the wrapped methods still throw what the native ones throw', () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    expect(() => history.pushState(null, '', 'https://other-origin.test/x')).toThrow()
    expect(window.location.pathname).toBe('/')
  })
})

describe('watchPageUrl with the Navigation API', () => {
  let navigation: EventTarget
  beforeEach(() => {
    navigation = new EventTarget()
    ;(window as NavigationWindow).navigation = navigation
  })

  it('does not wrap the history methods', () => {
    const pushBefore = history.pushState
    const replaceBefore = history.replaceState
    stop = watchPageUrl(window, vi.fn())
    expect(history.pushState).toBe(pushBefore)
    expect(history.replaceState).toBe(replaceBefore)
  })

  it('reports the current path at once', () => {
    silentPush('/con-api')
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    expect(onChange.mock.calls).toStrictEqual([['/con-api']])
  })

  it('currententrychange triggers the check (after a microtask)', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    history.pushState(null, '', '/nueva')
    await flushMicrotasks()
    // Not wrapped: nothing until the browser's event.
    expect(onChange).toHaveBeenCalledTimes(1)
    navigation.dispatchEvent(new Event('currententrychange'))
    expect(onChange).toHaveBeenCalledTimes(1)
    await flushMicrotasks()
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/nueva']])
    // The same entry again is not reported.
    navigation.dispatchEvent(new Event('currententrychange'))
    await flushMicrotasks()
    expect(onChange).toHaveBeenCalledTimes(2)
  })

  it('popstate, hashchange and the poll still work', async () => {
    const onChange = vi.fn()
    stop = watchPageUrl(window, onChange)
    silentPush('/p1')
    window.dispatchEvent(new PopStateEvent('popstate'))
    await flushMicrotasks()
    silentPush('/p1#h')
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    await flushMicrotasks()
    silentPush('/p2')
    vi.advanceTimersByTime(URL_POLL_MS)
    expect(onChange.mock.calls).toStrictEqual([['/'], ['/p1'], ['/p1#h'], ['/p2']])
  })

  it('stop() removes the currententrychange listener', async () => {
    const onChange = vi.fn()
    const stopWatching = watchPageUrl(window, onChange)
    stopWatching()
    silentPush('/tras-stop')
    navigation.dispatchEvent(new Event('currententrychange'))
    await flushMicrotasks()
    vi.advanceTimersByTime(URL_POLL_MS * 2)
    expect(onChange.mock.calls).toStrictEqual([['/']])
  })
})
