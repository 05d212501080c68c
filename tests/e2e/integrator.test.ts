import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/app'
import { ClientEvent } from '../../src/protocol'
import { DEV_AGENT_ID, DEV_API_KEY } from '../../src/server/config'
import { readCatalogue as catalogue } from '../support/catalogue'
import { startTestServer } from '../support/server'
import { waitFor } from '../support/wait'
import { isolatedContext, liveSuite, visitorConnected, visitorOf, watchPage, widget } from './harness'

/**
 * The widget as the people who paste it meet it (issue 19): each setup mistake named in the
 * console, pages whose <body> styles fight position: fixed, a chosen corner, and the full-screen
 * panel on phones.
 */
const live = liveSuite()
const servers: RunningServer[] = []
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const WIDGET_LINE = /^\[chat-widget\]/
/** The visitor's only notice when the chat cannot connect: unchanged Spanish. */
const VISITOR_NOTICE = 'No pudimos conectar con el chat'

/** A page of `server`'s origin (or at `url`) with `html`, and every console line and thrown error it produces. */
async function pageWith(html: string, { server = live.server, url = '', viewport = { width: 1280, height: 800 }, hasTouch = false, headers = {} as Record<string, string> } = {}) {
  const context = await isolatedContext(live.browser, { viewport, hasTouch })
  const page = await context.newPage()
  const { errors } = watchPage(page)
  const lines: { type: string; text: string }[] = []
  page.on('console', (message) => lines.push({ type: message.type(), text: message.text() }))
  const widgetLines = (type: 'error' | 'warning') => lines.filter((l) => l.type === type && WIDGET_LINE.test(l.text)).map((l) => l.text)
  const at = url || `${server.url}/test-page.html`
  await page.route(at, (route) => route.fulfill({ contentType: 'text/html', headers, body: html }))
  await page.goto(at)
  return { context, page, errors, widgetErrors: () => widgetLines('error'), widgetWarnings: () => widgetLines('warning') }
}

const tag = (attributes: Record<string, string>) => {
  const all = { 'data-socket-url': '/', 'data-id-agent': DEV_AGENT_ID, 'data-api-key': DEV_API_KEY, ...attributes }
  return `<script src="/widget.js" ${Object.entries(all).map(([name, value]) => `${name}="${value}"`).join(' ')}></script>`
}
const pageHtml = (attributes: Record<string, string>, body = '<p>Hola</p>') => `<!doctype html><html lang="es"><body>${body}${tag(attributes)}</body></html>`

/** The one console error for a setup problem, the Spanish notice for the visitor, nothing thrown. */
async function expectSetupError(opened: Awaited<ReturnType<typeof pageWith>>, expected: string) {
  await expect.poll(opened.widgetErrors, { timeout: 5000 }).toEqual([expected])
  const w = widget(opened.page)
  await w.launcher.click()
  await expect.poll(() => w.notice.innerText(), { timeout: 10_000 }).toContain(VISITOR_NOTICE)
  expect(opened.widgetErrors()).toEqual([expected]) // still one, whatever was retried meanwhile
  expect(opened.errors).toEqual([])
}

