import { effect } from '@preact/signals-react'
import { createRoot } from 'react-dom/client'
import { Widget, type VisitorActions } from './components/Widget'
import { createChatConnection } from './connection'
import type { WidgetEvents } from './events'
import { visitorIdentity } from './identity'
import type { LauncherButton } from './launcher-button'
import { createProfanityFilter } from './profanity'
import type { WidgetProps } from './props'
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
  /** The launcher already on screen (docs/behaviour.md#start-up); React drives it from now on. */
  launcher: LauncherButton
}

/** Wires one widget: store, connection, timed behaviour, React. Returns its controller. */
export function mountWidget({ props, storage, container, applyTheme, launcher, events }: MountOptions) {
  const store = createWidgetStore()
  const identity = visitorIdentity(storage)
  const profanity = createProfanityFilter()
  const visitorContext = createVisitorContext({ win: window, props, store, events, storage, identity })
  const connection = createChatConnection({
    props,
    store,
    events,
    identity,
    attribution: visitorContext.attribution,
    cleanText: profanity.clean,
  })
  visitorContext.start(connection)
  const visitor: VisitorActions = {
    shareLocation: () => void visitorContext.shareLocation(),
    enableAlerts: visitorContext.enableAlerts,
  }

  /** The visitor opened the chat: focus moves into the panel once it is shown. */
  const focusOnOpen = { current: false }
  let cancelWelcome: (() => void) | undefined
  let wasOpen = store.openChat.peek()
  const session = safeStorage(() => window.sessionStorage)
  const chatted = () => storage.get(VISITOR_CHATTED_KEY) === '1' || store.messages.peek().some((m) => m.role === 'user')
  const disposers = [
    events.on('send', () => storage.set(VISITOR_CHATTED_KEY, '1')),
    effect(() => applyTheme(themeCss(store.customStyle.value))),
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

  const root = createRoot(container)
  root.render(
    <Widget
      store={store}
      connection={connection}
      props={props}
      visitor={visitor}
      focusOnOpen={focusOnOpen}
      launcher={launcher}
    />,
  )

  return {
    open: () => void (store.openChat.value = true),
    /** The visitor pressed the launcher before React drove it: what the press does after. */
    openByVisitor() {
      focusOnOpen.current = true
      store.openChat.value = true
    },
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

export type WidgetController = ReturnType<typeof mountWidget>
