// Part `widgetPage` (issue part 2): the widget's cost on a host page, in Chromium. Each round loads
// /demo/ with the tag and the same page with the tag removed (served on the same origin through
// page.route), back to back, at normal speed and with 4× CPU throttling (the mobile profile).
import { isolatedContext, launchChromium, median } from './browser.mjs'
import { launchBareChromium } from './cdp-pipe.mjs'
import { TRACE_CATEGORIES, widgetTasks } from './widget-tasks.mjs'

const WINDOW_MS = 5000
const ROUNDS = 5
/** How often the bare browser's page is asked whether the window is over. */
const POLL_MS = 100

/** Injected before any page script: long tasks, layout shifts and the launcher's first visible frame. */
const OBSERVE = () => {
  const b = (window.__bench = { longTasks: 0, longTaskMs: 0, cls: 0, shifts: [], launcherAt: null })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) (b.longTasks++, (b.longTaskMs += e.duration))
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) (b.cls += e.value, b.shifts.push({ at: Math.round(e.startTime), value: e.value, sources: (e.sources ?? []).map((x) => x.node ? `${x.node.nodeName}.${x.node.className ?? ''}` : '?') }))
  }).observe({ type: 'layout-shift', buffered: true })
  // A frame callback each frame until the launcher is laid out and visible: the time is that frame's.
  const poll = () => {
    const el = document.querySelector('chat-widget-root')?.shadowRoot?.querySelector('.launcher')
    if (el && el.getBoundingClientRect().width > 0 && (el.checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) ?? true)) {
      b.launcherAt = performance.now()
      return
    }
    requestAnimationFrame(poll)
  }
  requestAnimationFrame(poll)
}

