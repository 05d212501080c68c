import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'
import { waitFor } from '../support/wait'
import { isolatedContext, liveSuite, openAndSay, visitorConnected, visitorOf, watchPage, widget, widgetCaughtUp } from './harness'

const live = liveSuite()

/** Serve `html` at a path of the test server's origin (so the widget's relative URLs work). */
async function pageWith(html: string, viewport = { width: 1280, height: 800 }, headers: Record<string, string> = {}) {
  const context = await isolatedContext(live.browser, { viewport })
  const page = await context.newPage()
  const watched = watchPage(page)
  await page.route(`${live.server.url}/test-page.html`, (route) => route.fulfill({ contentType: 'text/html', headers, body: html }))
  await page.goto(`${live.server.url}/test-page.html`)
  return { context, page, ...watched }
}

const tag = (attributes: string) => `<script src="/widget.js" ${attributes}></script>`
const FULL = `data-socket-url="/" data-id-agent="${DEV_AGENT_ID}" data-api-key="${DEV_API_KEY}" data-instance-name="Prueba"`

describe('the script tag', () => {
  it.each([
    ['data-socket-url', `data-id-agent="${DEV_AGENT_ID}" data-api-key="${DEV_API_KEY}"`],
    ['data-id-agent', `data-socket-url="/" data-api-key="${DEV_API_KEY}"`],
    ['data-api-key', `data-socket-url="/" data-id-agent="${DEV_AGENT_ID}"`],
  ])('without %s logs one error naming it and mounts nothing', async (missing, attributes) => {
    const { context, page, consoleErrors, errors } = await pageWith(`<!doctype html><body><p>Hola</p>${tag(attributes)}</body>`)
    // A classic script: it has run before the load event page.goto waited for, and gave up.
    // This evaluation's answer comes after every console message the script logged.
    expect(await page.evaluate(() => 'chatWidget' in window)).toBe(false)
    expect(consoleErrors).toHaveLength(1)
    expect(consoleErrors[0]).toContain(missing)
    expect(await page.locator('chat-widget-root').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('mounts one widget when the tag is included twice, and the second copy says it was ignored', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    const warnings: string[] = []
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())))
    await page.route(`${live.server.url}/test-page.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><body>${tag(FULL)}${tag(`${FULL} data-position="bottom-right"`)}</body>` }),
    )
    await page.goto(`${live.server.url}/test-page.html`)
    // Both tags are classic scripts: both have run before the load event page.goto waited for.
    await widget(page).launcher.waitFor()
    expect(warnings).toEqual([
      "[chat-widget] The widget's script ran again (is its tag on the page twice?); this copy and its attributes were ignored, the chat already on the page stays. Remove the extra tag.",
    ])
    expect(await page.locator('chat-widget-root').count()).toBe(1)
    expect(await page.evaluate(() => Object.keys(window).filter((k) => k.toLowerCase().includes('chat')))).toEqual(['chatWidget'])
    expect(errors).toEqual([])
    await context.close()
  })

  it("a router that swaps <body> and runs the new body's tag again (Turbo-like): no warning, the widget stays", async () => {
    const { context, page, errors } = await pageWith(`<!doctype html><body><p>Inicio</p>${tag(FULL)}</body>`)
    const warnings: string[] = []
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())))
    await widget(page).launcher.waitFor()
    await page.evaluate(async (html) => {
      const body = document.createElement('body')
      body.innerHTML = html
      // As such a router does: a fresh copy of each script, so that it runs.
      const script = Object.assign(document.createElement('script'), { src: '/widget.js' })
      for (const { name, value } of [...body.querySelector('script')!.attributes]) script.setAttribute(name, value)
      body.querySelector('script')!.replaceWith(script)
      history.pushState({}, '', '/otra-ruta')
      document.body.replaceWith(body)
      await new Promise((done) => script.addEventListener('load', done))
    }, `<p>Otra ruta</p>${tag(FULL)}`)
    await widget(page).launcher.waitFor()
    expect(await page.locator('chat-widget-root').count()).toBe(1)
    expect(warnings).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  // docs/behaviour.md#embed: a router that replaces <body> leaves the widget beside it alone; a
  // framework that removes the host, or replaces <html>, gets the same widget back.
  it.each([
    [
      'replaces <body> (Turbo, htmx boost)',
      () => {
        const body = document.createElement('body')
        body.innerHTML = '<p>Otra ruta</p>'
        document.body.replaceWith(body)
      },
    ],
    ['removes <chat-widget-root> (React 18 hydration dropping a child of <html> it did not render)', () => document.querySelector('chat-widget-root')!.remove()],
    [
      'replaces <html> and <body> (React 18 client-rendering the whole document)',
      () => {
        const html = document.createElement('html')
        html.innerHTML = '<head></head><body><p>Otra página</p></body>'
        document.replaceChild(html, document.documentElement)
      },
    ],
  ])('a framework that %s: the launcher is back with the open chat, on the same connection, and typing goes on at the caret', async (_, remove) => {
    const { context, page, errors } = await pageWith(`<!doctype html><body><p>Inicio</p>${tag(FULL)}</body>`)
    const w = widget(page)
    await openAndSay(page, 'Hola')
    const visitorId = await visitorOf(page)
    // The visitor is typing, the caret moved back to the start of the draft.
    await page.keyboard.type('casa en Cancún')
    await page.keyboard.press('Home')

    await page.evaluate(remove)
    await w.launcher.waitFor()
    expect(await page.evaluate(() => document.documentElement.lastElementChild?.localName)).toBe('chat-widget-root')
    expect(await w.panel.isVisible()).toBe(true)
    await page.keyboard.type('Busco ')
    expect(await w.input.inputValue()).toBe('Busco casa en Cancún')
    await page.keyboard.press('Enter')
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBeGreaterThan(1)
    // One bubble and one event per message sent, all on the first socket: nothing was wired twice.
    expect(await w.userMessages.count()).toBe(2)
    const wire = live.wire.filter((e) => e.visitorId === visitorId)
    expect(wire.filter((e) => e.event === 'send-chat-message')).toHaveLength(2)
    expect(new Set(wire.map((e) => e.socketId)).size).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  // docs/behaviour.md#launcher: the page behind the full-screen panel does not scroll, also once
  // a framework has replaced or reset the <html> the widget locked; on close that <html> has the
  // styles its framework gave it.
  it.each([
    [
      'replaces <html>',
      (style: string) => {
        const html = document.createElement('html')
        html.setAttribute('style', style)
        html.innerHTML = `<head></head><body>${'<p>Otra página larga.</p>'.repeat(80)}</body>`
        document.replaceChild(html, document.documentElement)
      },
    ],
    [
      'resets <html> (React 19 rendering it: attributes and children other than <head> and <body> cleared, then its own)',
      (style: string) => {
        const html = document.documentElement
        for (const { name } of [...html.attributes]) html.removeAttribute(name)
        for (const child of [...html.children]) if (child !== document.head && child !== document.body) child.remove()
        html.setAttribute('style', style)
      },
    ],
  ])('a framework that %s while the full-screen panel is open: the page behind still does not scroll, and closing leaves its styles as they were', async (_, replace) => {
    const long = '<p>Una página larga.</p>'.repeat(80)
    const { context, page, errors } = await pageWith(`<!doctype html><html style="overflow-y: scroll"><body>${long}${tag(FULL)}</body></html>`, { width: 375, height: 740 })
    const w = widget(page)
    /** A wheel turn at the top of the screen: over the panel's header while it is open. */
    const wheelAtTop = async () => {
      await page.mouse.move(187, 30)
      await page.mouse.wheel(0, 1200)
      await page.waitForTimeout(200)
      return page.evaluate(() => window.scrollY)
    }
    await w.launcher.click()
    await w.panel.waitFor()

    await page.evaluate(replace, 'overflow-y: auto; color: rgb(1, 2, 3)')
    await w.launcher.waitFor({ state: 'attached' })
    expect(await w.panel.isVisible()).toBe(true)
    expect(await wheelAtTop()).toBe(0)

    await page.keyboard.press('Escape')
    await w.panel.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.documentElement.style.cssText)).toBe('overflow-y: auto; color: rgb(1, 2, 3);')
    expect(await wheelAtTop()).toBeGreaterThan(0) // the page scrolls again
    expect(errors).toEqual([])
    await context.close()
  })

  it('a page that keeps removing the widget: put back a few times, then left off with one warning, and the page does not hang', async () => {
    const { context, page, errors } = await pageWith(`<!doctype html><body><p>Inicio</p>${tag(FULL)}</body>`)
    const warnings: string[] = []
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())))
    await widget(page).launcher.waitFor()
    const removals = await page.evaluate(async () => {
      let count = 0
      new MutationObserver(() => {
        const host = document.querySelector('chat-widget-root')
        if (host) host.remove(), count++
      }).observe(document.documentElement, { childList: true })
      document.querySelector('chat-widget-root')!.remove()
      await new Promise((done) => setTimeout(done, 200))
      return count + 1
    })
    // docs/behaviour.md#embed: REATTACH_LIMIT (3) times put back, the fourth removal stands.
    expect(removals).toBe(4)
    expect(await page.locator('chat-widget-root').count()).toBe(0)
    expect(warnings).toEqual([
      "[chat-widget] This page keeps removing the widget's <chat-widget-root> element (4 times in 10 s), so the chat is left off it. Let your framework leave that element beside <body>.",
    ])
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the launcher in the default colours from the script\'s own task, before the rest of the widget starts', async () => {
    // A classic script right after the tag runs before any idle moment: no later stage has run.
    const firstTask = `<script>
      const launcher = document.querySelector('chat-widget-root').shadowRoot.querySelector('.launcher')
      window.firstTaskLook = { background: getComputedStyle(launcher).backgroundColor, color: getComputedStyle(launcher).color }
    </script>`
    const { context, page, errors } = await pageWith(`<!doctype html><body>${tag(FULL)}${firstTask}</body>`)
    // docs/behaviour.md#theme defaults: headerColor #131844, headerTextColor #ffffff.
    expect(await page.evaluate(() => (window as unknown as { firstTaskLook: unknown }).firstTaskLook)).toEqual({ background: 'rgb(19, 24, 68)', color: 'rgb(255, 255, 255)' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('mounts from a tag in <head> before <body> exists, at the maximum z-index', async () => {
    const { context, page } = await pageWith(`<!doctype html><html><head>${tag(FULL)}</head><body><p>Contenido</p></body></html>`)
    const host = widget(page).host
    await widget(page).launcher.waitFor()
    expect(await host.evaluate((el) => [getComputedStyle(el).position, getComputedStyle(el).zIndex])).toEqual(['fixed', '2147483647'])
    await context.close()
  })

  it('replays API calls queued before the script loaded, and on(event) hears replies', async () => {
    const { context, page } = await pageWith(`<!doctype html><body>
      <script>
        window.chatWidget = typeof chatWidget == 'function' ? chatWidget : function () { (window.chatWidget.q = window.chatWidget.q || []).push(arguments) };
        window.heard = [];
        chatWidget('on', 'response', function (m) { window.heard.push(m.content) });
        chatWidget('open');
      </script>
      ${tag(FULL)}</body>`)
    const w = widget(page)
    await w.panel.waitFor()
    await page.evaluate(() => window.chatWidget!('send', 'hola'))
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.length), { timeout: 5000 }).toBe(1)
    await page.evaluate(() => (window.chatWidget as unknown as { close(): void }).close())
    await w.panel.waitFor({ state: 'hidden' })
    await page.evaluate(() => (window.chatWidget as unknown as { destroy(): void }).destroy())
    expect(await page.locator('chat-widget-root').count()).toBe(0)
    expect(await page.evaluate(() => 'chatWidget' in window)).toBe(false)
    await context.close()
  })

  it('answers a wrong API call with a console error naming the fix, and nothing thrown into the page', async () => {
    const { context, page, consoleErrors, errors } = await pageWith(`<!doctype html><body>
      <script>
        window.chatWidget = typeof chatWidget == 'function' ? chatWidget : function () { (window.chatWidget.q = window.chatWidget.q || []).push(arguments) };
        chatWidget('on', 'respnse', function () {});
      </script>
      ${tag(FULL)}</body>`)
    await widget(page).launcher.waitFor()
    const answers = await page.evaluate(() => {
      const api = window.chatWidget as unknown as Record<string, (...a: unknown[]) => unknown>
      return [typeof api.on!('response'), api.send!(42), typeof api.on!('open', () => {})]
    })
    expect(answers).toEqual(['function', false, 'function'])
    // The stub's queued call is replayed when the widget has started: before or after these.
    await expect.poll(() => consoleErrors.filter((e) => e.startsWith('[chat-widget]')).sort(), { timeout: 5000 }).toEqual([
      '[chat-widget] on("response", callback) needs a function as callback; got nothing.',
      '[chat-widget] on(event, callback): unknown event "respnse". Listen to one of: open, close, send, response, connect, disconnect, lead-registered, scheduled_appointment.',
      '[chat-widget] send(text) needs the message as a string; got number, so nothing was sent.',
    ])
    expect(errors).toEqual([])
    await context.close()
  })

  it('a page where the widget cannot start (a broken polyfill): one console error, no widget left, nothing thrown into the page', async () => {
    const { context, page, consoleErrors, errors } = await pageWith(`<!doctype html><body>
      <script>CSSStyleSheet.prototype.replaceSync = function () { throw new Error('polyfill broke replaceSync') }</script>
      <button id="own" onclick="this.textContent = 'ok'">Botón de la página</button>${tag(FULL)}</body>`)
    expect(consoleErrors.filter((e) => e.startsWith('[chat-widget]'))).toEqual([
      expect.stringContaining('[chat-widget] The chat could not start on this page and was removed.'),
    ])
    expect(await page.locator('chat-widget-root').count()).toBe(0)
    await page.locator('#own').click()
    expect(await page.locator('#own').innerText()).toBe('ok')
    expect(await page.evaluate(() => (window.chatWidget!('open'), 'no throw'))).toBe('no throw')
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps working when localStorage throws (blocked storage)', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError') } })
    })
    await page.goto(`${live.server.url}/demo/`)
    const w = widget(page)
    await openAndSay(page, 'Hola desde modo privado')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('isolation from the host page', () => {
  const widgetBoxes = async (page: Page) => {
    const w = widget(page)
    await w.launcher.waitFor()
    const launcher = await w.launcher.boundingBox()
    await w.launcher.click()
    await w.panel.waitFor()
    await w.input.fill('Texto de prueba')
    const style = (selector: string) =>
      w.host.locator(selector).first().evaluate((el) => {
        const s = getComputedStyle(el)
        return [s.fontFamily, s.fontSize, s.color, s.backgroundColor, s.boxSizing, s.lineHeight, s.padding, s.borderTopWidth, s.letterSpacing].join('|')
      })
    return {
      launcher,
      panel: await w.panel.boundingBox(),
      input: await w.input.boundingBox(),
      header: await w.header.boundingBox(),
      styles: await Promise.all(['.launcher', '.panel', '.header__title', '.banner__button', '.composer__input', '.icon'].map(style)),
    }
  }

  it('looks the same on hostile.html as on index.html, and leaves the page unchanged', async () => {
    const plain = await isolatedContext(live.browser)
    const plainPage = await plain.newPage()
    await plainPage.goto(`${live.server.url}/demo/`)
    const reference = await widgetBoxes(plainPage)
    await plain.close()

    // The hostile page's own elements, first without the widget, then with it.
    const hostElements = (page: Page) =>
      page.evaluate(() =>
        ['host-paragraph', 'host-link', 'host-button', 'host-textarea', 'host-image', 'host-svg', 'host-fixed'].map((id) => {
          const el = document.getElementById(id)!
          const s = getComputedStyle(el)
          const r = el.getBoundingClientRect()
          return [id, r.x, r.y, r.width, r.height, s.color, s.fontFamily, s.fontSize, s.boxSizing, s.zIndex].join('|')
        }),
      )
    const bare = await isolatedContext(live.browser)
    await bare.route(/\/widget\.js$/, (route) => route.abort())
    const barePage = await bare.newPage()
    await barePage.goto(`${live.server.url}/demo/hostile.html`)
    const withoutWidget = await hostElements(barePage)
    await bare.close()

    const hostile = await isolatedContext(live.browser)
    const page = await hostile.newPage()
    const { errors } = watchPage(page)
    await page.goto(`${live.server.url}/demo/hostile.html`)
    const measured = await widgetBoxes(page)
    expect(measured).toEqual(reference)
    expect(await hostElements(page)).toEqual(withoutWidget)
    // The launcher is on top of the page's own max-z-index fixed element where they overlap.
    const launcher = measured.launcher!
    const topmost = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.tagName, [launcher.x + 30, launcher.y + 30])
    expect(topmost).toBe('CHAT-WIDGET-ROOT')
    expect(errors).toEqual([])
    await hostile.close()
  })

  it.each([
    ['enforces Trusted Types', "require-trusted-types-for 'script'", 'a'],
    ['allows only its own Trusted Types policies', "require-trusted-types-for 'script'; trusted-types its-own", null],
  ])('shows the agent\'s replies on a page that %s, and throws nothing into it', async (_label, policy, link) => {
    const { context, page, consoleErrors, errors } = await pageWith(`<!doctype html><body><p>Hola</p>${tag(FULL)}</body>`, undefined, {
      'Content-Security-Policy': policy,
    })
    const w = widget(page)
    await w.launcher.click()
    await w.input.fill('Busco casa en venta')
    await page.keyboard.press('Enter')
    // The catalogue agent answers with property cards: links and photos in markdown.
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBeGreaterThan(1)
    expect(await w.agentMessages.last().innerText()).toContain('resultados')
    if (link) expect(await w.agentMessages.locator(link).count()).toBeGreaterThan(0)
    else expect(await w.agentMessages.locator('a, img').count()).toBe(0) // the text without markup
    expect(consoleErrors.filter((e) => e.startsWith('[chat-widget]'))).toEqual(
      link ? [] : ['[chat-widget] This page\'s Content-Security-Policy does not allow the Trusted Types policy "chat-widget", so chat messages are shown without links, images or bold. Add chat-widget to the policy\'s trusted-types directive.'],
    )
    expect(consoleErrors.filter((e) => e.includes('TrustedHTML'))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('starts, and loads the Google tag, on a page that enforces Trusted Types', async () => {
    const { context, page, consoleErrors, errors } = await pageWith(`<!doctype html><body><p>Hola</p>${tag(`${FULL} data-ga-tracking-id="G-TEST1234"`)}</body>`, undefined, {
      'Content-Security-Policy': "require-trusted-types-for 'script'",
    })
    const w = widget(page)
    await w.launcher.click()
    await w.panel.waitFor()
    expect(await page.locator('script[src="https://www.googletagmanager.com/gtag/js?id=G-TEST1234"]').count()).toBe(1)
    expect(consoleErrors.filter((e) => e.includes('TrustedScriptURL'))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('is left out of the printed page, with the panel open too', async () => {
    const { context, page, errors } = await pageWith(`<!doctype html><body><p>Ficha de la propiedad</p>${tag(FULL)}</body>`)
    const w = widget(page)
    await w.launcher.click()
    await w.panel.waitFor()
    await page.emulateMedia({ media: 'print' })
    expect(await w.host.evaluate((el) => getComputedStyle(el).display)).toBe('none')
    expect(await w.launcher.isVisible()).toBe(false)
    expect(await w.panel.isVisible()).toBe(false)
    await page.emulateMedia({ media: 'screen' })
    await w.panel.waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('works under a strict Content-Security-Policy with zero violations', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.addInitScript(() => {
      const violations: string[] = []
      ;(window as unknown as { violations: string[] }).violations = violations
      document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    const response = await page.goto(`${live.server.url}/demo/csp.html`)
    expect(response!.headers()['content-security-policy']).toContain("style-src 'self'")
    expect(await page.locator('#policy').innerText()).toBe(response!.headers()['content-security-policy']) // the page quotes its own header
    const w = widget(page)
    await w.launcher.click()
    expect(await w.header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(19, 24, 68)')
    await w.input.fill('Hola')
    await page.keyboard.press('Enter')
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(1)
    // Reply, configuration and theme all handled; a violation is reported in a task right after it happens.
    await widgetCaughtUp(live, (await visitorOf(page))!)
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('bad input and bad servers', () => {
  it('shows what it safely can of hostile, huge and malformed agent messages', async () => {
    const context = await isolatedContext(live.browser)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    await page.goto(`${live.server.url}/demo/`)
    const w = widget(page)
    await w.launcher.click()
    const visitorId = await visitorOf(page)
    // Any socket will not do: an earlier test's may still be closing.
    await visitorConnected(live.server, visitorId!)
    const room = live.server.io.of('/chat').to(`visitor:${visitorId}`)
    room.emit('response', { role: 'agent', content: 42 })
    room.emit('response', { role: 'agent', content: { html: '<b>x</b>' } })
    room.emit('response', null)
    room.emit('response', 'texto suelto')
    room.emit('response', { role: 'agent', content: 'x'.repeat(20_000) })
    room.emit('response', { role: 'agent', content: '<svg onload=alert(1)></svg>[a](javascript:alert(1)) ![b](data:image/svg+xml;base64,AAAA)' })
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBe(4)
    const texts = await w.agentMessages.allInnerTexts()
    expect(texts[0]).toContain('42')
    expect(texts[1]).toContain('texto suelto')
    expect(texts[2]!.length).toBeGreaterThanOrEqual(20_000)
    expect(await w.agentMessages.nth(3).locator('svg, a, img').count()).toBe(0)
    // The huge message wraps inside the panel instead of widening it.
    const panelBox = (await w.panel.boundingBox())!
    const hugeBox = (await w.agentMessages.nth(2).boundingBox())!
    expect(hugeBox.width).toBeLessThanOrEqual(panelBox.width)
    // Every message sent has been handled: the two that cannot be shown never will be.
    await widgetCaughtUp(live, visitorId!)
    expect(await w.agentMessages.count()).toBe(4)
    expect(errors).toEqual([])
    await context.close()
  })

  it('says so in Spanish when the server cannot be reached, and keeps what the visitor typed', async () => {
    const { context, page, errors } = await pageWith(
      `<!doctype html><body><script src="/widget.js" data-socket-url="http://127.0.0.1:9" data-id-agent="a" data-api-key="b"></script></body>`,
    )
    const w = widget(page)
    await w.launcher.click()
    await expect.poll(() => w.notice.innerText(), { timeout: 10_000 }).toMatch(/conectar|Reconectando/)
    await w.input.fill('Mensaje sin conexión')
    await page.keyboard.press('Enter')
    expect(await w.userMessages.last().innerText()).toContain('Pendiente de envío')
    expect(errors).toEqual([])
    await context.close()
  })
})
