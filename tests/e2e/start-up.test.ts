// The widget's start-up order on the page it is pasted into (docs/behaviour.md#start-up): the
// launcher is on screen before the chat socket is even opened, and the start-up ends connected
// with no error. How long its tasks take is a bench figure (bench/widget-tasks.mjs): even CPU
// time grows when the machine is busy, so a limit here failed runs that were only slow.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../support/wait'
import { isolatedContext, liveSuite, watchPage, widget, widgetCaughtUp } from './harness'

const live = liveSuite()

declare global {
  interface Window {
    __startUp: { launcherAt: number | null; socketAt: number | null }
  }
}

/** Installed before any page script: when the launcher is first visible, when the socket is created. */
const OBSERVE = () => {
  const seen: Window['__startUp'] = (window.__startUp = { launcherAt: null, socketAt: null })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      seen.socketAt ??= performance.now()
      super(...args)
    }
  }
  const poll = () => {
    const launcher = document.querySelector('chat-widget-root')?.shadowRoot?.querySelector('.launcher')
    if (launcher && launcher.getBoundingClientRect().width > 0 && launcher.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      seen.launcherAt = performance.now()
    } else requestAnimationFrame(poll)
  }
  requestAnimationFrame(poll)
}

describe('the widget on the demo page', () => {
  it('shows the launcher before the socket opens, then connects and catches up with no error', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.addInitScript(OBSERVE)
    await page.goto(`${live.server.url}/demo/`)
    await widget(page).launcher.waitFor()
    const visitorId = await waitFor(() => live.wire.find((e) => e.event === 'connected-chat')?.visitorId, 'the widget connected')
    // The whole start-up is over once the widget answers its configuration polls.
    await widgetCaughtUp(live, visitorId)

    const seen = await page.evaluate(() => window.__startUp)
    expect(seen.launcherAt).not.toBeNull()
    expect(seen.socketAt).not.toBeNull()
    expect(seen.launcherAt!).toBeLessThan(seen.socketAt!)

    expect(errors).toEqual([])
    await context.close()
  })
})