async function loadOnce(browser, url, { withTag, throttle }) {
  const context = await isolatedContext(browser)
  const page = await context.newPage()
  await page.addInitScript(OBSERVE)
  // Both variants go through the same route: the original page, or it with the script tag cut out.
  await page.route(`${url}/demo/`, async (route) => {
    const response = await route.fetch()
    let body = await response.text()
    if (!withTag) {
      const cut = body.replace(/<script[^>]*src="\/widget\.js"[\s\S]*?<\/script>/, '')
      if (cut === body) throw new Error('widget tag not found in /demo/')
      body = cut
    }
    await route.fulfill({ response, body })
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  await page.goto(`${url}/demo/`, { waitUntil: 'load' })
  // The first WINDOW_MS since navigation start, on the page's clock.
  await page.waitForFunction((ms) => performance.now() >= ms, WINDOW_MS, { polling: 100, timeout: WINDOW_MS * 4 })
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
  const inPage = await page.evaluate(() => {
    const script = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/widget.js'))
    return { ...window.__bench, scriptLoadedAt: script ? script.responseEnd : null }
  })
  await context.close()
  return {
    scriptMs: metrics.ScriptDuration * 1000,
    taskMs: metrics.TaskDuration * 1000,
    longTasks: inPage.longTasks,
    longTaskMs: inPage.longTaskMs,
    cls: inPage.cls,
    shifts: inPage.shifts,
    launcherMs: withTag && inPage.launcherAt != null && inPage.scriptLoadedAt != null ? inPage.launcherAt - inPage.scriptLoadedAt : null,
  }
}

/**
 * The same load as a visitor's browser runs it (bench/cdp-pipe.mjs): the protocol only fulfils the
 * document, throttles the CPU and reads the page's own observer at the end. Playwright's pages
 * have the inspector's `Runtime.enable`, which makes every new Error and every request from script
 * record its stack (the socket's creation took 30–78 ms instead of 1.3–1.6), and a utility world
 * whose script Playwright evaluates in the page (a 57 ms task at 4× CPU in a trace).
 */
async function loadAsVisitor(bare, url, html, { withTag, throttle }) {
  const page = await bare.newPage()
  page.on('Fetch.requestPaused', ({ requestId }) =>
    page.send('Fetch.fulfillRequest', { requestId, responseCode: 200, responseHeaders: html.headers, body: Buffer.from(html[withTag ? 'tag' : 'none']).toString('base64') }),
  )
  await page.send('Fetch.enable', { patterns: [{ urlPattern: `${url}/demo/`, requestStage: 'Request' }] })
  await page.send('Page.enable') // without it, the observer below is not installed
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${OBSERVE})()` })
  await page.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  await page.send('Page.navigate', { url: `${url}/demo/` })
  const read = async (expression) => (await page.send('Runtime.evaluate', { expression, returnByValue: true })).result.value
  // The first WINDOW_MS since navigation start, on the page's clock, read only after it.
  for (let waited = 0; !(await read(`performance.now() >= ${WINDOW_MS} && !!window.__bench`)); waited += POLL_MS) {
    if (waited > WINDOW_MS * 4) throw new Error('the demo page did not load in the bare browser')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  const inPage = await read(`({ ...window.__bench, scriptLoadedAt: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/widget.js'))?.responseEnd ?? null })`)
  await page.close()
  return {
    longTasks: inPage.longTasks,
    longTaskMs: inPage.longTaskMs,
    launcherMs: withTag && inPage.launcherAt != null && inPage.scriptLoadedAt != null ? inPage.launcherAt - inPage.scriptLoadedAt : null,
  }
}

/** A long task (Long Tasks API): no widget.js task should keep the main thread this busy. */
const LONG_TASK_MS = 50

/** The demo page loaded once at normal CPU speed under a trace: the main-thread CPU of each widget.js task in its first WINDOW_MS. */
async function tracedLoad(browser, url) {
  const context = await isolatedContext(browser)
  const page = await context.newPage()
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  await page.goto(`${url}/demo/`, { waitUntil: 'load' })
  // The widget's start-up (socket and configuration included) is over within the window, as in the loads above.
  await page.waitForFunction((ms) => performance.now() >= ms, WINDOW_MS, { polling: 100, timeout: WINDOW_MS * 4 })
  const trace = JSON.parse((await browser.stopTracing()).toString())
  await context.close()
  return widgetTasks(trace.traceEvents)
}

/** Headers the fulfilled body no longer matches, or that belong to the connection. */
const NOT_PASSED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date'])

/** The demo page as served (its headers too), and the same without the widget's tag. */
async function demoPages(url) {
  const response = await fetch(`${url}/demo/`)
  const headers = [...response.headers].filter(([name]) => !NOT_PASSED.has(name)).map(([name, value]) => ({ name, value }))
  const tag = await response.text()
  const none = tag.replace(/<script[^>]*src="\/widget\.js"[\s\S]*?<\/script>/, '')
  if (none === tag) throw new Error('widget tag not found in /demo/')
  return { tag, none, headers }
}

export async function widgetPage({ row, round, startServer, dataDir }) {
  const server = await startServer({ DATA_DIR: dataDir('bench-page-') })
  let browser = await launchChromium()
  const results = {}
  try {
    for (const [profile, throttle] of [['desktop', 1], ['mobile 4× CPU', 4]]) {
      const runs = { tag: [], none: [] }
      for (let r = 0; r < ROUNDS; r++) {
        // Alternate which goes first so warm caches and drift do not favour one side.
        const order = r % 2 ? ['none', 'tag'] : ['tag', 'none']
        for (const v of order) runs[v].push(await loadOnce(browser, server.url, { withTag: v === 'tag', throttle }))
      }
      const m = (v, key) => median(runs[v].map((x) => x[key]))
      const launcher = runs.tag.map((x) => x.launcherMs).filter((x) => x != null)
      results[profile] = { runs, launcherMissing: ROUNDS - launcher.length }
      row(`page ${profile}: main-thread task time, first ${WINDOW_MS / 1000} s (ref: page without tag)`, round(m('tag', 'taskMs')), round(m('none', 'taskMs')), 'ms')
      row(`page ${profile}: script time, first ${WINDOW_MS / 1000} s (ref: page without tag)`, round(m('tag', 'scriptMs')), round(m('none', 'scriptMs')), 'ms')
      row(`page ${profile}: long tasks > 50 ms, first ${WINDOW_MS / 1000} s (ref: page without tag)`, m('tag', 'longTasks'), m('none', 'longTasks'), '')
      row(`page ${profile}: long-task time, first ${WINDOW_MS / 1000} s (ref: page without tag)`, round(m('tag', 'longTaskMs')), round(m('none', 'longTaskMs')), 'ms')
      row(`page ${profile}: widget.js loaded -> launcher visible`, launcher.length ? round(median(launcher)) : NaN, null, 'ms')
      // The worst round, not the median: any shift at all is a failure.
      const worst = (v) => Number(Math.max(...runs[v].map((x) => x.cls)).toFixed(4))
      row(`page ${profile}: layout shift, worst round, must be 0 (ref: page without tag)`, worst('tag'), worst('none'), '')
    }
    // The start-up budget (docs/behaviour.md#start-up): the longest widget.js task of each round, in CPU time.
    const longest = []
    for (let r = 0; r < ROUNDS; r++) longest.push(Math.max(...(await tracedLoad(browser, server.url))))
    results.widgetTasks = { longestPerRound: longest }
    row(`page desktop: longest widget.js task, main-thread CPU, median of ${ROUNDS} (ref: a long task)`, round(median(longest)), LONG_TASK_MS, 'ms')
    // The same figures with the bare browser (a visitor's view): no inspector, no utility world.
    await browser.close()
    browser = null
    const bare = await launchBareChromium()
    try {
      const html = await demoPages(server.url)
      for (const [profile, throttle] of [['desktop', 1], ['mobile 4× CPU', 4]]) {
        const runs = { tag: [], none: [] }
        for (let r = 0; r < ROUNDS; r++) {
          const order = r % 2 ? ['none', 'tag'] : ['tag', 'none']
          for (const v of order) runs[v].push(await loadAsVisitor(bare, server.url, html, { withTag: v === 'tag', throttle }))
        }
        const m = (v, key) => median(runs[v].map((x) => x[key]))
        const launcher = runs.tag.map((x) => x.launcherMs).filter((x) => x != null)
        results[`${profile}, as a visitor`] = { runs }
        row(`page ${profile}, as a visitor (no inspector): long tasks > 50 ms, first ${WINDOW_MS / 1000} s (ref: page without tag)`, m('tag', 'longTasks'), m('none', 'longTasks'), '')
        row(`page ${profile}, as a visitor (no inspector): long-task time, first ${WINDOW_MS / 1000} s (ref: page without tag)`, round(m('tag', 'longTaskMs')), round(m('none', 'longTaskMs')), 'ms')
        row(`page ${profile}, as a visitor (no inspector): widget.js loaded -> launcher visible`, launcher.length ? round(median(launcher)) : NaN, null, 'ms')
      }
    } finally {
      await bare.close()
    }
  } finally {
    await browser?.close()
    await server.stop()
  }
  return results
}