describe('a setup mistake is one console error naming the fix', () => {
  it('a wrong data-api-key', async () => {
    const opened = await pageWith(pageHtml({ 'data-api-key': 'pk_falsa' }))
    await expectSetupError(
      opened,
      `[chat-widget] The chat server refused data-api-key for the agent "${DEV_AGENT_ID}". Check data-api-key: it must be that agent's public key.`,
    )
    await opened.context.close()
  })

  it('an unknown data-id-agent', async () => {
    const opened = await pageWith(pageHtml({ 'data-id-agent': 'agente-que-no-existe' }))
    await expectSetupError(
      opened,
      '[chat-widget] The chat server has no agent "agente-que-no-existe". Check data-id-agent: it must be the agent id the chat server was set up with.',
    )
    await opened.context.close()
  })

  it('a page origin the server does not allow', async () => {
    const strict = await startTestServer({ agents: [{ idAgent: DEV_AGENT_ID, apiKey: DEV_API_KEY, origins: ['https://cancun.example.com'] }] })
    servers.push(strict)
    const opened = await pageWith(pageHtml({}), { server: strict })
    await expectSetupError(
      opened,
      `[chat-widget] The chat server does not allow pages from ${strict.url} for the agent "${DEV_AGENT_ID}". Add ${strict.url} to that agent's allowed origins on the chat server (CHAT_ALLOWED_ORIGINS).`,
    )
    await opened.context.close()
  })

  it('a server that cannot be reached, named with the URL tried, at the first failed attempt', async () => {
    const opened = await pageWith(pageHtml({ 'data-socket-url': 'http://127.0.0.1:9' }))
    const unreachable =
      '[chat-widget] Could not reach the chat server at http://127.0.0.1:9 (namespace /chat). Check data-socket-url: it must be the address of a running chat server that this page can reach.'
    await expect.poll(opened.widgetErrors, { timeout: 1500 }).toEqual([unreachable])
    let attempts = 0
    opened.page.on('websocket', (socket) => void (socket.url().startsWith('ws://127.0.0.1:9/') && attempts++))
    await expectSetupError(opened, unreachable)
    // More reconnection attempts fail meanwhile, and say nothing more.
    // The third's start means the second failed (one second apart, RECONNECTION_ATTEMPTS).
    await waitFor(() => attempts >= 3, 'three more connection attempts to the unreachable server', 30_000)
    expect(opened.widgetErrors()).toEqual([unreachable])
    await opened.context.close()
  })

  it("the demo pages' relative data-socket-url on a page of another site: named as the cause, with widget.js's origin", async () => {
    const elsewhere = 'http://127.0.0.1:9' // another site's page, where nothing answers
    const opened = await pageWith(pageHtml({}).replace('src="/widget.js"', `src="${live.server.url}/widget.js"`), { url: `${elsewhere}/test-page.html` })
    await expectSetupError(
      opened,
      `[chat-widget] Could not reach the chat server at ${elsewhere} (namespace /chat). data-socket-url "/" is relative, so it was resolved against this page; a tag on another site needs the chat server's full address, e.g. ${live.server.url} (where widget.js came from).`,
    )
    await opened.context.close()
  })

  it('a server that stops once the chat was up: the outage, not data-socket-url, when the attempts ran out', async () => {
    const stopping = await startTestServer()
    servers.push(stopping)
    const opened = await pageWith(pageHtml({}), { server: stopping })
    await widget(opened.page).launcher.click()
    await visitorConnected(stopping, (await visitorOf(opened.page))!)
    await stopping.close()
    // RECONNECTION_ATTEMPTS (5) attempts 1 s apart, each failing at once on a closed port.
    await expect.poll(opened.widgetErrors, { timeout: 15_000 }).toEqual([
      `[chat-widget] Lost the connection to the chat server at ${stopping.url} and 5 reconnection attempts failed: is the server running and reachable? While the page is visible the widget tries again by itself, after about 10 s and then less often (up to every 5 minutes), and at once when the visitor presses «Reintentar», sends a message, comes back online or shows the tab again.`,
    ])
    expect(opened.errors).toEqual([])
    await opened.context.close()
  })

  it("the page's Content-Security-Policy blocking the chat server: the directive to change, not an unreachable server", async () => {
    const opened = await pageWith(pageHtml({}), { headers: { 'Content-Security-Policy': "connect-src 'none'" } })
    const host = new URL(live.server.url).host
    await expectSetupError(
      opened,
      `[chat-widget] This page's Content-Security-Policy (connect-src) blocked the connection to the chat server at ${live.server.url}. Add http://${host} ws://${host} to the policy's connect-src.`,
    )
    await opened.context.close()
  })

  it('a misspelt attribute name: the required one in the error, an optional one in a warning', async () => {
    const misspeltKey = `<script src="/widget.js" data-socket-url="/" data-id-agent="${DEV_AGENT_ID}" data-apikey="${DEV_API_KEY}"></script>`
    const required = await pageWith(`<!doctype html><html lang="es"><body><p>Hola</p>${misspeltKey}</body></html>`)
    expect(required.widgetErrors()).toEqual([
      "[chat-widget] Missing required attribute data-api-key on the widget's <script> tag; the chat was not mounted. data-apikey is not read: did you mean data-api-key?",
    ])
    expect(await required.page.locator('chat-widget-root').count()).toBe(0)
    await required.context.close()
    const optional = await pageWith(pageHtml({ 'data-postion': 'bottom-right' }))
    await widget(optional.page).launcher.waitFor()
    expect(optional.widgetWarnings()).toEqual(['[chat-widget] The widget does not read data-postion, so it was ignored: did you mean data-position?'])
    expect(optional.errors).toEqual([])
    await optional.context.close()
  })

  it('a path in data-socket-url, which socket.io puts before the namespace', async () => {
    const opened = await pageWith(pageHtml({ 'data-socket-url': '/realtime' }))
    await expectSetupError(
      opened,
      `[chat-widget] The chat server at ${live.server.url} has no namespace "/realtime/chat": the path of data-socket-url ("/realtime") is put before data-name-space ("/chat"). Give data-socket-url without a path.`,
    )
    await opened.context.close()
  })

  it('the chat URL npm start prints, namespace included: stripped with one warning, and the chat works', async () => {
    const opened = await pageWith(pageHtml({ 'data-socket-url': `${live.server.url}/chat` }))
    const w = widget(opened.page)
    await w.launcher.click()
    await w.input.fill('Hola')
    await opened.page.keyboard.press('Enter')
    await expect.poll(() => w.agentMessages.count(), { timeout: 5000 }).toBeGreaterThan(0)
    expect(opened.widgetWarnings()).toEqual([
      `[chat-widget] data-socket-url "${live.server.url}/chat" already ends with the namespace "/chat", which the widget adds itself; connecting to ${live.server.url}/chat. Remove "/chat" from data-socket-url.`,
    ])
    expect(opened.widgetErrors()).toEqual([])
    expect(opened.errors).toEqual([])
    await opened.context.close()
  })

  it('the old placeholder analytics id of the documented tag (docs/embedding.md) loads no tag script', async () => {
    const opened = await pageWith(pageHtml({ 'data-ga-tracking-id': 'G-XXXX' }))
    await widget(opened.page).launcher.waitFor()
    // The widget's last start-up stage sets up analytics, then sends the first page view.
    const visitor = await visitorOf(opened.page)
    await waitFor(() => live.wire.some((e) => e.event === ClientEvent.navigationPathChat && e.visitorId === visitor), 'the first page view (start-up done)')
    expect(opened.widgetWarnings()).toEqual([
      '[chat-widget] data-ga-tracking-id "G-XXXX" is a placeholder, so no analytics tag is loaded. Put your own tag id there, or remove the attribute.',
    ])
    expect(await opened.page.locator('script[src*="googletagmanager"]').count()).toBe(0)
    expect(opened.widgetErrors()).toEqual([])
    await opened.context.close()
  })
})

