// @vitest-environment jsdom
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PagePayload } from '../../src/site/data/payload'
import { errorPayload } from '../../src/site/screens/error/payload'
import type { BuildMeta } from '../../src/site/router/manifest'
import type { startRouter as StartRouter } from '../../src/site/router/client-router'
import { WAIT_FOR_MS, waitFor } from '../support/wait'
import { siteIdentity } from '../../src/site/data/identity'
import { readAgency } from '../support/catalogue'

/**
 * The client router through its public surface (startRouter, link clicks, history, tab return)
 * on a jsdom page whose origin is a real HTTP server on a loopback port, serving a build manifest,
 * page payloads and the latest build id as `dist/site` does. One router per document (it has no
 * stop), so the tests run in order and build on each other; the new build comes last.
 */

/** A page as the router gives it to the view: the screen's component and its payload. */
type Page = Parameters<typeof StartRouter>[0]['initial']

const BUILD = 'build-actual'
const SITE = siteIdentity(readAgency().profile)
const SITE_NAME = SITE.name
const META: BuildMeta = {
  id: BUILD,
  // Only the manifest says /oficina moves: the router must apply the manifest's rules.
  redirects: [
    { from: '/contact', to: '/contacto' },
    { from: '/oficina', to: '/contacto' },
  ],
  known: { products: [], developments: [], posts: ['primer-post'], properties: ['casa-marina'], zonePages: [] },
  paths: ['/', '/acerca', '/contacto', '/blog', '/blog/primer-post', '/propiedad/casa-marina', '/renta-cancun'],
}
const payloadOf = (screen: PagePayload['screen'], path: string, title: string): PagePayload => ({
  screen,
  params: {},
  path,
  head: { title, description: `Descripción de ${path}`, canonicalPath: path },
  data: {},
  site: SITE,
})
const PAYLOADS: Record<string, PagePayload> = {
  '/acerca': payloadOf('about', '/acerca', 'Acerca de nosotros'),
  '/contacto': payloadOf('contact', '/contacto', 'Contacto'),
  '/blog/primer-post': payloadOf('post', '/blog/primer-post', 'Primer post'),
  '/propiedad/casa-marina': payloadOf('property', '/propiedad/casa-marina', 'Casa Marina'),
}
/** A payload whose server always fails: the visitor gets the error page. */
const FAILING_PATH = '/renta-cancun'

let site: HttpServer
const requests: string[] = []
let latestBuild = BUILD
let startRouter: typeof StartRouter
let PAYLOAD_FRESH_MS: number

/** The jsdom instance vitest creates; reconfigured so the page's origin is the loopback server. */
const dom = () => (globalThis as unknown as { jsdom: JSDOM }).jsdom

/**
 * Fetches the page started and has not finished reading. A browser's fetch resolves a relative
 * URL against the page; Node's does not, so the page's fetch does that first, then goes to the
 * real server. Tracking what is in flight lets a test wait until the router has read every answer.
 */
let inFlight = 0
const nodeFetch = globalThis.fetch
function pageFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href)
  inFlight++
  return nodeFetch(url, init).then(
    (response) => {
      let read = false
      const done = () => void (read || ((read = true), inFlight--))
      for (const method of ['json', 'text', 'arrayBuffer', 'blob'] as const) {
        const original = response[method].bind(response) as () => Promise<unknown>
        Object.defineProperty(response, method, { value: () => original().finally(done) })
      }
      if (!response.ok) done() // an answer the router does not read
      return response
    },
    (error: unknown) => {
      inFlight--
      throw error
    },
  )
}
/** Every answer the page asked for has been read, and what the router does with it has run. */
const settled = async () => {
  await waitFor(() => inFlight === 0, 'every page request answered and read')
  await new Promise((resolve) => setTimeout(resolve, 0))
}

/** What the router asked of the view, and what the visitor would see of it. */
const view = {
  shown: [] as Page[],
  loading: [] as boolean[],
  show(page: Page) {
    view.shown.push(page)
    document.getElementById('app')!.innerHTML = `<h1 id="page-heading" tabindex="-1">${page.payload.head.title}</h1>`
  },
  setLoading(loading: boolean) {
    view.loading.push(loading)
  },
}
const lastShown = () => view.shown.at(-1)!.payload

/** Full page loads the router asked the browser for (jsdom reports them as not implemented). */
let fullLoads = 0
/** jsdom lays nothing out, so it cannot scroll: the page's vertical scroll position, kept here. */
let scrolledTo = 0

/** Click a link as a visitor does; true when the router took it over (its default was prevented). */
function click(href: string, init: MouseEventInit = {}, attributes: Record<string, string> = {}): boolean {
  const a = document.createElement('a')
  a.href = href
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value)
  document.getElementById('app')!.append(a)
  let takenOver = false
  // Listening on window runs after the router's document listener; stop jsdom's own navigation.
  const observe = (event: Event) => {
    takenOver = event.defaultPrevented
    event.preventDefault()
  }
  window.addEventListener('click', observe, { once: true })
  a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }))
  a.remove()
  return takenOver
}

