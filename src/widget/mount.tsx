import { computed, effect } from '@preact/signals-react'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Widget, type VisitorActions } from './components/Widget'
import { createChatConnection } from './connection'
import type { WidgetEvents } from './events'
import { visitorIdentity } from './identity'
import type { LauncherButton } from './launcher-button'
import { keepOutbox } from './outbox'
import { createProfanityFilter } from './profanity'
import { httpUrl, type WidgetProps } from './props'
import { safeStorage, type SafeStorage } from './storage'
import { createWidgetStore } from './store'
import { themeCss } from './theme'
import { createVisitorContext } from './visitor'
import { VISITOR_CHATTED_KEY, WELCOME_SHOWN_KEY, welcomeAllowed, welcomeSequence } from './welcome'

export interface MountOptions {
  props: WidgetProps
  storage: SafeStorage
  /** Where React renders (inside the shadow root). */
  container: HTMLElement
  /** Writes the theme rule (custom properties) into the shadow root's stylesheet. */
  applyTheme: (css: string) => void
  /** The page's listeners (the window API's on), there before the widget starts. */
  events: WidgetEvents
  /** The launcher already on screen (docs/behaviour.md#start-up); the store drives it from now on. */
  launcher: LauncherButton
}

/**
 * Wires one widget: store, connection, timed behaviour, React; returns its controller. A start-up
 * stage cut in steps (stages.ts, docs/behaviour.md#start-up): each `yield` ends a task, and
 * answers whether the rest runs at once for a call; the first React render is otherwise a
 * transition React cuts into short tasks.
 */
export function* mountWidget({ props, storage, container, applyTheme, launcher, events }: MountOptions): Generator<void, WidgetController, boolean> {
  const store = createWidgetStore()
  const session = safeStorage(() => window.sessionStorage)
  const stopOutbox = keepOutbox(store, session) // before the connection: its first connect sends them
  const identity = visitorIdentity(storage)
  const profanity = createProfanityFilter()
  const visitorContext = createVisitorContext({ win: window, props, store, events, storage, identity })
  yield
  const connection = createChatConnection({
    props,
    store,
    events,
    identity,
    attribution: visitorContext.attribution,
    cleanText: profanity.clean,
  })
  // A step of its own: opening the socket and starting the visitor context together took 26–79 ms
  // at 4× CPU. If the socket connected in between, the context sends the first page and the
  // metrics at once instead of through socket.io's buffer (visitor.ts).
  yield
  visitorContext.start(connection)

  /** The visitor opened the chat: focus moves into the panel once it is shown. */
  const focusOnOpen = { current: false }
  const visitor: VisitorActions = {
    openChat() {
      focusOnOpen.current = true
      store.openChat.value = true
    },
    // Focus goes back to the launcher, which the effect below has already shown again (full
    // screen it is hidden while the panel is open, and a hidden button cannot take focus).
    closeChat() {
      store.openChat.value = false
      launcher.element.focus()
    },
    shareLocation: () => void visitorContext.shareLocation(),
    enableAlerts: visitorContext.enableAlerts,
  }
  /** The configured launcher image (the header shows it too), else the tag's. */
  const icon = computed(() => {
    const configured = store.customStyle.value.icon_button_url
    return (configured && httpUrl(configured, window.location.href)) || props.iconButton
  })
  launcher.onPress(() => (store.openChat.peek() ? visitor.closeChat() : visitor.openChat()))
  yield
  let cancelWelcome: (() => void) | undefined
  let wasOpen = store.openChat.peek()
  const chatted = () => storage.get(VISITOR_CHATTED_KEY) === '1' || store.messages.peek().some((m) => m.role === 'user')
  const disposers = [
    stopOutbox,
    events.on('send', () => storage.set(VISITOR_CHATTED_KEY, '1')),
    effect(() => applyTheme(themeCss(store.customStyle.value))),
    // docs/behaviour.md#launcher: a close icon while the panel is open, bobbing while the welcome card shows.
    effect(() => launcher.show({ open: store.openChat.value, bobbing: store.welcomeStage.value === 'card', image: icon.value })),
    // docs/behaviour.md#welcome: the welcome sequence runs once, when the configuration asks for it,
    // its frequency allows it and the chat is closed.
    effect(() => {
      const config = store.customStyle.value
      if (cancelWelcome || !config.visibility_welcome_modal || store.openChat.peek()) return
      if (!welcomeAllowed(config.welcome_frequency, { shownThisSession: session.get(WELCOME_SHOWN_KEY) === '1', chatted: chatted() })) return
      cancelWelcome = welcomeSequence(config.time_active_welcome_modal, (stage) => {
        if (stage === 'card') session.set(WELCOME_SHOWN_KEY, '1')
        store.welcomeStage.value = stage
      })
    }),
    effect(() => {
      const open = store.openChat.value
      if (open === wasOpen) return
      wasOpen = open
      if (open) {
        cancelWelcome?.() // opening the chat cancels every welcome timer
        cancelWelcome ??= () => {}
        store.welcomeStage.value = 'done'
      }
      events.emit(open ? 'open' : 'close')
    }),
  ]

  const urgent = yield
  const root = createRoot(container)
  const render = () => root.render(<Widget store={store} connection={connection} props={props} visitor={visitor} focusOnOpen={focusOnOpen} icon={icon} />)
  if (urgent) render()
  else startTransition(render)

  return {
    open: () => void (store.openChat.value = true),
    /** The visitor pressed the launcher before the widget was mounted: what the press does after. */
    openByVisitor: visitor.openChat,
    close: () => void (store.openChat.value = false),
    toggle: () => void (store.openChat.value = !store.openChat.peek()),
    send: (text: unknown) => (typeof text === 'string' ? connection.send(text) : false),
    destroy() {
      cancelWelcome?.()
      disposers.forEach((dispose) => dispose())
      visitorContext.destroy()
      connection.destroy()
      events.clear()
      root.unmount()
    },
  }
}

export interface WidgetController {
  open(): void
  openByVisitor(): void
  close(): void
  toggle(): void
  send(text: unknown): boolean
  destroy(): void
}