describe('an element with id="chatWidget" on the page (window.chatWidget by named access)', () => {
  /** The documented queueing stub (docs/embedding.md, once the README's), as an integrator copies it. */
  const DOCUMENTED_STUB = /```html\n<script>\n(\s*window\.chatWidget = [^\n]+)\n/.exec(readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8'))![1]!

  it("the documented stub queues calls, replayed when the widget starts; the element stays the page's", async () => {
    const opened = await pageWith(`<!doctype html><html lang="es"><body><div id="chatWidget">Chat propio</div>
      <script>${DOCUMENTED_STUB}
        window.heard = [];
        chatWidget('on', 'open', function () { window.heard.push('open') });
        chatWidget('open');
      </script>${tag({})}</body></html>`)
    await widget(opened.page).panel.waitFor()
    expect(await opened.page.evaluate(() => [(window as unknown as { heard: string[] }).heard, document.getElementById('chatWidget')!.textContent])).toEqual([
      ['open'],
      'Chat propio',
    ])
    expect(opened.widgetWarnings()).toEqual([])
    expect(opened.errors).toEqual([])
    await opened.context.close()
  })

  it('without a stub: the API is installed all the same, with one warning naming the element', async () => {
    const opened = await pageWith(pageHtml({}, '<section id="chatWidget">Chat propio</section>'))
    await widget(opened.page).launcher.waitFor()
    await opened.page.evaluate(() => (window.chatWidget as unknown as { open(): void }).open())
    await widget(opened.page).panel.waitFor()
    expect(opened.widgetWarnings()).toEqual([
      `[chat-widget] window.chatWidget was the page's <section> with id or name "chatWidget", not the widget's stub, so calls before the script loaded failed; the widget's API replaced it. Rename the element, or use the documented stub (docs/embedding.md#javascript-api).`,
    ])
    expect(opened.errors).toEqual([])
    await opened.context.close()
  })
})

