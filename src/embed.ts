/**
 * The one script tag (docs/behaviour.md#embed): read the props from the tag's data attributes, mount the
 * widget in a shadow root on a fixed host element, and expose the window API.
 */
// First: widget.js's layout (stage-modules.ts says why).
import { STAGE_MODULES } from './widget/stage-modules'
import { API_METHODS, apiCallError, type ApiMethod } from './widget/api-calls'
import { MAX_Z_INDEX } from './widget/constants'
import { createWidgetEvents } from './widget/events'
import { keepAttached, REATTACH_LIMIT, REATTACH_WINDOW_MS } from './widget/keep-attached'
import { showLauncherButton } from './widget/launcher-button'
import type { WidgetController } from './widget/mount'
import { readWidgetProps } from './widget/props'
import { browserIdle, runInStages } from './widget/stages'
import { safeStorage } from './widget/storage'
import { placementCss, WIDGET_CSS } from './widget/styles'
import { themeCss } from './widget/theme'

/** The one global the widget defines (docs/behaviour.md#api-global). */
const API_NAME = 'chatWidget'
const HOST_TAG = 'chat-widget-root'
/** The widget's tags on the page: a tag has at least one of the required attributes. */
const TAG_SELECTOR = 'script[data-id-agent], script[data-socket-url]'

/** What a page may have put on window before the script loaded: a stub that queues calls. */
interface QueueingStub {
  (...args: unknown[]): unknown
  q?: ArrayLike<unknown>[]
  mounted?: boolean
}

declare global {
  interface Window {
    chatWidget?: QueueingStub
  }
}

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript
  if (current instanceof HTMLScriptElement) return current
  // currentScript is null when the code runs from a callback or a module loader: find the tag.
  const tags = document.querySelectorAll<HTMLScriptElement>(TAG_SELECTOR)
  return tags[tags.length - 1] ?? null
}

/** Styles inside the shadow root; a nonce'd <style> where constructable stylesheets are missing. */
function installStyles(shadow: ShadowRoot, nonce: string, css: string): (themeCss: string) => void {
  if ('adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
    const base = new CSSStyleSheet()
    const theme = new CSSStyleSheet()
    base.replaceSync(css)
    shadow.adoptedStyleSheets = [base, theme]
    return (css) => theme.replaceSync(css)
  }
  const [base, theme] = [document.createElement('style'), document.createElement('style')]
  for (const style of [base, theme]) if (nonce) style.nonce = nonce
  base.textContent = css
  shadow.append(base, theme)
  return (css) => void (theme.textContent = css)
}