const payloadRequests = () => requests.filter((r) => r.endsWith('/_payload.json'))

beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url!, 'http://site')
    requests.push(url.pathname)
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (url.pathname === `/_app/builds/meta/${BUILD}.json`) return json(200, META)
    if (url.pathname === '/_app/builds/latest.json') return json(200, { id: latestBuild, timestamp: 2 })
    const page = url.pathname.endsWith('/_payload.json') ? url.pathname.slice(0, -'/_payload.json'.length) : null
    if (page === FAILING_PATH) return json(503, { error: 'unavailable' })
    if (page && PAYLOADS[page]) return json(200, PAYLOADS[page])
    json(404, { error: 'not found' })
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  dom().reconfigure({ url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/` })
  // jsdom cannot load another document: it reports each attempt, which here is a full page load.
  dom().virtualConsole.removeAllListeners('jsdomError')
  dom().virtualConsole.on('jsdomError', (error) => {
    if (error.message.includes('navigation')) fullLoads++
  })
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrolledTo })
  window.scrollTo = ((_x: number, y: number) => void (scrolledTo = y)) as typeof window.scrollTo
  globalThis.fetch = pageFetch as typeof fetch
  document.head.innerHTML = `<title>Inicio | ${SITE_NAME}</title><meta name="description" content="Inicio"><link rel="canonical" href="${location.origin}/">`
  document.body.innerHTML = '<div id="app"><h1 id="page-heading" tabindex="-1">Encuentra tu hogar en Cancún</h1></div>'
  ;({ startRouter, PAYLOAD_FRESH_MS } = await import('../../src/site/router/client-router'))
})
afterAll(async () => {
  globalThis.fetch = nodeFetch
  await new Promise((resolve) => site.close(resolve))
})

// Waits are for events, each bounded by its own limit (WAIT_FOR_MS), which the test's exceeds.
describe('client router', { timeout: 3 * WAIT_FOR_MS }, () => {
  let router: ReturnType<typeof StartRouter>
  const home: Page = { Screen: () => null, payload: payloadOf('home', '/', `Inicio | ${SITE_NAME}`) }

  it('reads the build manifest at start, never the payload of the page it started on', async () => {
    router = startRouter({ buildId: BUILD, view, initial: home })
    await settled()
    expect(requests).toEqual([`/_app/builds/meta/${BUILD}.json`])
  })

  it('takes over a link click: overlay, payload, new history entry, head, focus on the heading, top of the page', async () => {
    expect(click('/acerca')).toBe(true)
    await waitFor(() => view.shown.length === 1, 'the page shown')
    expect(lastShown()).toEqual(PAYLOADS['/acerca'])
    expect(view.shown[0]!.Screen).toEqual(expect.any(Function))
    expect(view.loading).toEqual([true, false])
    expect(location.pathname).toBe('/acerca')
    expect(history.length).toBe(2)
    expect(document.title).toBe('Acerca de nosotros')
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Descripción de /acerca')
    expect(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href).toBe(`${location.origin}/acerca`)
    await waitFor(() => document.activeElement?.id === 'page-heading', 'focus on the new heading')
    expect(document.activeElement!.textContent).toBe('Acerca de nosotros')
    expect(scrolledTo).toBe(0)
    expect(payloadRequests()).toEqual(['/acerca/_payload.json'])
    expect(fullLoads).toBe(0)
  })

  it('loads each payload once while it is fresh, however often the page is visited; the first page\'s never', async () => {
    router.navigate('/contacto')
    await waitFor(() => lastShown().path === '/contacto', 'the contact page')
    expect(click('/acerca')).toBe(true)
    await waitFor(() => lastShown().path === '/acerca', 'the about page again')
    expect(click('/')).toBe(true)
    await waitFor(() => lastShown().path === '/', 'the home page again')
    expect(lastShown()).toEqual(home.payload)
    expect(payloadRequests()).toEqual(['/acerca/_payload.json', '/contacto/_payload.json'])
  })

  it('applies the redirects of the build manifest, keeping the query and the fragment', async () => {
    const before = history.length
    expect(click('/oficina?desde=menu#horario')).toBe(true)
    await waitFor(() => location.pathname === '/contacto', 'the redirect applied')
    expect(location.search).toBe('?desde=menu')
    expect(location.hash).toBe('#horario')
    expect(lastShown()).toEqual(PAYLOADS['/contacto'])
    expect(history.length).toBe(before + 1) // one entry, for where the visitor landed
    click('/contact')
    await waitFor(() => history.length === before + 2, 'the English alias applied')
    expect(location.pathname).toBe('/contacto')
  })

  it('leaves a path the tab does not know to the server, and shows the error page when a payload fails', async () => {
    // Published, renamed or archived since the tab opened: the server answers the page, the 301 or the 404.
    const [asked, loads, shown] = [requests.length, fullLoads, view.shown.length]
    expect(click('/propiedad/no-existe')).toBe(true)
    expect(click('/x/y/z')).toBe(true)
    expect(fullLoads).toBe(loads + 2)
    expect(view.shown.length).toBe(shown)
    expect(requests.slice(asked)).toEqual([])

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    click(FAILING_PATH)
    await waitFor(() => lastShown().path === FAILING_PATH, 'the error page')
    expect(lastShown()).toEqual(errorPayload('error', FAILING_PATH, SITE))
    expect(location.pathname).toBe(FAILING_PATH)
    expect(document.title).toBe('A ocurrido un error')
    expect(logged).toHaveBeenCalledWith('[site] navigation failed', expect.any(Error))
    logged.mockRestore()
  })

  it('loads the whole page when its payload is gone (404): the catalogue changed since the tab opened', async () => {
    const [loads, shown] = [fullLoads, view.shown.length]
    expect(click('/blog')).toBe(true) // known to the manifest, no payload on the server
    await waitFor(() => fullLoads === loads + 1, 'a full page load')
    expect(view.shown.length).toBe(shown)
  })

  it('asks again for a payload older than PAYLOAD_FRESH_MS: an open tab sees a change at its next navigation', async () => {
    click('/contacto')
    await waitFor(() => lastShown().path === '/contacto', 'the contact page')
    const asked = payloadRequests().length
    const later = Date.now() + PAYLOAD_FRESH_MS
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later)
    try {
      click('/acerca')
      await waitFor(() => lastShown().path === '/acerca', 'the about page')
      await settled()
      expect(payloadRequests().slice(asked)).toEqual(['/acerca/_payload.json'])
    } finally {
      clock.mockRestore()
    }
  })

  it('leaves alone what is not a page of the site', () => {
    const shown = view.shown.length
    expect(click('https://example.com/propiedad/casa-marina')).toBe(false)
    expect(click('/api/properties')).toBe(false)
    expect(click('/demo/')).toBe(false)
    expect(click('/widget.js')).toBe(false)
    expect(click('/acerca', {}, { target: '_blank' })).toBe(false)
    expect(click('/acerca', {}, { download: '' })).toBe(false)
    expect(click('/acerca', {}, { rel: 'external' })).toBe(false)
    expect(click('/acerca', { ctrlKey: true })).toBe(false)
    expect(click('/acerca', { button: 1 })).toBe(false)
    expect(click(`${location.pathname}#detalles`)).toBe(false) // an anchor in this page
    expect(view.shown.length).toBe(shown)
  })

  it('goes back through history with the payload it already has, where the visitor was', async () => {
    click('/propiedad/casa-marina')
    await waitFor(() => lastShown().path === '/propiedad/casa-marina', 'the property page')
    window.scrollTo(0, 640) // the visitor reads down the page, then follows a link
    click('/blog/primer-post')
    await waitFor(() => lastShown().path === '/blog/primer-post', 'the post')
    await waitFor(() => scrolledTo === 0, 'the top of the new page')
    const asked = payloadRequests().length
    // However long ago: back shows the page as the visitor left it.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + PAYLOAD_FRESH_MS)
    try {
      history.back()
      await waitFor(() => lastShown().path === '/propiedad/casa-marina', 'the property page again')
    } finally {
      clock.mockRestore()
    }
    expect(location.pathname).toBe('/propiedad/casa-marina')
    await waitFor(() => scrolledTo === 640, 'the scroll position restored')
    expect(payloadRequests().length).toBe(asked)
  })

  it('makes the next navigation a full page load once the tab comes back to a new build', async () => {
    const asked = requests.length
    document.dispatchEvent(new Event('visibilitychange')) // same build: nothing changes
    await settled()
    expect(requests.slice(asked)).toEqual(['/_app/builds/latest.json'])
    const loads = fullLoads
    click('/acerca')
    await waitFor(() => lastShown().path === '/acerca', 'a client-side navigation')
    expect(fullLoads).toBe(loads)

    latestBuild = 'build-nueva'
    document.dispatchEvent(new Event('visibilitychange'))
    await settled()
    const shown = view.shown.length
    expect(click('/contacto')).toBe(true)
    expect(fullLoads).toBe(loads + 1)
    expect(view.shown.length).toBe(shown)
    expect(location.pathname).toBe('/acerca') // the browser, not the router, goes there
  })

  it('without a build manifest, every link is a full page load', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const lost = startRouter({ buildId: 'build-perdido', view, initial: home })
    await settled()
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('build manifest unavailable'), expect.any(Error))
    const [shown, loads] = [view.shown.length, fullLoads]
    await lost.navigate('/contacto')
    expect(fullLoads).toBe(loads + 1)
    expect(view.shown.length).toBe(shown)
    warned.mockRestore()
  })
})