describe('pages with headers of their own', () => {
  it("a cross-origin isolated page (COEP require-corp, COOP) loads the documented tag and the photos of the agent's cards from the chat server", async () => {
    // A photo as the agent's property cards show it (docs/behaviour.md#rendering).
    const photo = `${live.server.url}/_ipx/w_640&f_webp${catalogue().properties[0]!.images[0]!.src}`
    const html = pageHtml({}, `<img id="photo" src="${photo}" alt="">`).replace('src="/widget.js"', `src="${live.server.url}/widget.js"`)
    const opened = await pageWith(html, {
      url: 'http://127.0.0.1:9/test-page.html', // another origin than the chat server's
      headers: { 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Opener-Policy': 'same-origin' },
    })
    expect(await opened.page.evaluate(() => crossOriginIsolated)).toBe(true)
    await widget(opened.page).launcher.waitFor({ timeout: 5000 })
    await expect.poll(() => opened.page.locator('#photo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    await opened.context.close()
  })
})

describe('a page with <base href>', () => {
  it("resolves a relative data-icon-button against it, as the browser does the tag's src", async () => {
    const opened = await pageWith(pageHtml({ 'data-icon-button': 'pixel.svg' }).replace('<body>', '<head><base href="/demo/"></head><body>'))
    const icon = widget(opened.page).launcher.locator('img')
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => [img.src, img.complete && img.naturalWidth > 0])).toEqual([`${live.server.url}/demo/pixel.svg`, true])
    expect(opened.errors).toEqual([])
    await opened.context.close()
  })
})

describe('a data-icon-button image that cannot be loaded', () => {
  it('leaves the chat icon on the launcher and no header icon, with one warning naming the URL', async () => {
    const opened = await pageWith(pageHtml({ 'data-icon-button': '/no-such-icon.png' }))
    const w = widget(opened.page)
    await expect.poll(opened.widgetWarnings).toEqual([
      `[chat-widget] The launcher image ${live.server.url}/no-such-icon.png could not be loaded, so the chat icon is shown. Check data-icon-button, or the button image in the console's widget settings.`,
    ])
    expect(await w.launcher.locator('img').count()).toBe(0)
    expect(await w.launcher.locator('svg.icon').count()).toBe(1)
    await w.launcher.click()
    await w.header.waitFor()
    await expect.poll(() => w.header.locator('img').count()).toBe(0)
    await w.launcher.click()
    await w.panel.waitFor({ state: 'hidden' })
    expect(await w.launcher.locator('img').count()).toBe(0) // the closed launcher does not try it again
    expect(opened.widgetWarnings()).toHaveLength(1)
    expect(opened.errors).toEqual([])
    await opened.context.close()
  })
})

describe('pages whose <body> fights position: fixed', () => {
  const VIEWPORT = { width: 1280, height: 800 }
  const EDGE = 20 // the default offsets
  const LAUNCHER = 60

  it.each(['transform', 'filter', 'perspective', 'contain', 'zoom', 'overflow', 'rtl'])(
    'hostile.html?body=%s: the launcher stays in the bottom-left corner of the screen on a scrolled long page',
    async (hostileCase) => {
      const context = await isolatedContext(live.browser, { viewport: VIEWPORT })
      const tab = await context.newPage()
      const { errors } = watchPage(tab)
      await tab.goto(`${live.server.url}/demo/hostile.html?body=${hostileCase}`)
      const w = widget(tab)
      await w.launcher.waitFor()
      // Halfway down, where a launcher placed relative to <body> is off screen.
      const scrolled = await tab.evaluate(() => {
        window.scrollTo(0, 1500)
        document.body.scrollTop = 1500
        return Math.max(window.scrollY, document.body.scrollTop)
      })
      expect(scrolled).toBe(1500)
      expect(await w.launcher.boundingBox()).toEqual({ x: EDGE, y: VIEWPORT.height - EDGE - LAUNCHER, width: LAUNCHER, height: LAUNCHER })
      await w.launcher.click()
      await w.panel.waitFor()
      expect(await w.panel.evaluate((panel) => getComputedStyle(panel).direction)).toBe('ltr')
      const panel = (await w.panel.boundingBox())!
      expect(panel.x).toBe(EDGE)
      expect(panel.y + panel.height).toBe(VIEWPORT.height - EDGE - LAUNCHER - 12)
      expect(errors).toEqual([])
      await context.close()
    },
  )
})

describe('a chosen corner', () => {
  it('data-position="bottom-right" with offsets: launcher, welcome dots and card, and panel on that side', async () => {
    const instance = 'Esquina derecha'
    await live.server.storage.chat.setWidgetConfig(instance, { visibility_welcome_modal: true, time_active_welcome_modal: 20 })
    const opened = await pageWith(pageHtml({ 'data-instance-name': instance, 'data-position': 'bottom-right', 'data-offset-x': '32', 'data-offset-y': '96px' }))
    const w = widget(opened.page)
    const right = 1280 - 32
    const aboveLauncher = 800 - 96 - 60 - 12
    const edges = async (selector: string) => {
      const box = (await w.host.locator(selector).boundingBox())!
      return { right: Math.round(box.x + box.width), bottom: Math.round(box.y + box.height) }
    }
    await w.launcher.waitFor()
    expect(await edges('.launcher')).toEqual({ right, bottom: 800 - 96 })
    await w.host.locator('.welcome__typing').waitFor({ timeout: 3000 })
    expect(await edges('.welcome')).toEqual({ right, bottom: aboveLauncher })
    await w.welcomeCard.waitFor({ timeout: 5000 })
    await expect.poll(() => edges('.welcome__card')).toEqual({ right, bottom: aboveLauncher }) // once it has popped up
    await w.welcomeCard.locator('.welcome__button').click() // the launcher bobs meanwhile
    await w.panel.waitFor()
    expect(await edges('.panel')).toEqual({ right, bottom: aboveLauncher })
    expect(opened.widgetWarnings()).toEqual([])
    expect(opened.errors).toEqual([])
    await live.server.storage.chat.setWidgetConfig(instance, {})
    await opened.context.close()
  })

  it('an invalid position or offset is one warning each, and the default corner', async () => {
    const opened = await pageWith(pageHtml({ 'data-position': 'top-left', 'data-offset-x': '-4' }))
    const w = widget(opened.page)
    await w.launcher.waitFor()
    expect(await w.launcher.boundingBox()).toEqual({ x: 20, y: 800 - 80, width: 60, height: 60 })
    expect(opened.widgetWarnings()).toEqual([
      '[chat-widget] data-position "top-left" is not one of bottom-left, bottom-right; using bottom-left.',
      '[chat-widget] data-offset-x "-4" is not a whole number of pixels from 0 to 300; using 20.',
    ])
    await opened.context.close()
  })
})

for (const width of [375, 768]) {
  describe(`the full-screen panel at ${width} px`, () => {
    const HEIGHT = 740
    /** Frames without a scroll that end a gesture's scrolling: a fling ends in about 30 (half a second at 60 Hz). */
    const SETTLED_FRAMES = 30
    /** A long page whose <html> has an inline overflow of its own, and <body> none. */
    const LONG_PAGE = `<!doctype html><html lang="es" style="overflow-y: auto"><body>
      ${Array.from({ length: 80 }, (_, i) => `<p>Párrafo ${i + 1} de una página larga.</p>`).join('')}
      ${tag({ 'data-instance-name': 'Teléfono' })}</body></html>`
    const inlineOverflow = (tab: Page) =>
      tab.evaluate(() => [document.documentElement, document.body].map((el) => [el.hasAttribute('style'), el.style.cssText]))

    async function openPanel(): Promise<{ context: BrowserContext; tab: Page; errors: string[] }> {
      const opened = await pageWith(LONG_PAGE, { viewport: { width, height: HEIGHT }, hasTouch: true })
      await opened.page.evaluate(() => window.scrollTo(0, 600))
      return { context: opened.context, tab: opened.page, errors: opened.errors }
    }

    /** A finger swipe up by 300 px at (x, y), as the browser's touch input produces it. */
    const swipe = async (tab: Page, x: number, y: number) => {
      const cdp = await tab.context().newCDPSession(tab)
      await cdp.send('Input.synthesizeScrollGesture', { x, y, yDistance: -300, gestureSourceType: 'touch', speed: 1200 })
      await cdp.detach()
      await scrollSettled(tab)
    }
    const wheel = async (tab: Page, x: number, y: number) => {
      await tab.mouse.move(x, y)
      await tab.mouse.wheel(0, 1200)
      await scrollSettled(tab)
    }
    /**
     * Resolve once the page has kept still for SETTLED_FRAMES frames in a row: the scrolling a
     * gesture started (a swipe's fling too) is over, or none started. Counted in frames, which a
     * busy machine slows down with the scrolling itself.
     */
    const scrollSettled = (tab: Page) =>
      tab.evaluate(
        (frames) =>
          new Promise<void>((settled) => {
            let [last, still] = [window.scrollY, 0]
            const look = () => {
              ;[still, last] = window.scrollY === last ? [still + 1, last] : [0, window.scrollY]
              if (still >= frames) settled()
              else requestAnimationFrame(look)
            }
            requestAnimationFrame(look)
          }),
        SETTLED_FRAMES,
      )
    const centre = async (tab: Page, selector: string) => {
      const box = (await widget(tab).host.locator(selector).boundingBox())!
      return [box.x + box.width / 2, box.y + box.height / 2] as const
    }

    it('the page behind does not scroll under wheel or swipe, and its own overflow styles come back exactly', async () => {
      const { context, tab, errors } = await openPanel()
      const w = widget(tab)
      const before = await inlineOverflow(tab)
      // With the panel closed, the same gestures do scroll the page (so the check below can fail).
      await wheel(tab, width / 2, HEIGHT / 2)
      await swipe(tab, width / 2, HEIGHT / 2)
      expect(await tab.evaluate(() => window.scrollY)).toBeGreaterThan(600)
      await tab.evaluate(() => window.scrollTo(0, 600))
      await scrollSettled(tab)
      expect(await tab.evaluate(() => window.scrollY)).toBe(600)

      await w.launcher.click()
      await w.panel.waitFor()
      expect(await w.panel.boundingBox()).toEqual({ x: 0, y: 0, width, height: HEIGHT })
      for (const part of ['.header', '.composer', '.messages']) {
        const [x, y] = await centre(tab, part)
        await wheel(tab, x, y)
        await swipe(tab, x, y)
        expect(await tab.evaluate(() => window.scrollY), `scrolled over ${part}`).toBe(600)
      }
      await tab.keyboard.press('Escape')
      await w.panel.waitFor({ state: 'hidden' })
      expect(await inlineOverflow(tab)).toEqual(before)
      expect(before).toEqual([[true, 'overflow-y: auto;'], [false, '']])
      expect(await tab.evaluate(() => window.scrollY)).toBe(600)
      expect(errors).toEqual([])
      await context.close()
    })

    it('Esc and the close button give focus back to the launcher, shown again', async () => {
      const { context, tab, errors } = await openPanel()
      const w = widget(tab)
      const launcherFocused = () =>
        w.launcher.evaluate((el) => document.activeElement?.tagName === 'CHAT-WIDGET-ROOT' && el === (el.getRootNode() as ShadowRoot).activeElement)
      await w.launcher.click()
      await w.panel.waitFor()
      expect(await w.launcher.isVisible()).toBe(false) // hidden behind the full-screen panel
      await tab.keyboard.press('Escape')
      await w.panel.waitFor({ state: 'hidden' })
      expect(await launcherFocused()).toBe(true)

      await w.launcher.click()
      await w.panel.waitFor()
      await w.header.getByRole('button', { name: 'Cerrar chat' }).click()
      await w.panel.waitFor({ state: 'hidden' })
      expect(await launcherFocused()).toBe(true)
      expect(await w.launcher.isVisible()).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    })
  })
}

describe('the site on a 375 px screen', () => {
  type Box = { x: number; y: number; width: number; height: number }
  const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  it('scrolls a field reached with the keyboard clear of the launcher, and ends the page below it', async () => {
    const property = catalogue().properties.find((p) => p.status === 'disponible')!
    const context = await isolatedContext(live.browser, { viewport: { width: 375, height: 740 } })
    const tab = await context.newPage()
    const { errors } = watchPage(tab)
    await tab.goto(`${live.server.url}/propiedad/${property.slug}`)
    const w = widget(tab)
    await w.launcher.waitFor()
    await tab.waitForFunction(() => document.querySelector('.site-header--enhanced'))
    const launcher = (await w.launcher.boundingBox())!
    const whatsapp = (await tab.locator('.whatsapp-float').boundingBox())!
    expect(overlap(launcher, whatsapp)).toBe(false)

    // The consent box just above the bottom edge, under the launcher; Tab reaches it from the message.
    const consent = tab.locator('.lead-form__consent input')
    await consent.evaluate((box) => window.scrollBy(0, box.getBoundingClientRect().bottom - window.innerHeight + 30))
    expect(overlap((await consent.boundingBox())!, launcher)).toBe(true)
    await tab.locator('.lead-form textarea').evaluate((field: HTMLElement) => field.focus({ preventScroll: true }))
    await tab.keyboard.press('Tab')
    expect(await consent.evaluate((box) => box === document.activeElement)).toBe(true)
    const focused = (await consent.boundingBox())!
    expect(overlap(focused, launcher)).toBe(false)
    expect(overlap(focused, whatsapp)).toBe(false)

    // At the end of the page nothing with text or a link is under either floating button.
    await tab.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const covered = await tab.evaluate((buttons) => {
      const hit = (r: DOMRect) => buttons.some((b) => r.x < b.x + b.width && b.x < r.right && r.y < b.y + b.height && b.y < r.bottom)
      return [...document.querySelectorAll('body *')]
        .filter((el) => !el.closest('.whatsapp-float') && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
        .filter((el) => hit(el.getBoundingClientRect()))
        .map((el) => el.textContent!.trim().slice(0, 40))
    }, [launcher, whatsapp])
    expect(covered).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
