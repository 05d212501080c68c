// The widget's cost to the page it is pasted into (docs/behaviour.md#start-up): on the demo
// page at normal CPU speed, no task of widget.js keeps the main thread busy 50 ms or more, and
// the launcher is on screen before the chat socket is even opened.
//
// Attribution comes from a Chromium performance trace: every top-level task of the page's main
// thread that runs widget.js code (evaluating the script, or calling one of its functions), with
// its main-thread CPU time. CPU time rather than wall time: on a machine other suites share, a
// task waits for a core far longer than it runs, and that wait is not the widget's cost.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../support/wait'
import { isolatedContext, liveSuite, watchPage, widget, widgetCaughtUp } from './harness'

const live = liveSuite()

/** The most CPU one widget.js task may take: under a long task (50 ms, Long Tasks API). */
const TASK_LIMIT_MS = 50

declare global {
  interface Window {
    __startUp: { launcherAt: number | null; socketAt: number | null }
  }
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** CPU time of the thread during the event, in µs. */
  tdur?: number
  args?: { name?: string; data?: { url?: string; fileName?: string } }
}

/** Main-thread CPU time of each task of the page's renderer that ran widget.js code, in ms. */
function widgetTasks(events: TraceEvent[]): number[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')!
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  const ranWidget = (e: TraceEvent) => /\/widget\.js$/.test(e.args?.data?.url ?? e.args?.data?.fileName ?? '')
  return onMain
    .filter((task) => task.name === 'RunTask')
    .filter((task) => onMain.some((e) => e.ts >= task.ts && e.ts <= task.ts + task.dur! && ranWidget(e)))
    .map((task) => task.tdur! / 1000)
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

describe('the widget on the demo page, at normal CPU speed', () => {
  it('shows the launcher before the socket opens, and no widget.js task takes 50 ms or more', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.addInitScript(OBSERVE)
    // Top-level tasks (RunTask, with their CPU time) are in the disabled-by-default category.
    await live.browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
    await page.goto(`${live.server.url}/demo/`)
    await widget(page).launcher.waitFor()
    const visitorId = await waitFor(() => live.wire.find((e) => e.event === 'connected-chat')?.visitorId, 'the widget connected')
    // The whole start-up is over once the widget answers its configuration polls.
    await widgetCaughtUp(live, visitorId)

    const trace = JSON.parse((await live.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    const tasks = widgetTasks(trace.traceEvents)
    const seen = await page.evaluate(() => window.__startUp)
    expect(seen.launcherAt).not.toBeNull()
    expect(seen.socketAt).not.toBeNull()
    expect(seen.launcherAt!).toBeLessThan(seen.socketAt!)

    expect(tasks.length).toBeGreaterThan(0)
    console.log(`widget.js tasks, main-thread CPU ms: ${tasks.map((ms) => ms.toFixed(1)).join(', ')}`)
    expect(tasks.filter((cpuMs) => cpuMs >= TASK_LIMIT_MS)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