function createApi(stub: QueueingStub | undefined): { api: QueueingStub; start: () => void } {
  const queue: unknown[][] = Array.from(stub?.q ?? [], (args) => Array.from(args))
  /** The page's listeners, there from the start so on() answers with an unsubscribe at once. */
  const events = createWidgetEvents()
  let controller: WidgetController | null = null
  let host: HTMLElement | null = null
  /** The start-up stages left (docs/behaviour.md#start-up); set once the launcher is on screen. */
  let stages: ReturnType<typeof runInStages> | null = null
  let stopKeepingAttached: (() => void) | undefined

  /** Unmount whatever was mounted. */
  const unmount = () => {
    stopKeepingAttached?.()
    stages?.stop()
    controller?.destroy()
    host?.remove()
    controller = host = stages = null
  }
  const remove = () => {
    unmount()
    delete window.chatWidget
  }
  /**
   * The widget failed to start on this page (docs/behaviour.md#embed): nothing of it stays and
   * the console says why; the error is not thrown into the page. The global stays, so the page's
   * own calls throw nothing either.
   */
  const failed = (error: unknown) => {
    console.error('[chat-widget] The chat could not start on this page and was removed. Please report this error with the browser and page:', error)
    try {
      unmount()
    } catch {
      host?.remove() // a half-made widget: at least off the page
    }
  }

  /** What a call the widget cannot carry out answers, as a failed call of that method would. */
  const refused = (method: unknown) => (method === 'on' ? () => false : method === 'send' ? false : undefined)
  const call = (method: unknown, ...args: unknown[]): unknown => {
    const error = apiCallError(method, args)
    if (error) {
      console.error(error)
      return refused(method)
    }
    if (method === 'on') return (events.on as (...a: unknown[]) => unknown)(...args)
    if (method === 'destroy') return void remove()
    // Any other call needs the widget: what is left of the start-up runs now (not before the
    // tag was read: the stub's calls wait in the queue for it).
    stages?.now()
    if (!controller) {
      queue.push([method, ...args])
      return undefined
    }
    return (controller[method as Exclude<ApiMethod, 'on' | 'destroy'>] as (...a: unknown[]) => unknown)(...args)
  }
  const api: QueueingStub = Object.assign(call, { mounted: true })
  for (const method of API_METHODS) Object.assign(api, { [method]: (...args: unknown[]) => call(method, ...args) })

  const mount = (script: HTMLScriptElement) => {
    try {
      mountFrom(script)
    } catch (error) {
      failed(error)
    }
  }
  const mountFrom = (script: HTMLScriptElement) => {
    // Relative URLs resolve as the tag's own src does: against the page's <base href>, if any.
    const result = readWidgetProps((name) => script.getAttribute(name), document.baseURI, window.location.hostname, script.getAttributeNames())
    if (!result.ok) {
      console.error(result.error)
      delete window.chatWidget
      return
    }
    result.warnings.forEach((warning) => console.warn(warning))
    const { props } = result
    const storage = safeStorage()
    host = document.createElement(HOST_TAG)
    // Inline position as a fallback; the shadow :host rule (!important) is what holds on hostile pages.
    host.style.setProperty('position', 'fixed')
    host.style.setProperty('z-index', String(MAX_Z_INDEX))
    const shadow = host.attachShadow({ mode: 'open' })
    const applyTheme = installStyles(shadow, script.nonce ?? '', WIDGET_CSS + placementCss(props))
    // The default colours from the first task: the launcher shows before the configuration's
    // (mount.tsx applies those), and without them it would be a transparent circle until then.
    applyTheme(themeCss({}))
    const container = document.createElement('div')
    shadow.append(container)
    const launcher = showLauncherButton(shadow, { open: false, bobbing: false, image: props.iconButton }, () => {
      stages?.now()
      controller?.openByVisitor()
    })
    // Beside <body>, not inside it: a transform, filter, perspective, contain or zoom on <body>
    // would make it the box that position: fixed is relative to (docs/behaviour.md#placement).
    document.documentElement.append(host)
    stopKeepingAttached = keepAttached(document, host, () =>
      console.warn(
        `[chat-widget] This page keeps removing the widget's <${HOST_TAG}> element (${REATTACH_LIMIT + 1} times in ${REATTACH_WINDOW_MS / 1000} s), so the chat is left off it. Let your framework leave that element beside <body>.`,
      ),
    )
    // The rest in idle time, a task per stage (docs/behaviour.md#start-up): evaluating React's
    // renderer, the socket client, the sanitiser, the widget's own code, then starting the
    // widget in steps (store and visitor context, connection, trail and metrics, timed behaviour, React), whose
    // first React render is a transition React cuts into short tasks.
    stages = runInStages(
      [
        ...STAGE_MODULES,
        function* () {
          const { mountWidget } = require('./widget/mount') as typeof import('./widget/mount')
          controller = yield* mountWidget({ props, storage, container, applyTheme, launcher, events })
          for (const [method, ...args] of queue.splice(0)) call(method, ...args)
        },
      ],
      browserIdle(),
      failed,
    )
    // Calls the page queued before the script loaded (other than listening) start the widget now.
    if (queue.some(([method]) => method !== 'on')) stages.now()
  }

  const start = () => {
    const script = ownScript()
    if (!script) {
      console.error("[chat-widget] Could not find the widget's <script> tag; the chat was not mounted.")
      delete window.chatWidget
    } else if (document.body) mount(script)
    else document.addEventListener('DOMContentLoaded', () => mount(script), { once: true })
  }
  return { api, start }
}

/**
 * What the page has at window.chatWidget. Only a function is the documented stub (docs/embedding.md) or our API: an
 * element with id or name "chatWidget" is there too (named access), and so a stub written
 * `window.chatWidget || function…` was never made (docs/behaviour.md#api-global).
 */
const found: unknown = window.chatWidget
const stub = typeof found == 'function' ? (found as QueueingStub) : undefined
// A second copy of the tag mounts nothing: it says so, since its attributes are not used.
if (!stub?.mounted && !document.querySelector(HOST_TAG)) {
  if (found && !stub) {
    console.warn(
      `[chat-widget] window.chatWidget was ${found instanceof Element ? `the page's <${found.localName}> with id or name "${API_NAME}"` : 'set by the page'}, not the widget's stub, so calls before the script loaded failed; the widget's API replaced it. Rename the element, or use the documented stub (docs/embedding.md#javascript-api).`,
    )
  }
  const { api, start } = createApi(stub)
  window.chatWidget = api
  start()
} else if (document.querySelectorAll(TAG_SELECTOR).length > 1) {
  // Only this tag on the page: a router swapped <body> and ran the new body's copy, no warning.
  console.warn(
    "[chat-widget] The widget's script ran again (is its tag on the page twice?); this copy and its attributes were ignored, the chat already on the page stays. Remove the extra tag.",
  )
}
